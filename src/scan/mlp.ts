import { instantiate, reserve, type WasmMemory } from './wasm/instance.js';
import { MLP_WASM } from './wasm/mlp.wasm.js';

/**
 * A small network giving a probability, as the scanner's learnt models use it: inputs are standardised by the
 * training set's mean and scale, then one or two tanh layers and the logistic function.
 */
export interface Mlp {
  /** Input names in order: the weights file's check that it matches the code computing the inputs. */
  inputs: readonly string[];
  mean: number[];
  scale: number[];
  /**
   * Each input's range on the training examples (0.1st to 99.9th percentile): inputs are held to it, since a network
   * asked far outside what it was fitted on answers anything (a pen darker than any training pencil once read a
   * blank edge as a fence).
   */
  lo?: number[];
  hi?: number[];
  /** Hidden layers, each `out x in` weights with biases, then the output weights and bias. */
  layers: { w: number[][]; b: number[] }[];
  w: number[];
  b: number;
}

/** A network's weights in flat typed arrays, made once per network (the JSON's nested arrays read slower). */
interface Packed {
  mean: Float64Array;
  scale: Float64Array;
  lo?: Float64Array;
  hi?: Float64Array;
  /** Each layer's weights unit by unit (w) and input by input (wT, for the batch's WebAssembly). */
  layers: { w: Float64Array; wT: Float64Array; b: Float64Array; inputs: number }[];
  w: Float64Array;
  /** A buffer for each layer's output, and one for the inputs, kept between calls (thousands a photo). */
  outs: Float64Array[];
  input: Float64Array;
}

const packed = new WeakMap<Mlp, Packed>();

function pack(m: Mlp): Packed {
  let p = packed.get(m);
  if (!p) {
    p = {
      mean: Float64Array.from(m.mean),
      scale: Float64Array.from(m.scale),
      ...(m.lo && m.hi ? { lo: Float64Array.from(m.lo), hi: Float64Array.from(m.hi) } : {}),
      layers: m.layers.map((l) => ({ ...flat(l.w), b: Float64Array.from(l.b), inputs: l.w[0]?.length ?? 0 })),
      w: Float64Array.from(m.w),
      outs: m.layers.map((l) => new Float64Array(l.b.length)),
      input: new Float64Array(m.mean.length),
    };
    packed.set(m, p);
  }
  return p;
}

/**
 * `units x inputs` weights as one array unit by unit (w) and one input by input (wT), in one pass: a process packs
 * each network once, before V8 has optimised anything, where a copy through flat() and an iterator is slow.
 */
function flat(w: number[][]): { w: Float64Array; wT: Float64Array } {
  const units = w.length;
  const inputs = w[0]?.length ?? 0;
  const byUnit = new Float64Array(units * inputs);
  const byInput = new Float64Array(units * inputs);
  for (let o = 0; o < units; o++) {
    const row = w[o];
    for (let k = 0; k < inputs; k++) {
      const v = row[k];
      byUnit[o * inputs + k] = v;
      byInput[k * units + o] = v;
    }
  }
  return { w: byUnit, wT: byInput };
}

/** The network's log-odds for inputs `x`. */
export function mlpLogit(x: ArrayLike<number>, m: Mlp): number {
  const p = pack(m);
  let h = standardised(x, p);
  for (let l = 0; l < p.layers.length; l++) {
    const { w, b, inputs } = p.layers[l];
    unitsOf(h, 0, inputs, w, b, b.length, p.outs[l], 0);
    h = p.outs[l];
  }
  let out = m.b;
  for (let k = 0; k < h.length; k++) out += p.w[k] * h[k];
  return out;
}

const batch = { hidden: [new Float64Array(0)] };

/**
 * The network's log-odds for each of `xs`, each the same number mlpLogit gives it. The rows go into the
 * WebAssembly module as they are and are standardised there (a scan's first batches run before V8 has optimised
 * anything, where each clamped and scaled input would be a heap number); each layer's sums run there too
 * (layerOf).
 */
export function mlpLogits(xs: readonly ArrayLike<number>[], m: Mlp): Float64Array {
  const p = pack(m);
  const N = xs.length;
  let h: Float64Array | null = null;
  let width = p.input.length;
  for (let l = 0; l < p.layers.length; l++) {
    const layer = p.layers[l];
    const units = layer.b.length;
    if ((batch.hidden[l]?.length ?? 0) < N * units) batch.hidden[l] = new Float64Array(N * units);
    const next = batch.hidden[l];
    layerOf(h ?? { rows: xs, p }, N, layer, units, next);
    h = next;
    width = units;
  }
  const out = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    let z = m.b;
    for (let k = 0, at = i * width; k < width; k++) z += p.w[k] * h![at + k];
    out[i] = z;
  }
  return out;
}

