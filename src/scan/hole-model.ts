import type { Board } from '../engine/board.js';
import { holeLevel, type InkCalibration } from './classify.js';
import { crossCoverage, hatchRingCoverage, xSpread, type CellFeature } from './features.js';
import { HOLE_MODEL } from './hole-model.weights.js';
import { guessAt, mlpProbability, type Mlp } from './mlp.js';

/**
 * The best guess for a doubtful cell: hole or not. Like the edge model (edge-model.ts), a small network trained
 * on simulated photos (tools/sim/train-models.ts) only chooses values for cells already flagged. It weighs the
 * X and hatching measures at three ink levels (faint hatching passes at a lower one; a shadow's noise at the
 * sheet's own level only), how even the light is, and whether the cell touches a fence, as a hole must.
 */

/**
 * The model's guess for a doubtful cell is its likelier value, whatever the thresholds read (their reading is one
 * of its inputs). Of sheets with doubtful cells, all come out right on 818 of 840 so in cross-validation by photo
 * on 3,116 simulated photos and on 187 of 192 held out (see FENCE_CUT), on 805 and 187 when the model overrules
 * the thresholds only from 80% sure of a hole or 90% of none, on 697 and 161 by the thresholds alone.
 */
export const holeGuess = (p: number): number => guessAt(p);

export const HOLE_INPUTS = [
  'cross', 'crossLow', 'crossHigh', 'shade', 'shadeLow', 'shadeHigh', 'tone', 'evenness', 'paperEven', 'light',
  'cornerMin', 'cornerMean', 'center', 'inkLevel', 'innerMedian', 'innerHigh', 'sidesFenced', 'touches', 'rule',
  'glare',
] as const;

/** Ink (0..1) that a share `q` of a cell's inner pixels stay under. */
function innerQuantile(inner: Uint8Array, q: number): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < inner.length; i++) hist[inner[i]]++;
  let acc = 0;
  const want = q * inner.length;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= want) return v / 255;
  }
  return 1;
}

/** A doubtful cell's model inputs, given the fences read (`board`) and the thresholds' reading `rule`. */
export function holeInputs(f: CellFeature, cal: InkCalibration, board: Board, center: [number, number], rule: number): Float64Array {
  const level = holeLevel(cal);
  const t = Math.max(1e-3, cal.threshold);
  const { rows, cols } = board;
  const { row: r, col: c } = f;
  const sides = [
    r > 0 ? board.h[r * cols + c] : 0,
    r + 1 < rows ? board.h[(r + 1) * cols + c] : 0,
    c > 0 ? board.v[r * (cols + 1) + c] : 0,
    c + 1 < cols ? board.v[r * (cols + 1) + c + 1] : 0,
  ];
  const spread = xSpread(f, level);
  return Float64Array.from([
    crossCoverage(f, level), crossCoverage(f, 0.7 * level), crossCoverage(f, 1.4 * level),
    hatchRingCoverage(f, level), hatchRingCoverage(f, 0.7 * level), hatchRingCoverage(f, 1.4 * level),
    Math.min(4, f.tone / Math.max(0.25, cal.inkLevel)), f.evenness, f.paperEven, Math.max(0.2, Math.min(1.2, f.light)),
    spread.cornerMin, spread.cornerMean, spread.center, cal.inkLevel,
    Math.min(4, innerQuantile(f.inner, 0.5) / t), Math.min(4, innerQuantile(f.inner, 0.9) / t),
    sides[0] + sides[1] + sides[2] + sides[3], touchesFence(board, r, c, center) ? 1 : 0, rule,
    Math.min(1.5, f.glare),
  ]);
}

/** Whether cell (r, c) has a corner on the center point or on a fence, as a hole must. */
export function touchesFence(board: Board, r: number, c: number, center: [number, number]): boolean {
  return [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]].some(([i, j]) => (i === center[0] && j === center[1]) || vertexFenced(board, i, j));
}

/** Whether an interior fence ends at or passes through vertex (i, j). */
function vertexFenced(b: Board, i: number, j: number): boolean {
  const { rows, cols } = b;
  if (i > 0 && i < rows && ((j < cols && b.h[i * cols + j]) || (j > 0 && b.h[i * cols + j - 1]))) return true;
  if (j > 0 && j < cols && ((i < rows && b.v[i * (cols + 1) + j]) || (i > 0 && b.v[(i - 1) * (cols + 1) + j]))) return true;
  return false;
}

/** The model's probability that a cell with inputs `x` is a hole. */
export const holeProbability = (x: Float64Array, m: Mlp = HOLE_MODEL): number => mlpProbability(x, m);
