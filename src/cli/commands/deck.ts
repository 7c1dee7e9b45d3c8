import type { CommandModule } from 'yargs';

export interface DeckArgs {
  layout?: string;
  data?: string;
  sheet?: string;
  paper: string;
  size?: string;
  preset?: string;
  duplex: boolean;
  'back-offset'?: string;
  'copies-column'?: string;
  single: boolean;
  png?: string;
  dpi?: number;
  trim: boolean;
  tts?: string;
  'tts-width'?: number;
  proof?: string;
  watch: boolean;
  list: boolean;
  out?: string;
  force: boolean;
}

export const deckCommand: CommandModule<object, DeckArgs> = {
  command: 'deck [layout]',
  describe: 'Print a deck of cards (or tiles, mats, boards) from a layout and a CSV/xlsx/JSON data file, or a built-in deck by name',
  builder: (y) =>
    y
      .positional('layout', { type: 'string', describe: 'a .layout.json file, or a built-in deck (waka-tasks, fossilis-dinosaurs, ...; see --list)' })
      .option('data', { type: 'string', describe: "the cards: a .csv, .xlsx or .json file, one row a card (default: the layout's data)" })
      .option('sheet', { type: 'string', describe: 'the sheet of an .xlsx file (default: the first)' })
      .option('paper', { type: 'string', default: 'a4', describe: 'a4, letter or a3' })
      .option('size', { type: 'string', describe: "poker, bridge, tarot, square, WxHmm (e.g. 50x70mm), or a4/letter/a3/page for a whole page (default: the layout's)" })
      .option('preset', { type: 'string', describe: "a print shop's card template: tgc-poker, tgc-bridge, mpc-poker, mpc-bridge, dtc-poker (sets size, bleed and dpi)" })
      .option('duplex', { type: 'boolean', default: false, describe: 'backs too: a page of backs after each page of fronts (with --single, each front followed by its back)' })
      .option('back-offset', { type: 'string', describe: 'shift the backs by X,Y mm (read it off `baako cards --calibration`)' })
      .option('copies-column', { type: 'string', describe: 'the column giving each row\'s number of copies (default "copies")' })
      .option('single', { type: 'boolean', default: false, describe: 'one card a page at its trim size plus bleed, TrimBox and BleedBox set (for print shops)' })
      .option('png', { type: 'string', describe: 'write one PNG a card (and a -back.png) into this folder' })
      .option('dpi', { type: 'number', describe: 'resolution of --png images, and the most --tts cards get (default 300)' })
      .option('trim', { type: 'boolean', default: false, describe: 'cut --png images at the trim line (no bleed)' })
      .option('tts', { type: 'string', describe: 'write Tabletop Simulator sheets (10 x 7 cards at most) into this folder' })
      .option('tts-width', { type: 'number', describe: 'largest side of a TTS sheet in pixels (default 4096)' })
      .option('proof', { type: 'string', describe: 'write a contact sheet of every distinct card, with row numbers, to this .png' })
      .option('watch', { type: 'boolean', default: false, describe: 'build again whenever the layout, data, icons or images change' })
      .option('list', { type: 'boolean', default: false, describe: 'list the built-in decks' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/); with --png, --tts or --proof the PDF is written only when --out is given' })
      .option('force', { type: 'boolean', default: false, describe: 'replace existing files' })
      .example('$0 deck --list', 'the built-in decks')
      .example('$0 deck examples-potions --duplex', 'the example deck, 9 a page, with backs')
      .example('$0 deck my.layout.json --data cards.xlsx --sheet Spells', 'a deck from a spreadsheet')
      .example('$0 deck my.layout.json --single --duplex --preset tgc-poker', 'one card a page for a print shop')
      .example('$0 deck my.layout.json --png out/png --preset mpc-poker', 'one image a card at the shop\'s pixel size')
      .example('$0 deck my.layout.json --tts out/tts', 'Tabletop Simulator sheets')
      .example('$0 deck my.layout.json --proof proof.png --watch', 'a live contact sheet while you edit') as never,
  handler: async (args) => (await import('../run/deck.js')).runDeck(args),
};
