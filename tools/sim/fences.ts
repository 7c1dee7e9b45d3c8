/**
 * Fences drawn freehand, as people draw without a ruler: beside the dotted line rather than on it, tilted,
 * stopping short of the corner dots or running past them, one stroke carried over a run of edges (and round
 * corners) that drifts and wavers, strokes gone over twice. Every point of a stroke stays within `MAX_ACROSS`
 * of the grid line of the edge it draws, so a person still reads each stroke as that edge.
 */
import type { SheetState } from '../../src/engine/types.js';
import { tracePath, twoSines, type Hand, type PtStroke } from './hand.js';
import type { Rand } from './rand.js';

type P = [number, number];

/** How a hand draws fences; lengths are in cells (one cell = the distance between two corner dots). */
export interface FreehandKnobs {
  /** the hand's habitual offset across horizontal and vertical lines (signed) */
  bias: [number, number];
  /** spread of a stroke's own offset around the habit */
  spread: number;
  /** spread of the difference between a stroke's two ends across its line, per cell of stroke */
  tilt: number;
  /** chance that an end of a stroke stops short of its corner dot, and by at most how much */
  shortEnds: number;
  shortMax: number;
  /** chance that an end runs past its corner dot, and by at most how much */
  longEnds: number;
  longMax: number;
  /** amplitude of the slow waver along a stroke */
  waver: number;
  /** spread of the bow of each edge's part of a stroke */
  bow: number;
  /** chance that a stroke goes on over the next collinear fenced edge */
  join: number;
  /** chance that a stroke goes on round a corner onto a fenced edge at right angles */
  turn: number;
  /** how far a long stroke drifts across its line from one corner dot to the next (spread per cell) */
  drift: number;
  /** chance that a stroke is gone over a second time */
  double: number;
  /** multiply the hand's opacity and line width (heavy and light hands) */
  pressure: number;
  width: number;
}

/** The most a stroke's centre line strays across its grid line, in cells (a person reads it as that line). */
export const MAX_ACROSS = 0.28;
/** The most an end runs past or stops short of its corner dot, in cells. */
export const MAX_END = 0.3;

/** A hand that draws fences almost as the ruled path does, from the preset's pencil knobs. */
export function plainFreehand(k: { overshoot: number; joinProb: number; wobble: number; sloppy: number }): FreehandKnobs {
  return {
    bias: [0, 0],
    spread: 0.008,
    tilt: 0.008,
    shortEnds: 0.15,
    shortMax: 0.05,
    longEnds: 0.85,
    longMax: Math.min(MAX_END, k.overshoot * 1.9),
    waver: Math.min(0.03, (k.wobble * 0.3) / 11),
    bow: Math.min(0.02, (k.wobble * 0.4) / 11),
    join: k.joinProb,
    turn: 0,
    drift: 0.005,
    double: 0.06 + 0.1 * k.sloppy,
    pressure: 1,
    width: 1,
  };
}

/** What was drawn, measured on the strokes' centre lines (cells): the truth file keeps it. */
export interface FenceStats {
  strokes: number;
  /** strokes drawn over more than one edge */
  runs: number;
  /** the largest distance of a stroke's centre line from its own grid line */
  maxAcross: number;
  /** the longest end past a corner dot, and the shortest fraction of a fenced edge an end leaves drawn */
  maxPast: number;
  maxShort: number;
}

interface Edge {
  kind: 'h' | 'v';
  /** grid line index: row line for 'h', column line for 'v' */
  line: number;
  /** the edge's position along the line (column for 'h', row for 'v') */
  at: number;
}

/** Grid vertex (row, col) as [x, y] in cells. */
const key = (r: number, c: number) => r * 1000 + c;

