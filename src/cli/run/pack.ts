import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadGame } from '../../data/load.js';
import { UserError } from '../../errors.js';
import { cardsPageCount } from '../../render/cards.js';
import { checkWritable, parseOffset, parsePaper, parsePlayers, parseSeed, parseSide, shown } from '../../render/options.js';
import { PACK_FILES, writePack } from '../../render/pack.js';
import { progress, stdio } from '../output.js';
import type { PackArgs } from '../commands/pack.js';

export async function runPack(args: PackArgs): Promise<void> {
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
}
