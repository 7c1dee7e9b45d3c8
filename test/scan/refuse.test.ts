import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame, projectRoot } from '../../src/data/load.js';
import type { SheetState } from '../../src/engine/types.js';
import { ScanRefused } from '../../src/errors.js';
import type { SheetEvidence } from '../../src/scan/read.js';
import type { RatedItem } from '../../src/scan/ask.js';
import { cellStep, checkFinished, checkReadable, checkRegistered, MOST_CELL_STEP } from '../../src/scan/refuse.js';

/** A 12 x 12 grid of 50-pixel cells, each vertex moved by `move(row, col)`. */
function grid(move: (r: number, c: number) => [number, number] = () => [0, 0]) {
  const rows = 12;
  const cols = 12;
  const xs = new Float64Array((rows + 1) * (cols + 1));
  const ys = new Float64Array(xs.length);
  for (let r = 0; r <= rows; r++)
    for (let c = 0; c <= cols; c++) {
      const [dx, dy] = move(r, c);
      xs[r * (cols + 1) + c] = 100 + 50 * c + dx;
      ys[r * (cols + 1) + c] = 100 + 50 * r + dy;
    }
  return { rows, cols, xs, ys, cellPx: 50, borderFound: 1 };
}

describe('a grid that slipped on a bent sheet', () => {
  it('is refused where one cell is more than twice its neighbour, with advice', () => {
    expect(cellStep(grid())).toBeCloseTo(1, 6);
    // a smooth bend (cells growing 10% a column) is a sheet the grid follows
    const bent = grid((r, c) => [5 * c * c * 0.1, 3 * Math.sin(r)]);
    expect(cellStep(bent)).toBeLessThan(MOST_CELL_STEP);
    expect(() => checkRegistered('bent.jpg', bent)).not.toThrow();
    // the bottom-right corner moved most of a cell left: the cells across the slip are crushed
    const slipped = grid((r, c) => (r >= 8 && c >= 8 ? [-40, 0] : [0, 0]));
    expect(cellStep(slipped)).toBeGreaterThan(MOST_CELL_STEP);
    let refusal: unknown;
    try {
      checkRegistered('slip.jpg', slipped);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(ScanRefused);
    expect((refusal as ScanRefused).code).toBe('not-flat');
    expect((refusal as ScanRefused).message).toMatch(/^slip\.jpg: the sheet is bent or folded too much .*lay it flat/);
  });
});

describe('a sheet whose strokes show one way only', () => {
  const game = loadGame();
  const truth = JSON.parse(readFileSync(join(projectRoot, 'fixtures', 'photos', '01-easy-a-a4-pen.truth.json'), 'utf8'));
  const state: SheetState = { side: truth.side, cards: truth.cards, fences: truth.fences, holes: truth.holes };
  /** Evidence with every interior edge, inked where the truth has a fence at its way's `ink`, each way measured against `way`. */
  const evidence = (ink: (kind: 'h' | 'v') => number, way = { h: 1, v: 1 }) => {
    const { h, v } = state.fences;
    const edges: { kind: 'h' | 'v'; row: number; col: number }[] = [];
    const strokes: { q30: number }[] = [];
    h.forEach((line, r) => [...line].forEach((x, c) => r > 0 && r < h.length - 1 && (edges.push({ kind: 'h', row: r, col: c }), strokes.push({ q30: x === '1' ? ink('h') : 0 }))));
    v.forEach((line, r) => [...line].forEach((x, c) => c > 0 && c < line.length - 1 && (edges.push({ kind: 'v', row: r, col: c }), strokes.push({ q30: x === '1' ? ink('v') : 0 }))));
    return { edges, strokes, cal: { threshold: 0.5, level: 1, way } } as unknown as SheetEvidence;
  };

  it('is refused as smeared (the phone moved) when nearly no edge down the columns shows, and read when both ways do', () => {
    expect(() => checkFinished('both.jpg', state, evidence(() => 1), game)).not.toThrow();
    let refusal: unknown;
    try {
      checkFinished('smeared.jpg', state, evidence((k) => (k === 'h' ? 1 : 0)), game);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(ScanRefused);
    expect((refusal as ScanRefused).code).toBe('too-blurry');
    expect((refusal as ScanRefused).message).toMatch(/^smeared\.jpg: found pencil on only 0 edges down the columns where a finished sheet has at least 4 each way.*hold the phone still/);
  });

  it('is read when the strokes down the columns are smeared pale but show against their own way', () => {
    const pale = (k: 'h' | 'v') => (k === 'h' ? 1 : 0.3);
    expect(() => checkFinished('pale.jpg', state, evidence(pale), game)).toThrow(/down the columns/);
    expect(() => checkFinished('pale.jpg', state, evidence(pale, { h: 1, v: 0.3 }), game)).not.toThrow();
  });
});

describe('a reading with many items likely misread, none asked', () => {
  // edges along one row, each read open and likely right alone, moving nothing on its own
  const items = (n: number, chance: number): RatedItem[] => Array.from({ length: n }, (_, k) => ({ kind: 'h', row: 1 + (k % 11), col: k % 12, value: 0, chance, points: 0, likely: true }));

  it('is refused when the items it expects to have misread are more than the asking can cover', () => {
    // 70 items at 8%: about 6 misread, which together can move the total though none is asked
    const refused = (() => {
      try {
        checkReadable('p.jpg', items(70, 0.08));
      } catch (e) {
        return e as ScanRefused;
      }
    })();
    expect(refused).toBeInstanceOf(ScanRefused);
    expect(refused!.code).toBe('too-doubtful');
    expect(refused!.message).toMatch(/p\.jpg: the photo is too hard to read reliably \(about 6 items likely misread\): retake it/);
  });

  it('is read when they are few, however many are listed', () => {
    expect(() => checkReadable('p.jpg', items(70, 0.07))).not.toThrow();
    expect(() => checkReadable('p.jpg', items(3, 0.3))).not.toThrow();
  });
});