/** The interior fenced edges as paths of vertices: runs of collinear edges, sometimes turning a corner. */
function fencePaths(rand: Rand, state: SheetState, rows: number, cols: number, fk: FreehandKnobs): P[][] {
  const edges = new Map<string, Edge>();
  const id = (e: Edge) => `${e.kind}${e.line},${e.at}`;
  for (let i = 1; i < rows; i++) for (let j = 0; j < cols; j++) if (state.fences.h[i][j] === '1') edges.set(`h${i},${j}`, { kind: 'h', line: i, at: j });
  for (let i = 0; i < rows; i++) for (let j = 1; j < cols; j++) if (state.fences.v[i][j] === '1') edges.set(`v${j},${i}`, { kind: 'v', line: j, at: i });
  const used = new Set<string>();
  // the fenced, unused edges at vertex (r, c) other than `from`, each with the vertex at its other end
  const around = (r: number, c: number): { e: Edge; to: P }[] => {
    const out: { e: Edge; to: P }[] = [];
    const cand: [string, P][] = [[`h${r},${c - 1}`, [c - 1, r]], [`h${r},${c}`, [c + 1, r]], [`v${c},${r - 1}`, [c, r - 1]], [`v${c},${r}`, [c, r + 1]]];
    for (const [k, to] of cand) {
      const e = edges.get(k);
      if (e && !used.has(k)) out.push({ e, to });
    }
    return out;
  };
  const paths: P[][] = [];
  const maxLen = () => rand.int(2, 9);
  for (const [k, e] of edges) {
    if (used.has(k)) continue;
    used.add(k);
    const a: P = e.kind === 'h' ? [e.at, e.line] : [e.line, e.at];
    const b: P = e.kind === 'h' ? [e.at + 1, e.line] : [e.line, e.at + 1];
    const path: P[] = [a, b];
    const limit = maxLen();
    // extend forward from the last vertex, then backward from the first
    for (const forward of [true, false]) {
      while (path.length - 1 < limit) {
        const end = forward ? path[path.length - 1] : path[0];
        const prev = forward ? path[path.length - 2] : path[1];
        const dir: P = [end[0] - prev[0], end[1] - prev[1]];
        const next = around(end[1], end[0]);
        const straight = next.find((n) => n.to[0] - end[0] === dir[0] && n.to[1] - end[1] === dir[1]);
        const bends = next.filter((n) => n !== straight);
        let pick: (typeof next)[number] | undefined;
        if (straight && rand.chance(fk.join)) pick = straight;
        else if (bends.length && rand.chance(fk.turn)) pick = rand.pick(bends);
        if (!pick) break;
        used.add(id(pick.e));
        if (forward) path.push(pick.to);
        else path.unshift(pick.to);
      }
    }
    paths.push(path);
  }
  return paths;
}

/** A slowly varying signal along a stroke (s in cells): wavelengths 0.4-3 cells. */
const waverOf = (rand: Rand, amp: number) => twoSines(rand, amp, [0.3, 1.2], [1.2, 2.6], 0.45);

/** A soft limit: |x| stays under `lim`, small values pass unchanged. */
const soft = (x: number, lim: number) => lim * Math.tanh(x / lim);

interface Built {
  /** centre line in cells */
  pts: P[];
  maxAcross: number;
  past: number;
  short: number;
}

/**
 * One stroke over `path` (vertices in cells): each vertex displaced across its lines by the hand's habit, the
 * stroke's own offset, a drift and a tilt; each edge's part bowed, the whole wavering; the ends stopped short
 * or carried past. If any point strays more than MAX_ACROSS from its edge's line, the strays are scaled back.
 */
function buildStroke(rand: Rand, path: P[], fk: FreehandKnobs, again?: { d: P[]; e0: number; e1: number }): Built & { d: P[]; e0: number; e1: number } {
  const n = path.length - 1;
  const baseLim = MAX_ACROSS - 0.04;
  let d: P[];
  if (again) {
    // going over a stroke again: close to the first pass, not on it
    const k = rand.range(0.02, 0.07);
    d = again.d.map(([x, y]) => [x + rand.normal() * k, y + rand.normal() * k]);
  } else {
    const own: P = [fk.bias[1] + rand.normal() * fk.spread, fk.bias[0] + rand.normal() * fk.spread];
    const slope: P = [rand.normal() * fk.tilt, rand.normal() * fk.tilt];
    let walk: P = [0, 0];
    d = [];
    for (let i = 0; i <= n; i++) {
      if (i > 0) walk = [walk[0] * 0.8 + rand.normal() * fk.drift, walk[1] * 0.8 + rand.normal() * fk.drift];
      const c = i - n / 2;
      d.push([soft(own[0] + slope[0] * c + walk[0] + rand.normal() * fk.tilt * 0.35, baseLim), soft(own[1] + slope[1] * c + walk[1] + rand.normal() * fk.tilt * 0.35, baseLim)]);
    }
  }
  const end = () => {
    if (rand.chance(fk.shortEnds)) return -rand.range(0.25, 1) * fk.shortMax;
    if (rand.chance(fk.longEnds)) return rand.range(0.05, 1) * fk.longMax;
    return rand.range(-0.02, 0.03);
  };
  let e0 = again ? again.e0 + rand.range(-0.06, 0.06) : end();
  let e1 = again ? again.e1 + rand.range(-0.06, 0.06) : end();
  // a one-edge stroke keeps at least half of its edge
  if (n === 1 && e0 + e1 < -0.45) {
    const f = 0.45 / -(e0 + e1);
    e0 *= f;
    e1 *= f;
  }
  e0 = Math.max(-MAX_END, Math.min(MAX_END, e0));
  e1 = Math.max(-MAX_END, Math.min(MAX_END, e1));
  const waver = waverOf(rand, fk.waver);
  const bows = Array.from({ length: n }, () => rand.normal() * fk.bow);

  // the ideal and displaced positions along each edge, with the across part kept apart so it can be limited
  const per = 10;
  const ideal: P[] = [];
  const across: number[] = [];
  const normal: P[] = [];
  let s = 0;
  for (let k = 0; k < n; k++) {
    const a = path[k];
    const b = path[k + 1];
    const u: P = [b[0] - a[0], b[1] - a[1]];
    const nrm: P = [-u[1], u[0]];
    // the along part of each end vertex's displacement moves the corner; at the stroke's ends it is replaced by e0/e1
    const t0 = k === 0 ? -e0 : d[k][0] * u[0] + d[k][1] * u[1];
    const t1 = k === n - 1 ? 1 + e1 : 1 + d[k + 1][0] * u[0] + d[k + 1][1] * u[1];
    const c0 = d[k][0] * nrm[0] + d[k][1] * nrm[1];
    const c1 = d[k + 1][0] * nrm[0] + d[k + 1][1] * nrm[1];
    const steps = Math.max(2, Math.ceil(per * (t1 - t0)));
    for (let i = k === 0 ? 0 : 1; i <= steps; i++) {
      const f = i / steps;
      const t = t0 + (t1 - t0) * f;
      const w = Math.min(1, Math.max(0, t));
      ideal.push([a[0] + u[0] * t, a[1] + u[1] * t]);
      across.push(c0 + (c1 - c0) * w + bows[k] * Math.sin(Math.PI * w) + waver(s + (t1 - t0) * f));
      normal.push(nrm);
    }
    s += t1 - t0;
  }
  let worst = 0;
  for (const a of across) worst = Math.max(worst, Math.abs(a));
  const scale = worst > MAX_ACROSS ? MAX_ACROSS / worst : 1;
  const pts: P[] = ideal.map((p, i) => [p[0] + normal[i][0] * across[i] * scale, p[1] + normal[i][1] * across[i] * scale]);
  return { pts, maxAcross: worst * scale, past: Math.max(0, e0, e1), short: Math.max(0, -e0, -e1), d, e0, e1 };
}

