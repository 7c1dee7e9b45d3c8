/**
 * Strokes rubbed out: ghosts of fences on open edges (of varied darkness and width, broken where the eraser bit),
 * strokes rubbed out only in part, a fence first drawn on the edge beside (or beside its line) and drawn again
 * where it belongs, holes marked in the wrong cell and rubbed out. What is left is lighter than a fence and either
 * broken or broad, grey and even (a light rubbing), so a person reads the edge as open (the truth).
 */
import type { Cell, SheetState } from '../../src/engine/types.js';
import { handLine, type Hand, type PtStroke } from './hand.js';
import type { Rand } from './rand.js';

type P = [number, number];

export interface EraseKnobs {
  /** fences rubbed out on open edges: how many, what is left (fraction of the hand's opacity), how broad (x the line) */
  ghosts: number;
  ghostAlpha: [number, number];
  ghostWidth: [number, number];
  /** how much of a ghost the eraser left where it bit hardest (fraction of the rest): low is broken, near 1 is even */
  ghostEven?: [number, number];
  /** strokes rubbed out in part: how many, and the most left of them (fraction of the hand's opacity) */
  partial: number;
  partialAlpha: number;
  /** fences first drawn on the parallel edge beside (or beside their own line), rubbed out and drawn again */
  redrawn: number;
  /** holes marked in the wrong cell and rubbed out */
  holes: number;
  /** the eraser's smear around each rubbed stroke: its opacity (fraction of the hand's) */
  smear: number;
  /** what the ghosts look like: grey graphite, or the ink faded (an erasable pen) */
  tint: 'graphite' | 'ink';
}

export interface ErasedMark {
  what: 'ghost' | 'partial' | 'redrawn' | 'beside' | 'hole';
  /** an edge ('h' or 'v' with its row and col as in the fences' strings) or a cell */
  kind: 'h' | 'v' | 'cell';
  row: number;
  col: number;
}

interface Edge {
  kind: 'h' | 'v';
  row: number;
  col: number;
}

/** A mask along a stroke: the eraser took some parts more than others (values in [lo, 1]). */
function rubbed(rand: Rand, n: number, lo: number): number[] {
  const f = rand.range(1.5, 5);
  const p = rand.range(0, 6.3);
  const f2 = rand.range(5, 12);
  return Array.from({ length: n }, (_, i) => {
    const t = i / Math.max(1, n - 1);
    const v = 0.5 + 0.35 * Math.sin(2 * Math.PI * f * t + p) + 0.15 * Math.sin(2 * Math.PI * f2 * t + 2 * p);
    return lo + (1 - lo) * Math.max(0, Math.min(1, v));
  });
}

