import { describe, expect, it } from 'vitest';
import { windowMax } from '../../src/scan/sample.js';

/** The window's largest value, the slow way. */
function bruteMax(v: number[], r: number): number[] {
  return v.map((_, i) => Math.max(...v.slice(Math.max(0, i - r), Math.min(v.length, i + r + 1))));
}

describe('windowMax', () => {
  it('matches the largest value of every window, cut at both ends', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const n of [1, 2, 5, 24, 25, 26, 91, 100]) {
      for (const r of [0, 1, 3, 12, 40]) {
        const v = Array.from({ length: n }, () => Math.round(rand() * 255));
        const out = new Float64Array(n);
        windowMax(v, out, r);
        expect(Array.from(out), `n ${n} r ${r}`).toEqual(bruteMax(v, r));
      }
    }
  });
});
