import { describe, expect, it } from 'vitest';
import { inkOfLand } from '../../src/scan/inkmap.js';
import { strokeFeature } from '../../src/scan/stroke.js';
import { CELL, MARGIN, SIZE } from '../helpers/land.js';

/** Darkens pixel (x, y) by `depth` in each channel as `tint` says (1: fully, 0: not at all). */
function tinted(rgb: Uint8Array, x: number, y: number, depth: number, tint: [number, number, number]): void {
  const i = (y * SIZE + x) * 3;
  for (let c = 0; c < 3; c++) rgb[i + c] = Math.min(rgb[i + c], Math.round(235 * (1 - depth * tint[c])));
}

/**
 * A red pen's fence down column 3's line (dark in green and blue, barely in red) and a grey stroke down column 7's
 * (a pencil sketch rubbed out before inking): in the least dark channel the grey one is the darker of the two.
 */
function land() {
  const rgb = new Uint8Array(SIZE * SIZE * 3).fill(235);
  for (let y = MARGIN; y < SIZE - MARGIN; y++)
    for (let d = -1; d <= 1; d++) {
      tinted(rgb, MARGIN + 3 * CELL + d, y, d === 0 ? 0.8 : 0.5, [0.2, 1, 0.9]);
      tinted(rgb, MARGIN + 7 * CELL + d, y, d === 0 ? 0.3 : 0.2, [1, 1, 1]);
    }
  return inkOfLand(rgb, SIZE, SIZE, CELL, MARGIN);
}

describe("a stroke's colour", () => {
  const m = land();
  const pen = strokeFeature(m, 'v', 4, 3);
  const ghost = strokeFeature(m, 'v', 4, 7);

  it('keeps the darkest channel beside the least dark one', () => {
    const at = (col: number) => (MARGIN + 4 * CELL + 20) * SIZE + MARGIN + col * CELL;
    expect(m.ink[at(3)]).toBeLessThan(m.ink[at(7)]);
    expect(m.most[at(3)]).toBeGreaterThan(2 * m.most[at(7)]);
    expect(m.most[at(7)]).toBeCloseTo(m.ink[at(7)], -1);
  });

  it("tells a grey stroke from a coloured pen's, though it is darker in the least dark channel", () => {
    expect(ghost.q50).toBeGreaterThan(pen.q50);
    expect(pen.chroma).toBeGreaterThan(0.6);
    expect(ghost.chroma).toBeLessThan(0.1);
    expect(pen.most).toBeGreaterThan(2 * ghost.most);
  });

  it('says nothing of the colour of a blank edge', () => {
    const blank = strokeFeature(m, 'v', 4, 5);
    expect(blank.chroma).toBe(0);
    expect(blank.most).toBe(0);
  });
});
