import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { closeSquare } from '../../src/scan/closing.js';

/** OpenCV's closing with a k x k rectangle, the reference (the whole opencv-wasm: its morphology is no longer bound). */
function openCvClosing(img: Uint8Array, width: number, height: number, channels: number, k: number): Uint8Array {
  const c = createRequire(import.meta.url)('opencv-wasm').cv;
  const src = new c.Mat(height, width, channels === 3 ? c.CV_8UC3 : channels === 4 ? c.CV_8UC4 : c.CV_8UC1);
  const out = new c.Mat();
  const kernel = c.getStructuringElement(c.MORPH_RECT, new c.Size(k, k));
  try {
    src.data.set(img);
    c.morphologyEx(src, out, c.MORPH_CLOSE, kernel);
    return Uint8Array.from(out.data as Uint8Array);
  } finally {
    src.delete();
    out.delete();
    kernel.delete();
  }
}

/** A picture of noise, with flat blocks and thin dark lines: what a closing keeps and what it fills. */
function picture(width: number, height: number, channels: number, seed: number): Uint8Array {
  const img = new Uint8Array(width * height * channels);
  let s = seed;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < channels; c++) {
        s = (s * 1103515245 + 12345) >>> 0;
        const noise = (s >>> 16) & 255;
        const line = x % 17 === 3 || y % 13 === 5;
        img[(y * width + x) * channels + c] = line ? noise >> 3 : (x >> 4) % 2 ? 200 + (noise & 31) : noise;
      }
  return img;
}

describe('the ink map closing', () => {
  it("gives OpenCV's closing byte for byte: any size from a row of 16 bytes, 1 to 4 channels, windows 3 to 15", () => {
    for (let t = 0; t < 48; t++) {
      const channels = [1, 3, 4][t % 3];
      const k = [3, 5, 7, 11, 13, 15][t % 6];
      const width = Math.ceil(16 / channels) + ((t * 37) % 71);
      const height = 1 + ((t * 53) % 64);
      const img = picture(width, height, channels, t + 1);
      const ours = closeSquare(img, width, height, channels, k);
      expect(ours.length).toBe(img.length);
      const theirs = openCvClosing(img, width, height, channels, k);
      expect(Buffer.compare(ours, theirs), `${width} x ${height} x ${channels}, k ${k}`).toBe(0);
    }
  });

  it("a land's size, twice in a row (the working memory reused), and a larger picture after a smaller", () => {
    for (const [w, h] of [[624, 624], [624, 624], [40, 30], [700, 650]]) {
      const img = picture(w, h, 3, w + h);
      const theirs = openCvClosing(img, w, h, 3, 11);
      // (compared as bytes: a deep equality of a million-element array takes seconds)
      expect(Buffer.compare(closeSquare(img, w, h, 3, 11), theirs), `${w} x ${h}`).toBe(0);
    }
  });

  it('refuses rows under 16 bytes rather than read past them', () => {
    expect(() => closeSquare(new Uint8Array(5 * 4), 5, 4, 3, 3)).toThrow(RangeError);
  });
});
