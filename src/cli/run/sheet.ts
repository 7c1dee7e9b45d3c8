import { loadGame } from '../../data/load.js';
import { createSetup } from '../../engine/setup.js';
import { checkWritable, parsePaper, parsePlayers, parseSeed, parseSide, readSetupFile, resolvePdfPath, shown } from '../../render/options.js';
import { ensureDir } from '../../files.js';
import { geometryPath, writeSheetPdf } from '../../render/sheet.js';
import { progress, stdio } from '../output.js';
import { dirname } from 'node:path';
import type { SheetArgs } from '../commands/sheet.js';

export async function runSheet(args: SheetArgs): Promise<void> {
  const game = loadGame();
  const paper = parsePaper(args.paper);
  let setup;
  if (args.game) {
    setup = readSetupFile(game, args.game);
    if (args.side !== undefined && parseSide(args.side) !== setup.side) {
      setup = createSetup(game, setup.seed, parseSide(args.side), setup.players);
    }
    if (args.players !== undefined) setup = { ...setup, players: parsePlayers(args.players) };
  } else {
    const players = parsePlayers(args.players ?? 1);
    setup = createSetup(game, parseSeed(args.seed), parseSide(args.side ?? 'A'), players);
  }
  const pages = args.player !== undefined ? [parsePlayers(args.player, 'player')] : undefined;
  if (pages && pages[0] > setup.players) setup = { ...setup, players: pages[0] };
  const path = resolvePdfPath(args.out, `sheet-${setup.side}-${setup.seed}.pdf`);
  checkWritable([path, geometryPath(path)], args.force);
  ensureDir(dirname(path));
  const total = pages?.length ?? setup.players;
  const bar = progress(stdio, 'sheets', total);
  await writeSheetPdf(path, { side: setup.side, paper, setup, players: pages, name: args.name, game, onPage: (d) => bar.tick(d) });
  stdio.log(
    `wrote ${shown(path)} (${total} page${total === 1 ? '' : 's'}, side ${setup.side}, ${paper === 'a4' ? 'A4' : 'Letter'}, seed ${setup.seed}: ${setup.cards.join(', ')}) and ${shown(geometryPath(path))}`,
  );
}
