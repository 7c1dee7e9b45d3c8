import type { Board } from '../engine/board.js';
import { canLoseStrokes, GLARE, type InkCalibration } from './classify.js';
import { fenceFigures } from './consistency.js';
import { EDGE_MODEL } from './edge-model.weights.js';
import type { EdgeFeature } from './features.js';
import { guessAt, mlpProbability, type Mlp } from './mlp.js';

/**
 * The best guess for a doubtful edge. The thresholds decide what is sure; for what is not, a small model
 * trained on simulated photos (tools/sim/train-models.ts) weighs the edge's own ink against the paper's noise
 * and against its neighbours: a fence is a path, so ink that continues a fenced line is likelier a fence than
 * the same ink on its own. It only chooses values for items already flagged; it never makes an item sure.
 */

/**
 * The model's guess for a doubtful edge: a fence from this probability, whatever the thresholds read. Sheets whose
 * doubtful edges all come out right, cut at 0.5 / 0.6: in cross-validation by photo on 3,116 simulated training
 * photos 1,925 / 1,917 of 2,079 (1,932 / 1,930 with another seed), on 700 held-out photos (400 mix, 150 hard, 150
 * extreme) and the benchmark's 200, 494 / 499 of 520, the extreme ones 93 / 98 of 110. Overruling the thresholds
 * only from 80% sure of a fence or 90% of a blank, the bands an earlier, weaker model did best with, gets about 50
 * fewer in cross-validation and 487 held out; the thresholds alone 1,196 and 312.
 */
export const FENCE_CUT = 0.6;

export const modelGuess = (p: number): number => guessAt(p, FENCE_CUT);

/** The inputs, in order: the names are the model file's check that it matches this code. */
export const EDGE_INPUTS = [
  'score', 'presence', 'low', 'median', 'overNoise', 'noise', 'light', 'glare', 'inkLevel', 'scoreInLight',
  'endsFenced', 'straightOn', 'nearCenter', 'bestNeighbour', 'otherNeighbour', 'joinsCenter',
  'scoreSq', 'scoreByEnds', 'scoreByNeighbour', 'weakestThird', 'middleThird', 'strongestThird', 'doubtShare',
  'besideShading', 'awayScore', 'awayPresence', 'localFence', 'localBlank', 'localPlace', 'path', 'pathOverNoise',
  'awayTight', 'awayWide', 'awayWider', 'across', 'deadEnds', 'deadEndsWhereLost', 'ridge', 'oblique',
] as const;

/** How far around an edge (in cells, midpoint to midpoint) its neighbourhood's fences and blanks are looked at. */
const LOCAL_RADIUS = 3;

/**
 * What the reading knows around hatched cells: edges measured again away from them (`reaches`: the score at the
 * further reaches of AWAY_REACH), and those beside clear shading.
 */
export interface ShadingContext {
  away: Map<EdgeFeature, { score: number; presence: number; reaches?: number[] }>;
  besideShading: Set<EdgeFeature>;
}

export type EdgeModel = Mlp;

const cap = (v: number, hi: number) => (v > hi ? hi : v < -hi ? -hi : v);

/** Index of the edge in a board's h or v plane. */
const fenceAt = (b: Board, kind: 'h' | 'v', row: number, col: number): number => {
  if (kind === 'h') return row <= 0 || row >= b.rows || col < 0 || col >= b.cols ? -1 : b.h[row * b.cols + col];
  return col <= 0 || col >= b.cols || row < 0 || row >= b.rows ? -1 : b.v[row * (b.cols + 1) + col];
};

