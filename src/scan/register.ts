import type { LandGrid } from './grid.js';
import type { Photo } from './image.js';
import { DOTS_PER_CELL } from './probe.js';
import { stretchContrast } from './dot-contrast.js';
import { straighten } from './rectify.js';

/**
 * The printed dots as control points. A sheet folded into thirds or bowed bends its land inside as well as along
 * its borderline, by up to half a cell where no blend of the four sides can follow. Every interior grid line is
 * printed as dots six to a cell, so in the land straightened through the located grid each line's stretch beside
 * each cell shows where the line really runs: the offset across at which the dots stand out from the paper between
 * them (a pencil stroke along the line darkens both and is not taken for them). Each vertex moves by what its lines
 * say, smoothed over its neighbours, and the land is straightened again through the moved vertices: a warp with a
 * control point at every vertex, which a single homography is not.
 */

/** Pixels a cell in the straightened land the dots are measured in (the dots' period is then 8 pixels). */
const CELL = 48;
const MARGIN = 24;
/**
 * How far across a line its dots are looked for on the first pass, in cells: wide enough to follow a fold half a
 * cell off (beyond half a cell they are the next line's), and narrow, for a sheet whose located grid is near already:
 * there the wide reach can take the dots of a line crowded with strokes beside for its own. Both are tried.
 */
const REACH_WIDE = 0.42;
const REACH_NARROW = 0.2;
/** How far across, on the second pass, once the first has brought the lines near. */
const REACH_FINE = 0.15;
/** Dot contrast (luma levels) under which a stretch says nothing (dots hidden by a stroke, glare or shadow). */
const MIN_CONTRAST = 6;

/**
 * Each line's stretch beside each cell: how far its dots stand out from the paper between them at each offset
 * across (pixels -R..R, at index o + R). v[band * (cols + 1) + line]: vertical line `line` beside cell row `band`;
 * h[line * cols + band] likewise (the border lines' entries stay empty).
 */
interface DotContrasts {
  R: number;
  v: Float64Array[];
  h: Float64Array[];
  /** The contrast where the grid puts each stretch's line (offset 0), stretch by stretch: higher where it sits on its dots. */
  fit: Float64Array;
}

function dotContrasts(red: Uint8Array, width: number, rows: number, cols: number, reach: number): DotContrasts {
  const R = Math.round(reach * CELL);
  const v: Float64Array[] = [];
  const h: Float64Array[] = [];
  const fit: number[] = [];
  const add = (to: Float64Array[], at: number, cs: Float64Array) => {
    to[at] = cs;
    fit.push(cs[R]);
  };
  for (let line = 1; line < cols; line++) for (let band = 0; band < rows; band++) add(v, band * (cols + 1) + line, stretchContrasts(red, width, 'v', line, band, R));
  for (let line = 1; line < rows; line++) for (let band = 0; band < cols; band++) add(h, line * cols + band, stretchContrasts(red, width, 'h', line, band, R));
  return { R, v, h, fit: Float64Array.from(fit) };
}

/** Where each stretch's dots lie within `reach` (cells) of its line: offsets in pixels, NaN where they do not show. */
function offsetsWithin(d: DotContrasts, rows: number, cols: number, reach: number): { v: Float64Array; h: Float64Array } {
  const r = Math.min(d.R, Math.round(reach * CELL));
  const v = new Float64Array(rows * (cols + 1)).fill(NaN);
  const h = new Float64Array((rows + 1) * cols).fill(NaN);
  d.v.forEach((cs, k) => (v[k] = bestOffset(cs, d.R, r)));
  d.h.forEach((cs, k) => (h[k] = bestOffset(cs, d.R, r)));
  return { v, h };
}

/** One stretch's dot contrast at every offset across, -R..R pixels (dot-contrast.ts). */
function stretchContrasts(red: Uint8Array, width: number, kind: 'v' | 'h', line: number, band: number, R: number): Float64Array {
  const from = Math.round(band * CELL + 0.12 * CELL);
  const to = Math.round((band + 1) * CELL - 0.12 * CELL);
  // pixel (along, across) at base + s * step + o * side
  const step = kind === 'v' ? width : 1;
  const side = kind === 'v' ? 1 : width;
  const base = kind === 'v' ? MARGIN * width + MARGIN + line * CELL : (MARGIN + line * CELL) * width + MARGIN;
  return stretchContrast(red, from, to, base, step, side, R, CELL / DOTS_PER_CELL);
}

