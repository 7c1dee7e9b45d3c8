/**
 * Diagnostic: how far the scanner's located grid lies from the true land vertices of simulated photos (EXIF
 * orientation 1 only), in cells: per photo the median, 95th percentile and largest error, and over all photos the
 * share of vertices off by more than a tenth and a quarter of a cell.
 *   node --import tsx tools/diag/registration.ts DIR PREFIX COUNT
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame } from '../../src/data/load.js';
import { scanPhoto } from '../../src/scan/scan.js';

const [dir, prefix, countText] = process.argv.slice(2);
const game = loadGame();
const all: number[] = [];
let failed = 0;
for (let i = 0; i < Number(countText); i++) {
  const base = join(dir, `${prefix}-${String(i).padStart(4, '0')}`);
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
  if (truth.sim.photo.exifOrientation !== 1) continue;
  const notFlat = (truth.sim.conditions as string[]).filter((c) => /fold|bow|crease|curl|wavy|bump/.test(c)).join(',');
  try {
    const r = await scanPhoto(readFileSync(`${base}.jpg`), game, { keepDoubtful: true, collect: () => undefined });
    const g = r.grid;
    const k = 1 / r.photo.scale;
    const cell = g.cellPx * k;
    const errs: number[] = [];
    const V: [number, number][][] = truth.sim.grid.vertices;
    for (let a = 0; a <= g.rows; a++)
      for (let b = 0; b <= g.cols; b++) {
        const [tx, ty] = V[a][b];
        errs.push(Math.hypot(g.xs[a * (g.cols + 1) + b] * k - tx, g.ys[a * (g.cols + 1) + b] * k - ty) / cell);
      }
    errs.sort((x, y) => x - y);
    all.push(...errs);
    const q = (f: number) => errs[Math.floor(f * (errs.length - 1))].toFixed(3);
    console.log(`${prefix}-${i} ${notFlat || 'flat'}: median ${q(0.5)} p95 ${q(0.95)} max ${q(1)}`);
  } catch (e) {
    failed++;
    console.log(`${prefix}-${i} ${notFlat || 'flat'}: ${(e as Error).message.slice(0, 80)}`);
  }
}
all.sort((x, y) => x - y);
const share = (t: number) => ((100 * all.filter((e) => e > t).length) / Math.max(1, all.length)).toFixed(1);
console.log(`vertices: ${all.length}; off by > 0.1 cell ${share(0.1)}%, > 0.25 cell ${share(0.25)}%, > 0.5 cell ${share(0.5)}%; median ${all[all.length >> 1]?.toFixed(3)}; ${failed} photos without a grid`);
