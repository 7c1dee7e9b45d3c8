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

/** The network's log-odds for inputs `x`. */
export function mlpLogit(x: ArrayLike<number>, m: Mlp): number {
  let h = standardised(x, m);
  for (const layer of m.layers) {
    const next = new Float64Array(layer.b.length);
    for (let o = 0; o < next.length; o++) {
      const w = layer.w[o];
      let a = layer.b[o];
      for (let k = 0; k < h.length; k++) a += w[k] * h[k];
      next[o] = Math.tanh(a);
    }
    h = next;
  }
  let out = m.b;
  for (let k = 0; k < h.length; k++) out += m.w[k] * h[k];
  return out;
}

let input = new Float64Array(0);

/** The inputs held to the training range and standardised, in a buffer kept between calls (thousands a photo). */
function standardised(x: ArrayLike<number>, m: Mlp): Float64Array {
  if (input.length !== x.length) input = new Float64Array(x.length);
  for (let k = 0; k < x.length; k++) {
    const v = m.lo && m.hi ? Math.min(m.hi[k], Math.max(m.lo[k], x[k])) : x[k];
    input[k] = (v - m.mean[k]) / m.scale[k];
  }
  return input;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function mlpProbability(x: ArrayLike<number>, m: Mlp): number {
  return sigmoid(mlpLogit(x, m));
}
