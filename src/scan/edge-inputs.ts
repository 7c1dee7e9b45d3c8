import { GLARE } from './inkmap.js';
import type { EdgeFeature } from './edge-features.js';
import type { StrokeCalibration } from './stroke-calibration.js';
import { PATCH_ACROSS, PATCH_ALONG, type StrokeFeature } from './stroke.js';

/**
 * What the edge models see of each interior edge. Ink values are taken over the sheet's own stroke level (the
 * typical ink of its drawn strokes), so pencil of any darkness, and pen, look alike to them.
 *
 * The local model sees the edge alone and its surroundings' ink; the context model sees that again, plus what
 * the local model made of the edges meeting it: a fence is a path, so a stroke that carries on a fence is likelier
 * one than the same stroke on its own.
 */
export const LOCAL_INPUTS = [
  // the best straight stroke in the band around the line (stroke.ts)
  'q30', 'q50', 'q70', 'offset', 'drift', 'spread', 'crisp', 'second30', 'second50', 'second70',
  'profile0', 'profile1', 'profile2', 'profile3', 'endsMin', 'endsMax', 'middle', 'innerFifths',
  // its colour against the sheet's strokes: a grey ghost on a pen's sheet is lighter in the darkest channel and less
  // coloured than the pen's fences, though as dark in the least dark one
  'most', 'colourGap', 'sheetChroma',
  // ink on the dotted line itself, between the dots (features.ts)
  'score', 'presence', 'low', 'median', 'path', 'ridge', 'noise', 'oblique', 'thirdMin', 'thirdMid', 'thirdMax',
  // light
  'light', 'glare', 'across',
  // the sheet's own levels, and how well its grid sits on the printed dots
  'level', 'threshold', 'blank', 'dotMisfit',
  // the cells either side (hatching spills onto their edges; an X's strokes end near them)
  'shadeMax', 'shadeMin', 'crossMax', 'fillMax',
  // the strokes meeting at either end
  'straightMin', 'straightMax', 'meetMin', 'meetMax',
  // the whole grid line: its edges' typical stroke and how alike they are, and ink carrying on past the borderline
  // at both ends (a crease or a ruled line across the sheet, which no fence does)
  'lineMedian', 'lineSpread', 'beyond',
  // the band at a glance (stroke.ts)
  ...Array.from({ length: PATCH_ACROSS * PATCH_ALONG }, (_, k) => `patch${k}`),
] as const;

export const CONTEXT_INPUTS = [
  ...LOCAL_INPUTS,
  'pStraightMin', 'pStraightMax', 'pMeetMin', 'pMeetMax', 'fencedEnds', 'deadEnds', 'pSelf',
] as const;

/** What the cells either side of an edge hold: hatching (shade, fill) and the strokes of an X (cross). */
export interface CellInk {
  shade: number;
  cross: number;
  fill: number;
}

/** An edge's place in the flat arrays: h(row, col) at row * (cols + 1) + col, v(row, col) after all h. */
export interface EdgeIndex {
  rows: number;
  cols: number;
  /** Index of each interior edge's entry in `edges`, by place, -1 for the borderline and outside. */
  at: (kind: 'h' | 'v', row: number, col: number) => number;
}

export function edgeIndex(edges: { kind: 'h' | 'v'; row: number; col: number }[], rows: number, cols: number): EdgeIndex {
  const W = cols + 1;
  const vBase = (rows + 1) * W;
  const map = new Int32Array(vBase * 2).fill(-1);
  edges.forEach((e, i) => (map[(e.kind === 'h' ? 0 : vBase) + e.row * W + e.col] = i));
  return {
    rows,
    cols,
    at: (kind, row, col) => {
      if (row < 0 || col < 0 || row > rows || col > cols) return -1;
      if (kind === 'h' ? col >= cols : row >= rows) return -1;
      return map[(kind === 'h' ? 0 : vBase) + row * W + col];
    },
  };
}

/** The two end vertices of an edge and, at each, the other edges meeting there (the first one straight on). */
export function meetingAt(kind: 'h' | 'v', row: number, col: number): { straight: [string, number, number]; others: [string, number, number][] }[] {
  if (kind === 'h') {
    return [
      { straight: ['h', row, col - 1], others: [['v', row - 1, col], ['v', row, col]] },
      { straight: ['h', row, col + 1], others: [['v', row - 1, col + 1], ['v', row, col + 1]] },
    ];
  }
  return [
    { straight: ['v', row - 1, col], others: [['h', row, col - 1], ['h', row, col]] },
    { straight: ['v', row + 1, col], others: [['h', row + 1, col - 1], ['h', row + 1, col]] },
  ];
}

const cap = (v: number, hi = 3) => (v > hi ? hi : v < -hi ? -hi : v);

/** The cells either side of an edge, by index into a rows x cols array (-1 outside the land). */
export function cellsBeside(kind: 'h' | 'v', row: number, col: number, rows: number, cols: number): [number, number] {
  const cell = (r: number, c: number) => (r < 0 || c < 0 || r >= rows || c >= cols ? -1 : r * cols + c);
  return kind === 'h' ? [cell(row - 1, col), cell(row, col)] : [cell(row, col - 1), cell(row, col)];
}

/** What a whole grid line shows: its edges' typical stroke (q30), their spread, and ink past both ends of the land. */
export interface GridLine {
  median: number;
  spread: number;
  beyond: number;
}

