import type { CommandModule } from 'yargs';

export interface CardsArgs {
  paper: string;
  duplex: boolean;
  'back-offset'?: string;
  'only-in-play'?: string;
  card?: string[];
  calibration: boolean;
  out?: string;
  force: boolean;
}

export const cardsCommand: CommandModule<object, CardsArgs> = {
  command: 'cards',
  describe: 'Print the discovery cards at poker size (63 x 88 mm), 9 a page, with bleed and crop marks',
  builder: (y) =>
    y
      .option('paper', { type: 'string', default: 'a4', describe: 'a4 or letter' })
      .option('duplex', { type: 'boolean', default: false, describe: 'add a back page after each front page (flip on the long edge)' })
      .option('back-offset', { type: 'string', describe: 'shift the backs by X,Y mm (read it off the calibration page)' })
      .option('only-in-play', { type: 'string', describe: 'a game.json: print only its five cards in play' })
      .option('card', { type: 'string', array: true, describe: 'print only these cards (by name)' })
      .option('calibration', { type: 'boolean', default: false, describe: 'print the duplex calibration page instead of cards' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace an existing file' })
      .example('$0 cards', 'all 15 cards, fronts only, on A4')
      .example('$0 cards --calibration', 'a test page for double-sided printing; then:')
      .example('$0 cards --duplex --back-offset 1.5,-0.5', 'fronts and backs, the backs shifted as measured')
      .example('$0 cards --only-in-play game.json', "only the five cards in play in a pack's game") as never,
  handler: async (args) => (await import('../run/cards.js')).runCards(args),
};
