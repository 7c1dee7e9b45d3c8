import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { adaptiveThreshold, type AdaptiveThreshold } from '../../src/scan/adaptive-threshold.js';
import { random } from '../helpers/random.js';

/** As markers.ts and fourth-marker.ts call it: MEAN_C, THRESH_BINARY_INV, delta 12. */
const mean = (block: number): AdaptiveThreshold => ({ method: 'mean', block, delta: 12, inverse: true });
/** As qr.ts calls it: GAUSSIAN_C, THRESH_BINARY, delta 2. */
const gaussian = (block: number): AdaptiveThreshold => ({ method: 'gaussian', block, delta: 2, inverse: false });

/** opencv-wasm's adaptiveThreshold with maxValue 255, the reference. */
function openCv(img: Uint8Array, width: number, height: number, t: AdaptiveThreshold): Uint8Array {
  const c = createRequire(import.meta.url)('opencv-wasm').cv;
  const src = new c.Mat(height, width, c.CV_8UC1);
  const out = new c.Mat();
  try {
    src.data.set(img);
    const method = t.method === 'mean' ? c.ADAPTIVE_THRESH_MEAN_C : c.ADAPTIVE_THRESH_GAUSSIAN_C;
    c.adaptiveThreshold(src, out, 255, method, t.inverse ? c.THRESH_BINARY_INV : c.THRESH_BINARY, t.block, t.delta);
    return Uint8Array.from(out.data as Uint8Array);
  } finally {
    src.delete();
    out.delete();
  }
}

type Kind = 'noise' | 'gradient' | 'shapes' | 'dither';

/**
 * A test picture: uniform noise; a smooth gradient with +-2 of noise (many pixels within a grey level of their
 * threshold, where the rounding of the mean decides); dark and light shapes with hard edges; or a background
 * dithered between two levels with pixels set just at the threshold below it (the mean's rounding decides them all).
 */
function picture(kind: Kind, width: number, height: number, seed: number, delta = 12): Uint8Array {
  const rnd = random(seed);
  const img = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let v: number;
      if (kind === 'noise') v = rnd() * 256;
      else if (kind === 'gradient') v = 30 + (170 * (x + y)) / (width + height) + 25 * Math.sin(y / 13 + x / 29) + (rnd() - 0.5) * 5;
      else if (kind === 'shapes') {
        const disc = (x - width / 3) ** 2 + (y - height / 2) ** 2 < (Math.min(width, height) / 4) ** 2;
        const bars = ((x >> 3) + (y >> 4)) % 3 === 0;
        v = disc !== bars ? 25 + rnd() * 8 : 215 + rnd() * 12;
      } else {
        const base = 140 + (rnd() < 0.5 ? 0 : 1);
        v = rnd() < 0.2 ? base - delta - Math.floor(rnd() * 2) : base;
      }
      img[y * width + x] = Math.max(0, Math.min(255, Math.floor(v)));
    }
  return img;
}

/** The pixels where ours and OpenCV's differ, with the first of them for the message. */
function differ(ours: Uint8Array, theirs: Uint8Array): { count: number; first: number } {
  let count = 0;
  let first = -1;
  for (let i = 0; i < theirs.length; i++)
    if (ours[i] !== theirs[i]) {
      if (first < 0) first = i;
      count++;
    }
  return { count, first };
}

/** Asserts ours is OpenCV's byte for byte on this picture. */
function same(img: Uint8Array, width: number, height: number, t: AdaptiveThreshold, label: string): void {
  const ours = adaptiveThreshold(img, width, height, t);
  expect(ours.length).toBe(width * height);
  const { count, first } = differ(ours, openCv(img, width, height, t));
  const where = `first at (${first % width}, ${Math.floor(first / width)})`;
  expect(count, `${label}: ${width} x ${height}, ${t.method} block ${t.block}, ${where}`).toBe(0);
}

const KINDS: Kind[] = ['noise', 'gradient', 'shapes', 'dither'];

