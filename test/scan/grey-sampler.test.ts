/**
 * The land's searches in WebAssembly (src/scan/wasm/sampler.wat) against the TypeScript they replaced, written out
 * here with sample.ts's grey: the same doubles, over a noise photo (every byte of a sample's neighbourhood
 * matters) through a tilted homography whose samples run off the photo on some sides.
 */
import { describe, expect, it } from 'vitest';
import { rng } from '../../src/engine/random.js';
import { bestPlace, borderPath, latticeScores } from '../../src/scan/grey-sampler.js';
import type { Homography } from '../../src/scan/homography.js';
import type { Photo } from '../../src/scan/image.js';
import { grey } from '../../src/scan/sample.js';
import { instantiate, reserve, type WasmMemory } from '../../src/scan/wasm/instance.js';
import { SAMPLER_WASM } from '../../src/scan/wasm/sampler.wasm.js';

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
  it('samples and scores a lattice as the corner search did', () => {
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
      const lattice = Float64Array.from({ length: span * span }, (_, k) => greyAt(photo, H, 50 + ((k % span) - n - reach) * 1.3, 60 + (Math.floor(k / span) - n - reach) * 1.3));
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

  it('follows the borderline along a side as the search did', () => {
    const [cell, samples, O, reach] = [14, 24, 91, 13];
    const far = Float64Array.from({ length: O }, (_, o) => FAR_COST * Math.abs(-SEARCH + o * STEP));
    const turn = Float64Array.from({ length: 2 * TURN + 1 }, (_, i) => TURN_COST * Math.abs(i - TURN));
    for (const photo of [...photos, flatPhoto(200, 200)])
      for (const [sx, sy, ax, ay, len, nx, ny] of [[0, 0, 1, 0, 200, 0, -1], [200, 0, 0, 1, 280, 1, 0], [0, 280, 1, 0, 200, 0, 1]]) {
        const got = borderPath(photo, H, cell, sx, sy, ax, ay, len, nx, ny, samples, O, -SEARCH, STEP, reach, far, turn, TURN, CLEAR);
        const contrast: number[] = [];
        for (let k = 0; k < samples; k++) {
          const t = (k + 0.5) / samples;
          const px = sx + ax * t * len;
          const py = sy + ay * t * len;
          const vals: number[] = [];
          for (let o = 0; o < O; o++) {
            const d = -SEARCH + o * STEP;
            vals.push(greyAt(photo, H, px + nx * d * cell, py + ny * d * cell));
          }
          for (let o = 0; o < O; o++) {
            const paper = Math.max(...vals.slice(Math.max(0, o - reach), o + reach + 1));
            contrast.push(paper > 0 ? (paper - vals[o]) / paper : 0);
          }
        }
        const c = Float64Array.from(contrast);
        const want = tracePath(c, darkestPath(c, samples, O, far, turn), samples, O);
        expect({ d: Array.from(got.d), found: got.found, contrast: got.sum / samples }).toEqual({ d: Array.from(want.d), found: want.found, contrast: want.contrast });
      }
  });
});

