import type { InkMap } from './inkmap.js';
import { EdgeProbe } from './probe.js';
import { measureBand, type BandRequest, type LineTable } from './stroke-band.js';

/**
 * Strokes where a hand drew them, not only where the dotted line is printed. Without a ruler a fence lands a
 * tenth to a fifth of a cell beside its line, tilts, stops short of the corner dots or runs past them, and a run
 * of fences drifts; a person still gives each stroke to the nearest grid line in its direction. So each edge
 * searches a band reaching almost halfway to the parallel lines either side for the best smooth path (dynamic
 * programming, a pixel across per step at most, each step across costing ink), and measures how much of the edge
 * that path covers. Halfway between two lines a stroke is as much the other edge's: the reach stops short of it.
 */
export interface StrokeFeature {
  /** Ink (0..1) that 70%, 50% and 30% of the edge's middle reaches along its best path. */
  q30: number;
  q50: number;
  q70: number;
  /** Mean offset of the best line across the edge, in cells (signed: + is right of / below the line). */
  offset: number;
  /** How far the path moves across between the edge's ends, in cells (tilt). */
  drift: number;
  /** The same three quantiles for the best path at least a fifth of a cell from the first (hatching, a second line). */
  second: [number, number, number];
  /** Where the ink lies across the band: the mean (capped) ink of each of `PROFILE_BINS` strips, nearest first. */
  profile: number[];
  /** The path's ink in each fifth of the edge (a short stroke leaves its ends blank, an overshoot the far side). */
  fifths: number[];
  /** Ink a tenth of a cell either side of the best line over the ink on it: low for a pencil line, near 1 for an erased smear. */
  spread: number;
  /** The ridge map across the line along the best line, over the ink on it: high for a crisp stroke, low for a smear. */
  crisp: number;
  /** The stroke's ink (0..1) in its darkest channel (InkMap.most), where the best line is inked. */
  most: number;
  /** How coloured the stroke is: 1 - its ink in the least dark channel over that in the darkest (0 grey, near 1 a pure colour). */
  chroma: number;
  /**
   * The band's ink at a glance, for the models to see what the measures above miss (an X's strokes, hatching, a
   * doodle, a second line): the mean (capped) ink of PATCH_ACROSS x PATCH_ALONG blocks, along-major, turned so that
   * its inkier half lies on the positive side across and at the far end along (a stroke is the same either way).
   */
  patch: number[];
}

/** Blocks across and along the band in the patch. */
export const PATCH_ACROSS = 7;
export const PATCH_ALONG = 6;

/** How far across the band reaches either side of the line, in cells (a stroke halfway is as much the next line's). */
export const STROKE_REACH = 0.42;
/** How far past the edge's ends the path runs, in cells (a stroke's ends are judged by the edge's middle). */
const RUN_PAST = 0.12;
/** The stretch of the edge whose ink is measured, in cells from its start. */
const MEASURE: [number, number] = [0.12, 0.88];
/**
 * Ink above this counts no more (a blob or a crossing fence must not carry a path). Capped with Math.min: a ternary
 * choosing between this constant and a pixel's value makes V8 box every value it picks (a heap number each).
 */
const CAP = 0.5;
/** How far a hand's line wavers about its straight course, in cells. */
const WOBBLE = 0.04;
/** How far a stroke may tilt end to end over the edge, in cells (an X's diagonal tilts much more). */
const TILT = 0.3;
/** Strips across the band, from the line outwards on both sides folded together. */
export const PROFILE_BINS = 4;
/** How far a second path keeps from the first, in cells. */
const APART = 0.2;

/** Ink 0..255 as 0..1, as the band holds it (a table: one division fewer for each of the band's pixels), and capped. */
const UNIT = Float32Array.from({ length: 256 }, (_, k) => k / 255);
const CAPPED = UNIT.map((x) => Math.min(CAP, x));

let along: { n: number; sorted1: Float64Array; sorted2: Float64Array } | undefined;

/** The two lines' ink sorted, kept between edges (every edge of a land has the same length). */
function sortedScratch(n: number): NonNullable<typeof along> {
  if (along?.n !== n) along = { n, sorted1: new Float64Array(n), sorted2: new Float64Array(n) };
  return along;
}