describe("OpenCV's adaptive threshold in TypeScript", () => {
  it('MEAN_C as the marker search calls it: every odd block from 3 to 101, on pictures smaller and larger than it', () => {
    for (let block = 3; block <= 101; block += 2)
      for (const [k, kind] of KINDS.entries()) {
        const [w, h] = [[64, 48], [97, 61], [131, 29], [40, 113]][(block + k) % 4];
        same(picture(kind, w, h, block * 10 + k), w, h, mean(block), kind);
      }
  });

  it('MEAN_C on photo-sized pictures, blocks 21, 31 and 51', () => {
    for (const block of [21, 31, 51]) {
      same(picture('gradient', 1000, 750, block), 1000, 750, mean(block), 'gradient');
      same(picture('shapes', 333, 201, block), 333, 201, mean(block), 'shapes');
      same(picture('dither', 333, 201, block), 333, 201, mean(block), 'dither');
    }
  });

  it('GAUSSIAN_C as the QR fallback calls it: every odd block from 3 to 101', () => {
    for (let block = 3; block <= 101; block += 2)
      for (const [k, kind] of KINDS.entries()) {
        const [w, h] = [[64, 48], [97, 61], [61, 97], [33, 130]][(block + k) % 4];
        same(picture(kind, w, h, block * 10 + k, 2), w, h, gaussian(block), kind);
      }
  });

  it("GAUSSIAN_C on square patches the QR fallback's size, the block 15% of the side", () => {
    for (const [i, px] of [60, 99, 160, 251, 400, 600].entries()) {
      const block = Math.round(px * 0.15) | 1;
      same(picture(KINDS[i % 4], px, px, px, 2), px, px, gaussian(block), KINDS[i % 4]);
      same(picture(KINDS[(i + 1) % 4], px, px, px + 1, 2), px, px, gaussian(block), KINDS[(i + 1) % 4]);
    }
  });

  it('GAUSSIAN_C where a single float32 rounding in the blur decides a pixel', () => {
    // found by search, such pixels being rare: gradients on which the blur in doubles, one product or pair sum left
    // unrounded to float32 in the row or the column pass, or a kernel off in its last bit turns one pixel
    const cases = [
      [1804, 31], [5892, 19], [6538, 23], [6952, 23], [11729, 101], [13572, 15], [16241, 17], [32, 75], [4754, 43],
      [88, 95], [303, 65], [852, 59], [3593, 21],
    ];
    for (const [seed, block] of cases) same(picture('gradient', 120, 90, seed), 120, 90, gaussian(block), `seed ${seed}`);
  });

  it('small and odd sizes, a single pixel, row or column among them', () => {
    const sizes = [[5, 7], [1, 1], [1, 9], [9, 1], [2, 3], [3, 2], [7, 5], [17, 4], [4, 17], [250, 1], [1, 250]];
    for (const [w, h] of sizes)
      for (const block of [3, 5, 7, 9, 11, 15, 17, 31, 101])
        for (const kind of KINDS) {
          const seed = w * 1000 + h * 10 + block;
          same(picture(kind, w, h, seed), w, h, mean(block), kind);
          same(picture(kind, w, h, seed, 2), w, h, gaussian(block), kind);
        }
  });

  it('the other thresholding (THRESH_BINARY for the mean, THRESH_BINARY_INV for the Gaussian) and other deltas', () => {
    for (const [i, delta] of [0, 2, -3, 7, 12].entries())
      for (const block of [5, 15, 17, 41]) {
        const img = picture(KINDS[i % 4], 90, 70, 31 * block + i, Math.max(delta, 0));
        same(img, 90, 70, { method: 'mean', block, delta, inverse: false }, `delta ${delta}`);
        same(img, 90, 70, { method: 'gaussian', block, delta, inverse: true }, `delta ${delta}`);
      }
  });

  it('the mean at its ends: a pixel whose level plus the delta is 255 or more, or 0 or less, in windows all but white or black', () => {
    const r = random(4242);
    const [w, h] = [61, 47];
    for (const delta of [12, -12, 0, 255, -255]) {
      // white (or black) with pixels a few levels off it, and some whose level plus the delta is exactly 255 (or 0)
      for (const base of [255, 0]) {
        const img = new Uint8Array(w * h).map(() => {
          const u = r();
          if (u < 0.9) return base;
          const edge = base === 255 ? 255 - delta : -delta;
          return u < 0.95 ? Math.min(255, Math.max(0, edge)) : Math.min(255, Math.max(0, base + (base ? -1 : 1) * Math.floor(r() * 20)));
        });
        for (const block of [3, 5, 21])
          for (const inverse of [true, false]) same(img, w, h, { method: 'mean', block, delta, inverse }, `base ${base} delta ${delta} block ${block}`);
      }
    }
  });

  it('refuses an even block, a block of 1 or less, and too few bytes', () => {
    const img = new Uint8Array(20);
    for (const block of [0, 1, 2, 4, 50, -3, 3.5, 2897])
      expect(() => adaptiveThreshold(img, 5, 4, mean(block)), `block ${block}`).toThrow(Error);
    expect(() => adaptiveThreshold(img, 5, 5, mean(3))).toThrow(Error);
    expect(() => adaptiveThreshold(img, 0, 4, gaussian(3))).toThrow(Error);
  });
});
