import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lumaOf } from '../../src/scan/image.js';
import { blurred, ridgeMaps } from '../../src/scan/ridge.js';
import { compiled } from '../../tools/build-wasm.js';

const wasmDir = new URL('../../src/scan/wasm/', import.meta.url);

/** lumaOf's integers, a pixel at a time: the reference. */
function luma(rgb: Uint8Array, n: number): Uint8Array {
  const grey = new Uint8Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) grey[i] = (rgb[j] * 77 + rgb[j + 1] * 150 + rgb[j + 2] * 29) >> 8;
  return grey;
}

describe("the scanner's WebAssembly", () => {
  it('reads its results after its memory grows (a small picture first, then larger ones, in a fresh module)', () => {
    // (this file's first use of the blur module: each call below grows its memory)
    for (const [w, h] of [[16, 3], [200, 150], [700, 650]]) {
      const img = new Uint8Array(w * h).fill(200);
      expect(blurred(img, w, h).every((v) => v === 200), `${w} x ${h}`).toBe(true);
      const maps = ridgeMaps(img, new Uint8Array(w * h).fill(200), w, h);
      expect(maps.v.length).toBe(w * h);
    }
  });

  it('ships each module as its text compiles to (tools/build-wasm.ts)', async () => {
    const texts = readdirSync(wasmDir).filter((f) => f.endsWith('.wat'));
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const wat of texts) expect(readFileSync(new URL(wat.replace(/\.wat$/, '.wasm.ts'), wasmDir), 'utf8'), wat).toBe(await compiled(wat));
  });

  it('takes luma sixteen pixels at a time as a pixel at a time: any count, every channel at its extremes', () => {
    // (past 262,144 pixels the photo goes through the module a stretch at a time)
    for (const n of [1, 15, 16, 17, 31, 48, 100, 4099, 600_007]) {
      const rgb = new Uint8Array(n * 3).map((_, i) => (i * 2654435761) >>> 24);
      expect(Buffer.compare(lumaOf(rgb, n), luma(rgb, n)), `${n} pixels`).toBe(0);
    }
    // each value with every channel either at it or at 255 (the largest sums), and blue running the other way
    const n = 256 * 8;
    const rgb = new Uint8Array(n * 3);
    for (let v = 0; v < 256; v++)
      for (let k = 0; k < 8; k++) rgb.set([k & 1 ? 255 : v, k & 2 ? 255 : v, k & 4 ? 255 : 255 - v], (v * 8 + k) * 3);
    expect(Buffer.compare(lumaOf(rgb, n), luma(rgb, n))).toBe(0);
    // a view into a larger buffer, at an odd offset (as a decoder's pixels may be)
    const big = new Uint8Array(3 * 1000 + 1).map((_, i) => (i * 40503) & 255);
    const view = big.subarray(1);
    expect(Buffer.compare(lumaOf(view, 1000), luma(view, 1000))).toBe(0);
  });
});
