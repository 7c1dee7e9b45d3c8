import type { InkMap } from './inkmap.js';
import { quantile, sortedQuantile } from './sample.js';

/** What the ink map shows along one interior edge. */
export interface EdgeFeature {
  kind: 'h' | 'v';
  row: number;
  col: number;
  /** Ink (0..1) that 70% of the edge reaches: a drawn line is continuous, printed dots cover under half. */
  score: number;
  /** Ink that 40% of the edge reaches: high for a dark stroke with gaps, low for an erased smudge. */
  presence: number;
  /** Dimmest paper along the edge relative to the land's typical paper (below 1 in a shadow). */
  light: number;
  /** Brightest paper along the edge relative to the land's typical paper (above 1 in a glare spot). */
  glare: number;
  /**
   * Darker over brighter paper either side of the edge, the most uneven of five points along it: low where a
   * shadow's edge runs along the line, which can swallow a faint stroke on it while the line itself looks lit.
   */
  across: number;
  /** Ink that 90% of the edge reaches (a whole stroke) and that half of it reaches. */
  low: number;
  median: number;
  /** Typical ink on lines a third of a cell inside the neighbouring cells, the quieter side: the paper's own noise. */
  noise: number;
  /** Median ink of the edge's first, middle and last third: a stroke's gap keeps both ends, an overshoot one. */
  thirds: [number, number, number];
  /** Ink that 70% of the best smooth path through the band reaches (see pathProfile). */
  path: number;
  /** What 70% of the edge reaches on the ridge map across it (ridge.ts): a faint line on a shadow's edge shows here. */
  ridge: number;
  /**
   * Ridge along the edge over ridge across it, at the sharpest dip of each step: near 0 for a line running with the
   * edge, higher for hatch lines, X strokes and doodles crossing the band at a slant.
   */
  oblique: number;
  /** Where the printed dots lie: their phase along the edge and the shift of their line across it (pixels). */
  phase: number;
  shift: number;
}

/** What the ink map shows in one cell. */
export interface CellFeature {
  row: number;
  col: number;
  /** The best stroke found from near each corner to near the opposite one, as an ink profile. */
  diagonals: [Float32Array, Float32Array];
  /** Ink of every pixel of the inner cell, for the hatching test. */
  inner: Uint8Array;
  /** Darkness of the cell's inner area against its four neighbours' (dense shading reads as a tone, not as lines). */
  tone: number;
  /** How even the light is around the cell: darkest / brightest neighbour (low at a shadow's edge). */
  evenness: number;
  /** How even the paper is across the cell itself: darkest / brightest paper level (low in striped light). */
  paperEven: number;
  /** Dimmest paper in the cell relative to the land's typical paper (below 1 in a shadow). */
  light: number;
  /** Brightest paper in the cell relative to the land's typical paper where it is clipped (above 1 in a glare spot). */
  glare: number;
}

/** Printed grid dots per cell side (src/render/land.ts), one on each vertex. */
const DOTS_PER_CELL = 6;
/** Half the width of the band searched for a drawn line either side of an edge, in cells (a wobbly hand strays). */
export const BAND = 0.14;
/** Half the width of the stretch around each printed dot left out of an edge's profile, in cells. */
const DOT_CLEAR = 0.055;

/**
 * An edge's pixels in a straightened map: step `s` along the edge from its first vertex and `o` across it sit at
 * `base + s * along + o * across` (for a horizontal edge, along is one pixel and across one row; the other way round
 * for a vertical one).
 */
export function edgeAxes(m: InkMap, kind: 'h' | 'v', row: number, col: number): { base: number; along: number; across: number } {
  const base = (m.margin + row * m.cell) * m.width + m.margin + col * m.cell;
  return kind === 'h' ? { base, along: 1, across: m.width } : { base, along: m.width, across: 1 };
}

/**
 * Ink along an axis-aligned edge, the darkest pixel across the band from `lo` to `hi` pixels off its line, at
 * the steps between the printed dots only (at `phase`, see dotPhase): where the grid prints nothing, any ink is
 * a hand's.
 */
