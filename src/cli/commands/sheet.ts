import type { CommandModule } from 'yargs';

export interface SheetArgs {
  side?: string;
  paper: string;
  seed?: string;
  players?: string;
  player?: string;
  game?: string;
  name?: string;
  out?: string;
  force: boolean;
}

export const sheetCommand: CommandModule<object, SheetArgs> = {
  command: 'sheet',
  describe: 'Print Baako sheets (side A or B), one page per player, with the geometry JSON beside the PDF',
  builder: (y) =>
    y
      .option('side', { type: 'string', describe: 'A (multiplayer) or B (solo); default A, or the side of --game' })
      .option('paper', { type: 'string', default: 'a4', describe: 'a4 or letter' })
      .option('seed', { type: 'string', describe: 'seed of the game setup (letters, digits, _ and -); random if left out' })
      .option('players', { type: 'string', describe: 'pages to print, one per player (1-100; default 1, or the players of --game)' })
      .option('player', { type: 'string', describe: 'print only this player\'s page' })
      .option('game', { type: 'string', describe: 'game.json of a pack: print more sheets of that game' })
      .option('name', { type: 'string', describe: 'archaeologist name printed on every page' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace existing files' })
      .example('$0 sheet --players 4 --seed friday', 'four sheets of one game, on A4')
      .example('$0 sheet --side B --paper letter', 'a solo sheet on Letter paper')
      .example('$0 sheet --game game.json --player 5', "a late player's sheet, for a pack already printed") as never,
  handler: async (args) => (await import('../run/sheet.js')).runSheet(args),
};