/** Strokes (page points) for every interior fence of `state`, drawn by `hand` the way `fk` says. */
export function freehandFences(
  rand: Rand,
  state: SheetState,
  grid: { x: number; y: number; cell: number; rows: number; cols: number },
  hand: Hand,
  fk: FreehandKnobs,
): { strokes: PtStroke[]; stats: FenceStats } {
  const { x: gx, y: gy, cell, rows, cols } = grid;
  const toPage = (p: P): P => [gx + p[0] * cell, gy + p[1] * cell];
  const stats: FenceStats = { strokes: 0, runs: 0, maxAcross: 0, maxPast: 0, maxShort: 0 };
  const strokes: PtStroke[] = [];
  const trace = (b: Built, alpha: number) => {
    const path = b.pts.map(toPage);
    const st = tracePath(rand, path, { ...hand, wobble: 0 }, { alpha, drift: 0 });
    stats.maxAcross = Math.max(stats.maxAcross, b.maxAcross);
    stats.maxPast = Math.max(stats.maxPast, b.past);
    stats.maxShort = Math.max(stats.maxShort, b.short);
    stats.strokes++;
    // the pencil sometimes skips: a gap of 0.6-2 mm somewhere in the middle
    if (!rand.chance(hand.gapProb) || st.pts.length < 12) return void strokes.push(st);
    const gap = Math.max(1, Math.round(rand.range(1, 3.3)));
    const at = rand.int(Math.floor(st.pts.length * 0.25), Math.floor(st.pts.length * 0.75) - gap);
    const cut = (i: number, j: number): PtStroke => ({ pts: st.pts.slice(i, j), w: st.w.slice(i, j), a: st.a.slice(i, j) });
    strokes.push(cut(0, at + 1), cut(at + 1 + gap, st.pts.length));
  };
  for (const path of fencePaths(rand.fork('paths'), state, rows, cols, fk)) {
    if (path.length > 2) stats.runs++;
    const first = buildStroke(rand, path, fk);
    trace(first, 1);
    if (rand.chance(fk.double)) {
      // over the whole stroke, or the part of it the hand went back to
      let i0 = 0;
      let i1 = path.length;
      if (path.length > 3 && rand.chance(0.5)) {
        i0 = rand.int(0, path.length - 3);
        i1 = rand.int(i0 + 2, path.length);
      }
      const part = path.slice(i0, i1);
      const again = { d: first.d.slice(i0, i1), e0: i0 === 0 ? first.e0 : 0, e1: i1 === path.length ? first.e1 : 0 };
      trace(buildStroke(rand, part, fk, again), rand.range(0.55, 1));
    }
  }
  return { strokes, stats };
}