function edgeProfile(m: InkMap, kind: 'h' | 'v', row: number, col: number, t0: number, t1: number, lo: number, hi: number, phase: number): Float32Array {
  const from = Math.round(t0 * m.cell);
  const to = Math.round(t1 * m.cell);
  const all = bandMax(m, kind, row, col, from, to, lo, hi);
  const values: number[] = [];
  for (let s = from; s < to; s++) if (betweenDots(s, phase, m.cell)) values.push(all[s - from]);
  return Float32Array.from(values);
}

/**
 * Where along an edge its printed dots are (pixels off where the geometry puts them: a curled sheet shifts them):
 * the phase of the 6-per-cell comb whose teeth are darkest across the band.
 */
function dotPhase(m: InkMap, kind: 'h' | 'v', row: number, col: number, t0: number, t1: number, band: number): number {
  const { cell } = m;
  const from = Math.round(t0 * cell);
  const to = Math.round(t1 * cell);
  const all = bandMax(m, kind, row, col, from, to, -band, band);
  const period = cell / DOTS_PER_CELL;
  const search = Math.max(2, Math.round(cell * 0.06));
  let phase = 0;
  let bestTeeth = -1;
  for (let ph = -search; ph <= search; ph++) {
    let sum = 0;
    let n = 0;
    for (let s = from; s < to; s++) {
      const f = (s + 0.5 - ph) / period;
      if (Math.abs(f - Math.round(f)) * period <= 1) {
        sum += all[s - from];
        n++;
      }
    }
    const teeth = n ? sum / n : 0;
    if (teeth > bestTeeth + 1e-6) {
      bestTeeth = teeth;
      phase = ph;
    }
  }
  return phase;
}

/** The darkest ink across the band from `lo` to `hi` pixels off the edge's line, at each step `from` to `to`. */
function bandMax(m: InkMap, kind: 'h' | 'v', row: number, col: number, from: number, to: number, lo: number, hi: number): Float32Array {
  const { base, along, across } = edgeAxes(m, kind, row, col);
  const all = new Float32Array(to - from);
  for (let s = from; s < to; s++) {
    let best = 0;
    for (let o = lo; o <= hi; o++) {
      const v = m.ink[base + s * along + o * across];
      if (v > best) best = v;
    }
    all[s - from] = best / 255;
  }
  return all;
}

/** How far across (in cells) the printed dots are looked for off where the geometry puts their line. */
const DOT_SHIFT = 0.1;
/** Ink (0..255) by which the dots must stand out from the gaps between them for their line to be trusted. */
const DOT_CONTRAST = 12;

/**
 * Where across the band the printed dots lie (pixels off the geometric line): a sheet curled inside the land
 * bends its lines away from where the borderline's fit puts them, and a wobbly stroke beside a displaced line
 * would leave the band. At each offset the ink at the dots is compared with the ink between them, so a stroke
 * along the line (which darkens both) does not pull the band; 0 when no offset shows the dots clearly.
 */
function dotLineOffset(m: InkMap, kind: 'h' | 'v', row: number, col: number, t0: number, t1: number, phase: number): number {
  const { cell } = m;
  const from = Math.round(t0 * cell);
  const to = Math.round(t1 * cell);
  const { base, along, across } = edgeAxes(m, kind, row, col);
  const period = cell / DOTS_PER_CELL;
  const reach = Math.max(1, Math.round(cell * DOT_SHIFT));
  const contrast = new Float64Array(2 * reach + 1);
  for (let o = -reach; o <= reach; o++) {
    let teeth = 0;
    let nt = 0;
    let gaps = 0;
    let ng = 0;
    for (let s = from; s < to; s++) {
      const f = (s + 0.5 - phase) / period;
      const d = Math.abs(f - Math.round(f)) * period;
      const v = m.ink[base + s * along + o * across];
      if (d <= 1) {
        teeth += v;
        nt++;
      } else if (d >= DOT_CLEAR * cell) {
        gaps += v;
        ng++;
      }
    }
    contrast[o + reach] = (nt ? teeth / nt : 0) - (ng ? gaps / ng : 0);
  }
  let top = 0;
  for (const c of contrast) if (c > top) top = c;
  // dots hidden (under a stroke, in glare) or already on the line: the geometry stands
  if (top < DOT_CONTRAST || contrast[reach] >= 0.9 * top) return 0;
  // the middle of the offsets where the dots show nearly as clearly as at best (a dot is a few pixels wide)
  let sum = 0;
  let weight = 0;
  for (let o = -reach; o <= reach; o++) {
    const c = contrast[o + reach];
    if (c >= 0.7 * top) {
      sum += o * c;
      weight += c;
    }
  }
  return Math.round(sum / weight);
}

