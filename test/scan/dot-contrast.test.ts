/**
 * The dots' contrast along a stretch in WebAssembly (src/scan/wasm/dots.wat) against the TypeScript it replaced
 * (register.ts's stretchContrasts, written out here): the same doubles, on noise rasters and on a raster of
 * printed-looking dots, both ways along.
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../src/engine/random.js';
import { stretchContrast } from '../../src/scan/dot-contrast.js';

function reference(red: Uint8Array, from: number, to: number, base: number, step: number, side: number, R: number, period: number): Float64Array {
  const sums = new Float64Array(period);
  const counts = new Float64Array(period);
  const cs = new Float64Array(2 * R + 1);
  for (let s = from; s < to; s++) counts[s % period]++;
  for (let o = -R; o <= R; o++) {
    sums.fill(0);
    for (let s = from, i = base + from * step + o * side, ph = from % period; s < to; s++, i += step) {
      sums[ph] += red[i];
      if (++ph === period) ph = 0;
    }
    let top = 0;
    for (let phase = 0; phase < period; phase++) {
      const teeth = sums[phase] / Math.max(1, counts[phase]);
      let gaps = 0;
      let ng = 0;
      for (let f = 3; f <= period - 3; f++) {
        const b = (phase + f) % period;
        gaps += sums[b];
        ng += counts[b];
      }
      const c = gaps / Math.max(1, ng) - teeth;
      if (c > top) top = c;
    }
    cs[o + R] = top;
  }
  return cs;
}

describe('the dots contrast in WebAssembly', () => {
  it('gives the doubles the TypeScript gave', () => {
    const random = rng(5);
    const width = 300;
    const noise = Uint8Array.from({ length: width * 280 }, () => Math.floor(random() * 256));
    // dots every 8 pixels along rows and columns, 2 pixels wide, on bright paper with a little noise
    const dots = Uint8Array.from({ length: width * 280 }, (_, i) => ((i % width) % 8 < 2 && Math.floor(i / width) % 48 === 30 ? 60 : 220) + Math.floor(random() * 9));
    for (const red of [noise, dots])
      for (const [from, to, base, step, side, R, period] of [
        [6, 42, 24 * width + 24 + 48, width, 1, 20, 8],
        [54, 90, (24 + 48) * width + 24, 1, width, 10, 8],
        [0, 37, 40 * width + 100, width, 1, 7, 6],
      ])
        expect(Array.from(stretchContrast(red, from, to, base, step, side, R, period))).toEqual(Array.from(reference(red, from, to, base, step, side, R, period)));
  });
});
