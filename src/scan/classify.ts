import type { CellFeature, EdgeFeature } from './features.js';
import { crossCoverage, hatchRingCoverage, xSpread } from './features.js';
import { quantile } from './sample.js';

/** The decision for one item: its value, and whether it is sure (or left to the models and a person). */
export interface Decision {
  value: boolean;
  certain: boolean;
}

/** Thresholds learnt from one sheet's own edges: how dark its pencil is and how clean its blank lines are. */
export interface InkCalibration {
  /** Score splitting blank from drawn edges. */
  threshold: number;
  /** Below this an edge is surely blank; above `drawn` surely drawn; between, a person should look. */
  blank: number;
  drawn: number;
  /** Typical score of a drawn edge and of a blank one. */
  inkLevel: number;
  paperLevel: number;
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

const mad = (xs: number[], m: number) => 1.4826 * quantile(xs.map((x) => Math.abs(x - m)), 0.5);

/** Minimum contrast a drawn line must have, whatever the sheet: below it nothing counts as ink. */
const MIN_INK = 0.035;

export function calibrateEdges(edges: EdgeFeature[]): InkCalibration {
  const s = edges.map((e) => e.score);
  let t = otsu(s);
  let lo = s.filter((x) => x < t);
  let hi = s.filter((x) => x >= t);
  // Too few on one side (an almost blank sheet): Otsu splits noise; fall back on the blank edges' spread.
  const m0 = quantile(lo.length >= 10 ? lo : s, 0.5);
  const d0 = Math.max(0.008, mad(lo.length >= 10 ? lo : s, m0));
  const floor = Math.max(MIN_INK, m0 + 4 * d0);
  if (t < floor || hi.length < 3) {
    t = Math.max(t, floor);
    lo = s.filter((x) => x < t);
    hi = s.filter((x) => x >= t);
  }
  const m1 = hi.length ? quantile(hi, 0.5) : Math.max(0.3, 2 * t);
  const d1 = hi.length >= 5 ? Math.max(0.02, mad(hi, m1)) : 0.05;
  // Surely blank well below the split, surely drawn well above it (measured on simulated sheets: blank edges
  // stay under 0.45 t, drawn ones over 1.2 t, except in the hardest photos, which these bands flag).
  const blank = Math.min(0.62 * t, Math.max(m0 + 4.5 * d0, 0.5 * t));
  const drawn = Math.max(1.22 * t, Math.min(m1 - 2.5 * d1, t + 0.5 * (m1 - t)));
  return { threshold: t, blank, drawn, inkLevel: m1, paperLevel: m0 };
}

/** Below this share of the land's paper brightness (a shadow), faint pencil can hide in the noise. */
const DIM = 0.8;
/** Clipped paper this much brighter than the land's typical paper is a glare spot: pencil there can wash out. */
export const GLARE = 1.08;

/** A cell's darkest paper over its brightest under this: a shadow's edge crosses it (its paper is not even). */
const EVEN_PAPER = 0.85;

/**
 * A cell's darkest paper over its brightest under this: the shadow's edge across it is deep enough to swallow faint
 * strokes (measured on 1,200 simulated photos, cells in shadows with pale pencil: holes read blank were 18 of 37
 * under 0.5, 12 of 41 at 0.5-0.6, 2 of 15 at 0.6-0.65, none of 31 from 0.65 up).
 */
const HIDING_STEP = 0.7;

/** Paper this much darker on one side of an edge than on the other: a shadow's edge runs along it. */
const SHADOW_EDGE = 0.85;

/**
 * Where a faint stroke can vanish without a trace: along a shadow's edge (its step of light swallows a line on
 * it) or in a glare spot. Inside an even shadow a stroke keeps its contrast, only noisier (measured on 600
 * simulated photos with pale pencil: of 1,795 fences deep in shadows none read under half the threshold; of 900
 * along a shadow's edge 77 did, and 3 of 67 in glare).
 */
export const canLoseStrokes = (e: EdgeFeature) => e.glare >= GLARE || e.across < SHADOW_EDGE;

/**
 * Ridge under this share of the threshold along a shadow's edge: no line there, however faint (measured on 400
 * simulated photos of pale pencil, outside glare: of 4,250 fences along a shadow's edge none was under 0.4; of
 * 4,790 blank edges there, 1,495 were under 0.3).
 */
const RIDGE_CLEAR = 0.3;

/**
 * Where a faint stroke may have vanished from the ink map: in a glare spot, or along a shadow's edge unless the
 * ridge map (which keeps lines on a ramp of light) shows that nothing is there.
 */
export const strokeMayHide = (e: EdgeFeature, cal: InkCalibration) => e.glare >= GLARE || (e.across < SHADOW_EDGE && e.ridge >= RIDGE_CLEAR * cal.threshold);

/**
 * Darker pencil along a shadow's edge or in glare: a blank reading is doubted where the ridge map shows a line at
 * this share of the threshold (on 1,200 simulated training photos, the 3 fences lost there showed 0.82, 1.40 and
 * 1.86; of 3,889 blank edges there read as sure blanks, 6 reached 0.8 and none 1.0; on 400 further photos, 7
 * blanks in 2 photos reached 0.8, up to 1.33, where a sharp shadow's edge itself looks like a line). A blank
 * flagged in vain costs a look; a fence lost without a flag costs the score.
 */
const RIDGE_LINE = 0.8;

export const lineMayHide = (e: EdgeFeature, cal: InkCalibration) => canLoseStrokes(e) && e.ridge >= RIDGE_LINE * cal.threshold;

/**
 * Pale pencil anywhere: a blank reading is doubted where the ridge map shows a line as strong as the threshold
 * (on 3,116 training photos, a fence of pale pencil under a hand's shadow read 0.38 of the threshold on the ink
 * map and 1.18 on the ridge map; 23 sure blanks of pale pencil reached 1.0, none of darker pencil 0.8).
 */
const RIDGE_PALE = 1;

export const paleLineMayHide = (e: EdgeFeature, cal: InkCalibration) => strokeMayHide(e, cal) || e.ridge >= RIDGE_PALE * cal.threshold;

/** An edge in a shadow, a glare spot or along a shadow's edge, where faint pencil can be lost. */
export const isHidden = (e: EdgeFeature) => e.light < DIM || canLoseStrokes(e);

/** Pencil this faint (typical drawn-edge ink) cannot be told from noise in a shadow: such sheets are refused. */
export const FAINT = 0.13;
/** Pencil this faint may vanish in a shadow or glare spot: blank readings there are flagged. */
export const PALE = 0.2;

/**
 * Middle-third ink, over the threshold, under which a gappy fence is doubted when the middle is its weakest third
 * (on 1,200 training photos: of 69 sure fences read through gaps, the 2 that were blank edges between two fences'
 * overshoots had 0.78 and 0.53; 18 true fences were doubted with them).
 */
const OVERSHOOT_GAP = 0.8;

/**
 * Ridge across the line, over the threshold, that a fence read through its gaps must show to be sure: a pencil
 * line shows on the ridge map, an erased fence's broad smear hardly does, and an overshoot covering two thirds of a
 * blank edge reaches less of its length (on 3,116 training photos: of 116 sure fences read through gaps, the 2
 * blanks, a smear and such an overshoot, had 0.35 and 0.51; the 114 fences 0.52 and up, 1 of them under 0.55).
 */
const GAPPY_RIDGE = 0.55;

export function decideEdge(e: EdgeFeature, cal: InkCalibration): Decision {
  const t = cal.threshold;
  // A dark stroke with gaps: not continuous enough, but as dark as drawn edges where present. Erased
  // smudges are faint all along (measured: their presence stays under 0.9 t, gappy strokes' over 1.3 t).
  const gappy = e.score >= 0.45 * t && e.presence >= 1.3 * t;
  const value = e.score >= t || gappy;
  // In a shadow or a glare spot a blank reading proves little: only a clean one (no ink at all) is certain there.
  const blankCut = isHidden(e) ? Math.min(cal.blank, cal.paperLevel + 0.25 * (t - cal.paperLevel)) : cal.blank;
  // In a deep shadow the paper's grain is amplified into ink-like noise: a drawn reading there needs more ink.
  const drawnCut = e.light < DIM ? Math.max(cal.drawn, 1.5 * t) : cal.drawn;
  // Along a shadow's edge even a dark stroke can fade to a trace: some ink on part of the edge is enough to doubt
  // (on 700 simulated photos of darker pencil, the one fence lost there kept 0.58 t; 14 of 2,185 blank edges did).
  const presenceCut = canLoseStrokes(e) ? 0.5 * t : t;
  // A gap in the middle with ink at both ends may be a gappy stroke, or the overshoots of two fences meeting there.
  const overshoots = e.thirds[1] < OVERSHOOT_GAP * t && e.thirds[1] < Math.min(e.thirds[0], e.thirds[2]);
  const certain = value
    ? e.score >= drawnCut || (gappy && !overshoots && e.presence >= 1.6 * t && e.score >= 0.6 * t && e.light >= DIM && e.ridge >= GAPPY_RIDGE * t)
    : e.score <= blankCut && e.presence < presenceCut;
  return { value, certain };
}

/**
 * Holes: an X covers both diagonals end to end with ink like the sheet's fences; shading darkens the whole
 * inside. Doodles sit in the middle and cover a diagonal only in part; printed eggs barely touch them.
 */
/** Ink level at which hole strokes and hatching are counted: a little under half the sheet's fence ink. */
export const holeLevel = (cal: InkCalibration) => Math.max(MIN_INK, 0.45 * cal.inkLevel);

export function decideHole(f: CellFeature, cal: InkCalibration): Decision {
  const level = holeLevel(cal);
  const cross = crossCoverage(f, level);
  const shade = hatchRingCoverage(f, level);
  // Measured on 60 simulated sheets: blank cells reach x 0.30 / h 0.03, doodles x 0.40 / h 0.21; X holes have
  // x 0.78 and up, hatched ones h 0.33 and up (h: hatching on the outer ring of the cell, where doodles are not).
  // Dense shading is a tone rather than lines. Between the bands, a person decides.
  // Tone against the sheet's ink level, but never less than a clear pencil's: on a faint sheet, light varying by
  // a fifth would otherwise pass for shading.
  const tone = f.evenness >= 0.85 ? f.tone / Math.max(0.25, cal.inkLevel) : 0;
  // A sloppy or curved X misses the straight diagonals but still inks all four corners and the middle
  // (measured on 24,000 simulated cells: the strong spread holds 6 missed holes of 7 cells, the weak one 10 of 44).
  const spread = xSpread(f, level);
  const spreadLike = (c: number, m: number, mid: number) => spread.cornerMin >= c && spread.cornerMean >= m && spread.center >= mid;
  const strongSpread = spreadLike(0.15, 0.25, 0.3);
  const value = cross >= 0.55 || shade >= 0.27 || tone >= 1 || strongSpread;
  // Shading is told from lighting by even paper; in a shadow, noise can mimic any mark, and pale pencil vanish.
  const dim = f.light < DIM;
  // Faint pencil can vanish where a shadow's edge crosses the cell or wash out in a glare spot: a blank reading
  // there proves nothing. In an even shadow an X keeps its contrast (on 600 simulated photos none of 28 was missed),
  // and so it does where the step of light across the cell is shallow.
  const hidden = (dim && f.paperEven < HIDING_STEP) || f.glare >= GLARE;
  // Hatching drawn lighter than the fences can stay under the hole level but not under seven tenths of it, nor
  // under half of it where a shadow's edge crosses the cell (measured on 550 simulated photos: 3 hatched holes read
  // surely blank had 0.38-0.52 at seven tenths, where 29 of 41,362 blank cells read surely blank reach 0.3; on
  // 900, the one hatched hole missed across a shadow's edge had 0.39 at half, 1 of 2,237 blank cells there 0.3).
  const lightHatching = hatchRingCoverage(f, (hidden ? 0.5 : 0.7) * level) >= 0.3;
  // Where a shadow's edge crosses the cell even an X of darker pencil loses stretches of its strokes at the hole
  // level; at seven tenths of it the X shows (on 3,116 training photos, the one X missed there had 0.91; of 249 blank
  // cells there with any sign of a cross, 1 reached 0.55).
  const lightCross = hidden && crossCoverage(f, 0.7 * level) >= 0.55;
  // Hatching fills its cell to the corners; fences traced inside a cell's sides around a doodle leave them empty
  // (on 3,116 training photos, 878 hatched holes read surely had corners at 0.15 and up at seven tenths of the
  // level, 0.27 and up but for 1; the 2 doodle cells read as sure holes had 0.07 and 0).
  // (asked only of a cell the shading reads as a hole)
  const hatchToCorners = () => xSpread(f, 0.7 * level).cornerMin >= 0.12;
  const certain = value
    ? !dim && (cross >= 0.65 || (f.paperEven >= EVEN_PAPER && shade >= 0.31 && hatchToCorners()) || (f.evenness >= 0.85 && f.paperEven >= EVEN_PAPER && tone >= 1.2))
    : cross <= 0.47 && shade <= 0.23 && tone < 0.55 && !(hidden && cal.inkLevel < PALE) && !spreadLike(0.08, 0.18, 0.15) && !lightHatching && !lightCross;
  return { value, certain };
}