/** The grid line an edge lies on: h lines by row, v lines by column. */
export const lineKey = (kind: 'h' | 'v', row: number, col: number) => (kind === 'h' ? `h${row}` : `v${col}`);

const lineInputs = (l: GridLine | undefined, r: (v: number) => number) => (l ? [r(l.median), r(l.spread), r(l.beyond)] : [0, 0, 0]);

/** A land's edges as measured: each one's dotted-line ink and best stroke, the sheet's stroke levels, their places. */
export interface DrawnEdges {
  edges: EdgeFeature[];
  strokes: StrokeFeature[];
  cal: StrokeCalibration;
  idx: EdgeIndex;
}

/** Each edge's local model inputs, given the cells' ink, the grid lines and how well the grid sits on the dots. */
export function localInputs({ edges, strokes, cal, idx }: DrawnEdges, cells: (CellInk | null)[], lines: Map<string, GridLine>, dotMisfit: number): Float64Array[] {
  const K = Math.max(0.02, cal.level);
  const wayK = { h: Math.max(0.02, cal.way.h), v: Math.max(0.02, cal.way.v) };
  return edges.map((e, i) => {
    // each stroke over its own way's level: this edge's and those in line with it over this way's, those across over the other's
    const r = (v: number) => cap(v / wayK[e.kind]);
    const rx = (v: number) => cap(v / wayK[e.kind === 'h' ? 'v' : 'h']);
    const s = strokes[i];
    const f = s.fifths;
    const [a, b] = cellsBeside(e.kind, e.row, e.col, idx.rows, idx.cols).map((c) => (c >= 0 ? cells[c] : null));
    const shade = [a?.shade ?? 0, b?.shade ?? 0];
    const cross = [a?.cross ?? 0, b?.cross ?? 0];
    const fill = [a?.fill ?? 0, b?.fill ?? 0];
    const straight: number[] = [];
    const meet: number[] = [];
    for (const end of meetingAt(e.kind, e.row, e.col)) {
      const j = idx.at(...(end.straight as ['h' | 'v', number, number]));
      straight.push(j >= 0 ? strokes[j].q30 : 0);
      let top = 0;
      for (const o of end.others) {
        const k = idx.at(...(o as ['h' | 'v', number, number]));
        if (k >= 0) top = Math.max(top, strokes[k].q30);
      }
      meet.push(top);
    }
    const thirds = [...e.thirds].sort((x, y) => x - y);
    return Float64Array.from([
      r(s.q30), r(s.q50), r(s.q70), Math.abs(s.offset), s.drift, s.spread, s.crisp, r(s.second[0]), r(s.second[1]), r(s.second[2]),
      r(s.profile[0]), r(s.profile[1]), r(s.profile[2]), r(s.profile[3]),
      r(Math.min(f[0], f[4])), r(Math.max(f[0], f[4])), r(f[2]), r(Math.min(f[1], f[3])),
      cap(s.most / Math.max(0.02, cal.mostLevel)), s.chroma - cal.chroma, cal.chroma,
      r(e.score), r(e.presence), r(e.low), r(e.median), r(e.path), r(e.ridge), r(e.noise), Math.min(2, e.oblique),
      r(thirds[0]), r(thirds[1]), r(thirds[2]),
      Math.max(0.2, Math.min(1.3, e.light)), e.glare >= GLARE ? 1 : 0, e.across,
      cal.level, cal.threshold / K, cal.blank / K, Math.min(1, dotMisfit),
      Math.max(...shade), Math.min(...shade), Math.max(...cross), Math.max(...fill),
      r(Math.min(...straight)), r(Math.max(...straight)), rx(Math.min(...meet)), rx(Math.max(...meet)),
      ...lineInputs(lines.get(lineKey(e.kind, e.row, e.col)), r),
      ...s.patch.map(r),
    ]);
  });
}

/** Each edge's context model inputs: its local inputs and what the local model made of the edges meeting it. */
export function contextInputs(local: Float64Array[], edges: { kind: 'h' | 'v'; row: number; col: number }[], p: Float64Array, idx: EdgeIndex): Float64Array[] {
  const pAt = (kind: 'h' | 'v', row: number, col: number) => {
    const j = idx.at(kind, row, col);
    if (j >= 0) return p[j];
    // the borderline is fenced, outside the land nothing is
    const border = kind === 'h' ? (row === 0 || row === idx.rows) && col >= 0 && col < idx.cols : (col === 0 || col === idx.cols) && row >= 0 && row < idx.rows;
    return border ? 1 : 0;
  };
  return edges.map((e, i) => {
    const straight: number[] = [];
    const meet: number[] = [];
    let fencedEnds = 0;
    let deadEnds = 0;
    for (const end of meetingAt(e.kind, e.row, e.col)) {
      const st = pAt(...(end.straight as ['h' | 'v', number, number]));
      const others = end.others.map((o) => pAt(...(o as ['h' | 'v', number, number])));
      straight.push(st);
      meet.push(Math.max(...others));
      const n = [st, ...others].filter((x) => x >= 0.5).length;
      if (n > 0) fencedEnds++;
      if (n === 1) deadEnds++;
    }
    // (the local inputs copied whole: spreading a typed array into a list reads it element by element)
    const own = local[i];
    const x = new Float64Array(own.length + 7);
    x.set(own);
    x.set([Math.min(...straight), Math.max(...straight), Math.min(...meet), Math.max(...meet), fencedEnds, deadEnds, p[i]], own.length);
    return x;
  });
}
