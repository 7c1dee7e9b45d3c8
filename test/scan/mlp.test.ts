import { describe, expect, it } from 'vitest';
import { mlpLogit, mlpLogits } from '../../src/scan/mlp.js';
import { MODELS } from '../../src/scan/models.weights.js';
import { makeRand } from '../../tools/sim/rand.js';

describe('the models read a batch of inputs', () => {
  it('to the very numbers each input gives alone, with an odd row left over and layers of units not a multiple of eight', () => {
    const rand = makeRand('mlp-batch');
    for (const m of [MODELS.edgeLocal, MODELS.edgeContext, MODELS.hole]) {
      for (const n of [1, 2, 5, 8]) {
        const xs = Array.from({ length: n }, () => Float64Array.from(m.mean, (mu, k) => mu + (rand() * 4 - 2) * m.scale[k]));
        const batch = mlpLogits(xs, m);
        xs.forEach((x, i) => expect(Object.is(batch[i], mlpLogit(x, m)), `${m.inputs.length} inputs, row ${i} of ${n}`).toBe(true));
      }
    }
    // networks of 6 hidden units (no block of eight) and 13 (one, and five units alone)
    const odd = { inputs: ['a', 'b', 'c'], mean: [0, 0, 0], scale: [1, 1, 1], layers: [{ w: Array.from({ length: 6 }, (_, o) => [0.1 * o, -0.2, 0.3 + o]), b: [0, 0.1, 0.2, 0.3, 0.4, 0.5] }], w: [1, -1, 0.5, 2, -0.3, 0.7], b: 0.2 };
    const xs = [Float64Array.of(0.5, -1, 2), Float64Array.of(1, 1, 1), Float64Array.of(-2, 0.3, 0)];
    const batch = mlpLogits(xs, odd);
    xs.forEach((x, i) => expect(batch[i]).toBe(mlpLogit(x, odd)));
    const wide = { ...odd, layers: [{ w: Array.from({ length: 13 }, (_, o) => [rand() - 0.5, 0.1 * o, rand()]), b: Array.from({ length: 13 }, () => rand()) }], w: Array.from({ length: 13 }, () => rand() - 0.5) };
    const wideBatch = mlpLogits(xs, wide);
    xs.forEach((x, i) => expect(Object.is(wideBatch[i], mlpLogit(x, wide))).toBe(true));
    expect(mlpLogit(xs[0], odd)).toBeCloseTo(0.2 + [0, 1, 2, 3, 4, 5].reduce((s, o) => s + odd.w[o] * Math.tanh(odd.layers[0].b[o] + 0.05 * o + 0.2 + 2 * (0.3 + o)), 0), 12);
  });

  it('holds each input to its training range the same way, from plain arrays too, with signed zeros and NaN', () => {
    const rand = makeRand('mlp-clamp');
    for (const m of [MODELS.edgeLocal, MODELS.hole]) {
      expect(m.lo && m.hi).toBeTruthy();
      const xs = Array.from({ length: 7 }, (_, i) =>
        Array.from(m.mean, (mu, k) => (i === 5 ? (k % 2 ? -0 : 0) : i === 6 && k === 3 ? NaN : mu + (rand() * 100 - 50) * m.scale[k])),
      );
      const batch = mlpLogits(xs, m);
      xs.forEach((x, i) => expect(Object.is(batch[i], mlpLogit(x, m)), `row ${i}`).toBe(true));
    }
  });
});

