/**
 * The land's straightening in WebAssembly (src/scan/wasm/rectify.wat) against the TypeScript it replaced
 * (rectify-reference.ts): the same bytes, for located grids on real photos and for grids running off the photo.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import type { LandGrid } from '../../src/scan/grid.js';
import type { Photo } from '../../src/scan/image.js';
import { straighten } from '../../src/scan/rectify.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { rng } from '../../src/engine/random.js';
import { straightenReference } from './rectify-reference.js';

const game = loadGame();

/** A photo of random pixels (noise reads every byte of a sample's neighbourhood). */
function noisePhoto(width: number, height: number, seed: number): Photo {
  const random = rng(seed);
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < rgb.length; i++) rgb[i] = Math.floor(random() * 256);
  return { width, height, rgb, grey: new Uint8Array(width * height), original: { width, height }, scale: 1, source: Buffer.alloc(0), oriented: false };
}

/** A 12 x 12 grid from four corners, each vertex moved at random by up to `wobble` pixels (a bent sheet). */
function grid(corners: [number, number][], wobble: number, seed: number, rows = 12, cols = 12): LandGrid {
  const random = rng(seed);
  const xs = new Float64Array((rows + 1) * (cols + 1));
  const ys = new Float64Array((rows + 1) * (cols + 1));
  const [a, b, c, d] = corners;
  for (let i = 0; i <= rows; i++)
    for (let j = 0; j <= cols; j++) {
      const u = j / cols;
      const v = i / rows;
      const k = i * (cols + 1) + j;
      xs[k] = (1 - v) * ((1 - u) * a[0] + u * b[0]) + v * ((1 - u) * d[0] + u * c[0]) + (random() - 0.5) * 2 * wobble;
      ys[k] = (1 - v) * ((1 - u) * a[1] + u * b[1]) + v * ((1 - u) * d[1] + u * c[1]) + (random() - 0.5) * 2 * wobble;
    }
  return { rows, cols, xs, ys, cellPx: 40, borderFound: 1 };
}

const same = (photo: Photo, g: LandGrid, cell: number, margin: number, channels: 1 | 3) => {
  const got = straighten(photo, g, cell, margin, channels);
  const want = straightenReference(photo, g, cell, margin, channels);
  expect([got.width, got.height]).toEqual([want.width, want.height]);
  let differ = 0;
  for (let i = 0; i < want.rgb.length; i++) if (got.rgb[i] !== want.rgb[i]) differ++;
  expect(differ, `${channels} channel(s), cell ${cell}, margin ${margin}`).toBe(0);
};

describe('the land straightened in WebAssembly', () => {
  it('gives the bytes the TypeScript gave on located grids of real photos, both ways (RGB and red)', async () => {
    for (const name of ['01-easy-a-a4-pen', '09-medium-b-a4-upside-down', '12-medium-b-letter-curl', '15-medium-b-a4-busy-table']) {
      const r = await scanPhoto(readFileSync(`fixtures/photos/${name}.jpg`), game, { keepDoubtful: true });
      for (const [cell, margin] of [[48, 24], [56, 28], [17, 5]]) {
        same(r.photo, r.grid, cell, margin, 3);
        same(r.photo, r.grid, cell, margin, 1);
      }
    }
  }, 60_000);

  it('holds samples inside the photo as the TypeScript did where the land runs off it, on odd sizes', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const random = rng(100 + seed);
      const w = 80 + Math.floor(random() * 300);
      const h = 60 + Math.floor(random() * 300);
      const photo = noisePhoto(w, h, seed);
      // corners from well inside to well past the photo's sides, turned and skewed
      const corner = (): [number, number] => [(random() * 1.6 - 0.3) * w, (random() * 1.6 - 0.3) * h];
      const g = grid([corner(), corner(), corner(), corner()], random() * 6, seed);
      for (const channels of [1, 3] as const) same(photo, g, 3 + Math.floor(random() * 20), Math.floor(random() * 12), channels);
    }
  });

  it('reads a new photo after another, and the same photo again, each from its own pixels', () => {
    const a = noisePhoto(200, 150, 7);
    const b = noisePhoto(300, 120, 8);
    const g = grid([[20, 10], [180, 15], [175, 140], [25, 135]], 2, 3);
    same(a, g, 16, 8, 3);
    same(b, g, 16, 8, 3);
    same(a, g, 16, 8, 1);
    same(a, g, 16, 8, 3);
  });
});
