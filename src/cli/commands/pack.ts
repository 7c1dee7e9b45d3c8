import type { CommandModule } from 'yargs';

export interface PackArgs {
  players: string;
  seed?: string;
  side?: string;
  paper: string;
  duplex: boolean;
  'back-offset'?: string;
  out?: string;
  force: boolean;
}

export const packCommand: CommandModule<object, PackArgs> = {
  command: 'pack',
  describe: 'Print a game night into one folder: sheets.pdf (a page per player), cards.pdf, host.pdf, game.json',
  builder: (y) =>
    y
      .option('players', { type: 'string', demandOption: true, describe: 'number of players, 1-100 (a sheet each)' })
      .option('seed', { type: 'string', describe: 'seed of the setup (letters, digits, _ and -); random if left out' })
      .option('side', { type: 'string', describe: 'A (multiplayer) or B (solo); default A, or B for one player' })
      .option('paper', { type: 'string', default: 'a4', describe: 'a4 or letter' })
      .option('duplex', { type: 'boolean', default: false, describe: 'cards.pdf with back pages (flip on the long edge)' })
      .option('back-offset', { type: 'string', describe: 'shift the card backs by X,Y mm (see baako cards --calibration)' })
      .option('out', { type: 'string', describe: 'the pack folder (default out/pack-SEED)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace the files of an existing pack' })
      .example('$0 pack --players 4', 'a game night for four, in out/pack-SEED/')
      .example('$0 pack --players 1 --seed rainy-sunday', 'a solo game (sheet B) with a chosen seed')
      .example('$0 pack --players 6 --paper letter --duplex', 'Letter paper, cards printed double-sided') as never,
  handler: async (args) => (await import('../run/pack.js')).runPack(args),
};
