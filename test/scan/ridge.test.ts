import { describe, expect, it } from 'vitest';
import { edgeFeatures } from '../../src/scan/edge-features.js';
import { inkOfLand } from '../../src/scan/inkmap.js';

const CELL = 48;
const MARGIN = 24;
const SIZE = 2 * MARGIN + 12 * CELL;
/** Where the shadow's edge runs: the vertical line of column 5. */
const SHADOW_X = MARGIN + 5 * CELL;
/** How soft the shadow's edge is (px): the standard deviation of a blurred step. */
const PENUMBRA = 8;

/** The standard normal distribution function (Abramowitz-Stegun 7.1.26 for erf). */
function phi(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-x * x);
  return 0.5 * (1 + Math.sign(z) * erf);
}

/**
 * A straightened land of grey paper, in shadow left of column 5 with a sharp edge (a blurred step from 110 to 200,
 * 20 px from a tenth to nine tenths of the way: under half a cell), and faint pencil lines (12% darker, 3 px wide) down the given columns' vertical lines.
 */
function land(lines: number[]) {
  const rgb = new Uint8Array(SIZE * SIZE * 3);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 4;
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      let v = 110 + 90 * phi((x - SHADOW_X) / PENUMBRA);
      for (const col of lines) v *= 1 - 0.12 * Math.exp(-((x - (MARGIN + col * CELL)) ** 2) / (2 * 1.1 ** 2));
      const i = (y * SIZE + x) * 3;
      rgb[i] = rgb[i + 1] = rgb[i + 2] = Math.round(v + noise());
    }
  const m = inkOfLand(rgb, SIZE, SIZE, CELL, MARGIN);
  const edges = edgeFeatures(m, 12, 12, [6, 6]);
  return (col: number) => edges.find((e) => e.kind === 'v' && e.row === 3 && e.col === col)!;
}

describe('the ridge map', () => {
  const withLines = land([5, 9]);
  const ramp = withLines(5);
  const even = withLines(9);
  const noLine = land([9])(5);

  it("keeps a faint line on a shadow's edge that the ink map loses", () => {
    expect(ramp.across).toBeLessThan(0.85);
    expect(ramp.score).toBeLessThan(0.5 * even.score);
    expect(ramp.ridge).toBeGreaterThan(0.6 * even.ridge);
  });

  it("reads a bare shadow's edge as no line", () => {
    expect(noLine.across).toBeLessThan(0.85);
    expect(noLine.ridge).toBeLessThan(0.3 * even.ridge);
  });


});

describe('oblique ink beside an edge', () => {
  /** Even paper (200) with a pencil line (25% darker) down column 5's vertical line, and cell (3, 5) hatched at 45 degrees. */
  function hatched(line: boolean) {
    const rgb = new Uint8Array(SIZE * SIZE * 3);
    const x5 = MARGIN + 5 * CELL;
    const top = MARGIN + 3 * CELL;
    for (let y = 0; y < SIZE; y++)
      for (let x = 0; x < SIZE; x++) {
        let v = 200;
        if (line) v *= 1 - 0.25 * Math.exp(-((x - x5) ** 2) / (2 * 1.1 ** 2));
        // hatch lines every 8 px, running to 2 px inside the cell's left side
        if (x >= x5 + 2 && x < x5 + CELL - 3 && y >= top + 3 && y < top + CELL - 3) {
          const d = ((x + y) % 8) - 4;
          v *= 1 - 0.25 * Math.exp(-(d * d) / (2 * 0.8 ** 2));
        }
        const i = (y * SIZE + x) * 3;
        rgb[i] = rgb[i + 1] = rgb[i + 2] = Math.round(v);
      }
    const edges = edgeFeatures(inkOfLand(rgb, SIZE, SIZE, CELL, MARGIN), 12, 12, [6, 6]);
    return edges.find((e) => e.kind === 'v' && e.row === 3 && e.col === 5)!;
  }

  it('tells a line along the edge from hatch lines ending beside it', () => {
    const fence = hatched(true);
    const hatchOnly = hatched(false);
    // The hatching alone reaches the band: on the ink map it reads as dark as the line.
    expect(hatchOnly.score).toBeGreaterThan(0.8 * fence.score);
    expect(fence.oblique).toBeLessThan(0.1);
    expect(hatchOnly.oblique).toBeGreaterThan(0.4);
  });
});


