/**
 * The counting half of stroke.ts's strokeFeature as it was in TypeScript, before it moved to WebAssembly
 * (stroke-band.ts): the reference its test compares measureBand with, from the same request.
 */
import { maxOf } from '../../src/scan/branch-free.js';
import type { Band, BandRequest } from '../../src/scan/stroke-band.js';

interface Line {
  o0: number;
  o1: number;
}

const lineAt = (l: Line, a: number, b: number, s: number) => Math.round(l.o0 + ((l.o1 - l.o0) * (s - a)) / Math.max(1, b - a));

export function bandReference(ink: Uint8Array, { shape, table, runs, unit, capped: capTable }: BandRequest): Band {
  const { start, along, across, L, O, R, a, b, wob, apart, width } = shape;
  // the band's ink, and rows a to b widened across and capped
  const v = new Float32Array(L * O);
  const raw = new Int32Array(L * O);
  const w = new Float32Array(L * O);
  const capped = new Float32Array(L * O);
  for (let s = 0, i = 0; s < L; s++) for (let o = 0, at = start + s * along; o < O; o++, at += across, i++) v[i] = unit[(raw[i] = ink[at])];
  for (let s = a; s < b; s++) {
    const row = s * O;
    for (let o = 0; o < O; o++) {
      let best = 0;
      const end = row + (o + wob < O ? o + wob : O - 1);
      for (let d = row + (o > wob ? o - wob : 0); d <= end; d++) best = maxOf(best, raw[d]);
      w[row + o] = unit[best];
      capped[row + o] = capTable[best];
    }
  }
  // every line's capped ink, then the best and the best apart from it (the first of equals)
  const sums = new Float64Array(table.o0.length);
  for (let n = 0; n < sums.length; n++) {
    const from = table.o0[n];
    let sum = 0;
    for (let k = (table.o1[n] - from + shape.tilt) * table.steps, end = k + table.steps; k < end; k++) sum += capped[from + table.visits[k]];
    sums[n] = sum;
  }
  const bestLine = (away: Line | null): Line => {
    let best: Line = { o0: (O - 1) >> 1, o1: (O - 1) >> 1 };
    let top = -1;
    for (let i = 0; i < sums.length; i++) {
      const o0 = table.o0[i];
      const o1 = table.o1[i];
      if (away && Math.abs(o0 - away.o0) < apart && Math.abs(o1 - away.o1) < apart) continue;
      if (sums[i] > top) {
        top = sums[i];
        best = { o0, o1 };
      }
    }
    return best;
  };
  const first = bestLine(null);
  const second = bestLine(first);
  const inkAlong = (l: Line) => Float32Array.from({ length: b - a }, (_, k) => w[(a + k) * O + lineAt(l, a, b, a + k)]);
  // the strips across, the line's own first, both sides folded together
  const profile = new Float64Array(4);
  for (let k = 0; k < 4; k++) {
    let t = 0;
    let n = 0;
    for (let side = -1; side <= 1; side += 2) {
      for (let d = k * width; d < Math.min(R + 1, (k + 1) * width); d++) {
        if (side < 0 && d === 0) continue;
        const o = R + side * d;
        for (let s = a; s < b; s++) t += Math.min(0.5, v[s * O + o]);
        n += b - a;
      }
    }
    profile[k] = n ? t / n : 0;
  }
  // the patch's blocks: 6 along, 7 across by the runs
  const blocks = new Float64Array(42);
  const counts = new Float64Array(42);
  for (let s = 0; s < L; s++) {
    const row = Math.min(5, Math.floor((s * 6) / L)) * 7;
    for (let r = 0; r < runs.length; r += 2) {
      const block = row + r / 2;
      let sum = blocks[block];
      for (let i = s * O + runs[r], end = s * O + runs[r + 1]; i < end; i++) sum += Math.min(0.5, v[i]);
      blocks[block] = sum;
      counts[block] += runs[r + 1] - runs[r];
    }
  }
  for (let k = 0; k < blocks.length; k++) blocks[k] /= Math.max(1, counts[k]);
  return { v, first, second, along1: inkAlong(first), along2: inkAlong(second), profile, blocks };
}
