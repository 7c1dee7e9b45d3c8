/**
 * Trains the scanner's edge model (src/scan/edge-model.ts) on simulated photos and writes
 * src/scan/edge-model.weights.ts. `npm run train:edges [-- PHOTOS]` (default 300).
 *
 * The photos (seeds `train-N`: a third drawn from the benchmark's mix, a third hard, a third extreme, so the doubtful
 * edges the model decides are plentiful) are cached in the temp folder; the benchmark's photos (seeds `bench-N`)
 * are never trained on. Every edge the scanner's thresholds leave doubtful is one example, labelled from the
 * truth. A one-hidden-layer network (tanh) is fitted by full-batch Adam with weight decay; a fifth of the photos
 * are held out and the accuracy on them printed beside the thresholds' own.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadGame, projectRoot } from '../../src/data/load.js';
import { EDGE_INPUTS, fenceProbability, modelGuess, type EdgeModel } from '../../src/scan/edge-model.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { makeRand } from './rand.js';
import { simulatePhoto, SIM_VERSION } from './simulate-photo.js';

const HIDDEN = 8;
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

export async function collect(dir: string, count: number, from = 0): Promise<Example[]> {
  const game = loadGame();
  const out: Example[] = [];
  for (let i = from; i < count; i++) {
    const base = join(dir, `train-${String(i).padStart(4, '0')}`);
    const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
    const fenced = (kind: 'h' | 'v', row: number, col: number) => (truth.fences[kind][row][col] === '1' ? 1 : 0);
    const found: Example[] = [];
    let refused = false;
    try {
      await scanPhoto(readFileSync(`${base}.jpg`), game, {
        read: { collect: (e, x, rule) => found.push({ x: [...x], y: fenced(e.kind, e.row, e.col), photo: i, rule }) },
      });
    } catch {
      refused = true; // its doubtful edges were collected before the refusal; it has no reading to compare with
    }
    for (const f of found) out.push(refused ? { ...f, rule: -1 } : f);
    if (process.stderr.isTTY) process.stderr.write(`\rreading training photos ${i + 1}/${count}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return out;
}

/** Fits the network; returns it with its standardisation. */
export function train(data: Example[], { hidden = HIDDEN, steps = STEPS, decay = 1e-4, seed = 'edge-model' } = {}): EdgeModel {
  const HIDDEN = hidden;
  const STEPS = steps;
  const n = data.length;
  const d = EDGE_INPUTS.length;
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
    inputs: [...EDGE_INPUTS],
    mean: mean.map(r),
    scale: scale.map(r),
    w1: Array.from({ length: HIDDEN }, (_, h) => Array.from(p.subarray(h * d, (h + 1) * d), r)),
    b1: Array.from(p.subarray(HIDDEN * d, HIDDEN * d + HIDDEN), r),
    w2: Array.from(p.subarray(HIDDEN * d + HIDDEN, HIDDEN * d + 2 * HIDDEN), r),
    b2: r(p[P - 1]),
  };
}

export const predict = (model: EdgeModel, x: number[]): number => fenceProbability(Float64Array.from(x), model);


async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 300);
  const dir = await photos(count);
  const cache = join(dir, `examples-${count}.json`);
  const data: Example[] = process.env.BAAKO_RECOLLECT || !existsSync(cache) ? await collect(dir, count) : JSON.parse(readFileSync(cache, 'utf8'));
  writeFileSync(cache, JSON.stringify(data));
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log(`${data.length} doubtful edges from ${count} photos (${data.filter((e) => e.y).length} fenced)`);
  // Five-fold cross-validation by photo: sheets whose doubtful edges are all guessed right.
  let sheets = 0;
  let byRule = 0;
  let byModel = 0;
  let edges = 0;
  let edgesRight = 0;
  for (let fold = 0; fold < 5; fold++) {
    const m = train(data.filter((e) => e.photo % 5 !== fold));
    const byPhoto = new Map<number, Example[]>();
    for (const e of data) if (e.photo % 5 === fold && e.rule >= 0) byPhoto.set(e.photo, [...(byPhoto.get(e.photo) ?? []), e]);
    for (const list of byPhoto.values()) {
      sheets++;
      if (list.every((e) => e.rule === e.y)) byRule++;
      const right = list.filter((e) => modelGuess(predict(m, e.x), e.rule) === e.y).length;
      if (right === list.length) byModel++;
      edges += list.length;
      edgesRight += right;
    }
  }
  console.log(`cross-validated on ${sheets} sheets the thresholds read: doubtful edges all right on ${byRule} by the thresholds, ${byModel} with the model (${pct(edgesRight / edges)} of ${edges} edges)`);
  const model = train(data);
  const file = join(projectRoot, 'src', 'scan', 'edge-model.weights.ts');
  writeFileSync(
    file,
    `// Written by test/sim/train-edge-model.ts (${count} simulated photos, ${data.length} doubtful edges): do not edit by hand.\n` +
      `import type { EdgeModel } from './edge-model.js';\n\nexport const EDGE_MODEL: EdgeModel = ${JSON.stringify(model)};\n`,
  );
  console.log(`wrote ${file}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
