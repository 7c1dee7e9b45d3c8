import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findContours } from '../../src/scan/contours.js';
import { approxPolyDP, arcLength, contourArea, isContourConvex } from '../../src/scan/polygon.js';
import { random } from '../helpers/random.js';

interface OpenCvContours {
  contours: number[][];
  hierarchy: number[];
  /** What the marker search asked of each contour: area, perimeter, the polygon at 6% of it, and whether that is convex. */
  measures: { area: number; perimeter: number; approx: number[]; convex: boolean | null }[];
}

/** OpenCV's findContours (RETR_TREE, CHAIN_APPROX_SIMPLE) and measures of each contour: the reference. */
function openCv(bin: Uint8Array, width: number, height: number): OpenCvContours {
  const c = createRequire(import.meta.url)('opencv-wasm').cv;
  const src = new c.Mat(height, width, c.CV_8UC1);
  const list = new c.MatVector();
  const tree = new c.Mat();
  try {
    src.data.set(bin);
    c.findContours(src, list, tree, c.RETR_TREE, c.CHAIN_APPROX_SIMPLE);
    const out: OpenCvContours = { contours: [], hierarchy: Array.from(tree.data32S as Int32Array), measures: [] };
    for (let i = 0; i < list.size(); i++) {
      const one = list.get(i);
      const approx = new c.Mat();
      try {
        const perimeter = c.arcLength(one, true);
        c.approxPolyDP(one, approx, 0.06 * perimeter, true);
        out.contours.push(Array.from(one.data32S as Int32Array));
        out.measures.push({ area: c.contourArea(one), perimeter, approx: Array.from(approx.data32S as Int32Array), convex: approx.rows > 0 ? c.isContourConvex(approx) : null });
      } finally {
        one.delete();
        approx.delete();
      }
    }
    return out;
  } finally {
    src.delete();
    list.delete();
    tree.delete();
  }
}

/** Ours in the same shape, the measures taken as the marker search takes them. */
function ours(bin: Uint8Array, width: number, height: number): OpenCvContours {
  const tree = findContours(bin, width, height);
  const contours = Array.from({ length: tree.count }, (_, i) => tree.points(i));
  const hierarchy = tree.hierarchy;
  return {
    contours: contours.map((p) => Array.from(p)),
    hierarchy: Array.from(hierarchy),
    measures: contours.map((p) => {
      const perimeter = arcLength(p);
      const approx = approxPolyDP(p, 0.06 * perimeter);
      return { area: contourArea(p), perimeter, approx: Array.from(approx), convex: approx.length > 0 ? isContourConvex(approx) : null };
    }),
  };
}

/** Filled and hollow squares, some nested, some cut by the image's edge: the printed markers and what touches them. */
function squares(width: number, height: number, seed: number): Uint8Array {
  const r = random(seed);
  const img = new Uint8Array(width * height);
  for (let k = 0; k < 40; k++) {
    const x0 = Math.floor(r() * width) - 5;
    const y0 = Math.floor(r() * height) - 5;
    const side = 3 + Math.floor(r() * 40);
    const fill = r() < 0.5 ? 255 : 0;
    for (let y = Math.max(0, y0); y < Math.min(height, y0 + side); y++) for (let x = Math.max(0, x0); x < Math.min(width, x0 + side); x++) img[y * width + x] = fill;
  }
  return img;
}

describe("contours as OpenCV's findContours gives them", () => {
  it('gives the same points, order and tree for squares and for noise of any density, sizes down to 1 x 1', () => {
    const r = random(7);
    const cases: [string, Uint8Array, number, number][] = [
      ['one pixel', Uint8Array.of(255), 1, 1],
      ['empty', new Uint8Array(12), 4, 3],
      ['full', new Uint8Array(35).fill(1), 7, 5],
    ];
    for (let seed = 1; seed <= 6; seed++) cases.push([`squares ${seed}`, squares(60 + seed * 37, 40 + seed * 23, seed), 60 + seed * 37, 40 + seed * 23]);
    for (let k = 0; k < 24; k++) {
      const width = 1 + Math.floor(r() * 150);
      const height = 1 + Math.floor(r() * 110);
      const density = r();
      // any non-zero value is the object, as in OpenCV
      cases.push([`noise ${density.toFixed(2)} ${width}x${height}`, new Uint8Array(width * height).map(() => (r() < density ? 1 + Math.floor(r() * 255) : 0)), width, height]);
    }
    let contours = 0;
    for (const [name, bin, width, height] of cases) {
      const expected = openCv(bin, width, height);
      expect(ours(bin, width, height), name).toEqual(expected);
      contours += expected.contours.length;
    }
    // noise this dense has thousands of borders, so the 7-bit marks wrap many times over
    expect(contours).toBeGreaterThan(5000);
  });

  it('gives the same on a thresholded photo, as the marker search sees it', async () => {
    const { data, info } = await sharp('fixtures/photos/02-easy-b-letter-hb.jpg').rotate().resize(1200, 1200, { fit: 'inside' }).greyscale().raw().toBuffer({ resolveWithObject: true });
    const c = createRequire(import.meta.url)('opencv-wasm').cv;
    const src = new c.Mat(info.height, info.width, c.CV_8UC1);
    const bin = new c.Mat();
    src.data.set(data);
    c.adaptiveThreshold(src, bin, 255, c.ADAPTIVE_THRESH_MEAN_C, c.THRESH_BINARY_INV, 31, 12);
    const binary = Uint8Array.from(bin.data as Uint8Array);
    src.delete();
    bin.delete();
    const expected = openCv(binary, info.width, info.height);
    expect(expected.contours.length).toBeGreaterThan(500);
    expect(ours(binary, info.width, info.height)).toEqual(expected);
  });

  it('measures as OpenCV does where rounding could show: a long thin contour, a closed polyline with repeated points', () => {
    const thin = Int32Array.from([0, 0, 1000, 1, 2000, 3, 1000, 2, 0, 1]);
    const repeated = Int32Array.from([5, 5, 5, 5, 9, 5, 9, 9, 5, 9, 5, 5]);
    for (const p of [thin, repeated]) {
      const c = createRequire(import.meta.url)('opencv-wasm').cv;
      const m = c.matFromArray(p.length / 2, 1, c.CV_32SC2, Array.from(p));
      const approx = new c.Mat();
      c.approxPolyDP(m, approx, 0.5, true);
      expect([contourArea(p), arcLength(p), Array.from(approxPolyDP(p, 0.5))]).toEqual([c.contourArea(m), c.arcLength(m, true), Array.from(approx.data32S as Int32Array)]);
      m.delete();
      approx.delete();
    }
  });
});
