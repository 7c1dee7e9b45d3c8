import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadGame } from '../../data/load.js';
import { UserError } from '../../errors.js';
import { cardsPageCount } from '../../render/cards.js';
import { checkWritable, parseOffset, parsePaper, parsePlayers, parseSeed, parseSide, shown } from '../../render/options.js';
import { PACK_FILES, writePack } from '../../render/pack.js';
import { progress, stdio } from '../output.js';

interface Args {
  players: string;
  seed?: string;
  side?: string;
  paper: string;
  duplex: boolean;
  'back-offset'?: string;
  out?: string;
  force: boolean;
}

export const packCommand: CommandModule<object, Args> = {
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
      .option('force', { type: 'boolean', default: false, describe: 'replace the files of an existing pack' }) as never,
  handler: async (args) => {
    const game = loadGame();
    const players = parsePlayers(args.players);
    const seed = parseSeed(args.seed);
    const side = parseSide(args.side ?? (players === 1 ? 'B' : 'A'));
    const paper = parsePaper(args.paper);
    const backOffset = parseOffset(args['back-offset']);
    if (args['back-offset'] !== undefined && !args.duplex) throw new UserError('--back-offset only applies with --duplex');
    const dir = resolve(args.out ?? join('out', `pack-${seed}`));
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UserError(`${shown(dir)} is a file, not a folder`);
    checkWritable(PACK_FILES.map((f) => join(dir, f)), args.force);
    const bar = progress(stdio, 'sheets', players);
    const pack = await writePack(dir, { seed, players, side, paper, duplex: args.duplex, backOffset, game, onSheet: (d) => bar.tick(d) });
    const s = pack.setup;
    const cardPages = cardsPageCount(game.cards.length, args.duplex);
    stdio.log(
      `wrote ${shown(dir)}/: sheets.pdf (${players} page${players === 1 ? '' : 's'}, side ${s.side}), cards.pdf (${cardPages} pages), host.pdf, game.json, sheets.geometry.json; game ${s.id}, seed ${s.seed}: ${s.cards.join(', ')}`,
    );
  },
};