/**
 * What an edge's band is measured from (stroke-band.ts): where it lies in the ink map, its size, the lines tried
 * and the patch's columns, and the ink tables. The band's ink [s * O + o] is widened across by WOBBLE pixels (a
 * hand's line wavers about its course) and capped in the measured stretch, where the best line and the best apart
 * from it are looked for.
 */
export function bandRequest(m: InkMap, kind: 'h' | 'v', row: number, col: number): { probe: EdgeProbe; s0: number; request: BandRequest } {
  const { cell } = m;
  const R = Math.round(cell * STROKE_REACH);
  const O = 2 * R + 1;
  const s0 = -Math.round(cell * RUN_PAST);
  const L = cell + 2 * Math.round(cell * RUN_PAST);
  const probe = new EdgeProbe(m, kind, row, col);
  const a = Math.round(cell * MEASURE[0]) - s0;
  const b = Math.round(cell * MEASURE[1]) - s0;
  const tilt = Math.round(cell * TILT);
  const shape = {
    start: probe.at(s0, -R), along: probe.along, across: probe.across, L, O, R, a, b, tilt,
    wob: Math.max(1, Math.round(cell * WOBBLE)),
    apart: Math.max(2, Math.round(((O - 1) / 2 / STROKE_REACH) * APART)),
    width: Math.max(1, Math.round(R / PROFILE_BINS)),
  };
  return { probe, s0, request: { shape, table: lineTable(O, a, b, tilt), runs: patchRuns(O), unit: UNIT, capped: CAPPED } };
}

/** The best line's stroke features for one edge. */
export function strokeFeature(m: InkMap, kind: 'h' | 'v', row: number, col: number): StrokeFeature {
  const { cell } = m;
  const { probe: p, s0, request } = bandRequest(m, kind, row, col);
  const { O, R, a, b } = request.shape;
  const band = measureBand(m.ink, request);
  const { v, along1 } = band;
  const first: Line = { ...band.first, a, b };
  const { sorted1, sorted2 } = sortedScratch(b - a);
  sorted1.set(along1);
  sorted1.sort();
  sorted2.set(band.along2);
  sorted2.sort();
  const fifths: number[] = [];
  for (let k = 0; k < 5; k++) {
    const from = Math.floor((k * along1.length) / 5);
    const to = Math.floor(((k + 1) * along1.length) / 5);
    let t = 0;
    for (let i = from; i < to; i++) t += along1[i];
    fifths.push(to > from ? t / (to - from) : 0);
  }
  const q = (x: Float64Array, f: number) => x[Math.min(x.length - 1, Math.floor(f * (x.length - 1)))];
  return {
    q30: q(sorted1, 0.3),
    q50: q(sorted1, 0.5),
    q70: q(sorted1, 0.7),
    offset: ((first.o0 + first.o1) / 2 - R) / cell,
    ...alongLine(p, v, O, R, s0, first, a, b, q(sorted1, 0.5)),
    patch: turned(band.blocks),
    drift: Math.abs(first.o1 - first.o0) / cell,
    second: [q(sorted2, 0.3), q(sorted2, 0.5), q(sorted2, 0.7)],
    profile: Array.from(band.profile),
    fifths,
  };
}

let runsFor: { O: number; runs: Int32Array } | undefined;

/** The band's columns in each block across, [from, to) block after block (a block of none: 0, 0). */
function patchRuns(O: number): Int32Array {
  if (runsFor?.O !== O) {
    const runs = new Int32Array(2 * PATCH_ACROSS);
    for (let o = 0; o < O; o++) {
      const block = Math.min(PATCH_ACROSS - 1, Math.floor((o * PATCH_ACROSS) / O));
      if (runs[2 * block + 1] === 0) runs[2 * block] = o;
      runs[2 * block + 1] = o + 1;
    }
    runsFor = { O, runs };
  }
  return runsFor.runs;
}

/** The patch's blocks (PATCH_ACROSS x PATCH_ALONG, along-major) turned to put their ink on the positive sides. */
function turned(blocks: Float64Array): number[] {
  let low = 0;
  let high = 0;
  let first = 0;
  let last = 0;
  for (let b = 0; b < PATCH_ALONG; b++)
    for (let a = 0; a < PATCH_ACROSS; a++) {
      const x = blocks[b * PATCH_ACROSS + a];
      if (a < PATCH_ACROSS >> 1) low += x;
      else if (a > PATCH_ACROSS >> 1) high += x;
      if (b < PATCH_ALONG >> 1) first += x;
      else last += x;
    }
  const out: number[] = [];
  for (let b = 0; b < PATCH_ALONG; b++)
    for (let a = 0; a < PATCH_ACROSS; a++) {
      const bb = first > last ? PATCH_ALONG - 1 - b : b;
      const aa = low > high ? PATCH_ACROSS - 1 - a : a;
      out.push(blocks[bb * PATCH_ACROSS + aa]);
    }
  return out;
}