/** Whether step `s` along an edge (pixels from its start vertex) is clear of the printed dots at `phase`. */
function betweenDots(s: number, phase: number, cell: number): boolean {
  const period = cell / DOTS_PER_CELL;
  const f = (s + 0.5 - phase) / period;
  return Math.abs(f - Math.round(f)) * period >= DOT_CLEAR * cell;
}

/**
 * The ridge map across an edge (its sharpest dip across the band at each step between the printed dots): what 70%
 * of the edge reaches, and how much the ridge along the edge at those dips is of it (see EdgeFeature.oblique).
 */
function ridgeProfile(m: InkMap, kind: 'h' | 'v', row: number, col: number, t0: number, t1: number, band: number, phase: number, offset: number): { ridge: number; oblique: number } {
  const { cell } = m;
  const ridgeAcross = kind === 'h' ? m.ridge.h : m.ridge.v;
  const ridgeAlong = kind === 'h' ? m.ridge.v : m.ridge.h;
  const { base, along, across } = edgeAxes(m, kind, row, col);
  const values: number[] = [];
  let sumAcross = 0;
  let sumAlong = 0;
  for (let s = Math.round(t0 * cell); s < Math.round(t1 * cell); s++) {
    if (!betweenDots(s, phase, cell)) continue;
    let best = -1;
    let at = 0;
    for (let o = offset - band; o <= offset + band; o++) {
      const i = base + s * along + o * across;
      if (ridgeAcross[i] > best) {
        best = ridgeAcross[i];
        at = i;
      }
    }
    values.push(best / 255);
    sumAcross += best;
    sumAlong += ridgeAlong[at];
  }
  return { ridge: quantile(Float32Array.from(values), 0.3), oblique: sumAcross > 0 ? sumAlong / sumAcross : 0 };
}

/** Brightest paper relative to the land's typical paper where it is clipped (a glare spot), else 1. */
const glareOf = (bright: number, paperLevel: number) => (bright >= 250 ? bright / Math.max(1, paperLevel) : 1);

/** How far either side of an edge its paper is compared (in cells): past the ink map's closing, inside the cells. */
const ACROSS_OFFSET = 0.2;

/** Steps either side averaged along the line before the path search: a stroke is continuous, noise is not. */
const PATH_SMOOTH = 2;

/**
 * Ink along the best smooth path through the band (dynamic programming, moving at most one pixel across per
 * step), over the steps between the printed dots. A wobbly stroke is one such path; noise and the ends of
 * hatch lines, which the darkest-pixel profile picks up step by step, are not.
 */
function pathProfile(m: InkMap, kind: 'h' | 'v', row: number, col: number, t0: number, t1: number, band: number, phase: number, offset: number): Float32Array {
  const { cell } = m;
  const { base, along, across } = edgeAxes(m, kind, row, col);
  const from = Math.round(t0 * cell);
  const L = Math.round(t1 * cell) - from;
  const O = 2 * band + 1;
  const valid = new Uint8Array(L);
  for (let s = 0; s < L; s++) valid[s] = betweenDots(from + s, phase, cell) ? 1 : 0;
  // Smoothed along the line over the valid steps only.
  const sm = new Float32Array(L * O);
  for (let o = 0; o < O; o++) {
    for (let s = 0; s < L; s++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, s - PATH_SMOOTH); k <= Math.min(L - 1, s + PATH_SMOOTH); k++) {
        if (!valid[k]) continue;
        sum += m.ink[base + (from + k) * along + (offset + o - band) * across];
        n++;
      }
      sm[s * O + o] = n ? sum / (255 * n) : 0;
    }
  }
  const acc = new Float32Array(L * O);
  const back = new Int8Array(L * O);
  for (let o = 0; o < O; o++) acc[o] = sm[o];
  for (let s = 1; s < L; s++)
    for (let o = 0; o < O; o++) {
      let best = -1;
      let step = 0;
      for (let d = -1; d <= 1; d++) {
        const p = o + d;
        if (p >= 0 && p < O && acc[(s - 1) * O + p] > best) {
          best = acc[(s - 1) * O + p];
          step = d;
        }
      }
      acc[s * O + o] = best + sm[s * O + o];
      back[s * O + o] = step;
    }
  let o = 0;
  for (let k = 1; k < O; k++) if (acc[(L - 1) * O + k] > acc[(L - 1) * O + o]) o = k;
  const out: number[] = [];
  for (let s = L - 1; s >= 0; s--) {
    if (valid[s]) out.push(sm[s * O + o]);
    o += back[s * O + o];
  }
  return Float32Array.from(out);
}

