/** A game-night pack: one folder with the sheets, the deck, the host sheet and the setup. */
import { join } from 'node:path';
import { loadGame } from '../data/load.js';
import { createSetup, type GameSetup, type Paper } from '../engine/setup.js';
import type { Roll } from '../engine/rolls.js';
import type { GameData, Side } from '../engine/types.js';
import { renderCardsPdf } from './cards.js';
import { renderHostPdf } from './host.js';
import { ensureDir, writeFilesAtomic } from '../files.js';
import { geometryJson, renderSheetPdf } from './sheet.js';
import { sheetGeometry } from '../geometry/sheet-layout.js';

export interface PackOptions {
  seed: string;
  players: number;
  side: Side;
  paper: Paper;
  duplex?: boolean;
  backOffset?: { x: number; y: number };
  game?: GameData;
  onSheet?: (done: number, total: number) => void;
  /** The table's dice, when known (a pack of a game already played): game.json's `rolls`. */
  rolls?: Roll[];
}

export const PACK_FILES = ['sheets.pdf', 'sheets.geometry.json', 'cards.pdf', 'host.pdf', 'game.json'] as const;

/** game.json: the setup plus the paper the sheets were printed on (and the game's rolls, once known). */
export type GameFile = GameSetup & { paper: Paper; rolls?: Roll[] };

export interface Pack {
  setup: GameFile;
  files: { name: (typeof PACK_FILES)[number]; data: Buffer | string }[];
}

/** Renders every file of a pack in memory. */
export async function renderPack(opts: PackOptions): Promise<Pack> {
  const game = opts.game ?? loadGame();
  const s = createSetup(game, opts.seed, opts.side, opts.players);
  const setup: GameFile = { id: s.id, seed: s.seed, side: s.side, cards: s.cards, players: s.players, paper: opts.paper, ...(opts.rolls ? { rolls: opts.rolls } : {}) };
  const sheets = await renderSheetPdf({ side: opts.side, paper: opts.paper, setup, game, onPage: opts.onSheet });
  const cards = await renderCardsPdf({ paper: opts.paper, duplex: opts.duplex, backOffset: opts.backOffset, game });
  const host = await renderHostPdf({ setup, paper: opts.paper, game });
  return {
    setup,
    files: [
      { name: 'sheets.pdf', data: sheets },
      { name: 'sheets.geometry.json', data: geometryJson(sheetGeometry(opts.side, opts.paper, game.sheets[opts.side])) },
      { name: 'cards.pdf', data: cards },
      { name: 'host.pdf', data: host },
      { name: 'game.json', data: JSON.stringify(setup, null, 2) + '\n' },
    ],
  };
}

/** Writes a pack into `dir` (created if needed); every file goes to a temporary name first, then all are renamed. */
export async function writePack(dir: string, opts: PackOptions): Promise<Pack> {
  const pack = await renderPack(opts);
  ensureDir(dir);
  writeFilesAtomic(pack.files.map((f) => ({ path: join(dir, f.name), data: f.data })));
  return pack;
}
