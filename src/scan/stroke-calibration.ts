import { quantile } from './sample.js';
import type { StrokeFeature } from './stroke.js';

/**
 * The sheet's own ink levels, from the strokes its edges show: the split between drawn and blank edges (Otsu),
 * the typical drawn stroke and the typical blank. The models see ink over `level`, so a faint pencil sheet and a
 * pen sheet look alike to them.
 */
export interface StrokeCalibration {
  /** Typical ink of a drawn edge's stroke (its q30), 0..1. */
  level: number;
  /** The split between blank and drawn. */
  threshold: number;
  /** Typical ink of a blank edge's best line (paper noise, printed dots, stray marks). */
  blank: number;
  /** The drawn strokes' typical ink in their darkest channel (StrokeFeature.most), 0..1. */
  mostLevel: number;
  /** The drawn strokes' typical colour (StrokeFeature.chroma): near 0 for pencil, higher for a coloured pen. */
  chroma: number;
  /**
   * The level each way's strokes are measured against (h: along the rows, v: down the columns): `level`, but a
   * way's own where its strokes are far fainter than the other way's. A phone that moves while the photo is taken
   * smears the strokes across its motion into broad, pale bands and leaves those along it sharp; against the
   * sheet's level the smeared fences would read as blanks, against their own way's they read as the fences they are.
   */
  way: { h: number; v: number };
}

/** Otsu's threshold on values in 0..1 (maximises the between-class variance), on a 256-bin histogram. */
export function otsu(values: number[]): number {
  const bins = 256;
  const hist = new Float64Array(bins);
  for (const v of values) hist[Math.max(0, Math.min(bins - 1, Math.round(v * (bins - 1))))]++;
  const total = values.length;
  let sumAll = 0;
  for (let i = 0; i < bins; i++) sumAll += i * hist[i];
  let w0 = 0;
  let sum0 = 0;
  let best = 0;
  let first = 0;
  let last = 0;
  for (let t = 0; t < bins - 1; t++) {
    w0 += hist[t];
    if (w0 === 0) continue;
    const w1 = total - w0;
    if (w1 === 0) break;
    sum0 += t * hist[t];
    const m0 = sum0 / w0;
    const m1 = (sumAll - sum0) / w1;
    const between = w0 * w1 * (m0 - m1) * (m0 - m1);
    if (between > best * (1 + 1e-9)) {
      best = between;
      first = last = t;
    } else if (between >= best * (1 - 1e-9) && last === t - 1) {
      last = t; // an empty gap between the classes: every split in it is as good, keep its middle
    }
  }
  return ((first + last) / 2 + 0.5) / (bins - 1);
}

/** Below this a line is no stroke whatever the sheet (the ink map's noise floor on clean paper). */
const MIN_STROKE = 0.04;

/**
 * A way whose strokes are under this share of the other way's as dark is measured against its own level. Hands
 * press harder one way than the other by less than this; a smeared photo takes more.
 */
const WAY_FAINTER = 0.75;
/** The least share of the sheet's level a way is measured against: fainter than that a way's "strokes" are noise. */
const WAY_LEAST = 0.4;

/** Otsu's split of some edges' q30s (never under MIN_STROKE) and the q30s at or over it: the drawn strokes. */
function drawnSplit(s: number[]): { t: number; hi: number[] } {
  const t = Math.max(MIN_STROKE, otsu(s));
  return { t, hi: s.filter((x) => x >= t) };
}

/** The typical drawn stroke among some edges' q30s: the median of those over their Otsu split (NaN for under 5). */
function drawnLevel(s: number[]): number {
  const { hi } = drawnSplit(s);
  return hi.length >= 5 ? quantile(hi, 0.5) : NaN;
}

/** Each way's level (see StrokeCalibration.way), from its strokes' q30s and the other way's. */
function wayLevels(s: number[], kinds: ('h' | 'v')[], level: number): { h: number; v: number } {
  const h = drawnLevel(s.filter((_, i) => kinds[i] === 'h'));
  const v = drawnLevel(s.filter((_, i) => kinds[i] === 'v'));
  const own = (mine: number, other: number) => (mine < WAY_FAINTER * other ? Math.max(WAY_LEAST * level, mine) : level);
  return Number.isNaN(h) || Number.isNaN(v) ? { h: level, v: level } : { h: own(h, v), v: own(v, h) };
}

/** The sheet's levels from its edges' strokes and their ways (`kinds[i]` is stroke i's edge's). */
export function calibrateStrokes(strokes: StrokeFeature[], kinds: ('h' | 'v')[]): StrokeCalibration {
  const s = strokes.map((f) => f.q30);
  let { t, hi } = drawnSplit(s);
  const lo = s.filter((x) => x < t);
  const blank = lo.length ? quantile(lo, 0.5) : 0;
  // An almost blank sheet: Otsu splits the paper's noise; the drawn level falls back on a plain pencil's.
  if (hi.length < 5) {
    t = Math.max(t, 2 * blank, MIN_STROKE);
    hi = s.filter((x) => x >= t);
  }
  const level = hi.length >= 5 ? quantile(hi, 0.5) : Math.max(0.2, 2 * t);
  const drawn = strokes.filter((f) => f.q30 >= t);
  const mostLevel = drawn.length >= 5 ? quantile(drawn.map((f) => f.most), 0.5) : level;
  const chroma = drawn.length >= 5 ? quantile(drawn.map((f) => f.chroma), 0.5) : 0;
  return { level, threshold: t, blank, mostLevel, chroma, way: wayLevels(s, kinds, level) };
}