/** Where the noise lines run, in cells from the edge: inside the cell, clear of a wobbly fence and of X ends. */
const NOISE_OFFSET = 0.3;

/** Median ink along a line parallel to an edge, `offset` cells across, over its middle 0.2..0.8. */
function sideNoise(m: InkMap, kind: 'h' | 'v', row: number, col: number, offset: number): number {
  const { cell } = m;
  const { base, along, across } = edgeAxes(m, kind, row, col);
  const from = Math.round(0.2 * cell);
  const to = Math.round(0.8 * cell);
  const o = Math.round(offset * cell);
  const vals = new Float32Array(to - from);
  for (let s = from; s < to; s++) vals[s - from] = m.ink[base + s * along + o * across] / 255;
  return quantile(vals, 0.5);
}

const edgeSpan = (kind: 'h' | 'v', row: number, col: number, [cr, cc]: [number, number]): [number, number] => {
  // The bold center point reaches further along its four edges than a grid dot does.
  const aIsCenter = row === cr && col === cc;
  const bIsCenter = kind === 'h' ? row === cr && col + 1 === cc : row + 1 === cr && col === cc;
  return [aIsCenter ? 0.27 : 0.2, bIsCenter ? 0.73 : 0.8];
};

/** Collinear edges either side whose dots' offsets are pooled (median): a curl bends a line smoothly, hatching beside one edge does not move it. */
const SHIFT_POOL = 2;

/** Samples every interior edge. Its ends are skipped: vertex dots, the center point and crossing fences live there. */
export function edgeFeatures(m: InkMap, rows: number, cols: number, center: [number, number]): EdgeFeature[] {
  const out: EdgeFeature[] = [];
  const band = Math.max(2, Math.round(m.cell * BAND));
  // Where each edge's dots lie: their phase along it, and their line across, pooled along the grid line.
  const places: { kind: 'h' | 'v'; row: number; col: number; t0: number; t1: number; phase: number; raw: number }[] = [];
  for (let i = 1; i < rows; i++) for (let j = 0; j < cols; j++) places.push(place('h', i, j));
  for (let i = 0; i < rows; i++) for (let j = 1; j < cols; j++) places.push(place('v', i, j));
  function place(kind: 'h' | 'v', row: number, col: number) {
    const [t0, t1] = edgeSpan(kind, row, col, center);
    const phase = dotPhase(m, kind, row, col, t0, t1, band);
    return { kind, row, col, t0, t1, phase, raw: dotLineOffset(m, kind, row, col, t0, t1, phase) };
  }
  const rawAt = new Map(places.map((p) => [`${p.kind}${p.row},${p.col}`, p.raw]));
  const shiftOf = (kind: 'h' | 'v', row: number, col: number) => {
    const pool: number[] = [];
    for (let k = -SHIFT_POOL; k <= SHIFT_POOL; k++) {
      const r = rawAt.get(kind === 'h' ? `h${row},${col + k}` : `v${row + k},${col}`);
      if (r !== undefined) pool.push(r);
    }
    pool.sort((a, b) => a - b);
    return pool[pool.length >> 1];
  };
  for (const { kind, row, col, t0, t1, phase } of places) {
    // Light along the edge, at five points, and either side of it: shadows and glare spots have sharp edges.
    let dim = 255;
    let bright = 0;
    let across = 1;
    const { base, along, across: acrossStep } = edgeAxes(m, kind, row, col);
    const step = Math.round(m.cell * ACROSS_OFFSET) * acrossStep;
    for (const f of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      const i = base + Math.round(f * m.cell) * along;
      const p = m.paper[i];
      if (p < dim) dim = p;
      if (p > bright) bright = p;
      const a = m.paper[i - step];
      const b = m.paper[i + step];
      across = Math.min(across, Math.min(a, b) / Math.max(1, a, b));
    }
    const shift = shiftOf(kind, row, col);
    const prof = edgeProfile(m, kind, row, col, t0, t1, shift - band, shift + band, phase);
    const path = quantile(pathProfile(m, kind, row, col, t0, t1, band, phase, shift), 0.3);
    const noise = Math.min(sideNoise(m, kind, row, col, -NOISE_OFFSET), sideNoise(m, kind, row, col, NOISE_OFFSET));
    const sorted = Float64Array.from(prof).sort();
    const { ridge, oblique } = ridgeProfile(m, kind, row, col, t0, t1, band, phase, shift);
    out.push({
      kind, row, col,
      score: sortedQuantile(sorted, 0.3), presence: sortedQuantile(sorted, 0.6),
      light: dim / Math.max(1, m.paperLevel), glare: glareOf(bright, m.paperLevel), across,
      low: sortedQuantile(sorted, 0.1), median: sortedQuantile(sorted, 0.5), noise, path, ridge, oblique,
      thirds: [0, 1, 2].map((k) => quantile(prof.subarray(Math.floor((k * prof.length) / 3), Math.floor(((k + 1) * prof.length) / 3)), 0.5)) as [number, number, number],
      phase, shift,
    });
  }
  return out;
}