describe("the ridge maps' blur", () => {
  it("gives OpenCV's 8-bit GaussianBlur at the ridge's sigma byte for byte, borders reflected as it reflects them", async () => {
    const { createRequire } = await import('node:module');
    const { blurred, SIGMA } = await import('../../src/scan/ridge.js');
    const c = createRequire(import.meta.url)('opencv-wasm').cv;
    const openCv = (img: Uint8Array, w: number, h: number) => {
      const src = new c.Mat(h, w, c.CV_8UC1);
      const out = new c.Mat();
      try {
        src.data.set(img);
        c.GaussianBlur(src, out, new c.Size(0, 0), SIGMA, SIGMA);
        return Uint8Array.from(out.data as Uint8Array);
      } finally {
        src.delete();
        out.delete();
      }
    };
    for (const [w, h] of [[16, 3], [17, 4], [33, 5], [100, 77], [624, 624]]) {
      // noise, with runs of white and black (the sums' extremes) across the middle rows
      const img = new Uint8Array(w * h).map((_, i) => (((i / w) | 0) === h >> 1 ? (i % 7 < 3 ? 255 : 0) : ((i * 2654435761) >>> 24) & 255));
      expect(Buffer.compare(blurred(img, w, h), openCv(img, w, h)), `${w} x ${h}`).toBe(0);
    }
    expect(Buffer.compare(blurred(new Uint8Array(64 * 8).fill(255), 64, 8), new Uint8Array(64 * 8).fill(255))).toBe(0);
    expect(() => blurred(new Uint8Array(15 * 4), 15, 4)).toThrow(RangeError);
  });
});

describe('the ridge maps, in WebAssembly', () => {
  it("are OpenCV's Sobel of order 2 on the blurred land over the paper, truncated, as the JavaScript took them", async () => {
    const { createRequire } = await import('node:module');
    const { ridgeMaps, SIGMA } = await import('../../src/scan/ridge.js');
    const c = createRequire(import.meta.url)('opencv-wasm').cv;
    const gain = 1 / 1.34;
    // the maps as ridge.ts computed them with OpenCV's blur and Sobel and a scaling loop in JavaScript
    const reference = (bright: Uint8Array, paper: Uint8Array, w: number, h: number) => {
      const mats = [new c.Mat(h, w, c.CV_8UC1), new c.Mat(), new c.Mat(), new c.Mat()];
      const [src, blur, dxx, dyy] = mats;
      try {
        src.data.set(bright);
        c.GaussianBlur(src, blur, new c.Size(0, 0), SIGMA, SIGMA);
        c.Sobel(blur, dxx, c.CV_32F, 2, 0, 3);
        c.Sobel(blur, dyy, c.CV_32F, 0, 2, 3);
        const X = dxx.data32F as Float32Array;
        const Y = dyy.data32F as Float32Array;
        const v = new Uint8Array(w * h);
        const hh = new Uint8Array(w * h);
        for (let i = 0; i < v.length; i++) {
          const k = (255 * gain) / (paper[i] > 8 ? paper[i] : 8);
          const a = X[i] * k;
          const b = Y[i] * k;
          v[i] = a > 0 ? (a < 255 ? a | 0 : 255) : 0;
          hh[i] = b > 0 ? (b < 255 ? b | 0 : 255) : 0;
        }
        return { v, h: hh };
      } finally {
        for (const m of mats) m.delete();
      }
    };
    for (const [w, h] of [[16, 3], [17, 4], [50, 41], [624, 624]]) {
      // noise with dark lines every few pixels both ways, and paper from black (under 8) to white
      const bright = new Uint8Array(w * h).map((_, i) => (i % w) % 9 === 4 || ((i / w) | 0) % 7 === 3 ? 40 : 180 + (((i * 2654435761) >>> 24) & 63));
      const paper = new Uint8Array(w * h).map((_, i) => (i * 13) & 255);
      const ours = ridgeMaps(bright, paper, w, h);
      const theirs = reference(bright, paper, w, h);
      expect(Buffer.compare(ours.v, theirs.v), `v ${w} x ${h}`).toBe(0);
      expect(Buffer.compare(ours.h, theirs.h), `h ${w} x ${h}`).toBe(0);
    }
  });
});
