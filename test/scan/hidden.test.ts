import { describe, expect, it } from 'vitest';
import { decideEdge, decideHole, isHidden, type InkCalibration } from '../../src/scan/classify.js';
import { cellFeatures, edgeFeatures, type CellFeature } from '../../src/scan/features.js';
import type { InkMap } from '../../src/scan/inkmap.js';

const CELL = 48;
const MARGIN = 24;

/** A blank 12 x 12 land (no ink) whose paper brightness is `paper(x, y)` in ink-map pixels. */
function blankLand(paper: (x: number, y: number) => number): InkMap {
  const width = 2 * MARGIN + 12 * CELL;
  const height = width;
  const p = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) p[y * width + x] = paper(x, y);
  const none = () => new Uint8Array(width * height);
  return { width, height, cell: CELL, margin: MARGIN, rgb: new Uint8Array(width * height * 3), ink: none(), paper: p, paperLevel: 200, clipped: 0, ridge: { h: none(), v: none() } };
}

/** A sheet of HB pencil: its fences reach ink 0.31, so the hole level is 0.14. */
const HB: InkCalibration = { threshold: 0.16, blank: 0.08, drawn: 0.2, inkLevel: 0.31, paperLevel: 0.02 };

/** A cell in even light with no X, its inner area hatched by diagonal lines every fourth pixel at `ink` (0: none). */
function hatchedCell(ink: number): CellFeature {
  const N = 34;
  const inner = new Uint8Array(N * N);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) inner[y * N + x] = ink > 0 && (x + y) % 4 < 2 ? Math.round(ink * 255) : 2;
  const empty = () => new Float32Array(40).fill(0.01);
  return { row: 5, col: 7, diagonals: [empty(), empty()], inner, tone: 0, evenness: 1, paperEven: 1, light: 1, glare: 1 };
}

const edge = (m: InkMap, kind: 'h' | 'v', row: number, col: number) => edgeFeatures(m, 12, 12, [6, 6]).find((e) => e.kind === kind && e.row === row && e.col === col)!;

describe('where faint pencil can be lost', () => {
  it("an edge with a shadow's edge running along it is hidden, though its own line looks lit", () => {
    // A shadow over columns 0-4, its edge on the vertical line of column 5 (lit from there on).
    const shadowEdgeX = MARGIN + 5 * CELL;
    const m = blankLand((x) => (x < shadowEdgeX ? 110 : 200));
    const along = edge(m, 'v', 3, 5);
    expect(along.light).toBeGreaterThanOrEqual(0.8);
    expect(along.across).toBeLessThan(0.85);
    expect(isHidden(along)).toBe(true);
    // Deep in the shadow: hidden by its light; well away from it: not hidden.
    expect(isHidden(edge(m, 'v', 3, 2))).toBe(true);
    const lit = edge(m, 'v', 3, 9);
    expect(lit.across).toBeCloseTo(1, 5);
    expect(isHidden(lit)).toBe(false);
    // An edge crossing the shadow's edge at right angles has the same light either side of it at each point.
    expect(edge(m, 'h', 3, 7).across).toBeCloseTo(1, 5);
  });

  it('a blank cell in a glare spot is not surely blank on a sheet of pale pencil, but is in even light', () => {
    // Clipped paper (glare) over rows 0-3.
    const m = blankLand((_, y) => (y < MARGIN + 4 * CELL ? 255 : 200));
    const cells = cellFeatures(m, 12, 12, () => false);
    const inGlare = cells.find((f) => f.row === 1 && f.col === 1)!;
    const lit = cells.find((f) => f.row === 8 && f.col === 8)!;
    expect(inGlare.glare).toBeGreaterThan(1.08);
    expect(lit.glare).toBe(1);
    const pale: InkCalibration = { threshold: 0.07, blank: 0.04, drawn: 0.09, inkLevel: 0.12, paperLevel: 0.01 };
    const dark: InkCalibration = { threshold: 0.2, blank: 0.1, drawn: 0.26, inkLevel: 0.4, paperLevel: 0.02 };
    expect(decideHole(inGlare, pale)).toMatchObject({ value: false, certain: false });
    expect(decideHole(lit, pale)).toMatchObject({ value: false, certain: true });
    // Dark pencil does not wash out: a blank reading in the glare spot stands.
    expect(decideHole(inGlare, dark)).toMatchObject({ value: false, certain: true });
  });

  it('hatching drawn lighter than the fences is not surely blank', () => {
    // Ink 0.12 on a sheet whose fences reach 0.31 (hole level 0.14, seven tenths of it 0.098).
    const hatched = { ...hatchedCell(0.12), tone: 0.07 };
    expect(decideHole(hatched, HB).certain).toBe(false);
    // The same cell without the hatching is surely blank.
    expect(decideHole(hatchedCell(0), HB)).toMatchObject({ value: false, certain: true });
  });

  it("along a shadow's edge a trace of a dark stroke is enough to doubt a blank reading", () => {
    // Ink on part of the edge only: 0.03 along 70% of it, 0.09 (0.56 t) along 40%.
    const trace = { kind: 'v' as const, row: 5, col: 8, score: 0.03, presence: 0.09, low: 0.02, median: 0.05, noise: 0, path: 0.03, ridge: 0.09, oblique: 0.1, phase: 0, shift: 0, thirds: [0.03, 0.04, 0.15] as [number, number, number], light: 0.9, glare: 1 };
    expect(decideEdge({ ...trace, across: 0.42 }, HB)).toMatchObject({ value: false, certain: false });
    expect(decideEdge({ ...trace, across: 1 }, HB)).toMatchObject({ value: false, certain: true });
  });

  it("where a shadow's edge crosses a cell, hatching at half the hole level is enough to doubt it", () => {
    // Hatch lines at ink 0.08: above half the hole level (0.07), under seven tenths of it (0.098).
    const cell = hatchedCell(0.08);
    expect(decideHole(cell, HB)).toMatchObject({ value: false, certain: true });
    expect(decideHole({ ...cell, light: 0.4, paperEven: 0.44, evenness: 0.43 }, HB).certain).toBe(false);
  });
});

describe('a stroke with a gap', () => {
  // Gappy ink in even light on an HB sheet (t 0.16): 0.1 along 70% of the edge, 0.3 along 40%.
  const gappy = { kind: 'v' as const, row: 7, col: 11, score: 0.1, presence: 0.3, low: 0.05, median: 0.2, noise: 0, path: 0.1, ridge: 0.1, oblique: 0, phase: 0, shift: 0, light: 1, glare: 1, across: 1 };

  it('is a sure fence when the gap is off the middle', () => {
    expect(decideEdge({ ...gappy, thirds: [0.3, 0.3, 0.06] }, HB)).toMatchObject({ value: true, certain: true });
  });

  it('is doubted when the gap is in the middle: it may be two fences overshooting into a blank edge', () => {
    expect(decideEdge({ ...gappy, thirds: [0.35, 0.09, 0.3] }, HB)).toMatchObject({ value: true, certain: false });
  });
});