/** The other interior edges meeting at vertex (i, j), and which of them runs straight on from `from`. */
function edgesAt(i: number, j: number, from: 'h' | 'v', dir: -1 | 1): { kind: 'h' | 'v'; row: number; col: number; straight: boolean }[] {
  // from 'h' arriving at (i, j) going in direction dir along the row: straight on is h(i, j) if dir 1, h(i, j-1) if -1.
  return [
    { kind: 'h', row: i, col: j, straight: from === 'h' && dir === 1 },
    { kind: 'h', row: i, col: j - 1, straight: from === 'h' && dir === -1 },
    { kind: 'v', row: i, col: j, straight: from === 'v' && dir === 1 },
    { kind: 'v', row: i - 1, col: j, straight: from === 'v' && dir === -1 },
  ];
}

/** Each edge's model inputs, given the fences read so far (`board`). */
export function edgeInputs(
  edges: EdgeFeature[],
  board: Board,
  cal: InkCalibration,
  center: [number, number],
  doubtShare: number,
  shading: ShadingContext = { away: new Map(), besideShading: new Set() },
): Float64Array[] {
  const t = Math.max(1e-3, cal.threshold);
  const range = Math.max(0.02, cal.inkLevel - cal.paperLevel);
  const W = board.cols + 1;
  // Edges by place: h(row, col) at row * W + col, v(row, col) after them at (board.rows + 1) * W + row * W + col.
  const vBase = (board.rows + 1) * W;
  const byPlace: (EdgeFeature | undefined)[] = new Array(vBase * 2);
  for (const e of edges) byPlace[(e.kind === 'h' ? 0 : vBase) + e.row * W + e.col] = e;
  const figures = fenceFigures(board);
  const centerV = center[0] * W + center[1];
  const centerFigure = figures[centerV] >= 0 ? figures[centerV] : centerV;
  const local = localInk(edges, board, cal);
  return edges.map((e, index) => {
    const ends: [number, number, -1 | 1][] = e.kind === 'h' ? [[e.row, e.col, -1], [e.row, e.col + 1, 1]] : [[e.row, e.col, -1], [e.row + 1, e.col, 1]];
    let endsFenced = 0;
    let deadEnds = 0;
    let straightOn = 0;
    let nearCenter = 0;
    const best: number[] = [];
    for (const [i, j, dir] of ends) {
      const atCenter = i === center[0] && j === center[1];
      if (atCenter) nearCenter = 1;
      let meeting = 0;
      let top = 0;
      for (const n of edgesAt(i, j, e.kind, dir)) {
        if (n.kind === e.kind && n.row === e.row && n.col === e.col) continue;
        const f = fenceAt(board, n.kind, n.row, n.col);
        if (f < 0) continue;
        if (f === 1) {
          meeting++;
          if (n.straight) straightOn++;
        }
        const ne = n.row >= 0 && n.col >= 0 && n.row <= board.rows && n.col <= board.cols ? byPlace[(n.kind === 'h' ? 0 : vBase) + n.row * W + n.col] : undefined;
        if (ne) top = Math.max(top, ne.score / t);
      }
      if (meeting > 0) endsFenced++;
      // A fence ending here, in the land and away from the center point: this edge would carry it on.
      if (meeting === 1 && i > 0 && j > 0 && i < board.rows && j < board.cols && !atCenter) deadEnds++;
      best.push(Math.min(3, top));
    }
    const [a, b] = ends.map(([i, j]) => figures[i * W + j]);
    const va = ends[0][0] * W + ends[0][1];
    const vb = ends[1][0] * W + ends[1][1];
    const inCenter = (root: number, v: number) => root === centerFigure || v === centerV;
    const joinsCenter = (inCenter(a, va) && b >= 0 && !inCenter(b, vb)) || (inCenter(b, vb) && a >= 0 && !inCenter(a, va)) ? 1 : 0;
    const s = cap(e.score / t, 4);
    const light = Math.max(0.3, Math.min(1.2, e.light));
    const neighbour = Math.max(best[0], best[1]);
    const [t1, t2, t3] = e.thirds.map((v) => cap(v / t, 4));
    const measuredAway = shading.away.get(e);
    const again = measuredAway ?? e;
    return Float64Array.from([
      s, cap(e.presence / t, 4), cap(e.low / t, 4), cap(e.median / t, 4), cap((e.score - e.noise) / range, 4), cap(e.noise / t, 4),
      light, e.glare >= GLARE ? 1 : 0, cal.inkLevel, cap(s / light, 6),
      endsFenced, straightOn, nearCenter, neighbour, Math.min(best[0], best[1]), joinsCenter,
      s * s, s * endsFenced, s * neighbour, Math.min(t1, t2, t3), t2, Math.max(t1, t2, t3), doubtShare,
      shading.besideShading.has(e) ? 1 : 0, cap(again.score / t, 4), cap(again.presence / t, 4),
      cap(local.fence[index] / t, 4), cap(local.blank[index] / t, 4),
      cap((e.score - local.blank[index]) / Math.max(0.02, local.fence[index] - local.blank[index]), 4),
      cap(e.path / t, 4), cap((e.path - e.noise) / range, 4),
      ...[0, 1, 2].map((k) => cap((measuredAway?.reaches?.[k] ?? again.score) / t, 4)),
      e.across, deadEnds, canLoseStrokes(e) ? deadEnds : 0, cap(e.ridge / t, 4), Math.min(2, e.oblique),
    ]);
  });
}

