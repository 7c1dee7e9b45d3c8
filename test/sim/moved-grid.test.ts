/**
 * The trainer's twins read through a moved grid (`--jitter`): the grid's lines move across themselves within the
 * reach asked, the borderline stays, the same photo moves the same way every time, and a photo and its twin fall in
 * the same fold of the context model's cross-fitting.
 */
import { describe, expect, it } from 'vitest';
import type { LandGrid } from '../../src/scan/grid.js';
import { jitterGrid, type PhotoEvidence } from '../../tools/sim/evidence.js';
import { withTwins } from '../../tools/sim/train-models.js';

const N = 12;
const CELL = 50;
function squareGrid(): LandGrid {
  const xs = new Float64Array((N + 1) ** 2);
  const ys = new Float64Array((N + 1) ** 2);
  for (let i = 0; i <= N; i++)
    for (let j = 0; j <= N; j++) {
      xs[i * (N + 1) + j] = 100 + j * CELL;
      ys[i * (N + 1) + j] = 200 + i * CELL;
    }
  return { rows: N, cols: N, xs, ys, cellPx: CELL, borderFound: 1 };
}

describe('a grid moved for a twin', () => {
  const g = squareGrid();
  const moved = jitterGrid(g, 0.2, 7);
  const shift = (k: number) => [(moved.xs[k] - g.xs[k]) / CELL, (moved.ys[k] - g.ys[k]) / CELL];

  it('keeps the borderline and moves each vertex within the reach (a line by 0.2 cell, a vertex by a fifth more)', () => {
    let most = 0;
    let moves = 0;
    for (let i = 0; i <= N; i++)
      for (let j = 0; j <= N; j++) {
        const [dx, dy] = shift(i * (N + 1) + j);
        if (i === 0 || i === N) expect(dy).toBe(0);
        if (j === 0 || j === N) expect(dx).toBe(0);
        most = Math.max(most, Math.abs(dx), Math.abs(dy));
        if (Math.abs(dx) > 0.02 || Math.abs(dy) > 0.02) moves++;
      }
    expect(most).toBeLessThanOrEqual(0.2 * 1.2 + 1e-9);
    expect(moves).toBeGreaterThan(100);
  });

  it('moves a line as one: its vertices across it differ by at most the vertices own part', () => {
    for (let i = 1; i < N; i++) {
      const across = Array.from({ length: N - 1 }, (_, j) => shift(i * (N + 1) + j + 1)[1]);
      expect(Math.max(...across) - Math.min(...across)).toBeLessThanOrEqual(2 * 0.04 + 1e-9);
    }
  });

  it('moves the same photo the same way every time, and another photo otherwise', () => {
    expect(jitterGrid(g, 0.2, 7).xs).toEqual(moved.xs);
    expect(jitterGrid(g, 0.2, 8).xs).not.toEqual(moved.xs);
  });
});

describe('twins beside their photos', () => {
  const photo = (n: number) => ({ photo: n }) as PhotoEvidence;

  it('puts a photo and its twin in the same fold (place mod 3), the last block of one or two without twins', () => {
    const photos = [0, 1, 2, 3, 4, 5, 6, 7].map(photo);
    const twins = [0, 1, 2, 3, 4, 5, 6, 7].map(photo);
    const out = withTwins(photos, twins);
    expect(out).toHaveLength(6 * 2 + 2);
    for (let k = 0; k < 6; k++) expect(out.indexOf(twins[k]) % 3).toBe(out.indexOf(photos[k]) % 3);
    expect(out).not.toContain(twins[6]);
  });

  it('refuses twins that are not the same photos', () => {
    expect(() => withTwins([photo(1), photo(2)], [photo(1), photo(3)])).toThrow(/twins/);
  });
});
