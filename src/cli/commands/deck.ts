import type { CommandModule } from 'yargs';

export interface DeckArgs {
  layout?: string;
  data?: string;
  paper: string;
  size?: string;
  duplex: boolean;
  'back-offset'?: string;
  'copies-column'?: string;
  list: boolean;
  out?: string;
  force: boolean;
}

export const deckCommand: CommandModule<object, DeckArgs> = {
  command: 'deck [layout]',
  describe: 'Print a deck of cards (or tiles, mats, boards) from a layout and a CSV/JSON data file, or a built-in deck by name',
  builder: (y) =>
    y
      .positional('layout', { type: 'string', describe: 'a .layout.json file, or a built-in deck (waka-tasks, fossilis-dinosaurs, ...; see --list)' })
      .option('data', { type: 'string', describe: "the cards: a .csv or .json file, one row a card (default: the layout's data)" })
      .option('paper', { type: 'string', default: 'a4', describe: 'a4, letter or a3' })
      .option('size', { type: 'string', describe: "poker, bridge, tarot, square, WxHmm (e.g. 50x70mm), or a4/letter/a3/page for a whole page (default: the layout's)" })
      .option('duplex', { type: 'boolean', default: false, describe: 'add a page of backs after each page of fronts (flip on the long edge)' })
      .option('back-offset', { type: 'string', describe: 'shift the backs by X,Y mm (read it off `baako cards --calibration`)' })
      .option('copies-column', { type: 'string', describe: 'the column giving each row\'s number of copies (default "copies")' })
      .option('list', { type: 'boolean', default: false, describe: 'list the built-in decks' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace an existing file' })
      .example('$0 deck --list', 'the built-in decks')
      .example('$0 deck waka-tasks', 'print a built-in deck')
      .example('$0 deck my.layout.json --data cards.csv', 'your own deck from a spreadsheet saved as CSV')
      .example('$0 deck my.layout.json --duplex --paper letter', 'with its backs, double-sided on Letter') as never,
  handler: async (args) => (await import('../run/deck.js')).runDeck(args),
};
