/**
 * Diagnostic: how far the scanner's located grid lies from the true land vertices of simulated photos, in cells:
 * per photo the median, 95th percentile and largest error, and the land corners' errors before the sides were
 * followed (the corners that anchor them) and after the dots moved the grid; over all photos the share of vertices
 * off by more than a tenth, a quarter and half a cell.
 *   node --import tsx tools/diag/registration.ts DIR PREFIX COUNT [FIRST]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame } from '../../src/data/load.js';
import { locateGrid } from '../../src/scan/grid.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { registrationError } from '../sim/evidence.js';

const [dir, prefix, countText, firstText] = process.argv.slice(2);
const first = Number(firstText ?? 0);
const game = loadGame();
const all: number[] = [];
let failed = 0;
for (let i = first; i < first + Number(countText); i++) {
  const base = join(dir, `${prefix}-${String(i).padStart(4, '0')}`);
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
  const notFlat = (truth.sim.conditions as string[]).filter((c) => /fold|bow|crease|curl|wavy|bump/.test(c)).join(',');
  try {
    const r = await scanPhoto(readFileSync(`${base}.jpg`), game, { keepDoubtful: true, collect: () => undefined });
    const g = r.grid;
    const placed = registrationError(truth, g, r.photo.scale);
    const errs = [...placed];
    const W = g.cols + 1;
    const corners = [0, g.cols, g.rows * W + g.cols, g.rows * W];
    const bordered = registrationError(truth, locateGrid(r.photo, r.pose), r.photo.scale);
    const at = (e: ArrayLike<number>) => corners.map((k) => e[k].toFixed(2)).join(' ');
    all.push(...errs);
    errs.sort((x, y) => x - y);
    const q = (f: number) => errs[Math.floor(f * (errs.length - 1))].toFixed(3);
    console.log(`${prefix}-${i} ${notFlat || 'flat'}: median ${q(0.5)} p95 ${q(0.95)} max ${q(1)}; corners as followed ${at(bordered)}, placed ${at(placed)}`);
  } catch (e) {
    failed++;
    console.log(`${prefix}-${i} ${notFlat || 'flat'}: ${(e as Error).message.slice(0, 80)}`);
  }
}
all.sort((x, y) => x - y);
const share = (t: number) => ((100 * all.filter((e) => e > t).length) / Math.max(1, all.length)).toFixed(1);
console.log(`vertices: ${all.length}; off by > 0.1 cell ${share(0.1)}%, > 0.25 cell ${share(0.25)}%, > 0.5 cell ${share(0.5)}%; median ${all[all.length >> 1]?.toFixed(3)}; ${failed} photos without a grid`);
