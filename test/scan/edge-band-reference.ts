/**
 * edge-features.ts's dot and path searches as they were in TypeScript alone, before they moved to WebAssembly
 * (edge-band.ts): the reference its test compares with.
 */
import { DOT_CLEAR, DOTS_PER_CELL, EdgeProbe } from '../../src/scan/probe.js';

const DOT_CONTRAST = 12;
const DOT_SHIFT = 0.1;
const PATH_SMOOTH = 2;

/**
 * Where along an edge its printed dots are (pixels off where the geometry puts them: a curled sheet shifts them):
 * the phase of the 6-per-cell comb whose teeth are darkest across the band.
 */
export function dotPhaseReference(p: EdgeProbe, band: number): number {
  const all = p.bandMax(-band, band);
  const period = p.cell / DOTS_PER_CELL;
  const search = Math.max(2, Math.round(p.cell * 0.06));
  let phase = 0;
  let bestTeeth = -1;
  for (let ph = -search; ph <= search; ph++) {
    let sum = 0;
    let n = 0;
    for (let s = p.from; s < p.to; s++) {
      const f = (s + 0.5 - ph) / period;
      if (Math.abs(f - Math.round(f)) * period <= 1) {
        sum += all[s - p.from];
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

/**
 * Where across the band the printed dots lie (pixels off the geometric line): a sheet curled inside the land
 * bends its lines away from where the borderline's fit puts them. At each offset the ink at the dots is compared
 * with the ink between them, so a stroke along the line (which darkens both) does not pull the band; 0 when no
 * offset shows the dots clearly.
 */
export function dotLineOffsetReference(p: EdgeProbe): number {
  const period = p.cell / DOTS_PER_CELL;
  const reach = Math.max(1, Math.round(p.cell * DOT_SHIFT));
  const contrast = new Float64Array(2 * reach + 1);
  for (let o = -reach; o <= reach; o++) {
    let teeth = 0;
    let nt = 0;
    let gaps = 0;
    let ng = 0;
    for (let s = p.from; s < p.to; s++) {
      const f = (s + 0.5 - p.phase) / period;
      const d = Math.abs(f - Math.round(f)) * period;
      const v = p.ink(s, o);
      if (d <= 1) {
        teeth += v;
        nt++;
      } else if (d >= DOT_CLEAR * p.cell) {
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

let scratch: { L: number; O: number; valid: Uint8Array; sm: Float32Array; acc: Float32Array; back: Int8Array; inks: Int32Array; steps: Int32Array } | undefined;

/** pathProfile's rasters, kept between edges (every edge of a land has the same size; hundreds a photo), each filled whole before it is read. */
function pathScratch(L: number, O: number): NonNullable<typeof scratch> {
  if (scratch?.L !== L || scratch.O !== O) {
    scratch = { L, O, valid: new Uint8Array(L), sm: new Float32Array(L * O), acc: new Float32Array(L * O), back: new Int8Array(L * O), inks: new Int32Array(L + 1), steps: new Int32Array(L + 1) };
  }
  return scratch;
}

/**
 * Ink along the best smooth path through the band (dynamic programming, moving at most one pixel across per
 * step), over the steps between the printed dots. A wobbly stroke is one such path; noise and the ends of
 * hatch lines, which the darkest-pixel profile picks up step by step, are not.
 */
export function pathProfileReference(p: EdgeProbe, band: number): Float32Array {
  const L = p.to - p.from;
  const O = 2 * band + 1;
  const { valid, sm, acc, back, inks, steps } = pathScratch(L, O);
  // the valid steps counted from the start, and at each offset their ink (whole numbers, so any order sums the same)
  for (let s = 0; s < L; s++) {
    valid[s] = p.betweenDots(p.from + s) ? 1 : 0;
    steps[s + 1] = steps[s] + valid[s];
  }
  const ink = p.m.ink;
  // Smoothed along the line over the valid steps only.
  for (let o = 0; o < O; o++) {
    for (let s = 0, at = p.at(p.from, p.shift + o - band); s < L; s++, at += p.along) inks[s + 1] = inks[s] + (valid[s] ? ink[at] : 0);
    for (let s = 0; s < L; s++) {
      const lo = s > PATH_SMOOTH ? s - PATH_SMOOTH : 0;
      const hi = s + PATH_SMOOTH < L ? s + PATH_SMOOTH + 1 : L;
      const n = steps[hi] - steps[lo];
      sm[s * O + o] = n ? (inks[hi] - inks[lo]) / (255 * n) : 0;
    }
  }
  for (let o = 0; o < O; o++) acc[o] = sm[o];
  for (let s = 1; s < L; s++)
    for (let o = 0; o < O; o++) {
      let best = -1;
      let step = 0;
      for (let d = -1; d <= 1; d++) {
        const q = o + d;
        if (q >= 0 && q < O && acc[(s - 1) * O + q] > best) {
          best = acc[(s - 1) * O + q];
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

