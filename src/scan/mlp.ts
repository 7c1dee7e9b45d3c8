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
  layers: { w: Float64Array; b: Float64Array; inputs: number }[];
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
      layers: m.layers.map((l) => ({ w: Float64Array.from(l.w.flat()), b: Float64Array.from(l.b), inputs: l.w[0]?.length ?? 0 })),
      w: Float64Array.from(m.w),
      outs: m.layers.map((l) => new Float64Array(l.b.length)),
      input: new Float64Array(m.mean.length),
    };
    packed.set(m, p);
  }
  return p;
}

/** The network's log-odds for inputs `x`. */
export function mlpLogit(x: ArrayLike<number>, m: Mlp): number {
  const p = pack(m);
  let h = standardised(x, p);
  for (let l = 0; l < p.layers.length; l++) {
    const { w, b, inputs } = p.layers[l];
    const next = p.outs[l];
    // four units at a time: each sums in the same order, but the four sums overlap in the processor
    let o = 0;
    for (; o + 4 <= next.length; o += 4) {
      const r0 = o * inputs;
      const r1 = r0 + inputs;
      const r2 = r1 + inputs;
      const r3 = r2 + inputs;
      let a0 = b[o];
      let a1 = b[o + 1];
      let a2 = b[o + 2];
      let a3 = b[o + 3];
      for (let k = 0; k < inputs; k++) {
        const v = h[k];
        a0 += w[r0 + k] * v;
        a1 += w[r1 + k] * v;
        a2 += w[r2 + k] * v;
        a3 += w[r3 + k] * v;
      }
      next[o] = Math.tanh(a0);
      next[o + 1] = Math.tanh(a1);
      next[o + 2] = Math.tanh(a2);
      next[o + 3] = Math.tanh(a3);
    }
    for (; o < next.length; o++) {
      let a = b[o];
      for (let k = 0, r = o * inputs; k < inputs; k++) a += w[r + k] * h[k];
      next[o] = Math.tanh(a);
    }
    h = next;
  }
  let out = m.b;
  for (let k = 0; k < h.length; k++) out += p.w[k] * h[k];
  return out;
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
