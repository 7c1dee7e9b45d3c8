/**
 * Trains the scanner's edge model (src/scan/edge-model.ts) and hole model (src/scan/hole-model.ts) on simulated
 * photos and writes their weights files. `npm run train:models [-- PHOTOS]` (default 300).
 *
 * The photos (seeds `train-N`: a third drawn from the benchmark's mix, a third hard, a third extreme, so the doubtful
 * items the models decide are plentiful) are cached in the temp folder; the benchmark's photos (seeds `bench-N`)
 * are never trained on. Every edge and cell the scanner's thresholds leave doubtful is one example, labelled from
 * the truth. One-hidden-layer networks (tanh) are fitted by Adam with weight decay (see `train`); each is
 * cross-validated by photo (five folds) and the sheets whose doubtful items all come out right are counted beside
 * the thresholds' own.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadGame, projectRoot } from '../../src/data/load.js';
import { EDGE_INPUTS, modelGuess } from '../../src/scan/edge-model.js';
import { HOLE_INPUTS, holeGuess } from '../../src/scan/hole-model.js';
import { mlpProbability, type Mlp } from '../../src/scan/mlp.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { mapInChildren } from './in-children.js';
import { cachePhotos, photoBase, photoDir } from './photo-cache.js';
import { makeRand } from './rand.js';

export interface Example {
  x: number[];
  y: number;
  photo: number;
  /** What the thresholds alone read. */
  rule: number;
}

export interface Examples {
  edges: Example[];
  holes: Example[];
}

let game: ReturnType<typeof loadGame> | undefined;

/** The doubtful items of training photo `i`, labelled from its truth (the task of `collect`'s child processes). */
export async function collectOne(i: number): Promise<Examples> {
  game ??= loadGame();
  const base = photoBase('train', i);
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
  const fenced = (kind: 'h' | 'v', row: number, col: number) => (truth.fences[kind][row][col] === '1' ? 1 : 0);
  const holes = new Set((truth.holes as [number, number][]).map(([r, c]) => `${r},${c}`));
  const found: Examples = { edges: [], holes: [] };
  try {
    await scanPhoto(readFileSync(`${base}.jpg`), game, {
      read: {
        collect: (e, x, rule) => found.edges.push({ x: [...x], y: fenced(e.kind, e.row, e.col), photo: i, rule }),
        collectHole: (f, x, rule) => found.holes.push({ x: [...x], y: holes.has(`${f.row},${f.col}`) ? 1 : 0, photo: i, rule }),
      },
    });
  } catch {
    // refused: its doubtful items were collected before the refusal; it has no reading to compare with
    for (const k of ['edges', 'holes'] as const) for (const f of found[k]) f.rule = -1;
  }
  return found;
}

/** The examples of the first `count` training photos, read on every core, in the photos' order. */
export async function collect(count: number): Promise<Examples> {
  const parts = await mapInChildren<number, Examples>(
    { module: import.meta.url, name: 'collectOne' },
    Array.from({ length: count }, (_, i) => i),
    'reading training photos',
  );
  return { edges: parts.flatMap((p) => p.edges), holes: parts.flatMap((p) => p.holes) };
}

/**
 * How the networks are fitted: Adam with weight decay, the learning rate falling on a cosine to the end, over
 * `epochs` passes through the examples in shuffled batches of `batch` (full batch when it holds them all). On
 * 1,200 photos the edges' 20 passes in batches of 64 cross-validated better than 2,000 full-batch steps (666 sheets
 * all right against 653) in a fiftieth of the time; the cells, a fifth as many, need 100 passes.
 */
export interface TrainOptions {
  hidden?: number;
  epochs?: number;
  batch?: number;
  decay?: number;
  seed?: string;
}

