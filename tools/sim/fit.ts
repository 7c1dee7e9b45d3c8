/**
 * Fitting the scanner's small networks: one tanh hidden layer and a logistic output, by mini-batch Adam with
 * weight decay and a cosine learning rate, on standardised inputs.
 */
import { doubtsOf, sheetFactor, type SheetScale } from '../../src/scan/chances.js';
import { sigmoid, type Mlp } from '../../src/scan/mlp.js';
import { makeRand } from './rand.js';

export interface Examples {
  /** Inputs, one row of `d` per example. */
  x: Float32Array;
  d: number;
  y: Uint8Array;
  /** Each example's weight in the loss (1 by default). */
  w?: Float32Array;
}

export interface FitOptions {
  hidden?: number;
  epochs?: number;
  batch?: number;
  decay?: number;
  rate?: number;
  seed?: string;
}

/** Fits a network to the examples; `names` are its inputs' names (kept in the model as a check). */
export function fit(data: Examples, names: readonly string[], { hidden = 32, epochs = 12, batch = 128, decay = 1e-5, rate = 0.004, seed = 'model' }: FitOptions = {}): Mlp {
  const { x: raw, d, y } = data;
  if (names.length !== d) throw new Error(`fit: ${names.length} names for ${d} inputs`);
  const n = y.length;
  const H = hidden;
  const mean = new Float64Array(d);
  const sq = new Float64Array(d);
  for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) mean[k] += raw[i * d + k] / n;
  for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) sq[k] += (raw[i * d + k] - mean[k]) ** 2 / n;
  const scale = Array.from(sq, (v) => Math.sqrt(v) || 1);
  // each input's range, which the model holds its inputs to (see Mlp.lo)
  const lo: number[] = [];
  const hi: number[] = [];
  const col = new Float32Array(n);
  for (let k = 0; k < d; k++) {
    for (let i = 0; i < n; i++) col[i] = raw[i * d + k];
    col.sort();
    lo.push(col[Math.floor(0.001 * (n - 1))]);
    hi.push(col[Math.ceil(0.999 * (n - 1))]);
  }
  const X = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) X[i * d + k] = (Math.min(hi[k], Math.max(lo[k], raw[i * d + k])) - mean[k]) / scale[k];
  const weight = data.w ?? new Float32Array(n).fill(1);
  const rand = makeRand(seed);
  // parameters in one flat array: w1 (H x d), b1 (H), w2 (H), b2
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
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (let from = 0; from < n; from += size) {
      step++;
      const to = Math.min(n, from + size);
      g.fill(0);
      let wsum = 0;
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
        const err = (1 / (1 + Math.exp(-out)) - y[i]) * weight[i];
        wsum += weight[i];
        g[P - 1] += err;
        for (let h = 0; h < H; h++) {
          g[H * d + H + h] += err * act[h];
          const back = err * p[H * d + H + h] * (1 - act[h] * act[h]);
          if (back === 0) continue;
          g[H * d + h] += back;
          const w0 = h * d;
          for (let k = 0; k < d; k++) g[w0 + k] += back * X[x0 + k];
        }
      }
      const lr = rate * 0.5 * (1 + Math.cos((Math.PI * step) / steps)) + rate * 0.02;
      const norm = Math.max(1e-9, wsum);
      for (let j = 0; j < P; j++) {
        const grad = g[j] / norm + decay * p[j];
        m[j] = 0.9 * m[j] + 0.1 * grad;
        v[j] = 0.999 * v[j] + 0.001 * grad * grad;
        p[j] -= (lr * (m[j] / (1 - 0.9 ** step))) / (Math.sqrt(v[j] / (1 - 0.999 ** step)) + 1e-8);
      }
    }
  }
  const r = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    inputs: [...names],
    mean: Array.from(mean, r),
    scale: scale.map(r),
    lo: lo.map(r),
    hi: hi.map(r),
    layers: [{ w: Array.from({ length: H }, (_, h) => Array.from(p.subarray(h * d, (h + 1) * d), r)), b: Array.from(p.subarray(H * d, H * d + H), r) }],
    w: Array.from(p.subarray(H * d + H, H * d + 2 * H), r),
    b: r(p[P - 1]),
  };
}

/**
 * The temperature dividing log-odds that makes the chances come true on examples the model was not fitted on
 * (least log-loss, searched on a log scale); never under 1, so a model is never made surer than it was fitted.
 */
export function fitTemperature(z: Float64Array, y: Uint8Array): number {
  const loss = (t: number) => {
    let s = 0;
    for (let i = 0; i < z.length; i++) {
      const q = 1 / (1 + Math.exp(-z[i] / t));
      s -= y[i] ? Math.log(Math.max(1e-12, q)) : Math.log(Math.max(1e-12, 1 - q));
    }
    return s;
  };
  let best = 1;
  let top = loss(1);
  for (let k = 1; k <= 60; k++) {
    const t = Math.exp(k * 0.025);
    const l = loss(t);
    if (l < top) {
      top = l;
      best = t;
    }
  }
  return Math.round(best * 1000) / 1000;
}

/** One validation sheet's items: certainty (|log-odds| over temperature and softening) and whether each was misread. */
export interface SheetItems {
  certainty: Float64Array;
  wrong: Uint8Array;
}

/**
 * The sheet scale (src/scan/chances.ts) that makes the chances come true on validation sheets the models were not
 * fitted on: least log-loss over a grid of `base` and `perDoubt`, counting doubts from `doubtFrom`.
 */
export function fitSheetScale(sheets: SheetItems[], doubtFrom = 0.2): SheetScale {
  const counted = sheets.map((s) => ({ ...s, doubts: doubtsOf(s.certainty, doubtFrom) }));
  const loss = (base: number, perDoubt: number) => {
    let l = 0;
    for (const { certainty, wrong, doubts } of counted) {
      const f = sheetFactor({ doubtFrom, base, perDoubt }, doubts);
      for (let i = 0; i < certainty.length; i++) {
        const c = sigmoid(-certainty[i] * f);
        l -= Math.log(Math.max(1e-12, wrong[i] ? c : 1 - c));
      }
    }
    return l;
  };
  // a coarse grid, then a finer one around its best
  let best = { base: 0, perDoubt: 0, loss: loss(0, 0) };
  const search = (bases: number[], perDoubts: number[]) => {
    for (const base of bases)
      for (const perDoubt of perDoubts) {
        const l = loss(base, perDoubt);
        if (l < best.loss) best = { base, perDoubt, loss: l };
      }
  };
  const steps = (from: number, to: number, step: number) => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Math.round((from + i * step) * 1000) / 1000);
  search(steps(-0.5, 1.5, 0.1), steps(-0.8, 0.2, 0.05));
  const { base, perDoubt } = best;
  search(steps(base - 0.075, base + 0.075, 0.025), steps(perDoubt - 0.04, perDoubt + 0.04, 0.01));
  return { doubtFrom, base: best.base, perDoubt: best.perDoubt };
}
