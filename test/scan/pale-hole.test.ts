import { describe, expect, it } from 'vitest';
import { decideHole, holeLevel, type InkCalibration } from '../../src/scan/classify.js';
import { cellFeatures, edgeFeatures } from '../../src/scan/features.js';
import { holeInputs, holeProbability } from '../../src/scan/hole-model.js';
import { inkOfLand } from '../../src/scan/inkmap.js';
import { readSheet } from '../../src/scan/read.js';
import { emptyBoard } from '../../src/engine/board.js';
import { CELL, darken, MARGIN, SIZE } from '../helpers/land.js';

/**
 * A land of pale pencil: fences around cells (3, 3) and (3, 6) at depth 0.16 and an X corner to corner in each,
 * drawn lighter, its pressure varying: at depth 0.1 over `share` tenths of each stroke in (3, 3) and nowhere in
 * (3, 6), at 0.05 elsewhere.
 */
function land(share: number) {
  const rgb = new Uint8Array(SIZE * SIZE * 3).fill(235);
  const box = (r: number, c: number, share: number) => {
    const x0 = MARGIN + c * CELL;
    const y0 = MARGIN + r * CELL;
    for (let k = 0; k <= CELL; k++)
      for (let w = -1; w <= 1; w++) {
        const d = w ? 0.08 : 0.16;
        darken(rgb, x0 + k, y0 + w, d);
        darken(rgb, x0 + k, y0 + CELL + w, d);
        darken(rgb, x0 + w, y0 + k, d);
        darken(rgb, x0 + CELL + w, y0 + k, d);
      }
    for (let k = 6; k <= CELL - 6; k++)
      for (let w = -1; w <= 1; w++) {
        darken(rgb, x0 + k + w, y0 + k, k % 10 < share ? 0.1 : 0.05);
        darken(rgb, x0 + k + w, y0 + CELL - k, (k + 5) % 10 < share ? 0.1 : 0.05);
      }
  };
  box(3, 3, share);
  box(3, 6, 0);
  return inkOfLand(rgb, SIZE, SIZE, CELL, MARGIN);
}

/** Pale pencil: fences reach ink 0.15, so the hole level is 0.068. */
const PALE: InkCalibration = { threshold: 0.09, blank: 0.055, drawn: 0.11, inkLevel: 0.15, paperLevel: 0.01 };

function read(share: number) {
  const m = land(share);
  const edges = edgeFeatures(m, 12, 12, [6, 6]);
  const cells = cellFeatures(m, 12, 12, () => false, holeLevel(PALE) / 2);
  const at = (c: number) => cells.find((f) => f.row === 3 && f.col === c)!;
  const reading = readSheet(m, 12, 12, [6, 6], edges, cells, PALE);
  const flagged = new Set(reading.uncertain.map((u) => `${u.kind}${u.row},${u.col}`));
  return { cell: at(3), other: at(6), flagged, reading };
}

describe('a sure-blank cell on a sheet of pale pencil', () => {
  it('is flagged when the hole model takes it for a possible hole: an X drawn lighter than the fences', () => {
    const { cell, flagged } = read(4);
    // the thresholds read it as surely blank: the X reaches the hole level along 4 tenths of its strokes
    expect(decideHole(cell, PALE)).toMatchObject({ value: false, certain: true });
    const board = emptyBoard(12, 12);
    expect(holeProbability(holeInputs(cell, PALE, board, [6, 6], 0))).toBeGreaterThanOrEqual(0.3);
    expect(flagged.has('hole3,3')).toBe(true);
  });

  it('is not when its X is lighter all along', () => {
    const { other, flagged } = read(4);
    expect(decideHole(other, PALE)).toMatchObject({ value: false, certain: true });
    expect(flagged.has('hole3,6')).toBe(false);
  });
});
