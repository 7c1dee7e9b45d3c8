import { describe, expect, it } from 'vitest';
import { ScanRefused } from '../../src/errors.js';
import { cellStep, checkRegistered, MOST_CELL_STEP } from '../../src/scan/refuse.js';

/** A 12 x 12 grid of 50-pixel cells, each vertex moved by `move(row, col)`. */
function grid(move: (r: number, c: number) => [number, number] = () => [0, 0]) {
  const rows = 12;
  const cols = 12;
  const xs = new Float64Array((rows + 1) * (cols + 1));
  const ys = new Float64Array(xs.length);
  for (let r = 0; r <= rows; r++)
    for (let c = 0; c <= cols; c++) {
      const [dx, dy] = move(r, c);
      xs[r * (cols + 1) + c] = 100 + 50 * c + dx;
      ys[r * (cols + 1) + c] = 100 + 50 * r + dy;
    }
  return { rows, cols, xs, ys, cellPx: 50, borderFound: 1 };
}

describe('a grid that slipped on a bent sheet', () => {
  it('is refused where one cell is more than twice its neighbour, with advice', () => {
    expect(cellStep(grid())).toBeCloseTo(1, 6);
    // a smooth bend (cells growing 10% a column) is a sheet the grid follows
    const bent = grid((r, c) => [5 * c * c * 0.1, 3 * Math.sin(r)]);
    expect(cellStep(bent)).toBeLessThan(MOST_CELL_STEP);
    expect(() => checkRegistered('bent.jpg', bent)).not.toThrow();
    // the bottom-right corner moved most of a cell left: the cells across the slip are crushed
    const slipped = grid((r, c) => (r >= 8 && c >= 8 ? [-40, 0] : [0, 0]));
    expect(cellStep(slipped)).toBeGreaterThan(MOST_CELL_STEP);
    let refusal: unknown;
    try {
      checkRegistered('slip.jpg', slipped);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(ScanRefused);
    expect((refusal as ScanRefused).code).toBe('not-flat');
    expect((refusal as ScanRefused).message).toMatch(/^slip\.jpg: the sheet is bent or folded too much .*lay it flat/);
  });
});
