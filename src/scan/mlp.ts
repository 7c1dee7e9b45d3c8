/**
 * A one-hidden-layer network (tanh) giving a probability, as the scanner's learnt models use it: inputs are
 * standardised by the training set's mean and scale, then w1/b1, tanh, w2/b2 and the logistic function.
 */
export interface Mlp {
  /** Input names in order: the weights file's check that it matches the code computing the inputs. */
  inputs: readonly string[];
  mean: number[];
  scale: number[];
  /** Hidden layer: hidden x inputs weights and hidden biases; then output weights and bias. */
  w1: number[][];
  b1: number[];
  w2: number[];
  b2: number;
}

export function mlpProbability(x: ArrayLike<number>, m: Mlp): number {
  let out = m.b2;
  for (let h = 0; h < m.b1.length; h++) {
    let a = m.b1[h];
    const w = m.w1[h];
    for (let k = 0; k < x.length; k++) a += w[k] * ((x[k] - m.mean[k]) / m.scale[k]);
    out += m.w2[h] * Math.tanh(a);
  }
  return 1 / (1 + Math.exp(-out));
}

/** A model's guess for a doubtful item: 1 from probability `cut` (by default 0.5: the likelier value), else 0. */
export const guessAt = (p: number, cut = 0.5): number => (p >= cut ? 1 : 0);