/** Fits the network; returns it with its standardisation. */
export function train(data: Example[], inputs: readonly string[], { hidden = 16, epochs = 20, batch = 64, decay = 1e-4, seed = 'edge-model' }: TrainOptions = {}): Mlp {
  const H = hidden;
  const n = data.length;
  const d = inputs.length;
  const mean = new Array(d).fill(0);
  const scale = new Array(d).fill(0);
  for (const e of data) e.x.forEach((v, k) => (mean[k] += v / n));
  for (const e of data) e.x.forEach((v, k) => (scale[k] += (v - mean[k]) ** 2 / n));
  for (let k = 0; k < d; k++) scale[k] = Math.sqrt(scale[k]) || 1;
  // standardised inputs, one row of d per example, in one typed array: the loop below is the training's whole cost
  const X = new Float64Array(n * d);
  data.forEach((e, i) => e.x.forEach((v, k) => (X[i * d + k] = (v - mean[k]) / scale[k])));
  const Y = Float64Array.from(data, (e) => e.y);
  // A photo with a hundred doubts should not outvote twenty photos with five: weight by 1 / sqrt(its count).
  const perPhoto = new Map<number, number>();
  for (const e of data) perPhoto.set(e.photo, (perPhoto.get(e.photo) ?? 0) + 1);
  const weight = Float64Array.from(data, (e) => 1 / Math.sqrt(perPhoto.get(e.photo)!));
  const wsum = weight.reduce((a, b) => a + b, 0);
  for (let i = 0; i < n; i++) weight[i] *= n / wsum;
  const rand = makeRand(seed);
  // parameters in one flat array: w1 (H x d), b1, w2, b2
  const P = H * d + H + H + 1;
  const p = new Float64Array(P);
  for (let i = 0; i < H * d; i++) p[i] = rand.normal() * Math.sqrt(1 / d);
  for (let h = 0; h < H; h++) p[H * d + H + h] = rand.normal() * Math.sqrt(1 / H);
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  const g = new Float64Array(P);
  const act = new Float64Array(H);
  const order = Int32Array.from({ length: n }, (_, i) => i);
  const size = Math.min(batch, n);
  const steps = epochs * Math.ceil(n / size);
  let step = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    if (size < n) {
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
    for (let from = 0; from < n; from += size) {
      step++;
      const to = Math.min(n, from + size);
      g.fill(0);
      for (let at = from; at < to; at++) {
        const i = order[at];
        const x0 = i * d;
        let out = p[P - 1];
        for (let h = 0; h < H; h++) {
          let a = p[H * d + h];
          const w0 = h * d;
          for (let k = 0; k < d; k++) a += p[w0 + k] * X[x0 + k];
          act[h] = Math.tanh(a);
          out += p[H * d + H + h] * act[h];
        }
        const err = (1 / (1 + Math.exp(-out)) - Y[i]) * weight[i];
        g[P - 1] += err;
        for (let h = 0; h < H; h++) {
          g[H * d + H + h] += err * act[h];
          const back = err * p[H * d + H + h] * (1 - act[h] * act[h]);
          g[H * d + h] += back;
          const w0 = h * d;
          for (let k = 0; k < d; k++) g[w0 + k] += back * X[x0 + k];
        }
      }
      const lr = 0.005 * (1 + Math.cos((Math.PI * step) / steps)) + 1e-4;
      for (let j = 0; j < P; j++) {
        const grad = g[j] / (to - from) + decay * p[j];
        m[j] = 0.9 * m[j] + 0.1 * grad;
        v[j] = 0.999 * v[j] + 0.001 * grad * grad;
        p[j] -= (lr * (m[j] / (1 - 0.9 ** step))) / (Math.sqrt(v[j] / (1 - 0.999 ** step)) + 1e-8);
      }
    }
  }
  const r = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    inputs: [...inputs],
    mean: mean.map(r),
    scale: scale.map(r),
    w1: Array.from({ length: H }, (_, h) => Array.from(p.subarray(h * d, (h + 1) * d), r)),
    b1: Array.from(p.subarray(H * d, H * d + H), r),
    w2: Array.from(p.subarray(H * d + H, H * d + 2 * H), r),
    b2: r(p[P - 1]),
  };
}

export const predict = (model: Mlp, x: number[]): number => mlpProbability(x, model);

/** Five-fold cross-validation by photo: sheets (read, with doubts) whose doubtful items are all right. */
function crossValidate(data: Example[], inputs: readonly string[], guess: (p: number) => number, opts: TrainOptions = {}) {
  let sheets = 0;
  let byRule = 0;
  let byModel = 0;
  let items = 0;
  let right = 0;
  for (let fold = 0; fold < 5; fold++) {
    const m = train(data.filter((e) => e.photo % 5 !== fold), inputs, opts);
    const byPhoto = new Map<number, Example[]>();
    for (const e of data) {
      if (e.photo % 5 !== fold || e.rule < 0) continue;
      const list = byPhoto.get(e.photo);
      if (list) list.push(e);
      else byPhoto.set(e.photo, [e]);
    }
    for (const list of byPhoto.values()) {
      sheets++;
      if (list.every((e) => e.rule === e.y)) byRule++;
      const ok = list.filter((e) => guess(predict(m, e.x)) === e.y).length;
      if (ok === list.length) byModel++;
      items += list.length;
      right += ok;
    }
  }
  return { sheets, byRule, byModel, items, right };
}

/** Writes a trained model as a TypeScript module exporting `name`. */
function writeModel(file: string, name: string, model: Mlp, what: string): void {
  writeFileSync(
    join(projectRoot, 'src', 'scan', file),
    `// Written by tools/sim/train-models.ts (${what}): do not edit by hand.\n` +
      `import type { Mlp } from './mlp.js';\n\nexport const ${name}: Mlp = ${JSON.stringify(model)};\n`,
  );
}


async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 300);
  await cachePhotos('train', count);
  const cache = join(photoDir('train'), `examples-v2-${count}.json`);
  const data: Examples = process.env.BAAKO_RECOLLECT || !existsSync(cache) ? await collect(count) : JSON.parse(readFileSync(cache, 'utf8'));
  writeFileSync(cache, JSON.stringify(data));
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const models = [
    { kind: 'edges', data: data.edges, inputs: EDGE_INPUTS, guess: modelGuess, file: 'edge-model.weights.ts', name: 'EDGE_MODEL', opts: { hidden: 48 } },
    { kind: 'holes', data: data.holes, inputs: HOLE_INPUTS, guess: holeGuess, file: 'hole-model.weights.ts', name: 'HOLE_MODEL', opts: { hidden: 16, seed: 'hole-model', epochs: 100 } },
  ];
  for (const m of models) {
    const positives = m.data.filter((e) => e.y).length;
    console.log(`${m.kind}: ${m.data.length} doubtful from ${count} photos (${positives} positive)`);
    const cv = crossValidate(m.data, m.inputs, m.guess, m.opts);
    console.log(
      `  cross-validated on ${cv.sheets} sheets the thresholds read with doubtful ${m.kind}: all right on ${cv.byRule} by the thresholds, ` +
        `${cv.byModel} with the model (${pct(cv.right / cv.items)} of ${cv.items})`,
    );
    writeModel(m.file, m.name, train(m.data, m.inputs, m.opts), `${count} simulated photos, ${m.data.length} doubtful ${m.kind}`);
    console.log(`  wrote src/scan/${m.file}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