/** The offset (pixels) within r of the line where a stretch's dots stand out most, or NaN where they do not show. */
function bestOffset(cs: Float64Array, R: number, r: number): number {
  let bestC = 0;
  let bestO = 0;
  for (let o = -r; o <= r; o++) {
    if (cs[o + R] > bestC) {
      bestC = cs[o + R];
      bestO = o;
    }
  }
  if (bestC < MIN_CONTRAST) return NaN;
  // sub-pixel: the parabola through the best offset and its neighbours within reach; pixel o's centre lies half a
  // pixel past the line at offset o (the straightened land samples pixel centres), hence the half
  const k = bestO + R;
  let at = bestO;
  if (bestO > -r && bestO < r) {
    const den = cs[k - 1] - 2 * cs[k] + cs[k + 1];
    if (den < -1e-9) at = bestO + (0.5 * (cs[k - 1] - cs[k + 1])) / den;
  }
  return at + 0.5;
}

/** Fills the NaN of a (rows + 1) x (cols + 1) field from its neighbours, round by round; what stays empty is 0. */
function fill(f: Float64Array, rows: number, cols: number): void {
  const W = cols + 1;
  for (let round = 0; round < 6; round++) {
    const next = Float64Array.from(f);
    let empty = 0;
    for (let i = 0; i <= rows; i++)
      for (let j = 0; j <= cols; j++) {
        if (!Number.isNaN(f[i * W + j])) continue;
        const around: number[] = [];
        for (const [a, b] of [[i - 1, j], [i + 1, j], [i, j - 1], [i, j + 1]])
          if (a >= 0 && b >= 0 && a <= rows && b <= cols && !Number.isNaN(f[a * W + b])) around.push(f[a * W + b]);
        if (around.length) next[i * W + j] = around.reduce((s, x) => s + x, 0) / around.length;
        else empty++;
      }
    f.set(next);
    if (!empty) return;
  }
  for (let k = 0; k < f.length; k++) if (Number.isNaN(f[k])) f[k] = 0;
}

/** A 3 x 3 median over the field: a vertex whose lines read wrong (a stroke's edge taken for dots) follows its neighbours. */
function medianFilter(f: Float64Array, rows: number, cols: number): Float64Array {
  const W = cols + 1;
  const out = new Float64Array(f.length);
  // (sorted in place, a value at a time: the field's neighbourhoods are nine values or fewer)
  const around = new Float64Array(9);
  for (let i = 0; i <= rows; i++)
    for (let j = 0; j <= cols; j++) {
      let n = 0;
      for (let a = Math.max(0, i - 1); a <= Math.min(rows, i + 1); a++)
        for (let b = Math.max(0, j - 1); b <= Math.min(cols, j + 1); b++) {
          const x = f[a * W + b];
          if (Number.isNaN(x)) continue;
          let k = n++;
          for (; k > 0 && around[k - 1] > x; k--) around[k] = around[k - 1];
          around[k] = x;
        }
      // the lower middle value, as `median` takes it
      out[i * W + j] = n ? around[(n - 1) >> 1] : NaN;
    }
  return out;
}

/** The photo point of land coordinates (u, v) (in cells from vertex (0, 0)), bilinear in the cell holding it. */
function landToPhoto(g: LandGrid, u: number, v: number): [number, number] {
  const W = g.cols + 1;
  const j = Math.min(g.cols - 1, Math.max(0, Math.floor(u)));
  const i = Math.min(g.rows - 1, Math.max(0, Math.floor(v)));
  const fu = u - j;
  const fv = v - i;
  const a = i * W + j;
  const at = (xs: Float64Array) => (1 - fv) * ((1 - fu) * xs[a] + fu * xs[a + 1]) + fv * ((1 - fu) * xs[a + W] + fu * xs[a + W + 1]);
  return [at(g.xs), at(g.ys)];
}

/** The dots' contrasts in the land straightened through `g` (its red channel: the blue-grey dots are darkest there). */
function measure(photo: Photo, g: LandGrid, reach: number): DotContrasts {
  const { rgb: red, width } = straighten(photo, g, CELL, MARGIN, 1);
  return dotContrasts(red, width, g.rows, g.cols, reach);
}

