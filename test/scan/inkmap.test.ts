import { describe, expect, it } from 'vitest';
import { inkOfLand } from '../../src/scan/inkmap.js';

const CELL = 48;
const MARGIN = 24;
const SIZE = 2 * MARGIN + 4 * CELL;

/** Paper of colour `paper` with a 3 px pencil line down the middle, each channel as `line` gives it. */
function land(paper: [number, number, number], line: [number, number, number]) {
  const rgb = new Uint8Array(SIZE * SIZE * 3);
  for (let p = 0; p < SIZE * SIZE; p++) rgb.set(paper, p * 3);
  const x0 = MARGIN + 2 * CELL;
  for (let y = 0; y < SIZE; y++) for (let x = x0 - 1; x <= x0 + 1; x++) rgb.set(line, (y * SIZE + x) * 3);
  return inkOfLand(rgb, SIZE, SIZE, CELL, MARGIN);
}

const inkAt = (m: ReturnType<typeof land>, dx: number) => m.ink[(MARGIN + CELL) * SIZE + MARGIN + 2 * CELL + dx];

describe('ink map', () => {
  it('reads grey pencil as its darkness against the paper', () => {
    const m = land([230, 230, 230], [184, 184, 184]);
    expect(inkAt(m, 0)).toBeGreaterThanOrEqual(50);
    expect(inkAt(m, 0)).toBeLessThanOrEqual(52);
    expect(inkAt(m, 6)).toBe(0);
  });

  it('leaves out a channel a colour cast clipped white, where the pencil barely shows', () => {
    // red and blue pushed past white: the stroke is lost in them and shows in green only
    const m = land([255, 230, 255], [252, 184, 253]);
    expect(inkAt(m, 0)).toBeGreaterThanOrEqual(50);
  });

  it('reads the least clipped channel where glare clipped them all', () => {
    const m = land([253, 251, 255], [240, 232, 255]);
    // green's paper is the least clipped: 1 - 232 / 251 of 255
    expect(inkAt(m, 0)).toBeGreaterThanOrEqual(18);
  });
});
