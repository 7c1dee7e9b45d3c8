/** Child process of bench/scan.ts: reads the cached photos and prints one JSON line of measurements. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadGame } from '../src/data/load.js';
import { scanPhoto } from '../src/scan/scan.js';
import { evaluate } from '../tools/evaluate.js';

const [dir, countText] = process.argv.slice(2);
const count = Number(countText);
const game = loadGame();
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};

let edges = 0;
let edgeErrors = 0;
let exact = 0;
let scoreExact = 0;
let confidentWrong = 0;
let flaggedWrong = 0;
let refused = 0;
const scanMs: number[] = [];
const decodeMs: number[] = [];
const byDifficulty: Record<string, number> = {};
const perDifficulty: Record<string, { n: number; exact: number; refused: number }> = {};
// Warm up wasm modules and JIT on the first photo (not counted in timings).
await scanPhoto(readFileSync(join(dir, 'bench-0000.jpg')), game).catch(() => undefined);
for (let i = 0; i < count; i++) {
  const base = join(dir, `bench-${String(i).padStart(4, '0')}`);
  const jpeg = readFileSync(`${base}.jpg`);
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
  const d = truth.sim.difficulty as string;
  byDifficulty[d] = (byDifficulty[d] ?? 0) + 1;
  const pd = (perDifficulty[d] ??= { n: 0, exact: 0, refused: 0 });
  pd.n++;
  let t = performance.now();
  await sharp(jpeg).raw().toBuffer();
  decodeMs.push(performance.now() - t);
  t = performance.now();
  try {
    const r = await scanPhoto(jpeg, game);
    scanMs.push(performance.now() - t);
    const e = evaluate(truth, r.state, r.uncertain);
    edges += e.edges;
    edgeErrors += e.edgeErrors.length;
    if (e.exact) {
      exact++;
      pd.exact++;
    } else if (e.confidentWrong) confidentWrong++;
    else flaggedWrong++;
    if (r.score.total === truth.score) scoreExact++;
  } catch {
    scanMs.push(performance.now() - t);
    refused++;
    pd.refused++;
  }
}
process.stdout.write(
  JSON.stringify({
    photos: count,
    edges,
    edgeAccuracy: edges ? 1 - edgeErrors / edges : 0,
    exact,
    scoreExact,
    confidentWrong,
    flaggedWrong,
    refused,
    byDifficulty,
    perDifficulty,
    medianScanMs: median(scanMs),
    medianDecodeMs: median(decodeMs),
    peakRssKb: process.resourceUsage().maxRSS,
  }) + '\n',
);
