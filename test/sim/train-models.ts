/**
 * Trains the scanner's edge model (src/scan/edge-model.ts) and hole model (src/scan/hole-model.ts) on simulated
 * photos and writes their weights files. `npm run train:models [-- PHOTOS]` (default 300).
 *
 * The photos (seeds `train-N`: a third drawn from the benchmark's mix, a third hard, a third extreme, so the doubtful
 * items the models decide are plentiful) are cached in the temp folder; the benchmark's photos (seeds `bench-N`)
 * are never trained on. Every edge and cell the scanner's thresholds leave doubtful is one example, labelled from
 * the truth. One-hidden-layer networks (tanh) are fitted by full-batch Adam with weight decay; each is
 * cross-validated by photo (five folds) and the sheets whose doubtful items all come out right are counted beside
 * the thresholds' own.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadGame, projectRoot } from '../../src/data/load.js';
import { EDGE_INPUTS, modelGuess } from '../../src/scan/edge-model.js';
import { HOLE_INPUTS, holeGuess } from '../../src/scan/hole-model.js';
import { mlpProbability, type Mlp } from '../../src/scan/mlp.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { makeRand } from './rand.js';
import { simulatePhoto, SIM_VERSION } from './simulate-photo.js';

const HIDDEN = 16;
const STEPS = 2000;

export interface Example {
  x: number[];
  y: number;
  photo: number;
  /** What the thresholds alone read. */
  rule: number;
}

