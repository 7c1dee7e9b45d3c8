/**
 * Whether the chances hold by kind of item: the cached evidence of a set read through the models (no photo read
 * again), and the edges and cells grouped by how many of their inputs lie outside the training range the networks
 * hold them to, and the edges by the fuller cell's fill beside them. Each group: items, wrong, the sum of their
 * stated chances, and the same for those stated under the chance from which an item is asked.
 * docs/benchmarks.md's figures on items read past the training range come from here.
 *   node --import tsx tools/diag/calibration.ts [val|bench] [COUNT] [FAMILY forced] [MODELS.json]
 */
import { sheetChances } from '../../src/scan/chances.js';
import { LOCAL_INPUTS } from '../../src/scan/edge-inputs.js';
import type { Mlp } from '../../src/scan/mlp.js';
import { defaultModels, edgePairs, modelsFromFile } from '../../src/scan/models.js';
import type { PhotoMeasures } from '../../src/scan/ood.js';
import { certaintyFor } from '../../src/scan/read.js';
import { TUNING } from '../../src/scan/tuning.js';
import { boardFrom, evidenceOf, holeRows, photoLogits } from '../sim/train-models.js';

const [set = 'val', countText = '200', family, modelsFile] = process.argv.slice(2);
const models = modelsFile ? modelsFromFile(modelsFile) : defaultModels();
const ASKED_FROM = TUNING.chances.likelyRight;
const L = LOCAL_INPUTS.length;
const FILL = LOCAL_INPUTS.indexOf('fillMax');

/** Items, wrong, stated; and the same under ASKED_FROM. */
type Tally = [number, number, number, number, number, number];
const groups = new Map<string, Tally>();
const count = (key: string, wrong: boolean, chance: number) => {
  const t = groups.get(key) ?? [0, 0, 0, 0, 0, 0];
  t[0]++;
  t[1] += Number(wrong);
  t[2] += chance;
  if (chance < ASKED_FROM) {
    t[3]++;
    t[4] += Number(wrong);
    t[5] += chance;
  }
  groups.set(key, t);
};

/** How many of x's values lie outside the range a network holds its inputs to. */
const outside = (x: ArrayLike<number>, m: Mlp) => {
  let n = 0;
  if (m.lo && m.hi) for (let k = 0; k < m.lo.length; k++) if (x[k] < m.lo[k] || x[k] > m.hi[k]) n++;
  return n;
};
const band = (n: number) => (n === 0 ? 'none' : n <= 1 ? '1' : n <= 3 ? '2-3' : '4+');

const photos = await evidenceOf(set as 'val' | 'bench', Number(countText), family ? { force: [family] } : undefined);
const pairs = edgePairs(models);
for (const p of photos) {
  const z = photoLogits(p, models);
  const { chances } = sheetChances(certaintyFor(z.edges, z.holes, p.measures as PhotoMeasures, models), models.sheet);
  for (let i = 0; i < p.y.length; i++) {
    const x = p.local.subarray(i * L, (i + 1) * L);
    const out = pairs.reduce((s, pair) => s + outside(x, pair.edgeLocal), 0) / pairs.length;
    const wrong = (z.edges[i] >= 0 ? 1 : 0) !== p.y[i];
    count(`edges, inputs outside the range: ${band(Math.round(out))}`, wrong, chances[i]);
    count(`edges, fuller cell beside filled ${x[FILL] >= 0.5 ? '0.5 or more' : 'under 0.5'}`, wrong, chances[i]);
  }
  const rows = holeRows(p, boardFrom(p, z.edges));
  rows.forEach((x, i) => count(`cells, inputs outside the range: ${band(outside(x, models.hole))}`, (z.holes[i] >= 0 ? 1 : 0) !== p.cellY[i], chances[p.y.length + i]));
}

console.log(`${set}${family ? ` with ${family} forced` : ''}: ${photos.length} photos located`);
console.log(`group  items  wrong  stated  |  stated under ${ASKED_FROM}: items  wrong  stated`);
for (const [key, [n, w, s, nl, wl, sl]] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${key.padEnd(48)} ${String(n).padStart(6)} ${String(w).padStart(5)} ${s.toFixed(1).padStart(7)}  | ${String(nl).padStart(6)} ${String(wl).padStart(5)} ${sl.toFixed(1).padStart(6)}`);
}