/** How far into a possibly hatched cell the measure away from it still looks, in cells: the usual reach first. */
export const AWAY_REACH = [0.03, 0, 0.06, 0.09] as const;

/**
 * An edge's score measured with its band kept out of one neighbouring cell (the side that may be hatched:
 * hatch lines end a little inside their cell, where a wobbly fence would also be looked for), reaching
 * `reach` cells into that side (at least a pixel, none for 0). `side` is +1 for the cell below / right of
 * the edge, -1 for the cell above / left.
 */
export function edgeScoreAway(m: InkMap, e: EdgeFeature, center: [number, number], side: 1 | -1, reach: number = AWAY_REACH[0]): { score: number; presence: number } {
  const band = Math.max(2, Math.round(m.cell * BAND));
  const near = reach > 0 ? Math.max(1, Math.round(m.cell * reach)) : 0;
  const [t0, t1] = edgeSpan(e.kind, e.row, e.col, center);
  const [lo, hi] = side > 0 ? [-band, near] : [-near, band];
  const prof = edgeProfile(m, e.kind, e.row, e.col, t0, t1, e.shift + lo, e.shift + hi, e.phase);
  return { score: quantile(prof, 0.3), presence: quantile(prof, 0.6) };
}

/** Ink along the segment (x0, y0)-(x1, y1) from t0 to t1, darkest within +-1 px across. */
function lineProfile(m: InkMap, x0: number, y0: number, x1: number, y1: number, t0: number, t1: number): Float32Array {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const steps = Math.max(6, Math.round((t1 - t0) * len));
  const nx = -(y1 - y0) / len;
  const ny = (x1 - x0) / len;
  const prof = new Float32Array(steps);
  for (let k = 0; k < steps; k++) {
    const t = t0 + ((k + 0.5) / steps) * (t1 - t0);
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t;
    let best = 0;
    for (let o = -1; o <= 1; o++) {
      const v = m.ink[Math.round(y + ny * o) * m.width + Math.round(x + nx * o)];
      if (v > best) best = v;
    }
    prof[k] = best / 255;
  }
  return prof;
}

/**
 * How good a candidate X stroke is: mean ink over the stretch crossCoverage counts (0.18..0.82 of the
 * diagonal), each value clipped, so that the borderline or a fence crossing an end cannot outweigh a faint
 * stroke running the whole way.
 */
function strokeScore(p: Float32Array): number {
  const a = Math.round(((0.18 - 0.1) / 0.8) * p.length);
  const b = Math.round(((0.82 - 0.1) / 0.8) * p.length);
  let s = 0;
  for (let i = a; i < b; i++) s += p[i] < 0.25 ? p[i] : 0.25;
  return s / Math.max(1, b - a);
}

