import type { CommandModule } from 'yargs';
import { loadGame } from '../../data/load.js';
import { createSetup } from '../../engine/setup.js';
import { checkWritable, parsePaper, parsePlayers, parseSeed, parseSide, readSetupFile, resolvePdfPath, shown } from '../../render/options.js';
import { ensureDir } from '../../render/pdf.js';
import { geometryPath, writeSheetPdf } from '../../render/sheet.js';
import { progress, stdio } from '../output.js';
import { dirname } from 'node:path';

interface Args {
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

export const sheetCommand: CommandModule<object, Args> = {
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
      .option('force', { type: 'boolean', default: false, describe: 'replace existing files' }) as never,
  handler: async (args) => {
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
    const pages = args.player !== undefined ? [parsePlayers(args.player, '--player')] : undefined;
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
  },
};
