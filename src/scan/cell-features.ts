import { glareOf, type InkMap } from './inkmap.js';

/** What the ink map shows in one cell. */
export interface CellFeature {
  row: number;
  col: number;
  /** The best stroke found from near each corner to near the opposite one, as an ink profile. */
  diagonals: [Float32Array, Float32Array];
  /** Ink of every pixel of the inner cell, for the hatching test. */
  inner: Uint8Array;
  /** The same in the darkest channel (InkMap.most): a coloured pen's shading is dark here, pale in `inner`. */
  innerMost: Uint8Array;
  /** How coloured the inner cell's ink is: 1 - its ink over its ink in the darkest channel, where inked (0 grey). */
  chroma: number;
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

let profileBuffer = new Float32Array(64);

/**
 * Ink along the segment (x0, y0)-(x1, y1) from t0 to t1, darkest within +-1 px across: a view of a buffer the next
 * call overwrites (a cell's X search draws a hundred lines and keeps one), so copy what is kept. `part`: only the
 * stretch strokeScore reads, or only the rest of the profile (that line's buffer left as the first call left it).
 */
function lineProfile(m: InkMap, x0: number, y0: number, x1: number, y1: number, t0: number, t1: number, part: 'all' | 'scored' | 'rest' = 'all'): Float32Array {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const steps = Math.max(6, Math.round((t1 - t0) * len));
  const nx = -(y1 - y0) / len;
  const ny = (x1 - x0) / len;
  if (profileBuffer.length < steps) profileBuffer = new Float32Array(steps);
  const prof = profileBuffer.subarray(0, steps);
  const [a, b] = scoredStretch(steps);
  const ends = { x0, y0, x1, y1, t0, t1, nx, ny };
  if (part === 'scored') sampleLine(m, ends, prof, a, b);
  else if (part === 'rest') {
    sampleLine(m, ends, prof, 0, a);
    sampleLine(m, ends, prof, b, prof.length);
  } else sampleLine(m, ends, prof, 0, prof.length);
  return prof;
}

/** Steps `from` to `to` of lineProfile's profile (steps of prof.length along the line). */
function sampleLine(m: InkMap, l: { x0: number; y0: number; x1: number; y1: number; t0: number; t1: number; nx: number; ny: number }, prof: Float32Array, from: number, to: number): void {
  const { x0, y0, x1, y1, t0, t1, nx, ny } = l;
  const steps = prof.length;
  const { ink, width } = m;
  for (let k = from; k < to; k++) {
    const t = t0 + ((k + 0.5) / steps) * (t1 - t0);
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t;
    let best = 0;
    for (let o = -1; o <= 1; o++) {
      const v = ink[Math.round(y + ny * o) * width + Math.round(x + nx * o)];
      if (v > best) best = v;
    }
    prof[k] = best / 255;
  }
}

/** The stretch of a profile `n` long that strokeScore reads: 0.18..0.82 of the diagonal (the profile runs 0.1..0.9). */
const scoredStretch = (n: number): [number, number] => [Math.round(((0.18 - 0.1) / 0.8) * n), Math.round(((0.82 - 0.1) / 0.8) * n)];

/**
 * How good a candidate X stroke is: mean ink over the stretch crossCoverage counts (0.18..0.82 of the
 * diagonal), each value clipped, so that the borderline or a fence crossing an end cannot outweigh a faint
 * stroke running the whole way.
 */
function strokeScore(p: Float32Array): number {
  const [a, b] = scoredStretch(p.length);
  let s = 0;
  for (let i = a; i < b; i++) s += Math.min(0.25, p[i]);
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
          // the stretch the score reads first; the rest of the line only if it is kept
          const p = lineProfile(m, ax + pa[0], ay + pa[1], bx + pb[0], by + pb[1], 0.1, 0.9, 'scored');
          const sc = strokeScore(p);
          if (sc > bestScore) {
            bestScore = sc;
            best = lineProfile(m, ax + pa[0], ay + pa[1], bx + pb[0], by + pb[1], 0.1, 0.9, 'rest').slice();
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
          // the brightest channel, compared as bytes (not through Math.max, a call a pixel in code not yet optimised)
          const a = rgb[o];
          const b = rgb[o + 1];
          const d = rgb[o + 2];
          hist[a > b ? (a > d ? a : d) : b > d ? b : d]++;
          n++;
        }
      let acc = 0;
      let v = 0;
      while (v < 255 && acc + hist[v] < n / 2) acc += hist[v++];
      out[r * cols + c] = v;
    }
  return out;
}

/** Ink in the darkest channel (0..255) from which a pixel's colour counts (under it, paper noise). */
const COLOURED = 20;

/**
 * Samples both diagonals and the inner area of every cell. A cell whose inner area has almost no
 * pixel at `quiet` ink (under 3%; an X's strokes cover about a fifth of it) gets empty diagonals without the
 * stroke search, which is most of this stage's time.
 */
export function cellFeatures(m: InkMap, rows: number, cols: number, quiet = 0): CellFeature[] {
  const out: CellFeature[] = [];
  const { cell, margin, width } = m;
  const lo = Math.round(cell * 0.15);
  const hi = Math.round(cell * 0.85);
  const tones = cellTones(m, rows, cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x0 = margin + c * cell;
      const y0 = margin + r * cell;
      const n = hi - lo;
      const inner = new Uint8Array(n * n);
      const innerMost = new Uint8Array(inner.length);
      // row by row as copies, then counted in one plain loop (the scan's first cells run in code not yet optimised)
      for (let y = 0; y < n; y++) {
        const at = (y0 + lo + y) * width + x0 + lo;
        inner.set(m.ink.subarray(at, at + n), y * n);
        innerMost.set(m.most.subarray(at, at + n), y * n);
      }
      let inked = 0;
      let least = 0;
      let darkest = 0;
      const q = quiet * 255;
      for (let k = 0; k < inner.length; k++) {
        const v = inner[k];
        const d = innerMost[k];
        if (v >= q) inked++;
        if (d >= COLOURED) {
          least += v;
          darkest += d;
        }
      }
      const chroma = darkest > 0 ? Math.max(0, 1 - least / darkest) : 0;
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
      out.push({ row: r, col: c, diagonals: [d1, d2], inner, innerMost, chroma, tone, evenness: Math.min(...around) / brightest, paperEven: lo2 / Math.max(1, hi2), light: lo2 / Math.max(1, m.paperLevel), glare: glareOf(hi2, m.paperLevel) });
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
  const ring = ringOf(Math.round(Math.sqrt(f.inner.length)));
  const v = level * 255;
  let hit = 0;
  for (let k = 0; k < ring.length; k++) if (f.inner[ring[k]] >= v) hit++;
  return ring.length ? hit / ring.length : 0;
}

let rings: { n: number; ring: Int32Array } | undefined;

/**
 * The indices of an n x n inner cell's outer ring, outside the middle square of 0.64 of its side (0.45 of the
 * cell), made once for the land's cell size: every cell asks at several levels.
 */
function ringOf(n: number): Int32Array {
  if (rings?.n !== n) {
    const c = (n - 1) / 2;
    const r = n * 0.32;
    const ring: number[] = [];
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (Math.max(Math.abs(x - c), Math.abs(y - c)) >= r) ring.push(y * n + x);
    rings = { n, ring: Int32Array.from(ring) };
  }
  return rings.ring;
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