/**
 * The strongest corner-to-corner stroke: hand-drawn X strokes start and end up to a fifth of a cell away from
 * the corners, so the ends are searched on a small grid around each corner and the darkest line kept.
 */
function bestDiagonal(m: InkMap, ax: number, ay: number, bx: number, by: number): Float32Array {
  const shifts = [-0.16, -0.08, 0, 0.08, 0.16].map((f) => f * m.cell);
  let best: Float32Array | null = null;
  let bestScore = -1;
  // Coordinate search: move one end at a time, twice round. (When end b's search finds nothing better, b
  // takes a's shift: a slip, kept because the hole model was fitted on what it finds.)
  let sa = [0, 0];
  let sb = [0, 0];
  for (let round = 0; round < 2; round++) {
    for (const end of ['a', 'b'] as const) {
      let localBest = sa;
      let moved = false;
      for (const dx of shifts)
        for (const dy of shifts) {
          const pa = end === 'a' ? [dx, dy] : sa;
          const pb = end === 'b' ? [dx, dy] : sb;
          const p = lineProfile(m, ax + pa[0], ay + pa[1], bx + pb[0], by + pb[1], 0.1, 0.9);
          const sc = strokeScore(p);
          if (sc > bestScore) {
            bestScore = sc;
            best = p;
            localBest = end === 'a' ? pa : pb;
            moved = true;
          }
        }
      if (end === 'a') sa = localBest;
      else sb = localBest;
      // Round two: with end a where it was, end b's search would try round one's lines again.
      if (round === 1 && !moved) return best!;
    }
  }
  return best!;
}

/** The profile of a diagonal with no ink on it (as long as lineProfile's over 0.1..0.9 of a diagonal). */
const emptyDiagonal = (cell: number) => new Float32Array(Math.max(6, Math.round(0.8 * cell * Math.SQRT2)));

/** Median brightness (brightest channel) of each cell's inner area, from the straightened photo. */
function cellTones(m: InkMap, rows: number, cols: number): Float64Array {
  const { cell, margin, width, rgb } = m;
  const lo = Math.round(cell * 0.2);
  const hi = Math.round(cell * 0.8);
  const out = new Float64Array(rows * cols);
  const hist = new Uint32Array(256);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      hist.fill(0);
      let n = 0;
      for (let y = lo; y < hi; y += 2)
        for (let x = lo; x < hi; x += 2) {
          const o = ((margin + r * cell + y) * width + margin + c * cell + x) * 3;
          hist[Math.max(rgb[o], rgb[o + 1], rgb[o + 2])]++;
          n++;
        }
      let acc = 0;
      let v = 0;
      while (v < 255 && acc + hist[v] < n / 2) acc += hist[v++];
      out[r * cols + c] = v;
    }
  return out;
}

/**
 * Samples both diagonals and the inner area of every cell not skipped. A cell whose inner area has almost no
 * pixel at `quiet` ink (under 3%; an X's strokes cover about a fifth of it) gets empty diagonals without the
 * stroke search, which is most of this stage's time.
 */
export function cellFeatures(m: InkMap, rows: number, cols: number, skip: (r: number, c: number) => boolean, quiet = 0): CellFeature[] {
  const out: CellFeature[] = [];
  const { cell, margin, width } = m;
  const lo = Math.round(cell * 0.15);
  const hi = Math.round(cell * 0.85);
  const tones = cellTones(m, rows, cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (skip(r, c)) continue;
      const x0 = margin + c * cell;
      const y0 = margin + r * cell;
      const inner = new Uint8Array((hi - lo) * (hi - lo));
      let k = 0;
      let inked = 0;
      const q = quiet * 255;
      for (let y = lo; y < hi; y++)
        for (let x = lo; x < hi; x++) {
          const v = (inner[k++] = m.ink[(y0 + y) * width + x0 + x]);
          if (v >= q) inked++;
        }
      const blank = quiet > 0 && inked < 0.03 * inner.length;
      const d1 = blank ? emptyDiagonal(cell) : bestDiagonal(m, x0, y0, x0 + cell, y0 + cell);
      const d2 = blank ? emptyDiagonal(cell) : bestDiagonal(m, x0 + cell, y0, x0, y0 + cell);
      const around = [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].filter(([i, j]) => i >= 0 && j >= 0 && i < rows && j < cols).map(([i, j]) => tones[i * cols + j]);
      const brightest = Math.max(...around, 1);
      const tone = Math.max(0, 1 - tones[r * cols + c] / brightest);
      // Paper level (the ink map's closing) on a 5 x 5 grid over the cell: hatching does not change it, light does.
      let lo2 = 255;
      let hi2 = 0;
      for (let a = 0; a < 5; a++)
        for (let b = 0; b < 5; b++) {
          const p = m.paper[(y0 + Math.round((0.1 + 0.2 * a) * cell)) * width + x0 + Math.round((0.1 + 0.2 * b) * cell)];
          if (p < lo2) lo2 = p;
          if (p > hi2) hi2 = p;
        }
      out.push({ row: r, col: c, diagonals: [d1, d2], inner, tone, evenness: Math.min(...around) / brightest, paperEven: lo2 / Math.max(1, hi2), light: lo2 / Math.max(1, m.paperLevel), glare: glareOf(hi2, m.paperLevel) });
    }
  }
  return out;
}

