import { describe, expect, it } from 'vitest';
import { inkOfLand } from '../../src/scan/inkmap.js';
import { strokeFeature } from '../../src/scan/stroke.js';
import { CELL, darken, MARGIN, SIZE } from '../helpers/land.js';

/** A pencil stroke (3 px wide) from (x0, y0) to (x1, y1) on a land. */
function stroke(rgb: Uint8Array, x0: number, y0: number, x1: number, y1: number, depth = 0.35): void {
  const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0));
  for (let k = 0; k <= n; k++) {
    const x = Math.round(x0 + ((x1 - x0) * k) / n);
    const y = Math.round(y0 + ((y1 - y0) * k) / n);
    for (let d = -1; d <= 1; d++) {
      darken(rgb, x + d, y, d === 0 ? depth : depth / 2);
      darken(rgb, x, y + d, d === 0 ? depth : depth / 2);
    }
  }
}

/**
 * A land of white paper with strokes drawn as a hand without a ruler draws them: beside column 5's line by a fifth
 * of a cell and tilted, stopping short of the corner dots (edge v(2, 5)); a horizontal stroke an eighth of a cell
 * above row 8's line that runs past its ends (h(8, 3)); and an X in cell (5, 8).
 */
function land() {
  const rgb = new Uint8Array(SIZE * SIZE * 3).fill(235);
  const x = (col: number, f = 0) => MARGIN + (col + f) * CELL;
  const y = (row: number, f = 0) => MARGIN + (row + f) * CELL;
  stroke(rgb, x(5, 0.2), y(2, 0.12), x(5, 0.26), y(2, 0.85));
  stroke(rgb, x(3, -0.1), y(8, -0.13), x(4, 0.1), y(8, -0.1));
  stroke(rgb, x(8, 0.1), y(5, 0.1), x(8, 0.9), y(5, 0.9));
  stroke(rgb, x(8, 0.9), y(5, 0.1), x(8, 0.1), y(5, 0.9));
  return inkOfLand(rgb, SIZE, SIZE, CELL, MARGIN);
}

describe('strokes where a hand drew them', () => {
  const m = land();

  it('finds a stroke a fifth of a cell beside its line, tilted and short, and gives it to that line', () => {
    const f = strokeFeature(m, 'v', 2, 5);
    expect(f.q30).toBeGreaterThan(0.2);
    expect(f.offset).toBeGreaterThan(0.15);
    expect(f.offset).toBeLessThan(0.3);
    expect(f.drift).toBeGreaterThan(0.02);
    // the parallel line a cell away does not take it, nor does the same line's next edge
    expect(strokeFeature(m, 'v', 2, 6).q30).toBeLessThan(0.05);
    expect(strokeFeature(m, 'v', 3, 5).q30).toBeLessThan(0.05);
  });

  it('finds a stroke above its line that runs past the corners', () => {
    const f = strokeFeature(m, 'h', 8, 3);
    expect(f.q30).toBeGreaterThan(0.2);
    expect(f.offset).toBeLessThan(-0.08);
    expect(strokeFeature(m, 'h', 7, 3).q30).toBeLessThan(0.05);
  });

  it("does not take an X's diagonal strokes for a line along the cell's sides", () => {
    for (const [kind, row, col] of [['h', 5, 8], ['h', 6, 8], ['v', 5, 8], ['v', 5, 9]] as const) {
      const f = strokeFeature(m, kind, row, col);
      expect(f.q50, `${kind}${row},${col}`).toBeLessThan(0.1);
    }
  });
});
