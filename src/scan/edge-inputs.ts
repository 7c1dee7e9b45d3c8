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
  /**
   * The edges meeting each edge's two ends, six entries an edge (`MEETING`): at each end the edge straight on, then
   * the two across; each an index into `edges`, BORDERLINE or OUTSIDE. Looked up once a sheet, not per model.
   */
  meeting: Int32Array;
}

/** Entries of EdgeIndex.meeting for an edge of the borderline (fenced) and for no edge (past the land). */
export const BORDERLINE = -2;
export const OUTSIDE = -1;
/** Entries an edge has in EdgeIndex.meeting: at each of its two ends, the edge straight on and the two across. */
const MEETING = 6;

export function edgeIndex(edges: { kind: 'h' | 'v'; row: number; col: number }[], rows: number, cols: number): EdgeIndex {
  const W = cols + 1;
  const vBase = (rows + 1) * W;
  const map = new Int32Array(vBase * 2).fill(-1);
  edges.forEach((e, i) => (map[(e.kind === 'h' ? 0 : vBase) + e.row * W + e.col] = i));
  const at = (kind: 'h' | 'v', row: number, col: number) => {
    if (row < 0 || col < 0 || row > rows || col > cols) return -1;
    if (kind === 'h' ? col >= cols : row >= rows) return -1;
    return map[(kind === 'h' ? 0 : vBase) + row * W + col];
  };
  const entry = (kind: 'h' | 'v', row: number, col: number) => {
    const j = at(kind, row, col);
    if (j >= 0) return j;
    const border = kind === 'h' ? (row === 0 || row === rows) && col >= 0 && col < cols : (col === 0 || col === cols) && row >= 0 && row < rows;
    return border ? BORDERLINE : OUTSIDE;
  };
  const meeting = new Int32Array(edges.length * MEETING);
  edges.forEach((e, i) => {
    let k = i * MEETING;
    for (const end of meetingAt(e.kind, e.row, e.col)) {
      meeting[k++] = entry(...end.straight);
      for (const o of end.others) meeting[k++] = entry(...o);
    }
  });
  return { rows, cols, at, meeting };
}

type EdgeAt = ['h' | 'v', number, number];

/** The two end vertices of an edge and, at each, the other edges meeting there (the first one straight on). */
export function meetingAt(kind: 'h' | 'v', row: number, col: number): { straight: EdgeAt; others: EdgeAt[] }[] {
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
  // every edge's row a view of one buffer (one allocation a photo, not hundreds)
  const all = new Float64Array(edges.length * LOCAL_INPUTS.length);
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
    // at each end, the stroke straight on and the strongest across (none past the land or on the borderline)
    const m = i * MEETING;
    const q30 = (j: number) => (j >= 0 ? strokes[j].q30 : 0);
    const straight = [q30(idx.meeting[m]), q30(idx.meeting[m + 3])];
    const meet = [Math.max(0, q30(idx.meeting[m + 1]), q30(idx.meeting[m + 2])), Math.max(0, q30(idx.meeting[m + 4]), q30(idx.meeting[m + 5]))];
    const thirds = [...e.thirds].sort((x, y) => x - y);
    const line = lines.get(lineKey(e.kind, e.row, e.col));
    const head = [
      r(s.q30), r(s.q50), r(s.q70), Math.abs(s.offset), s.drift, s.spread, s.crisp, r(s.second[0]), r(s.second[1]), r(s.second[2]),
      r(s.profile[0]), r(s.profile[1]), r(s.profile[2]), r(s.profile[3]),
      r(Math.min(f[0], f[4])), r(Math.max(f[0], f[4])), r(f[2]), r(Math.min(f[1], f[3])),
      cap(s.most / Math.max(0.02, cal.mostLevel)), s.chroma - cal.chroma, cal.chroma,
      r(e.score), r(e.presence), r(e.low), r(e.median), r(e.path), r(e.ridge), r(e.noise), Math.min(2, e.oblique),
      r(thirds[0]), r(thirds[1]), r(thirds[2]),
      Math.max(0.2, Math.min(1.3, e.light)), e.glare >= GLARE ? 1 : 0, e.across,
      cal.level, cal.threshold / K, cal.blank / K, Math.min(1, dotMisfit),
      Math.max(shade[0], shade[1]), Math.min(shade[0], shade[1]), Math.max(cross[0], cross[1]), Math.max(fill[0], fill[1]),
      r(Math.min(straight[0], straight[1])), r(Math.max(straight[0], straight[1])), rx(Math.min(meet[0], meet[1])), rx(Math.max(meet[0], meet[1])),
      line ? r(line.median) : 0, line ? r(line.spread) : 0, line ? r(line.beyond) : 0,
    ];
    // (the band's picture written after, not spread into the list: a spread makes an iterator and a copy an edge)
    const x = all.subarray(i * LOCAL_INPUTS.length, (i + 1) * LOCAL_INPUTS.length);
    x.set(head);
    for (let k = 0; k < s.patch.length; k++) x[head.length + k] = r(s.patch[k]);
    return x;
  });
}

/** Each edge's context model inputs: its local inputs and what the local model made of the edges meeting it. */
export function contextInputs(local: Float64Array[], edges: { kind: 'h' | 'v'; row: number; col: number }[], p: Float64Array, idx: EdgeIndex): Float64Array[] {
  // the borderline is fenced, outside the land nothing is
  const pAt = (j: number) => (j >= 0 ? p[j] : j === BORDERLINE ? 1 : 0);
  const { meeting } = idx;
  // every row a view of one buffer: a photo's hundreds of rows, eight models over, make one allocation, not thousands
  const width = (local[0]?.length ?? 0) + 7;
  const all = new Float64Array(edges.length * width);
  return edges.map((_, i) => {
    let fencedEnds = 0;
    let deadEnds = 0;
    const ends: number[] = [];
    for (let m = i * MEETING; m < (i + 1) * MEETING; m += 3) {
      const st = pAt(meeting[m]);
      const a = pAt(meeting[m + 1]);
      const b = pAt(meeting[m + 2]);
      ends.push(st, Math.max(a, b));
      const n = (st >= 0.5 ? 1 : 0) + (a >= 0.5 ? 1 : 0) + (b >= 0.5 ? 1 : 0);
      if (n > 0) fencedEnds++;
      if (n === 1) deadEnds++;
    }
    // (the local inputs copied whole: spreading a typed array into a list reads it element by element)
    const own = local[i];
    const x = all.subarray(i * width, (i + 1) * width);
    x.set(own);
    const [st0, meet0, st1, meet1] = ends;
    const k = own.length;
    x[k] = Math.min(st0, st1);
    x[k + 1] = Math.max(st0, st1);
    x[k + 2] = Math.min(meet0, meet1);
    x[k + 3] = Math.max(meet0, meet1);
    x[k + 4] = fencedEnds;
    x[k + 5] = deadEnds;
    x[k + 6] = p[i];
    return x;
  });
}