export function coverage(prof: ArrayLike<number>, level: number): number {
  let n = 0;
  for (let i = 0; i < prof.length; i++) if (prof[i] >= level) n++;
  return prof.length ? n / prof.length : 0;
}

/**
 * How well both diagonals are inked from near one corner to near the other, at a level: the least-covered of
 * three stretches (either end and the middle) of the less-covered diagonal. An X reaches the ends; a doodle in
 * the middle of the cell does not. The last tenths near the corners are left out: fences meet there.
 */
export function crossCoverage(f: CellFeature, level: number): number {
  // The profiles run from 0.1 to 0.9 along the diagonal.
  const part = (p: Float32Array, a: number, b: number) => p.subarray(Math.round(((a - 0.1) / 0.8) * p.length), Math.round(((b - 0.1) / 0.8) * p.length));
  const diag = (p: Float32Array) => Math.min(coverage(part(p, 0.18, 0.34), level), coverage(part(p, 0.34, 0.66), level), coverage(part(p, 0.66, 0.82), level));
  return Math.min(diag(f.diagonals[0]), diag(f.diagonals[1]));
}

/** Share of the inner cell inked at a level: hatching covers a third or more, doodles and eggs much less. */
export function hatchCoverage(f: CellFeature, level: number): number {
  return coverage(f.inner, level * 255);
}

/**
 * The same share on the outer ring of the inner cell only (outside its middle half): hatching fills a cell to
 * its edges, while doodles sit in the middle, so dense doodles do not pass for shading here.
 */
export function hatchRingCoverage(f: CellFeature, level: number): number {
  const n = Math.round(Math.sqrt(f.inner.length));
  const c = (n - 1) / 2;
  const r = n * 0.32; // the middle square is 0.64 of the inner cell (0.45 of the cell)
  const v = level * 255;
  let hit = 0;
  let all = 0;
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      if (Math.max(Math.abs(x - c), Math.abs(y - c)) < r) continue;
      all++;
      if (f.inner[y * n + x] >= v) hit++;
    }
  return all ? hit / all : 0;
}

/**
 * How an inner cell's ink spreads over its 3 x 3 blocks at a level: the least and the mean inked share of the
 * four corner blocks, and the centre block's. A sloppy or curved X still passes through all four corners and
 * the middle; doodles sit in the middle and leave the corners blank.
 */
export function xSpread(f: CellFeature, level: number): { cornerMin: number; cornerMean: number; center: number } {
  const n = Math.round(Math.sqrt(f.inner.length));
  const b = Math.floor(n / 3);
  const v = level * 255;
  const block = (bx: number, by: number) => {
    let hit = 0;
    for (let y = by * b; y < (by + 1) * b; y++) for (let x = bx * b; x < (bx + 1) * b; x++) if (f.inner[y * n + x] >= v) hit++;
    return hit / (b * b);
  };
  const corners = [block(0, 0), block(2, 0), block(0, 2), block(2, 2)];
  return { cornerMin: Math.min(...corners), cornerMean: (corners[0] + corners[1] + corners[2] + corners[3]) / 4, center: block(1, 1) };
}
