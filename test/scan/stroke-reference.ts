/**
 * stroke.ts's strokeFeature as it was in TypeScript alone, before its band moved to WebAssembly (stroke-band.ts):
 * the reference its test compares with.
 */
import { maxOf } from '../../src/scan/branch-free.js';
import type { InkMap } from '../../src/scan/inkmap.js';
import { EdgeProbe } from '../../src/scan/probe.js';
import type { StrokeFeature } from '../../src/scan/stroke.js';

/** Blocks across and along the band in the patch. */
const PATCH_ACROSS = 7;
const PATCH_ALONG = 6;

/** How far across the band reaches either side of the line, in cells (a stroke halfway is as much the next line's). */
const STROKE_REACH = 0.42;
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
const PROFILE_BINS = 4;
/** How far a second path keeps from the first, in cells. */
const APART = 0.2;

let buffers: { v: Float32Array; raw: Int32Array; w: Float32Array; capped: Float32Array } | undefined;

/** Ink 0..255 as 0..1, as the band holds it (a table: one division fewer for each of the band's pixels), and capped. */
const UNIT = Float32Array.from({ length: 256 }, (_, k) => k / 255);
const CAPPED = UNIT.map((x) => Math.min(CAP, x));

/** The band's rasters (its ink, widened, capped), kept between edges (every edge of a land has the same size; hundreds a photo). */
function scratch(n: number): NonNullable<typeof buffers> {
  if (!buffers || buffers.v.length !== n) buffers = { v: new Float32Array(n), raw: new Int32Array(n), w: new Float32Array(n), capped: new Float32Array(n) };
  return buffers;
}

/** The best line's stroke features for one edge. */
export function strokeFeatureReference(m: InkMap, kind: 'h' | 'v', row: number, col: number): StrokeFeature {
  const { cell } = m;
  const R = Math.round(cell * STROKE_REACH);
  const O = 2 * R + 1;
  const s0 = -Math.round(cell * RUN_PAST);
  const L = cell + 2 * Math.round(cell * RUN_PAST);
  const p = new EdgeProbe(m, kind, row, col);
  // Ink on the band, [s * O + o], and the same widened across by WOBBLE pixels (a hand's line wavers about its course).
  const { v, raw, w, capped } = scratch(L * O);
  const ink = m.ink;
  const across = p.across;
  for (let s = 0, i = 0; s < L; s++) {
    for (let o = 0, at = p.at(s0 + s, -R); o < O; o++, at += across, i++) v[i] = UNIT[(raw[i] = ink[at])];
  }
  const a = Math.round(cell * MEASURE[0]) - s0;
  const b = Math.round(cell * MEASURE[1]) - s0;
  // (the lines are looked for only in the measured stretch, so only its rows are widened)
  widen(raw, w, capped, a, b, O, Math.max(1, Math.round(cell * WOBBLE)));
  const tilt = Math.round(cell * TILT);
  const lines = lineSums(capped, O, a, b, tilt);
  const first = bestLine(lines, null);
  const second = bestLine(lines, first);
  const { along1, along2, sorted1, sorted2 } = alongScratch(b - a);
  inkAlong(w, O, first, a, b, along1);
  inkAlong(w, O, second, a, b, along2);
  sorted1.set(along1);
  sorted1.sort();
  sorted2.set(along2);
  sorted2.sort();
  // Across profile: the mean ink of each strip, the line's own strip first, folding the two sides together.
  const width = Math.max(1, Math.round(R / PROFILE_BINS));
  const profile = new Array(PROFILE_BINS).fill(0);
  for (let k = 0; k < PROFILE_BINS; k++) {
    let t = 0;
    let n = 0;
    for (let side = -1; side <= 1; side += 2) {
      for (let d = k * width; d < Math.min(R + 1, (k + 1) * width); d++) {
        if (side < 0 && d === 0) continue;
        const o = R + side * d;
        for (let s = a; s < b; s++) t += Math.min(CAP, v[s * O + o]);
        n += b - a;
      }
    }
    profile[k] = n ? t / n : 0;
  }
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
    patch: patchOf(v, L, O),
    drift: Math.abs(first.o1 - first.o0) / cell,
    second: [q(sorted2, 0.3), q(sorted2, 0.5), q(sorted2, 0.7)],
    profile,
    fifths,
  };
}

/**
 * Rows a to b of the band (O wide), each pixel at the darkest within `wob` pixels across, into `w`, and the same
 * capped at CAP into `capped` (the lines' ink is capped: a blob or a crossing fence must not carry a line). The
 * darkest is found on the band's raw ink (0..255), whose order ink / 255 keeps, without a branch: a comparison
 * of neighbouring pixels goes either way as often as not.
 */