/** The grid moved to where the stretches' offsets put its lines, smoothed over neighbouring vertices. */
function moved(g: LandGrid, off: { v: Float64Array; h: Float64Array }): LandGrid {
  const { rows, cols } = g;
  const W = cols + 1;
  // each vertex's shift across each of its two lines: the mean of the line's stretches either side of it
  const dx = new Float64Array((rows + 1) * W).fill(NaN);
  const dy = new Float64Array((rows + 1) * W).fill(NaN);
  for (let i = 0; i <= rows; i++)
    for (let j = 0; j <= cols; j++) {
      if (j > 0 && j < cols) dx[i * W + j] = mean([i > 0 ? off.v[(i - 1) * W + j] : NaN, i < rows ? off.v[i * W + j] : NaN]);
      else dx[i * W + j] = 0; // the borderline was followed already
      if (i > 0 && i < rows) dy[i * W + j] = mean([j > 0 ? off.h[i * cols + j - 1] : NaN, j < cols ? off.h[i * cols + j] : NaN]);
      else dy[i * W + j] = 0;
    }
  // how far the lines' own readings stray from their smoothed field (in cells): low where the dots agree
  const misfit: number[] = [];
  const rawX = Float64Array.from(dx);
  const rawY = Float64Array.from(dy);
  fill(dx, rows, cols);
  fill(dy, rows, cols);
  const sx = medianFilter(dx, rows, cols);
  const sy = medianFilter(dy, rows, cols);
  for (let k = 0; k < sx.length; k++) {
    if (!Number.isNaN(rawX[k])) misfit.push(Math.abs(rawX[k] - sx[k]) / CELL);
    if (!Number.isNaN(rawY[k])) misfit.push(Math.abs(rawY[k] - sy[k]) / CELL);
  }
  misfit.sort((a, b) => a - b);
  const xs = new Float64Array(g.xs.length);
  const ys = new Float64Array(g.ys.length);
  for (let i = 0; i <= rows; i++)
    for (let j = 0; j <= cols; j++) {
      const k = i * W + j;
      const [x, y] = landToPhoto(g, j + sx[k] / CELL, i + sy[k] / CELL);
      xs[k] = x;
      ys[k] = y;
    }
  return { ...g, xs, ys, dotMisfit: misfit.length ? misfit[Math.floor(0.9 * (misfit.length - 1))] : 0 };
}

const mean = (xs: number[]) => {
  const v = xs.filter((x) => !Number.isNaN(x));
  return v.length ? v.reduce((s, x) => s + x, 0) / v.length : NaN;
};

/**
 * Whether grid b's lines sit on more dots than grid a's, stretch for stretch, by more than twice the standard
 * error of the difference: two grids that differ only in a few vertices differ in their fit by chance as much.
 */
function fitsBetter(b: Float64Array, a: Float64Array): boolean {
  const n = a.length;
  if (n < 2) return false;
  let sum = 0;
  let sq = 0;
  for (let k = 0; k < n; k++) {
    const d = b[k] - a[k];
    sum += d;
    sq += d * d;
  }
  const avg = sum / n;
  const sd = Math.sqrt(Math.max(0, (sq - n * avg * avg) / (n - 1)));
  return avg > (2 * sd) / Math.sqrt(n);
}

/**
 * The grid moved onto the printed dots: a first pass, then a fine one. The first looks for the dots up to 0.42 cell
 * off their line, and again up to 0.2; the narrow grid is kept where its lines clearly sit on more dots than the wide
 * one's, and either only where its lines clearly sit on more dots than the located grid's. A land whose dots stand
 * out less, typically, than a stretch needs to say anything (faint print, blur) stays as located: its few stretches
 * that clear the bar move it as often wrong as right.
 */
export function registerToDots(photo: Photo, g: LandGrid): LandGrid {
  const first = measure(photo, g, REACH_WIDE);
  // the grid as located, when it stays (its misfit still says how little its dots agree)
  const located = (): LandGrid => ({ ...g, dotMisfit: moved(g, offsetsWithin(first, g.rows, g.cols, REACH_FINE)).dotMisfit });
  if (mean(Array.from(first.fit)) < MIN_CONTRAST) return located();
  // a moved grid's fine pass, with its fit as moved (before the fine pass: the fits compared are all first measures)
  const refined = (c: LandGrid) => {
    const m = measure(photo, c, REACH_FINE);
    return { grid: moved(c, offsetsWithin(m, c.rows, c.cols, REACH_FINE)), fit: m.fit };
  };
  const wide = moved(g, offsetsWithin(first, g.rows, g.cols, REACH_WIDE));
  const narrow = moved(g, offsetsWithin(first, g.rows, g.cols, REACH_NARROW));
  const a = refined(wide);
  // (mostly the same grid: no line's dots lay further off than the narrow reach)
  const same = wide.xs.every((x, k) => x === narrow.xs[k] && wide.ys[k] === narrow.ys[k]);
  const b = same ? undefined : refined(narrow);
  const best = b && fitsBetter(b.fit, a.fit) ? b : a;
  if (fitsBetter(best.fit, first.fit)) return best.grid;
  // Its lines sit on no more dots than the located grid's: on a flat sheet the located grid is right already, and
  // blurred dots beside strokes move it off them.
  return located();
}