export async function photos(count: number): Promise<string> {
  const dir = join(tmpdir(), `baako-train-photos-v${SIM_VERSION}`);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const base = join(dir, `train-${String(i).padStart(4, '0')}`);
    if (existsSync(`${base}.truth.json`)) continue;
    const difficulty = i % 3 === 0 ? 'mix' : i % 3 === 1 ? 'hard' : 'extreme';
    const sim = await simulatePhoto(`train-${i}`, difficulty, { sizes: [[4000, 3000]] });
    writeFileSync(`${base}.jpg`, sim.jpeg);
    writeFileSync(`${base}.truth.json`, JSON.stringify(sim.truth));
    if (process.stderr.isTTY) process.stderr.write(`\rsimulating training photos ${i + 1}/${count}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return dir;
}

export interface Examples {
  edges: Example[];
  holes: Example[];
}

export async function collect(dir: string, count: number, from = 0): Promise<Examples> {
  const game = loadGame();
  const out: Examples = { edges: [], holes: [] };
  for (let i = from; i < count; i++) {
    const base = join(dir, `train-${String(i).padStart(4, '0')}`);
    const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
    const fenced = (kind: 'h' | 'v', row: number, col: number) => (truth.fences[kind][row][col] === '1' ? 1 : 0);
    const holes = new Set((truth.holes as [number, number][]).map(([r, c]) => `${r},${c}`));
    const found: Examples = { edges: [], holes: [] };
    let refused = false;
    try {
      await scanPhoto(readFileSync(`${base}.jpg`), game, {
        read: {
          collect: (e, x, rule) => found.edges.push({ x: [...x], y: fenced(e.kind, e.row, e.col), photo: i, rule }),
          collectHole: (f, x, rule) => found.holes.push({ x: [...x], y: holes.has(`${f.row},${f.col}`) ? 1 : 0, photo: i, rule }),
        },
      });
    } catch {
      refused = true; // its doubtful items were collected before the refusal; it has no reading to compare with
    }
    for (const k of ['edges', 'holes'] as const) for (const f of found[k]) out[k].push(refused ? { ...f, rule: -1 } : f);
    if (process.stderr.isTTY) process.stderr.write(`\rreading training photos ${i + 1}/${count}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return out;
}

/** Fits the network; returns it with its standardisation. */
export function train(data: Example[], inputs: readonly string[], { hidden = HIDDEN, steps = STEPS, decay = 1e-4, seed = 'edge-model' } = {}): Mlp {
  const HIDDEN = hidden;
  const STEPS = steps;
  const n = data.length;
  const d = inputs.length;
  const mean = new Array(d).fill(0);
  const scale = new Array(d).fill(0);
  for (const e of data) e.x.forEach((v, k) => (mean[k] += v / n));
  for (const e of data) e.x.forEach((v, k) => (scale[k] += (v - mean[k]) ** 2 / n));
  for (let k = 0; k < d; k++) scale[k] = Math.sqrt(scale[k]) || 1;
  const X = data.map((e) => e.x.map((v, k) => (v - mean[k]) / scale[k]));
  // A photo with a hundred doubts should not outvote twenty photos with five: weight by 1 / sqrt(its count).
  const perPhoto = new Map<number, number>();
  for (const e of data) perPhoto.set(e.photo, (perPhoto.get(e.photo) ?? 0) + 1);
  const weight = data.map((e) => 1 / Math.sqrt(perPhoto.get(e.photo)!));
  const wsum = weight.reduce((a, b) => a + b, 0);
  for (let i = 0; i < n; i++) weight[i] *= n / wsum;
  const rand = makeRand(seed);
  // parameters in one flat array: w1 (HIDDEN x d), b1, w2, b2
  const P = HIDDEN * d + HIDDEN + HIDDEN + 1;
  const p = new Float64Array(P);
  for (let i = 0; i < HIDDEN * d; i++) p[i] = rand.normal() * Math.sqrt(1 / d);
  for (let h = 0; h < HIDDEN; h++) p[HIDDEN * d + HIDDEN + h] = rand.normal() * Math.sqrt(1 / HIDDEN);
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  const g = new Float64Array(P);
  const act = new Float64Array(HIDDEN);
  const lr = 0.01;
  for (let step = 1; step <= STEPS; step++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      const x = X[i];
      let out = p[P - 1];
      for (let h = 0; h < HIDDEN; h++) {
        let a = p[HIDDEN * d + h];
        for (let k = 0; k < d; k++) a += p[h * d + k] * x[k];
        act[h] = Math.tanh(a);
        out += p[HIDDEN * d + HIDDEN + h] * act[h];
      }
      const err = (1 / (1 + Math.exp(-out)) - data[i].y) * weight[i];
      g[P - 1] += err;
      for (let h = 0; h < HIDDEN; h++) {
        g[HIDDEN * d + HIDDEN + h] += err * act[h];
        const back = err * p[HIDDEN * d + HIDDEN + h] * (1 - act[h] * act[h]);
        g[HIDDEN * d + h] += back;
        for (let k = 0; k < d; k++) g[h * d + k] += back * x[k];
      }
    }
    for (let j = 0; j < P; j++) {
      const grad = g[j] / n + decay * p[j];
      m[j] = 0.9 * m[j] + 0.1 * grad;
      v[j] = 0.999 * v[j] + 0.001 * grad * grad;
      p[j] -= (lr * (m[j] / (1 - 0.9 ** step))) / (Math.sqrt(v[j] / (1 - 0.999 ** step)) + 1e-8);
    }
  }
  const r = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    inputs: [...inputs],
    mean: mean.map(r),
    scale: scale.map(r),
    w1: Array.from({ length: HIDDEN }, (_, h) => Array.from(p.subarray(h * d, (h + 1) * d), r)),
    b1: Array.from(p.subarray(HIDDEN * d, HIDDEN * d + HIDDEN), r),
    w2: Array.from(p.subarray(HIDDEN * d + HIDDEN, HIDDEN * d + 2 * HIDDEN), r),
    b2: r(p[P - 1]),
  };
}

export const predict = (model: Mlp, x: number[]): number => mlpProbability(x, model);

/** Five-fold cross-validation by photo: sheets (read, with doubts) whose doubtful items are all right. */
function crossValidate(data: Example[], inputs: readonly string[], guess: (p: number, rule: number) => number, opts = {}) {
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
      const ok = list.filter((e) => guess(predict(m, e.x), e.rule) === e.y).length;
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
    `// Written by test/sim/train-models.ts (${what}): do not edit by hand.\n` +
      `import type { Mlp } from './mlp.js';\n\nexport const ${name}: Mlp = ${JSON.stringify(model)};\n`,
  );
}


async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 300);
  const dir = await photos(count);
  const cache = join(dir, `examples-v2-${count}.json`);
  const data: Examples = process.env.BAAKO_RECOLLECT || !existsSync(cache) ? await collect(dir, count) : JSON.parse(readFileSync(cache, 'utf8'));
  writeFileSync(cache, JSON.stringify(data));
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const models = [
    { kind: 'edges', data: data.edges, inputs: EDGE_INPUTS, guess: modelGuess, file: 'edge-model.weights.ts', name: 'EDGE_MODEL', opts: {} },
    { kind: 'holes', data: data.holes, inputs: HOLE_INPUTS, guess: holeGuess, file: 'hole-model.weights.ts', name: 'HOLE_MODEL', opts: { hidden: 8, seed: 'hole-model' } },
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
