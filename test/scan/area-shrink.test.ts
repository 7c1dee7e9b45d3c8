import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { shrinkArea } from '../../src/scan/area-shrink.js';
import { random } from '../helpers/random.js';

/** OpenCV's INTER_AREA resize, the reference. */
function openCvShrink(img: Uint8Array, width: number, height: number, dstWidth: number, dstHeight: number): Uint8Array {
  const c = createRequire(import.meta.url)('opencv-wasm').cv;
  const src = new c.Mat(height, width, c.CV_8UC1);
  const dst = new c.Mat();
  try {
    src.data.set(img);
    c.resize(src, dst, new c.Size(dstWidth, dstHeight), 0, 0, c.INTER_AREA);
    expect([dst.cols, dst.rows]).toEqual([dstWidth, dstHeight]);
    return Uint8Array.from(dst.data as Uint8Array);
  } finally {
    src.delete();
    dst.delete();
  }
}

type Kind = 'noise' | 'gradient' | 'edges';

/** Noise, a smooth ramp, or black and white blocks and lines at odd places (which make exact halves to round). */
function picture(kind: Kind, width: number, height: number, seed: number): Uint8Array {
  const next = random(seed);
  const img = new Uint8Array(width * height);
  const a = 0.5 + next();
  const b = 0.5 + next();
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (kind === 'noise') img[i] = Math.floor(next() * 256);
      else if (kind === 'gradient') img[i] = Math.floor(((x * a + y * b) * 255) / (width * a + height * b));
      else {
        const block = (Math.floor((x + 1) / 5) + Math.floor((y + 2) / 7)) % 2 === 0;
        const line = x % 11 === 4 || y % 13 === 6;
        img[i] = line ? 40 : block ? 255 : x % 3 === 0 ? 0 : 127;
      }
    }
  return img;
}

/** Compares with OpenCV, naming the case and counting the differing bytes. */
function same(img: Uint8Array, width: number, height: number, dstWidth: number, dstHeight: number, what: string): void {
  const ours = shrinkArea(img, width, height, dstWidth, dstHeight);
  const theirs = openCvShrink(img, width, height, dstWidth, dstHeight);
  expect(ours.length, what).toBe(theirs.length);
  let differ = 0;
  for (let i = 0; i < ours.length; i++) if (ours[i] !== theirs[i]) differ++;
  expect(differ, `${what}: ${differ} bytes differ`).toBe(0);
}

const KINDS: Kind[] = ['noise', 'gradient', 'edges'];

describe("the marker search's area shrink", () => {
  it("gives OpenCV's bytes for the scanner's shrinks by 2 and 3, odd and small sizes included", () => {
    const sizes = [[7, 5], [16, 3], [3, 16], [100, 61], [641, 479], [2000, 1500], [1999, 1501]];
    let seed = 1;
    for (const [w, h] of sizes)
      for (const kind of KINDS) {
        const img = picture(kind, w, h, seed++);
        for (const k of [2, 3]) same(img, w, h, Math.round(w / k), Math.round(h / k), `${kind} ${w} x ${h} / ${k}`);
      }
  });

  it('gives the same for whole ratios (2, 3, 4, and unequal ones), fractional ratios and edge cases', () => {
    const cases: [number, number, number, number][] = [];
    for (const [w, h] of [[48, 36], [120, 84], [1200, 900]])
      for (const [kx, ky] of [[2, 2], [3, 3], [4, 4], [2, 3], [4, 1], [1, 3]]) cases.push([w, h, w / kx, h / ky]);
    for (const [w, h] of [[7, 5], [100, 61], [641, 479], [1200, 900]])
      for (const k of [1.5, 2.7, 1.1, 5.3])
        cases.push([w, h, Math.max(1, Math.round(w / k)), Math.max(1, Math.round(h / k))]);
    cases.push([7, 5, 1, 1], [5, 7, 5, 2], [33, 1, 10, 1], [1, 1, 1, 1], [9, 9, 9, 9], [300, 200, 299, 199]);
    let seed = 100;
    for (const [w, h, dw, dh] of cases)
      for (const kind of KINDS) same(picture(kind, w, h, seed++), w, h, dw, dh, `${kind} ${w} x ${h} to ${dw} x ${dh}`);
  });

  it("matches OpenCV's float roundings where they rarely decide a byte: many noisy pictures of the scanner's size", () => {
    // A product or sum left unrounded changes about one byte in a million, so this takes millions of them.
    for (let t = 0; t < 16; t++) {
      const w = 2000 - (t % 2);
      const h = 1500 + ((t >> 1) % 2);
      const next = random(1000 + t);
      const img = new Uint8Array(w * h);
      for (let i = 0; i < img.length; i++) img[i] = t % 4 < 2 ? next() * 256 : 100 + next() * 8;
      same(img, w, h, Math.round(w / 3), Math.round(h / 3), `noise ${t}: ${w} x ${h} / 3`);
      if (w % 2) same(img, w, h, Math.round(w / 2), Math.round(h / 2), `noise ${t}: ${w} x ${h} / 2`);
    }
  });

  it('refuses to enlarge or to make an empty picture', () => {
    const img = new Uint8Array(20);
    expect(() => shrinkArea(img, 5, 4, 6, 2)).toThrow(Error);
    expect(() => shrinkArea(img, 5, 4, 2, 5)).toThrow(Error);
    expect(() => shrinkArea(img, 5, 4, 0, 2)).toThrow(Error);
    expect(() => shrinkArea(img, 5, 4, 2, 0)).toThrow(Error);
  });
});
