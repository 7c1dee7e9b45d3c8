/**
 * How the hole model does by the way holes were marked: the photos of a cached set are read with nothing refused
 * (so that photos refused for their fences still count), and each hole style's misses, the blank cells read as
 * holes and the holes asked are counted. docs/benchmarks.md's figures on holes come from here.
 *   node --import tsx tools/diag/hole-styles.ts [bench|val] [COUNT] [MODELS.json]
 */
import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import type { SheetState } from '../../src/engine/types.js';
import { modelsFromFile } from '../../src/scan/models.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { evaluate } from '../evaluate.js';
import { photoBase } from '../sim/photo-cache.js';

const [set = 'bench', countText = '200', modelsFile] = process.argv.slice(2);
const game = loadGame();
const models = modelsFile ? modelsFromFile(modelsFile) : undefined;
const sheetA = game.sheets.A;
/** Per style: holes marked so, and of them missed. */
const styles = new Map<string, [number, number]>();
let blanks = 0;
let falseHoles = 0;
let asked = 0;
let read = 0;
for (let i = 0; i < Number(countText); i++) {
  const base = photoBase(set as 'bench' | 'val', i);
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8')) as SheetState & {
    sim: { drawn?: { holeStyles?: { cell: [number, number]; style: string }[] } };
  };
  const styleOf = new Map((truth.sim.drawn?.holeStyles ?? []).map((h) => [`${h.cell[0]},${h.cell[1]}`, h.style]));
  const count = (row: number, col: number, missed: boolean) => {
    const s = styleOf.get(`${row},${col}`) ?? 'x';
    const m = styles.get(s) ?? [0, 0];
    if (missed) m[1]++;
    else m[0]++;
    styles.set(s, m);
  };
  const r = await scanPhoto(readFileSync(`${base}.jpg`), game, { models, keepDoubtful: true }).catch(() => undefined);
  if (!r) continue;
  read++;
  for (const [row, col] of truth.holes) count(row, col, false);
  for (const e of evaluate(truth, r.state, r.uncertain).holeErrors) {
    if (e.truth) count(e.row, e.col, true);
    else falseHoles++;
  }
  // sheet A's cells read for holes: all but its printed holes
  if (truth.side === 'A') blanks += sheetA.grid.rows * sheetA.grid.cols - sheetA.map.holes.length - truth.holes.length;
  asked += r.uncertain.filter((u) => u.kind === 'hole' && !u.likely).length;
}
console.log(`${read} photos with a land found (${set})`);
for (const [s, [n, m]] of [...styles].sort((a, b) => b[1][0] - a[1][0])) console.log(`  ${s.padEnd(14)} ${m} missed of ${n}`);
console.log(`  blank cells read as holes: ${falseHoles} of ${blanks}; holes asked: ${asked}`);
