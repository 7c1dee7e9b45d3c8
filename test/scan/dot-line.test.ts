import { describe, expect, it } from 'vitest';
import { edgeFeatures } from '../../src/scan/edge-features.js';
import { inkOfLand } from '../../src/scan/inkmap.js';

const CELL = 48;
const MARGIN = 24;
const SIZE = 2 * MARGIN + 12 * CELL;

/**
 * A straightened land of white paper with the printed grid dots (blue-grey, six a cell) on every line, except
 * that column 5's vertical line is printed `bent` px right of where the geometry puts it (as on a sheet curled
 * inside the land), and a pencil line down columns 5 and 9, 4 px right of their dots; `hatchCell` hatches cell
 * (3, 4), its lines ending 2 px left of column 5's line.
 */
function land(bent: number, hatchCell = false) {
  const rgb = new Uint8Array(SIZE * SIZE * 3).fill(235);
  const dot = (cx: number, cy: number) => {
    for (let y = Math.floor(cy - 2); y <= cy + 2; y++)
      for (let x = Math.floor(cx - 2); x <= cx + 2; x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 > 2.2 ** 2) continue;
        const i = (y * SIZE + x) * 3;
        rgb[i] = 150;
        rgb[i + 1] = 165;
        rgb[i + 2] = 190;
      }
  };
  for (let line = 0; line <= 12; line++)
    for (let k = 0; k <= 72; k++) {
      const along = MARGIN + (k * CELL) / 6;
      const across = MARGIN + line * CELL;
      dot(along, across); // horizontal lines
      dot(across + (line === 5 ? bent : 0), along); // vertical lines
    }
  for (const col of [5, 9]) {
    const x = MARGIN + col * CELL + (col === 5 ? bent : 0) + 4;
    for (let y = MARGIN; y < SIZE - MARGIN; y++)
      for (let dx = -2; dx <= 2; dx++) {
        const i = (y * SIZE + x + dx) * 3;
        const v = Math.round(235 * (1 - 0.3 * Math.exp(-(dx * dx) / 2)));
        rgb[i] = Math.min(rgb[i], v);
        rgb[i + 1] = Math.min(rgb[i + 1], v);
        rgb[i + 2] = Math.min(rgb[i + 2], v);
      }
  }
  if (hatchCell) {
    const left = MARGIN + 4 * CELL + 3;
    const right = MARGIN + 5 * CELL - 2;
    const top = MARGIN + 3 * CELL;
    for (let y = top + 3; y < top + CELL - 3; y++)
      for (let x = left; x < right; x++) {
        const d = ((x + y) % 7) - 3;
        const i = (y * SIZE + x) * 3;
        const v = Math.round(235 * (1 - 0.3 * Math.exp(-(d * d) / 1.2)));
        rgb[i] = Math.min(rgb[i], v);
        rgb[i + 1] = Math.min(rgb[i + 1], v);
        rgb[i + 2] = Math.min(rgb[i + 2], v);
      }
  }
  const edges = edgeFeatures(inkOfLand(rgb, SIZE, SIZE, CELL, MARGIN), 12, 12, [6, 6]);
  return (col: number) => edges.find((e) => e.kind === 'v' && e.row === 3 && e.col === col)!;
}

describe('the band follows the printed dots', () => {
  it('finds a stroke beside a line printed off where the geometry puts it', () => {
    const edge = land(5);
    expect(edge(5).shift).toBe(5);
    expect(edge(9).shift).toBe(0);
    // 9 px off the geometric line, outside the band searched (7 px), but 4 px off the dots like the reference
    expect(edge(5).score).toBeGreaterThan(0.8 * edge(9).score);
  });

  it('keeps the geometry where the dots lie on it', () => {
    const edge = land(0);
    expect(edge(5).shift).toBe(0);
    expect(edge(5).score).toBeCloseTo(edge(9).score, 2);
  });

  it("is not pulled by hatching beside one edge: the line's shift is pooled along it", () => {
    expect(land(0, true)(5).shift).toBe(0);
    expect(land(5, true)(5).shift).toBe(5);
  });
});
