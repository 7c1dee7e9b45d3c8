import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { renderOverlay, toCheckLine } from '../../src/scan/overlay.js';
import { blankState } from '../../src/engine/board.js';
import type { SheetState } from '../../src/engine/types.js';
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

  it("names the asked spots that are one printed hole's sides in its line on what to check", () => {
    const game = loadGame();
    const holes = game.sheets.B.map.holes;
    const closeAll = (st: SheetState, cells: readonly (readonly [number, number])[]) => {
      const h = st.fences.h.map((l) => l.split(''));
      const v = st.fences.v.map((l) => l.split(''));
      for (const [r, c] of cells) {
        h[r][c] = h[r + 1][c] = '1';
        v[r][c] = v[r][c + 1] = '1';
      }
      return { ...st, fences: { h: h.map((l) => l.join('')), v: v.map((l) => l.join('')) } };
    };
    const sides = ([r, c]: readonly [number, number]) => [
      { kind: 'h' as const, row: r, col: c },
      { kind: 'h' as const, row: r + 1, col: c },
      { kind: 'v' as const, row: r, col: c },
      { kind: 'v' as const, row: r, col: c + 1 },
    ];
    const [a, b] = holes;
    const state = closeAll(blankState('B', game.cards.slice(0, 5).map((x) => x.name)), [a, b]);
    const likely = { kind: 'hole' as const, row: 0, col: 0, likely: true };
    // one hole: its four sides first, then a spot of its own
    expect(toCheckLine({ state, printedHoles: holes, uncertain: [...sides(a), { kind: 'v', row: 6, col: 3 }, likely] })).toBe("5 spots to check (red circles, numbered; 1-4: one printed hole's sides); 1 not asked (dashed)");
    // two holes, numbered as asked; a side not asked leaves the rest of its hole grouped
    expect(toCheckLine({ state, printedHoles: holes, uncertain: [...sides(a), { ...sides(b)[0], likely: true }, ...sides(b).slice(1)] })).toBe("7 spots to check (red circles, numbered; 1-4 and 5-7: each a printed hole's sides); 1 not asked (dashed)");
    // without the printed holes (sheet A, or a caller that has none), the plain line
    expect(toCheckLine({ state, uncertain: sides(a) })).toBe('4 spots to check (red circles, numbered)');
  });
});
