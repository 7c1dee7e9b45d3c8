import { describe, expect, it } from 'vitest';
import { emptyBoard } from '../../src/engine/board.js';
import type { InkCalibration } from '../../src/scan/classify.js';
import { EDGE_INPUTS, edgeInputs, FENCE_CUT, fenceProbability, modelGuess } from '../../src/scan/edge-model.js';
import { EDGE_MODEL } from '../../src/scan/edge-model.weights.js';
import { xSpread, type CellFeature, type EdgeFeature } from '../../src/scan/features.js';

const cal: InkCalibration = { threshold: 0.1, blank: 0.06, drawn: 0.12, inkLevel: 0.2, paperLevel: 0.02 };

/** Every interior edge of a 12 x 12 land, blank, with the given ones inked to `score`. */
function land(inked: Map<string, number>): EdgeFeature[] {
  const out: EdgeFeature[] = [];
  const one = (kind: 'h' | 'v', row: number, col: number) => {
    const s = inked.get(`${kind}${row},${col}`) ?? 0.02;
    out.push({ kind, row, col, score: s, presence: s * 1.1, light: 1, glare: 1, across: 1, low: s * 0.8, median: s, noise: 0.01, thirds: [s, s, s], path: s, ridge: s, oblique: 0.05, phase: 0, shift: 0 });
  };
  for (let i = 1; i < 12; i++) for (let j = 0; j < 12; j++) one('h', i, j);
  for (let i = 0; i < 12; i++) for (let j = 1; j < 12; j++) one('v', i, j);
  return out;
}

describe('edge model', () => {
  it('was trained on the inputs this code computes', () => {
    expect(EDGE_MODEL.inputs).toEqual([...EDGE_INPUTS]);
    expect(EDGE_MODEL.mean).toHaveLength(EDGE_INPUTS.length);
    expect(EDGE_MODEL.w1.every((row) => row.length === EDGE_INPUTS.length)).toBe(true);
    const edges = land(new Map());
    const x = edgeInputs(edges, emptyBoard(12, 12), cal, [6, 6], 0.05);
    expect(x).toHaveLength(edges.length);
    expect(x.every((v) => v.length === EDGE_INPUTS.length && v.every(Number.isFinite))).toBe(true);
  });

  it('takes ink that continues a fenced line for a fence, and the same ink alone, away from any fence, for less', () => {
    // A fence h6,3..h6,5 with h6,4 faint (a gap in a stroke); and an equally faint edge alone at h2,9.
    const edges = land(new Map([['h6,3', 0.3], ['h6,4', 0.085], ['h6,5', 0.3], ['h2,9', 0.085]]));
    const board = emptyBoard(12, 12);
    board.h[6 * 12 + 3] = 1;
    board.h[6 * 12 + 5] = 1;
    const x = edgeInputs(edges, board, cal, [6, 6], 0.02);
    const at = (key: string) => x[edges.findIndex((e) => `${e.kind}${e.row},${e.col}` === key)];
    const gap = fenceProbability(at('h6,4'));
    const alone = fenceProbability(at('h2,9'));
    expect(gap).toBeGreaterThan(alone);
    expect(fenceProbability(at('h9,9'))).toBeLessThan(0.1); // clean paper
  });

  it('guesses a fence from FENCE_CUT', () => {
    expect(modelGuess(FENCE_CUT)).toBe(1);
    expect(modelGuess(FENCE_CUT - 0.01)).toBe(0);
  });
});

describe('x spread', () => {
  const cell = (draw: (x: number, y: number) => boolean): CellFeature => {
    const n = 30;
    const inner = new Uint8Array(n * n);
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) inner[y * n + x] = draw(x / (n - 1), y / (n - 1)) ? 200 : 0;
    return { row: 0, col: 0, diagonals: [new Float32Array(8), new Float32Array(8)], inner, tone: 0, evenness: 1, paperEven: 1, light: 1, glare: 1 };
  };
  it('an X, even drawn off the diagonals, inks all four corners and the middle; a doodle only the middle', () => {
    const x = xSpread(cell((u, v) => Math.abs(u - (v * 0.9 + 0.05)) < 0.06 || Math.abs(u - (1 - v)) < 0.06), 0.5);
    expect(x.cornerMin).toBeGreaterThan(0.15);
    expect(x.center).toBeGreaterThan(0.15);
    const doodle = xSpread(cell((u, v) => Math.abs(Math.hypot(u - 0.5, v - 0.5) - 0.15) < 0.04), 0.5);
    expect(doodle.cornerMin).toBe(0);
  });
});
