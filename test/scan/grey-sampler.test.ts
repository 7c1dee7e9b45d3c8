/**
 * The land's searches in WebAssembly (src/scan/wasm/sampler.wat) against the TypeScript they replaced, written out
 * here with sample.ts's grey: the same doubles, over a noise photo (every byte of a sample's neighbourhood
 * matters) through a tilted homography whose samples run off the photo on some sides.
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../src/engine/random.js';
import { bestPlace, contrastAcross, greyLattice, latticeScores } from '../../src/scan/grey-sampler.js';
import type { Homography } from '../../src/scan/homography.js';
import type { Photo } from '../../src/scan/image.js';
import { grey } from '../../src/scan/sample.js';

function noisePhoto(width: number, height: number, seed: number): Photo {
  const random = rng(seed);
  const g = new Uint8Array(width * height);
  for (let i = 0; i < g.length; i++) g[i] = Math.floor(random() * 256);
  return { width, height, rgb: new Uint8Array(width * height * 3), grey: g, original: { width, height }, scale: 1, source: Buffer.alloc(0), oriented: false };
}

/** A photo of one grey: every place scores the same. */
function flatPhoto(width: number, height: number): Photo {
  const p = noisePhoto(width, height, 0);
  p.grey.fill(128);
  return p;
}

/** A page (about 200 x 280 units) seen at a slant, a little rotated, partly off a 640 x 480 photo. */
const H: Homography = [2.1, 0.31, -40, -0.22, 1.9, 12, 0.0004, -0.0007, 1] as unknown as Homography;

/** grid.ts's greyAt as it was. */
function greyAt(photo: Photo, h: Homography, px: number, py: number): number {
  const w = h[6] * px + h[7] * py + h[8];
  return grey(photo, (h[0] * px + h[1] * py + h[2]) / w, (h[3] * px + h[4] * py + h[5]) / w);
}

const photos = [noisePhoto(640, 480, 1), noisePhoto(301, 257, 2)];

describe('the grey sampler in WebAssembly', () => {
  it('samples a lattice as greyAt did', () => {
    for (const photo of photos)
      for (const [x0, y0, unit, n, span] of [[10, 20, 1.7, 30, 61], [-30, 250, 0.45, 5, 11], [180, 90, 3.1, 12, 25]]) {
        const got = greyLattice(photo, H, x0, y0, unit, n, span);
        const want = Float64Array.from({ length: span * span }, (_, k) => greyAt(photo, H, x0 + ((k % span) - n) * unit, y0 + (Math.floor(k / span) - n) * unit));
        expect(Array.from(got)).toEqual(Array.from(want));
      }
  });

  it('scores a lattice as the corner search did', () => {
    const random = rng(7);
    for (const photo of photos) {
      const [n, reach] = [9, 6];
      const span = 2 * (n + reach) + 1;
      const side = 2 * n + 1;
      const terms = 37;
      const sign = Int8Array.from({ length: terms }, () => (random() < 0.5 ? -1 : 1));
      const ox = Int32Array.from({ length: terms }, () => Math.floor(random() * (2 * reach + 1)) - reach);
      const oy = Int32Array.from({ length: terms }, () => Math.floor(random() * (2 * reach + 1)) - reach);
      const step = Int32Array.from(sign, (_, k) => oy[k] * span + ox[k]);
      const lattice = Float64Array.from(greyLattice(photo, H, 50, 60, 1.3, n + reach, span));
      const got = Array.from(latticeScores(photo, H, 50, 60, 1.3, n + reach, span, reach, side, sign, step));
      const want: number[] = [];
      for (let b = 0; b < side; b++)
        for (let a = 0; a < side; a++) {
          let v = 0;
          for (let k = 0; k < terms; k++) v += sign[k] * lattice[(b + reach) * span + a + reach + step[k]];
          want.push(v);
        }
      expect(got).toEqual(want);
    }
  });

  it('finds the best fine place as the corner search did, the first of equals', () => {
    const random = rng(9);
    for (const photo of [...photos, flatPhoto(200, 200)]) {
      const terms = 24;
      const sign = Int8Array.from({ length: terms }, () => (random() < 0.5 ? -1 : 1));
      const ox = Int32Array.from({ length: terms }, () => Math.floor(random() * 81) - 40);
      const oy = Int32Array.from({ length: terms }, () => Math.floor(random() * 81) - 40);
      for (const [cell, cx, cy] of [[20, 100, 80], [7.5, 3, 240]]) {
        const unit = 0.05 * cell;
        let best = -Infinity;
        let at = { x: cx, y: cy };
        for (let a = -5; a <= 5; a++)
          for (let b = -5; b <= 5; b++) {
            const px = cx + a * 0.01 * cell;
            const py = cy + b * 0.01 * cell;
            let v = 0;
            for (let k = 0; k < terms; k++) v += sign[k] * greyAt(photo, H, px + ox[k] * unit, py + oy[k] * unit);
            if (v > best) {
              best = v;
              at = { x: px, y: py };
            }
          }
        expect(bestPlace(photo, H, cell, cx, cy, 5, 0.01, unit, sign, ox, oy)).toEqual(at);
      }
    }
  });

  it('measures the contrast across a side as the borderline search did', () => {
    for (const photo of photos)
      for (const [sx, sy, ax, ay, len, nx, ny] of [[0, 0, 1, 0, 200, 0, -1], [200, 0, 0, 1, 280, 1, 0], [0, 280, 1, 0, 200, 0, 1]]) {
        const [cell, samples, O, reach] = [14, 24, 91, 13];
        const got = contrastAcross(photo, H, cell, sx, sy, ax, ay, len, nx, ny, samples, O, -0.9, 0.02, reach);
        const want: number[] = [];
        for (let k = 0; k < samples; k++) {
          const t = (k + 0.5) / samples;
          const px = sx + ax * t * len;
          const py = sy + ay * t * len;
          const vals: number[] = [];
          for (let o = 0; o < O; o++) {
            const d = -0.9 + o * 0.02;
            vals.push(greyAt(photo, H, px + nx * d * cell, py + ny * d * cell));
          }
          for (let o = 0; o < O; o++) {
            const paper = Math.max(...vals.slice(Math.max(0, o - reach), o + reach + 1));
            want.push(paper > 0 ? (paper - vals[o]) / paper : 0);
          }
        }
        expect(Array.from(got)).toEqual(want);
      }
  });
});