interface MlpModule {
  memory: WasmMemory;
  layer(x: number, n: number, inputs: number, wT: number, b: number, units: number, out: number): void;
  standardise(x: number, n: number, inputs: number, mean: number, scale: number, lo: number, hi: number, clamped: number): void;
}
let mlpModule: MlpModule | undefined;

/**
 * One tanh layer over N rows of `inputs` values (row-major in `x`, or the network's raw inputs to standardise
 * first), into `out` (N rows of `units`). The sums run in WebAssembly (wasm/mlp.wat: two units a lane, the same
 * additions in the same order as unitsOf), the tanh here.
 */
function layerOf(x: Float64Array | { rows: readonly ArrayLike<number>[]; p: Packed }, N: number, layer: Packed['layers'][number], units: number, out: Float64Array): void {
  const m = (mlpModule ??= instantiate<MlpModule>(MLP_WASM));
  const inputs = layer.inputs;
  const wT = 0;
  const b = wT + 8 * inputs * units;
  const xAt = b + 8 * units;
  const outAt = xAt + 8 * N * inputs;
  const paramsAt = outAt + 8 * N * units;
  reserve(m.memory, paramsAt + 4 * 8 * inputs);
  const mem = m.memory.buffer;
  new Float64Array(mem, wT, inputs * units).set(layer.wT);
  new Float64Array(mem, b, units).set(layer.b);
  const rows = new Float64Array(mem, xAt, N * inputs);
  if (x instanceof Float64Array) rows.set(x.subarray(0, N * inputs));
  else {
    for (let i = 0; i < N; i++) rows.set(x.rows[i], i * inputs);
    const { mean, scale, lo, hi } = x.p;
    const params = new Float64Array(mem, paramsAt, 4 * inputs);
    params.set(mean);
    params.set(scale, inputs);
    if (lo && hi) {
      params.set(lo, 2 * inputs);
      params.set(hi, 3 * inputs);
    }
    m.standardise(xAt, N, inputs, paramsAt, paramsAt + 8 * inputs, paramsAt + 16 * inputs, paramsAt + 24 * inputs, lo && hi ? 1 : 0);
  }
  m.layer(xAt, N, inputs, wT, b, units, outAt);
  const sums = new Float64Array(mem, outAt, N * units);
  for (let i = 0; i < N * units; i++) out[i] = Math.tanh(sums[i]);
}

/**
 * One tanh layer over one row of `inputs` values (at `x0` in `x`), into `out` from `y0`. Four units at a time: each
 * sums in the same order, but the four sums overlap in the processor.
 */
function unitsOf(x: Float64Array, x0: number, inputs: number, w: Float64Array, b: Float64Array, units: number, out: Float64Array, y0: number): void {
  let o = 0;
  for (; o + 4 <= units; o += 4) {
    const r0 = o * inputs;
    const r1 = r0 + inputs;
    const r2 = r1 + inputs;
    const r3 = r2 + inputs;
    let a0 = b[o];
    let a1 = b[o + 1];
    let a2 = b[o + 2];
    let a3 = b[o + 3];
    for (let k = 0; k < inputs; k++) {
      const v = x[x0 + k];
      a0 += w[r0 + k] * v;
      a1 += w[r1 + k] * v;
      a2 += w[r2 + k] * v;
      a3 += w[r3 + k] * v;
    }
    out[y0 + o] = Math.tanh(a0);
    out[y0 + o + 1] = Math.tanh(a1);
    out[y0 + o + 2] = Math.tanh(a2);
    out[y0 + o + 3] = Math.tanh(a3);
  }
  for (; o < units; o++) {
    let a = b[o];
    for (let k = 0, r = o * inputs; k < inputs; k++) a += w[r + k] * x[x0 + k];
    out[y0 + o] = Math.tanh(a);
  }
}

/** The inputs held to the training range and standardised. */
function standardised(x: ArrayLike<number>, p: Packed): Float64Array {
  const { input, mean, scale, lo, hi } = p;
  for (let k = 0; k < input.length; k++) {
    const v = lo && hi ? Math.min(hi[k], Math.max(lo[k], x[k])) : x[k];
    input[k] = (v - mean[k]) / scale[k];
  }
  return input;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function mlpProbability(x: ArrayLike<number>, m: Mlp): number {
  return sigmoid(mlpLogit(x, m));
}
