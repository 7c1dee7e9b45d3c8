import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { closeSquare, landDarkness } from '../../src/scan/closing.js';
import { instantiate, reserve, type WasmMemory } from '../../src/scan/wasm/instance.js';
import { MORPHOLOGY_WASM } from '../../src/scan/wasm/morphology.wasm.js';

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

/** The paper level from which inkmap.ts leaves a channel out as clipped. */
const CLIPPED = 250;

/** inkmap.ts's rules for one pixel, written plainly: the reference for landDarkness. */
function pixelRules(b: number[], v: number[]): [number, number, number, number] {
  const dark = (bc: number, vc: number) => (bc > 8 && vc <= bc ? Math.trunc((255 * (bc - vc)) / bc) : 0);
  const d = [0, 1, 2].map((c) => dark(b[c], v[c]));
  const open = [0, 1, 2].filter((c) => b[c] < CLIPPED);
  let ink: number;
  let most: number;
  if (open.length) {
    ink = Math.min(...open.map((c) => d[c]));
    most = Math.max(...open.map((c) => d[c]));
  } else {
    let dimmest = 0;
    for (const c of [1, 2]) if (b[c] < b[dimmest]) dimmest = c;
    ink = most = d[dimmest];
  }
  return [ink, most, Math.max(...b), Math.max(...v)];
}

describe("the land's darkness against its closing", () => {
  it('follows the ink map rules on every closing and value of a channel, clipped channels among them', () => {
    // the module's darkness pass called directly, on closings and values no closing would give (every pair)
    const m = instantiate<{ memory: WasmMemory; darkness(img: number, bg: number, n: number, ink: number, most: number, paper: number, brightest: number, clipped: number): void }>(MORPHOLOGY_WASM);
    const n = 256 * 256;
    reserve(m.memory, 10 * n);
    const mem = () => new Uint8Array(m.memory.buffer);
    // channel 0 takes every (closing, value) pair; channel 1 is clipped on every other pair of pixels, channel 2
    // always (250-255), so all three are clipped, with equal closings among them, where channel 0's closing is 250 or more
    const b = (i: number, c: number) => [i >> 8, i & 2 ? 255 - (i & 3) : (i >> 8) ^ 0x5a, 250 + (i % 6)][c];
    const v = (i: number, c: number) => [i & 255, (i * 3) & 255, (i >> 4) & 255][c];
    for (let i = 0; i < n; i++)
      for (let c = 0; c < 3; c++) {
        mem()[3 * i + c] = v(i, c);
        mem()[3 * n + 3 * i + c] = b(i, c);
      }
    m.darkness(0, 3 * n, n, 6 * n, 7 * n, 8 * n, 9 * n, CLIPPED);
    const out = mem();
    let wrong = 0;
    for (let i = 0; i < n; i++) {
      const want = pixelRules([0, 1, 2].map((c) => b(i, c)), [0, 1, 2].map((c) => v(i, c)));
      const got = [out[6 * n + i], out[7 * n + i], out[8 * n + i], out[9 * n + i]];
      if (got.some((x, k) => x !== want[k])) wrong++;
    }
    expect(wrong).toBe(0);
  });

  it('gives the closing and the rules together on pictures of any size from 16 pixels', () => {
    for (const [w, h] of [[16, 1], [6, 3], [37, 11], [624, 624]]) {
      const img = picture(w, h, 3, 7 * w + h);
      const bg = Uint8Array.from(closeSquare(img, w, h, 3, 11));
      const got = landDarkness(img, w, h, 11, CLIPPED);
      let wrong = 0;
      for (let i = 0; i < w * h; i++) {
        const want = pixelRules([bg[3 * i], bg[3 * i + 1], bg[3 * i + 2]], [img[3 * i], img[3 * i + 1], img[3 * i + 2]]);
        if (got.ink[i] !== want[0] || got.most[i] !== want[1] || got.paper[i] !== want[2] || got.brightest[i] !== want[3]) wrong++;
      }
      expect(wrong, `${w} x ${h}`).toBe(0);
    }
    expect(() => landDarkness(new Uint8Array(3 * 15), 15, 1, 3, CLIPPED)).toThrow(RangeError);
  });
});
