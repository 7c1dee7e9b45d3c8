import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { renderOverlay } from '../../src/scan/overlay.js';
import { scanPhoto } from '../../src/scan/scan.js';

describe('the scan overlay', () => {
  it('circles each doubted edge of a hole without hiding the hole\'s X', async () => {
    const game = loadGame();
    const r = await scanPhoto(readFileSync('fixtures/photos/sample.jpg'), game, { keepDoubtful: true });
    const [row, col] = [4, 3];
    const png = await renderOverlay({
      photo: r.photo,
      grid: r.grid,
      state: { ...r.state, holes: [[row, col]] },
      score: { ...r.score, discoveries: [] },
      uncertain: [
        { kind: 'h', row, col },
        { kind: 'h', row: row + 1, col },
        { kind: 'v', row, col },
        { kind: 'v', row, col: col + 1 },
      ],
      title: 'test',
    });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // The overlay's layout: 56 px a cell, a 28 px margin, a 44 px title band.
    const at = (fx: number, fy: number) => {
      const x = Math.round(28 + (col + fx) * 56);
      const y = Math.round(44 + 28 + (row + fy) * 56);
      const i = (y * info.width + x) * 3;
      return [data[i], data[i + 1], data[i + 2]];
    };
    const orange = ([red, green, blue]: number[]) => red > 200 && green > 90 && green < 170 && blue < 80;
    // Along both strokes of the X, where a circle around the cell's edges would have crossed it.
    for (const [fx, fy] of [[0.41, 0.41], [0.59, 0.41], [0.41, 0.59], [0.59, 0.59]]) expect(orange(at(fx, fy))).toBe(true);
    // And each edge is still circled: red a third of a cell across from its midpoint, outside the cell.
    const [red, green] = at(0.5, -0.3);
    expect(red).toBeGreaterThan(180);
    expect(green).toBeLessThan(80);
  });

  it('draws the doubts not asked (likely right) dashed, the asked ones solid', async () => {
    const game = loadGame();
    const r = await scanPhoto(readFileSync('fixtures/photos/sample.jpg'), game, { keepDoubtful: true });
    const png = await renderOverlay({
      photo: r.photo,
      grid: r.grid,
      state: r.state,
      score: { ...r.score, discoveries: [] },
      uncertain: [{ kind: 'hole', row: 2, col: 2 }, { kind: 'hole', row: 8, col: 8, likely: true }],
      title: 'test',
    });
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    /** Red pixels in cell (row, col) and its surroundings, where the cell's circle is. */
    const redAround = (row: number, col: number) => {
      let n = 0;
      for (let y = 44 + 28 + (row - 0.2) * 56; y < 44 + 28 + (row + 1.2) * 56; y++)
        for (let x = 28 + (col - 0.2) * 56; x < 28 + (col + 1.2) * 56; x++) {
          const i = (Math.round(y) * info.width + Math.round(x)) * 3;
          if (data[i] > 180 && data[i + 1] < 80 && data[i + 2] < 80) n++;
        }
      return n;
    };
    const solid = redAround(2, 2);
    const dashed = redAround(8, 8);
    expect(solid).toBeGreaterThan(300);
    expect(dashed).toBeGreaterThan(50);
    expect(dashed).toBeLessThan(solid * 0.5);
  });
});
