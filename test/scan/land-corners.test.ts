import { describe, expect, it } from 'vitest';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';
import { locateGrid } from '../../src/scan/grid.js';
import type { Photo } from '../../src/scan/image.js';
import type { Pose } from '../../src/scan/orient.js';

/** Pixels a page point on the drawn test page. */
const S = 2;

/** A white page with the land's borderline printed thin (at grey `border`), and whatever `draw` adds, at S pixels a page point. */
function page(draw: (line: (x0: number, y0: number, x1: number, y1: number, width: number, level: number) => void) => void, border = 40): Photo {
  const g = sheetGeometry('A', 'a4');
  const width = Math.ceil(g.page.width * S);
  const height = Math.ceil(g.page.height * S);
  const grey = new Uint8Array(width * height).fill(235);
  const line = (x0: number, y0: number, x1: number, y1: number, w: number, level: number) => {
    const [ax, ay, bx, by] = [x0 * S, y0 * S, x1 * S, y1 * S];
    const len = Math.hypot(bx - ax, by - ay);
    for (let t = 0; t <= len; t += 0.5) {
      const cx = ax + ((bx - ax) * t) / len;
      const cy = ay + ((by - ay) * t) / len;
      for (let dy = -w / 2; dy <= w / 2; dy += 0.5)
        for (let dx = -w / 2; dx <= w / 2; dx += 0.5) grey[Math.round(cy + dy) * width + Math.round(cx + dx)] = level;
    }
  };
  const { x, y, cell, rows, cols } = g.grid;
  const [r, b] = [x + cols * cell, y + rows * cell];
  for (const [x0, y0, x1, y1] of [[x, y, r, y], [r, y, r, b], [r, b, x, b], [x, b, x, y]]) line(x0, y0, x1, y1, 1.5, border);
  draw(line);
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < grey.length; i++) rgb.fill(grey[i], 3 * i, 3 * i + 3);
  const source = { data: Buffer.from(rgb), width, height, channels: 3 as const };
  return { width, height, rgb, grey, original: { width, height }, scale: 1, oriented: false, source };
}

/** A pose that puts the page `off` cells away from where it was drawn, as a bowed sheet's markers do. */
function pose(offX: number, offY: number): Pose {
  const geometry = sheetGeometry('A', 'a4');
  const d = geometry.grid.cell * S;
  return { paper: 'a4', rotation: 0, geometry, pageToImage: Float64Array.from([S, 0, offX * d, 0, S, offY * d, 0, 0, 1]), borderContrast: 1 };
}

describe('the land corners', () => {
  const g = sheetGeometry('A', 'a4');
  const { x, y, cell, rows, cols } = g.grid;
  const right = x + cols * cell;

  // A player's box drawn in heavy pen a cell in from the top-right corner: its top-right corner has dark arms
  // going left and down with paper outside, as the land's own corner does, and darker ones.
  const boxed = page((line) => {
    line(right - 2 * cell, y + cell, right - cell, y + cell, 5, 20);
    line(right - cell, y + cell, right - cell, y + 2 * cell, 5, 20);
  });

  it('are the borderline corners, not a heavy fence corner a cell inside', () => {
    const grid = locateGrid(boxed, pose(-0.5, 0.5));
    const k = cols; // vertex (0, cols): the top-right corner
    expect(Math.abs(grid.xs[k] - right * S) / (cell * S)).toBeLessThan(0.1);
    expect(Math.abs(grid.ys[k] - y * S) / (cell * S)).toBeLessThan(0.1);
  });

  it('are the borderline corners where a heavy fence meets the borderline a cell in and runs on past it', () => {
    // A felt-tip fence along the last row's line, drawn on past a pale borderline (a blurred photo's): their junction
    // is a corner whose one heavy arm outscores the land's own two printed arms, a cell away.
    const bottom = y + rows * cell;
    const met = page((line) => line(x - 0.4 * cell, bottom - cell, x + 4 * cell, bottom - cell, 7, 5), 90);
    const grid = locateGrid(met, pose(0, 0));
    const k = rows * (cols + 1); // vertex (rows, 0): the bottom-left corner
    expect(Math.abs(grid.xs[k] - x * S) / (cell * S)).toBeLessThan(0.1);
    expect(Math.abs(grid.ys[k] - bottom * S) / (cell * S)).toBeLessThan(0.1);
  });

  it('are found where the pose is a cell off', () => {
    const plain = page(() => {});
    const grid = locateGrid(plain, pose(0.8, -0.6));
    const W = cols + 1;
    for (const [i, j] of [[0, 0], [0, cols], [rows, cols], [rows, 0]]) {
      expect(Math.abs(grid.xs[i * W + j] - (x + j * cell) * S) / (cell * S)).toBeLessThan(0.1);
      expect(Math.abs(grid.ys[i * W + j] - (y + i * cell) * S) / (cell * S)).toBeLessThan(0.1);
    }
  });
});
