import { describe, expect, it } from 'vitest';
import { decideEdge, decideHole, lineMayHide, paleLineMayHide, type InkCalibration } from '../../src/scan/classify.js';
import type { CellFeature, EdgeFeature } from '../../src/scan/features.js';

/** A sheet of HB pencil: its fences reach ink 0.31, so the hole level is 0.14. */
const HB: InkCalibration = { threshold: 0.16, blank: 0.08, drawn: 0.2, inkLevel: 0.31, paperLevel: 0.02 };
const t = HB.threshold;

/** A lit edge read through its gaps: dark at both ends, a gap in the middle, `ridge` on the ridge map (over t). */
function gappyEdge(ridge: number): EdgeFeature {
  return {
    kind: 'v', row: 8, col: 2, score: 0.81 * t, presence: 1.72 * t, light: 1, glare: 1, across: 0.99,
    low: 0.67 * t, median: 1.26 * t, noise: 0.01, thirds: [1.74 * t, 0.81 * t, 1.76 * t], path: 0.81 * t,
    ridge: ridge * t, oblique: 0.02, phase: 0, shift: 0,
  };
}

describe('a blank reading of pale pencil in even light', () => {
  const PALE: InkCalibration = { threshold: 0.094, blank: 0.058, drawn: 0.115, inkLevel: 0.146, paperLevel: 0.03 };
  // a fence under a hand's shadow, as measured: 0.38 of the threshold on the ink map, 1.18 on the ridge map
  const faded = (ridge: number): EdgeFeature => ({ ...gappyEdge(0), score: 0.036, presence: 0.047, thirds: [0.039, 0.047, 0.043], light: 0.81, ridge: ridge * PALE.threshold });

  it('is doubted where the ridge map shows a line as strong as the threshold', () => {
    expect(decideEdge(faded(1.18), PALE).value).toBe(false);
    expect(paleLineMayHide(faded(1.18), PALE)).toBe(true);
    expect(paleLineMayHide(faded(0.5), PALE)).toBe(false);
  });

  it('is not for darker pencil, which does not fade so in even light', () => {
    expect(lineMayHide(faded(1.18), HB)).toBe(false);
  });
});

describe('a fence read through its gaps', () => {
  it('is sure when its stroke shows on the ridge map', () => {
    expect(decideEdge(gappyEdge(0.9), HB)).toMatchObject({ value: true, certain: true });
  });

  it('is doubted when it hardly does, as an erased fence\'s broad smear (the case measured: ridge 0.35 t)', () => {
    expect(decideEdge(gappyEdge(0.35), HB)).toMatchObject({ value: true, certain: false });
  });
});

const N = 34;
const empty = () => new Float32Array(40).fill(0.01);

/** A cell (inner N x N pixels) with `paint(x, y)` ink (0..1) and the given light; diagonals sampled from it. */
function cell(paint: (x: number, y: number) => number, light: Partial<CellFeature> = {}): CellFeature {
  const inner = new Uint8Array(N * N);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) inner[y * N + x] = Math.round(255 * paint(x, y));
  // the diagonals' profiles run from 0.1 to 0.9 of the whole cell; the inner cell is its middle 0.7
  const profile = (flip: boolean) =>
    Float32Array.from({ length: 40 }, (_, k) => {
      const u = 0.1 + (0.8 * (k + 0.5)) / 40;
      const x = Math.min(N - 1, Math.max(0, Math.round(((u - 0.15) / 0.7) * N)));
      const p = paint(flip ? N - 1 - x : x, x);
      return u < 0.15 || u > 0.85 ? 0.3 : p;
    });
  return { row: 2, col: 5, diagonals: [profile(false), profile(true)], inner, tone: 0, evenness: 1, paperEven: 1, light: 1, glare: 1, ...light };
}

/** An X from corner to corner at `ink`. */
const xAt = (ink: number) => (x: number, y: number) => (Math.abs(x - y) <= 1 || Math.abs(x + y - (N - 1)) <= 1 ? ink : 0.01);

describe('a cell where a shadow\'s edge crosses it', () => {
  // An X whose strokes stay under the hole level (0.14) but over seven tenths of it.
  const lightX = xAt(0.12);
  const shadowEdge = { light: 0.39, paperEven: 0.37, evenness: 0.72 };

  it('is not surely blank when an X shows at seven tenths of the hole level', () => {
    expect(decideHole(cell(lightX, shadowEdge), HB)).toMatchObject({ value: false, certain: false });
  });

  it('is, in even light, where a stroke that light is no X a player drew (the sheet\'s X reach its ink level)', () => {
    expect(decideHole(cell(lightX), HB)).toMatchObject({ value: false, certain: true });
  });

  it('is surely blank with nothing in it', () => {
    expect(decideHole(cell(() => 0.01, shadowEdge), HB)).toMatchObject({ value: false });
    expect(decideHole(cell(() => 0.01, shadowEdge), HB).certain).toBe(true);
  });
});

describe('a cell read as a hole by its shading', () => {
  /** Diagonal hatching every fourth pixel over the whole inner cell, or over all but its corners (`corners` false). */
  const hatch = (corners: boolean) => (x: number, y: number) => {
    const inCorner = Math.min(x, N - 1 - x) < N / 3 && Math.min(y, N - 1 - y) < N / 3;
    return (x + y) % 4 < 2 && (corners || !inCorner) ? 0.3 : 0.01;
  };
  /** Strokes along two sides inside the ring (fences traced inside the cell) around a doodle in the middle. */
  const sidesAndDoodle = (x: number, y: number) => {
    const r = Math.hypot(x - N / 2, y - N / 2);
    return (x >= 2 && x <= 5) || (y >= 2 && y <= 5) || Math.abs(r - 7) < 1 ? 0.3 : 0.01;
  };

  it('is sure when the hatching fills it to the corners', () => {
    expect(decideHole(cell(hatch(true)), HB)).toMatchObject({ value: true, certain: true });
  });

  it('is doubted when its corners are empty: lines along its sides around a doodle fill the ring too', () => {
    const d = decideHole(cell(sidesAndDoodle), HB);
    expect(d.value).toBe(true);
    expect(d.certain).toBe(false);
  });
});
