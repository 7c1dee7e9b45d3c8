import { describe, expect, it } from 'vitest';
import { emptyBoard } from '../../src/engine/board.js';
import type { InkCalibration } from '../../src/scan/classify.js';
import type { CellFeature } from '../../src/scan/features.js';
import { HOLE_INPUTS, holeGuess, holeInputs, holeProbability } from '../../src/scan/hole-model.js';
import { HOLE_MODEL } from '../../src/scan/hole-model.weights.js';

const cal: InkCalibration = { threshold: 0.1, blank: 0.06, drawn: 0.12, inkLevel: 0.25, paperLevel: 0.02 };
const N = 34;

/** A cell at (row, col) whose inner area is inked (ink 0.3) where `draw` says, its diagonals profiled from it. */
function cell(row: number, col: number, draw: (u: number, v: number) => boolean, light = 1): CellFeature {
  const inner = new Uint8Array(N * N);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) inner[y * N + x] = draw(x / (N - 1), y / (N - 1)) ? 77 : 3;
  const diagonal = (flip: boolean) =>
    Float32Array.from({ length: 40 }, (_, k) => {
      const t = 0.1 + (0.8 * (k + 0.5)) / 40;
      return draw(flip ? 1 - t : t, t) ? 0.3 : 0.01;
    });
  return { row, col, diagonals: [diagonal(false), diagonal(true)], inner, tone: 0, evenness: 1, paperEven: 1, light, glare: 1 };
}

const onX = (u: number, v: number) => Math.abs(u - v) < 0.05 || Math.abs(u - (1 - v)) < 0.05;
const doodle = (u: number, v: number) => Math.abs(Math.hypot(u - 0.5, v - 0.5) - 0.12) < 0.03;

describe('hole model', () => {
  it('was trained on the inputs this code computes', () => {
    expect(HOLE_MODEL.inputs).toEqual([...HOLE_INPUTS]);
    expect(HOLE_MODEL.mean).toHaveLength(HOLE_INPUTS.length);
    expect(HOLE_MODEL.w1.every((row) => row.length === HOLE_INPUTS.length)).toBe(true);
    const x = holeInputs(cell(3, 3, onX), cal, emptyBoard(12, 12), [6, 6], 1);
    expect(x).toHaveLength(HOLE_INPUTS.length);
    expect(x.every(Number.isFinite)).toBe(true);
  });

  it('takes a clear X beside a fence for a hole, and a small doodle for none', () => {
    const board = emptyBoard(12, 12);
    board.h[3 * 12 + 3] = 1; // the fence along the top of cell (3, 3)
    const x = holeProbability(holeInputs(cell(3, 3, onX), cal, board, [6, 6], 1));
    const d = holeProbability(holeInputs(cell(3, 3, doodle), cal, board, [6, 6], 0));
    expect(x).toBeGreaterThan(0.8);
    expect(d).toBeLessThan(0.1);
  });

  it('guesses the likelier value', () => {
    expect(holeGuess(0.51)).toBe(1);
    expect(holeGuess(0.49)).toBe(0);
  });
});
