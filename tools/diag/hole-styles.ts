/**
 * How the hole model does by the way holes were marked: the photos of a cached set are read with nothing refused
 * (so that photos refused for their fences still count), and each hole style's misses, the blank cells read as
 * holes and the holes asked are counted. docs/benchmarks.md's figures on holes come from here.
 *   node --import tsx tools/diag/hole-styles.ts [bench|val] [COUNT] [MODELS.json]
 */
import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { modelsFromFile } from '../../src/scan/models.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { photoBase } from '../sim/photo-cache.js';

const [set = 'bench', countText = '200', modelsFile] = process.argv.slice(2);
const game = loadGame();
const models = modelsFile ? modelsFromFile(modelsFile) : undefined;
const missed = new Map<string, [number, number]>();
let blanks = 0;
let falseHoles = 0;
let asked = 0;
let read = 0;
for (let i = 0; i < Number(countText); i++) {
  const base = photoBase(set as 'bench' | 'val', i);
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8')) as {
    holes: [number, number][];
    sim: { drawn?: { holeStyles?: { cell: [number, number]; style: string }[] } };
  };
  const style = new Map((truth.sim.drawn?.holeStyles ?? []).map((h) => [`${h.cell[0]},${h.cell[1]}`, h.style]));
  const r = await scanPhoto(readFileSync(`${base}.jpg`), game, { models, keepDoubtful: true }).catch(() => undefined);
  if (!r) continue;
  read++;
  const isHole = new Set(truth.holes.map(([a, b]) => `${a},${b}`));
  const readHole = new Set(r.state.holes.map(([a, b]) => `${a},${b}`));
  for (const key of isHole) {
    const s = style.get(key) ?? 'x';
    const m = missed.get(s) ?? [0, 0];
    m[0]++;
    if (!readHole.has(key)) m[1]++;
    missed.set(s, m);
  }
  // every cell of sheet A outside the printed holes is read; a blank one read as a hole
  for (const key of readHole) if (!isHole.has(key)) falseHoles++;
  blanks += r.state.side === 'A' ? game.sheets.A.grid.rows * game.sheets.A.grid.cols - game.sheets.A.map.holes.length - isHole.size : 0;
  asked += r.uncertain.filter((u) => u.kind === 'hole' && !u.likely).length;
}
console.log(`${read} photos with a land found (${set})`);
for (const [s, [n, m]] of [...missed].sort((a, b) => b[1][0] - a[1][0])) console.log(`  ${s.padEnd(14)} ${m} missed of ${n}`);
console.log(`  blank cells read as holes: ${falseHoles} of ${blanks}; holes asked: ${asked}`);