describe('the borderline path in WebAssembly', () => {
  it('takes the first of equal moves and ends as the TypeScript did, on contrast with many ties', () => {
    const m = instantiate<{ memory: WasmMemory; path(c: number, samples: number, O: number, far: number, turn: number, T: number, acc: number, back: number, start: number, step: number, clear: number, d: number, sum: number): number }>(SAMPLER_WASM);
    const random = rng(11);
    for (const [samples, O] of [[24, 91], [5, 7], [72, 91]]) {
      // a few levels only, and flat costs half the time: many equal paths
      const c = Float64Array.from({ length: samples * O }, () => [0, 0.25, 0.5][Math.floor(random() * 3)]);
      for (const flat of [false, true]) {
        const far = Float64Array.from({ length: O }, (_, o) => (flat ? 0 : FAR_COST * Math.abs(-SEARCH + o * STEP)));
        const turn = Float64Array.from({ length: 2 * TURN + 1 }, (_, i) => (flat ? 0 : TURN_COST * Math.abs(i - TURN)));
        const [cAt, farAt, turnAt, dAt, sumAt, accAt] = [0, 8 * samples * O, 8 * samples * O + 8 * O, 8 * samples * O + 8 * O + 64, 16 * samples * O, 16 * samples * O + 16];
        const backAt = accAt + 8 * samples * O;
        reserve(m.memory, backAt + samples * O);
        new Float64Array(m.memory.buffer, cAt, samples * O).set(c);
        new Float64Array(m.memory.buffer, farAt, O).set(far);
        new Float64Array(m.memory.buffer, turnAt, 2 * TURN + 1).set(turn);
        const found = m.path(cAt, samples, O, farAt, turnAt, TURN, accAt, backAt, -SEARCH, STEP, CLEAR, dAt, sumAt);
        const want = tracePath(c, darkestPath(c, samples, O, far, turn), samples, O);
        expect({ d: Array.from(new Float64Array(m.memory.buffer, dAt, samples)), found }).toEqual({ d: Array.from(want.d), found: want.found });
      }
    }
  });
});

// grid.ts's borderline search as it was in TypeScript (its constants, the path and its tracing).
const SEARCH = 0.9;
const STEP = 0.02;
const TURN = 3;
const TURN_COST = 0.02;
const FAR_COST = 0.05;
const CLEAR = 0.25;

/** The best path through the contrast: where it ends, and each step's move across to get there, [k * O + o]. */
function darkestPath(contrast: Float64Array, SAMPLES: number, O: number, far: Float64Array, turn: Float64Array): { back: Int8Array; end: number } {
  const acc = new Float64Array(SAMPLES * O);
  const back = new Int8Array(SAMPLES * O);
  for (let o = 0; o < O; o++) acc[o] = contrast[o] - far[o];
  for (let k = 1; k < SAMPLES; k++) {
    const prev = (k - 1) * O;
    for (let o = 0; o < O; o++) {
      let best = -Infinity;
      let from = 0;
      const lo = o - TURN < 0 ? -o : -TURN;
      const hi = o + TURN > O - 1 ? O - 1 - o : TURN;
      for (let d = lo; d <= hi; d++) {
        const v = acc[prev + o + d] - turn[d + TURN];
        if (v > best) {
          best = v;
          from = d;
        }
      }
      acc[k * O + o] = best + contrast[k * O + o] - far[o];
      back[k * O + o] = from;
    }
  }
  let o = 0;
  for (let q = 1; q < O; q++) if (acc[(SAMPLES - 1) * O + q] > acc[(SAMPLES - 1) * O + o]) o = q;
  return { back, end: o };
}

/** The path traced back from its end: its offset at each sample (to a sub-step) and how clear it is. */
function tracePath(contrast: Float64Array, { back, end }: { back: Int8Array; end: number }, SAMPLES: number, O: number): { d: Float64Array; found: number; contrast: number } {
  let o = end;
  const d = new Float64Array(SAMPLES);
  let found = 0;
  let sum = 0;
  for (let k = SAMPLES - 1; k >= 0; k--) {
    // a sub-step estimate from the parabola through the darkest point and its neighbours
    let at = o;
    if (o > 0 && o < O - 1) {
      const a = contrast[k * O + o - 1];
      const b = contrast[k * O + o];
      const c = contrast[k * O + o + 1];
      const den = a - 2 * b + c;
      if (den < -1e-9) at = o + (0.5 * (a - c)) / den;
    }
    d[k] = -SEARCH + at * STEP;
    if (contrast[k * O + o] > CLEAR) found++;
    sum += contrast[k * O + o];
    o += back[k * O + o];
  }
  return { d, found, contrast: sum / SAMPLES };
}