/** The inkiest offset within 2 pixels of `o` at step `s` (a hand's line wavers about its straight course). */
function darkestNear(v: Float32Array, O: number, s: number, o: number): number {
  let best = o;
  for (let d = Math.max(0, o - 2); d <= Math.min(O - 1, o + 2); d++) if (v[s * O + d] > v[s * O + best]) best = d;
  return best;
}

/** How far either side of a line its sides are sampled, in cells. */
const SIDE = 0.1;

/** Ink under this (0..1) tells no colour (paper noise). */
const FAINT = 0.03;

/**
 * What the ink along the best line is like, in one walk along it: how narrow and how crisp (StrokeFeature.spread
 * and crisp), and its colour where it is inked (at least half its median ink): the mean ink in the darkest channel
 * and the share the least dark channel keeps of it, so dots and paper between strokes stay out.
 */
function alongLine(p: EdgeProbe, v: Float32Array, O: number, R: number, s0: number, l: Line, a: number, b: number, median: number): { spread: number; crisp: number; most: number; chroma: number } {
  const side = Math.max(2, Math.round(p.cell * SIDE));
  const ridge = p.kind === 'h' ? p.m.ridge.h : p.m.ridge.v;
  const floor = Math.max(FAINT, 0.5 * median);
  let on = 0;
  let beside = 0;
  let crisp = 0;
  let least = 0;
  let most = 0;
  let inked = 0;
  for (let s = a; s < b; s++) {
    // the line's darkest pixel within the wobble, and the ridge and the darkest channel there
    const best = darkestNear(v, O, s, lineAt(l, s));
    const ink = v[s * O + best];
    const at = p.at(s0 + s, best - R);
    on += ink;
    beside += Math.max(best - side >= 0 ? v[s * O + best - side] : 0, best + side < O ? v[s * O + best + side] : 0);
    crisp += ridge[at] / 255;
    if (ink < floor) continue;
    least += ink;
    most += p.m.most[at] / 255;
    inked++;
  }
  const k = Math.max(1e-3, on);
  const colour = !inked || most <= 0 ? { most: 0, chroma: 0 } : { most: most / inked, chroma: Math.max(0, 1 - least / most) };
  return { spread: Math.min(2, beside / k), crisp: Math.min(4, crisp / k), ...colour };
}

interface Line {
  /** Offsets across (band pixels) at steps a and b. */
  o0: number;
  o1: number;
  a: number;
  b: number;
}

const lineAt = (l: Line, s: number) => Math.round(l.o0 + ((l.o1 - l.o0) * (s - l.a)) / Math.max(1, l.b - l.a));

/** The lines the band tries and the pixels each visits, the same for every edge of a land (so made once). */
interface Lines extends LineTable {
  O: number;
  a: number;
  b: number;
  tilt: number;
}

let table: Lines | undefined;

function lineTable(O: number, a: number, b: number, tilt: number): Lines {
  if (table && table.O === O && table.a === a && table.b === b && table.tilt === tilt) return table;
  // For each tilt the indices its line visits from offset 0 (a line's offsets are its start plus its tilt's, since
  // rounding commutes with adding a whole number): every line is then a sum over a table.
  const steps = Math.ceil((b - a) / 2);
  const visits = new Int32Array((2 * tilt + 1) * steps);
  for (let d = -tilt; d <= tilt; d++) {
    const l0 = { o0: 0, o1: d, a, b };
    for (let s = a, k = (d + tilt) * steps; s < b; s += 2, k++) visits[k] = s * O + lineAt(l0, s);
  }
  const o0: number[] = [];
  const o1: number[] = [];
  for (let from = 0; from < O; from += 2)
    for (let to = Math.max(0, from - tilt); to <= Math.min(O - 1, from + tilt); to += 2) {
      o0.push(from);
      o1.push(to);
    }
  table = { O, a, b, tilt, steps, visits, o0: Int32Array.from(o0), o1: Int32Array.from(o1) };
  return table;
}