/**
 * What a fence and a blank edge look like around each edge: the median score of the fences read within
 * LOCAL_RADIUS cells and the 80th percentile of the blanks' (the sheet's own levels where too few are near).
 * Pencil pressure changes over a sheet and a shadow or glare changes how ink reads; this is the local scale.
 */
function localInk(edges: EdgeFeature[], board: Board, cal: InkCalibration): { fence: Float64Array; blank: Float64Array } {
  const n = edges.length;
  const near = neighbourhoods(edges);
  const fenced = new Uint8Array(n);
  edges.forEach((e, i) => (fenced[i] = fenceAt(board, e.kind, e.row, e.col) === 1 ? 1 : 0));
  const fence = new Float64Array(n);
  const blank = new Float64Array(n);
  let most = 0;
  for (const list of near) most = Math.max(most, list.length);
  const fs = new Float64Array(most);
  const bs = new Float64Array(most);
  for (let i = 0; i < n; i++) {
    let nf = 0;
    let nb = 0;
    for (const j of near[i]) {
      if (fenced[j]) fs[nf++] = edges[j].score;
      else bs[nb++] = edges[j].score;
    }
    fence[i] = nf >= 3 ? fs.subarray(0, nf).sort()[nf >> 1] : cal.inkLevel;
    blank[i] = nb >= 5 ? bs.subarray(0, nb).sort()[Math.floor(0.8 * (nb - 1))] : cal.paperLevel;
  }
  return { fence, blank };
}

/** Each edge's neighbours within LOCAL_RADIUS (by index), worked out once per list of edges: a reading asks in every pass. */
const neighbourCache = new WeakMap<EdgeFeature[], Int32Array[]>();

function neighbourhoods(edges: EdgeFeature[]): Int32Array[] {
  const cached = neighbourCache.get(edges);
  if (cached) return cached;
  const n = edges.length;
  const mx = edges.map((e) => (e.kind === 'h' ? e.col + 0.5 : e.col));
  const my = edges.map((e) => (e.kind === 'h' ? e.row : e.row + 0.5));
  const out: Int32Array[] = [];
  const list: number[] = [];
  for (let i = 0; i < n; i++) {
    list.length = 0;
    for (let j = 0; j < n; j++) if (j !== i && Math.abs(mx[j] - mx[i]) <= LOCAL_RADIUS && Math.abs(my[j] - my[i]) <= LOCAL_RADIUS) list.push(j);
    out.push(Int32Array.from(list));
  }
  neighbourCache.set(edges, out);
  return out;
}

/** The model's probability that an edge with inputs `x` is fenced. */
export const fenceProbability = (x: Float64Array, m: EdgeModel = EDGE_MODEL): number => mlpProbability(x, m);