function widen(raw: Int32Array, w: Float32Array, capped: Float32Array, a: number, b: number, O: number, wob: number): void {
  for (let s = a; s < b; s++) {
    const row = s * O;
    for (let o = 0; o < O; o++) {
      let best = 0;
      const end = row + (o + wob < O ? o + wob : O - 1);
      for (let d = row + (o > wob ? o - wob : 0); d <= end; d++) best = maxOf(best, raw[d]);
      w[row + o] = UNIT[best];
      capped[row + o] = CAPPED[best];
    }
  }
}

const patchBlocks = new Float64Array(PATCH_ACROSS * PATCH_ALONG);
const patchCounts = new Float64Array(PATCH_ACROSS * PATCH_ALONG);
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

/** The band in PATCH_ACROSS x PATCH_ALONG blocks of mean capped ink, turned to put its ink on the positive sides. */
function patchOf(v: Float32Array, L: number, O: number): number[] {
  const blocks = patchBlocks.fill(0);
  const counts = patchCounts.fill(0);
  // each block's columns are a run of the band's: a run is summed in a local, in the same order as pixel by pixel
  const runs = patchRuns(O);
  for (let s = 0; s < L; s++) {
    const row = Math.min(PATCH_ALONG - 1, Math.floor((s * PATCH_ALONG) / L)) * PATCH_ACROSS;
    for (let r = 0; r < runs.length; r += 2) {
      const from = runs[r];
      const to = runs[r + 1];
      const block = row + r / 2;
      let sum = blocks[block];
      for (let i = s * O + from, end = s * O + to; i < end; i++) sum += Math.min(CAP, v[i]);
      blocks[block] = sum;
      counts[block] += to - from;
    }
  }
  for (let k = 0; k < blocks.length; k++) blocks[k] /= Math.max(1, counts[k]);
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

/** Ink along a line from step a to b, into `out`. */
function inkAlong(w: Float32Array, O: number, l: Line, a: number, b: number, out: Float32Array): void {
  for (let s = a; s < b; s++) out[s - a] = w[s * O + lineAt(l, s)];
}

let along: { n: number; along1: Float32Array; along2: Float32Array; sorted1: Float64Array; sorted2: Float64Array } | undefined;

/** The two lines' ink and the same sorted, kept between edges (every edge of a land has the same length). */
function alongScratch(n: number): NonNullable<typeof along> {
  if (along?.n !== n) along = { n, along1: new Float32Array(n), along2: new Float32Array(n), sorted1: new Float64Array(n), sorted2: new Float64Array(n) };
  return along;
}

/** Every straight line's (capped) ink: its ends o0[i], o1[i] across the band, its sum sum[i], in the order tried. */
interface LineSums {
  o0: Int32Array;
  o1: Int32Array;
  sum: Float64Array;
  a: number;
  b: number;
  O: number;
}

/** The lines lineSums tries and the pixels each visits, the same for every edge of a land (so made once), and its sums. */
interface LineTable extends LineSums {
  tilt: number;
  steps: number;
  visits: Int32Array;
}

let table: LineTable | undefined;

function lineTable(O: number, a: number, b: number, tilt: number): LineTable {
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
  table = { O, a, b, tilt, steps, visits, o0: Int32Array.from(o0), o1: Int32Array.from(o1), sum: new Float64Array(o0.length) };
  return table;
}

/**
 * The ink on every straight line across the band between steps a and b, tilting at most `tilt` pixels end to end
 * (ends on every other pixel, every other step summed): measured once, for both lines an edge looks for. The sums
 * are the table's, overwritten by the next edge's.
 */
function lineSums(capped: Float32Array, O: number, a: number, b: number, tilt: number): LineSums {
  const t = lineTable(O, a, b, tilt);
  const { steps, visits, o0, o1, sum: sums } = t;
  for (let n = 0; n < sums.length; n++) {
    const start = o0[n];
    let sum = 0;
    for (let k = (o1[n] - start + tilt) * steps, end = k + steps; k < end; k++) sum += capped[start + visits[k]];
    sums[n] = sum;
  }
  return t;
}

/** The line with the most ink (the first of equals); with `away`, only lines keeping APART from it at both ends. */
function bestLine(lines: LineSums, away: Line | null): Line {
  const { a, b, O } = lines;
  let best: Line = { o0: (O - 1) >> 1, o1: (O - 1) >> 1, a, b };
  let top = -1;
  const apart = Math.max(2, Math.round((O - 1) / 2 / STROKE_REACH * APART));
  for (let i = 0; i < lines.sum.length; i++) {
    const o0 = lines.o0[i];
    const o1 = lines.o1[i];
    if (away && Math.abs(o0 - away.o0) < apart && Math.abs(o1 - away.o1) < apart) continue;
    if (lines.sum[i] > top) {
      top = lines.sum[i];
      best = { o0, o1, a, b };
    }
  }
  return best;
}
