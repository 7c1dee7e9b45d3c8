/**
 * A small network giving a probability, as the scanner's learnt models use it: inputs are standardised by the
 * training set's mean and scale, then one or two tanh layers and the logistic function.
 */
export interface Mlp {
  /** Input names in order: the weights file's check that it matches the code computing the inputs. */
  inputs: readonly string[];
  mean: number[];
  scale: number[];
  /** Hidden layers, each `out x in` weights with biases, then the output weights and bias. */
  layers: { w: number[][]; b: number[] }[];
  w: number[];
  b: number;
}

/** The network's log-odds for inputs `x`. */
export function mlpLogit(x: ArrayLike<number>, m: Mlp): number {
  let h: ArrayLike<number> = Float64Array.from({ length: x.length }, (_, k) => (x[k] - m.mean[k]) / m.scale[k]);
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

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

export function mlpProbability(x: ArrayLike<number>, m: Mlp): number {
  return sigmoid(mlpLogit(x, m));
}