/** The rubbed-out marks of `k` on `state`'s open edges and empty cells: strokes for the ghost layer. */
export function erasedMarks(rand: Rand, state: SheetState, grid: { x: number; y: number; cell: number; rows: number; cols: number }, hand: Hand, k: EraseKnobs): { strokes: PtStroke[]; marks: ErasedMark[] } {
  const { x: gx, y: gy, cell, rows, cols } = grid;
  const V = (r: number, c: number): P => [gx + c * cell, gy + r * cell];
  const ends = (e: Edge): [P, P] => [V(e.row, e.col), e.kind === 'h' ? V(e.row, e.col + 1) : V(e.row + 1, e.col)];
  const fenced = (e: Edge) => (e.kind === 'h' ? state.fences.h[e.row]?.[e.col] : state.fences.v[e.row]?.[e.col]) === '1';
  const open: Edge[] = [];
  const fences: Edge[] = [];
  for (let i = 1; i < rows; i++) for (let j = 0; j < cols; j++) (state.fences.h[i][j] === '1' ? fences : open).push({ kind: 'h', row: i, col: j });
  for (let i = 0; i < rows; i++) for (let j = 1; j < cols; j++) (state.fences.v[i][j] === '1' ? fences : open).push({ kind: 'v', row: i, col: j });
  const used = new Set<string>();
  const id = (e: Edge) => `${e.kind}${e.row},${e.col}`;
  // open edges touching a fence come first: players rub out near where they draw
  const touches = (e: Edge) => {
    const [a, b] = ends(e);
    return fences.some((f) => {
      const [c, d] = ends(f);
      return [c, d].some((p) => (p[0] === a[0] && p[1] === a[1]) || (p[0] === b[0] && p[1] === b[1]));
    });
  };
  const near = open.filter(touches);
  const pickOpen = (): Edge | null => {
    for (let t = 0; t < 40; t++) {
      const list = near.length && rand.chance(0.7) ? near : open;
      if (!list.length) return null;
      const e = rand.pick(list);
      if (!used.has(id(e))) {
        used.add(id(e));
        return e;
      }
    }
    return null;
  };

  const strokes: PtStroke[] = [];
  const marks: ErasedMark[] = [];
  const ghostHand = (width: number): Hand => ({ ...hand, width: hand.width * width, gapProb: 0 });
  // a stroke as drawn, then rubbed: opacity down to `left` of the hand's, broken by the mask, and a faint smear
  const rub = (path: PtStroke[], left: number, lo: number) => {
    for (const s of path) {
      const mask = rubbed(rand, s.pts.length, lo);
      strokes.push({ pts: s.pts, w: s.w, a: s.a.map((a, i) => a * left * mask[i]) });
      if (k.smear > 0) strokes.push({ pts: s.pts, w: s.w.map((w) => w * rand.range(3, 6)), a: s.a.map((a) => a * k.smear * rand.range(0.6, 1)) });
    }
  };
  const line = (a: P, b: P, width: number, shift = 0): PtStroke[] => {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy);
    const nx = (-dy / len) * shift * cell;
    const ny = (dx / len) * shift * cell;
    return handLine(rand, [a[0] + nx, a[1] + ny], [b[0] + nx, b[1] + ny], ghostHand(width), cell);
  };

  for (let n = 0; n < k.ghosts; n++) {
    const e = pickOpen();
    if (!e) break;
    const [a, b] = ends(e);
    const even = k.ghostEven ?? [0.05, 0.6];
    rub(line(a, b, rand.range(k.ghostWidth[0], k.ghostWidth[1]), rand.normal() * 0.06), rand.range(k.ghostAlpha[0], k.ghostAlpha[1]), rand.range(even[0], even[1]));
    marks.push({ what: 'ghost', kind: e.kind, row: e.row, col: e.col });
  }
  for (let n = 0; n < k.partial; n++) {
    const e = pickOpen();
    if (!e) break;
    const [a, b] = ends(e);
    // what the eraser missed: a few stretches at up to `partialAlpha`, the rest nearly gone
    for (const s of line(a, b, rand.range(1, 1.4), rand.normal() * 0.05)) {
      const m = s.pts.length;
      const keep = new Float32Array(m).fill(rand.range(0.03, 0.1));
      const pieces = rand.int(1, 3);
      for (let p = 0; p < pieces; p++) {
        const len = Math.round(m * rand.range(0.1, 0.25));
        const at = rand.int(0, Math.max(0, m - len));
        const v = rand.range(0.5, 1) * k.partialAlpha;
        for (let i = at; i < at + len; i++) keep[i] = Math.max(keep[i], v * Math.sin((Math.PI * (i - at + 0.5)) / len));
      }
      strokes.push({ pts: s.pts, w: s.w, a: s.a.map((x, i) => x * keep[i]) });
    }
    marks.push({ what: 'partial', kind: e.kind, row: e.row, col: e.col });
  }
  for (let n = 0; n < k.redrawn && fences.length; n++) {
    const f = rand.pick(fences);
    if (rand.chance(0.5)) {
      // drawn first on the parallel edge one cell over (if open), rubbed out
      const side = rand.chance(0.5) ? 1 : -1;
      const e: Edge = f.kind === 'h' ? { kind: 'h', row: f.row + side, col: f.col } : { kind: 'v', row: f.row, col: f.col + side };
      const inside = e.kind === 'h' ? e.row >= 1 && e.row < rows : e.col >= 1 && e.col < cols;
      if (inside && !fenced(e) && !used.has(id(e))) {
        used.add(id(e));
        const [a, b] = ends(e);
        rub(line(a, b, rand.range(1, 1.8), rand.normal() * 0.05), rand.range(k.ghostAlpha[0], k.ghostAlpha[1]), rand.range(0.1, 0.6));
        marks.push({ what: 'redrawn', kind: e.kind, row: e.row, col: e.col });
        continue;
      }
    }
    // drawn first beside the fence's own line (0.12-0.3 cell off), rubbed out: the edge is fenced either way
    const [a, b] = ends(f);
    rub(line(a, b, rand.range(1, 1.6), (rand.chance(0.5) ? 1 : -1) * rand.range(0.12, 0.3)), rand.range(k.ghostAlpha[0], k.ghostAlpha[1]), rand.range(0.1, 0.6));
    marks.push({ what: 'beside', kind: f.kind, row: f.row, col: f.col });
  }
  const holes = new Set(state.holes.map(([r, c]) => r * cols + c));
  for (let n = 0; n < k.holes; n++) {
    let cellRC: Cell | null = null;
    for (let t = 0; t < 30 && !cellRC; t++) {
      const r = rand.int(0, rows - 1);
      const c = rand.int(0, cols - 1);
      if (!holes.has(r * cols + c)) cellRC = [r, c];
    }
    if (!cellRC) break;
    holes.add(cellRC[0] * cols + cellRC[1]);
    const [x, y] = V(cellRC[0], cellRC[1]);
    const i = cell * rand.range(0.08, 0.16);
    const calm: Hand = { ...ghostHand(rand.range(1, 1.5)), overshoot: 0 };
    const left = rand.range(k.ghostAlpha[0], k.ghostAlpha[1]);
    rub([...handLine(rand, [x + i, y + i], [x + cell - i, y + cell - i], calm, cell), ...handLine(rand, [x + cell - i, y + i], [x + i, y + cell - i], calm, cell)], left, rand.range(0.1, 0.6));
    marks.push({ what: 'hole', kind: 'cell', row: cellRC[0], col: cellRC[1] });
  }
  return { strokes, marks };
}
