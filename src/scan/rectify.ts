import type { LandGrid } from './grid.js';
import type { Photo } from './image.js';
import { instantiate, regions, ResidentPlane, type WasmMemory } from './wasm/instance.js';
import { RECTIFY_WASM } from './wasm/rectify.wasm.js';

/** A straightened picture of the land: `cell` pixels per cell, `margin` pixels around the borderline. */
export interface Rectified {
  width: number;
  height: number;
  cell: number;
  margin: number;
  rgb: Uint8Array;
}

/**
 * Resamples the land out of the photo through the located grid: vertex (i, j) lands at (margin + j * cell,
 * margin + i * cell), each cell mapped bilinearly from its four vertices, so a curled sheet comes out flat. The
 * sampling runs in WebAssembly (wasm/rectify.wat: a scan's first straightenings run before V8 has optimised any
 * JavaScript); the photo's pixels stay in the module's memory for the photo's next straightening.
 */
export function straighten(photo: Photo, g: LandGrid, cell: number, margin: number, channels: 1 | 3 = 3): { width: number; height: number; rgb: Uint8Array } {
  const width = g.cols * cell + 2 * margin;
  const height = g.rows * cell + 2 * margin;
  const cols = g.cols;
  const { within, first } = outputColumns(width, cell, margin, cols);
  const m = (rectifyModule ??= instantiate<RectifyModule>(RECTIFY_WASM));
  const pixels = photo.width * photo.height * 3;
  const size = width * height * channels;
  const at = regions(pixels, { xs: 8 * g.xs.length, ys: 8 * g.ys.length, within: 8 * width, first: 4 * (cols + 1), out: size });
  photoPixels.place(m.memory, photo.rgb, pixels, at.end);
  const mem = m.memory.buffer;
  new Float64Array(mem, at.xs, g.xs.length).set(g.xs);
  new Float64Array(mem, at.ys, g.ys.length).set(g.ys);
  new Float64Array(mem, at.within, width).set(within);
  new Int32Array(mem, at.first, cols + 1).set(first);
  m.straighten(0, photo.width, photo.height, at.xs, at.ys, g.rows, cols, at.within, at.first, cell, margin, width, height, at.out, channels);
  return { width, height, rgb: new Uint8Array(mem, at.out, size).slice() };
}

/**
 * Each output column's position in its cell (`within`, the same on every row), and the columns of each cell column,
 * [first[j], first[j + 1]); the margins go with the outer cells.
 */
export function outputColumns(width: number, cell: number, margin: number, cols: number): { within: Float64Array; first: Int32Array } {
  const cellOf = new Int32Array(width);
  const within = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const u = (x + 0.5 - margin) / cell;
    cellOf[x] = Math.min(cols - 1, Math.max(0, Math.floor(u)));
    within[x] = u - cellOf[x];
  }
  const first = new Int32Array(cols + 1);
  for (let x = 0, j = 0; x < width; x++) while (j < cols && cellOf[x] >= j) first[j++] = x;
  first[cols] = width;
  return { within, first };
}

interface RectifyModule {
  memory: WasmMemory;
  straighten(photo: number, w: number, h: number, xs: number, ys: number, rows: number, cols: number, within: number, first: number, cell: number, margin: number, width: number, height: number, out: number, channels: number): void;
}
let rectifyModule: RectifyModule | undefined;
/** The photo's pixels in the module's memory: a scan straightens one photo several times. */
const photoPixels = new ResidentPlane();

/** The land straightened for viewing: `cell` pixels a cell, `margin` around it, colour cast removed. */
export function rectifyLand(photo: Photo, g: LandGrid, cell = 56, margin = 28): Rectified {
  const { width, height, rgb: out } = straighten(photo, g, cell, margin);
  whiten(out);
  return { width, height, cell, margin, rgb: out };
}

/** Per-channel stretch so the 95th percentile (the paper) becomes white: removes casts for viewing. */
function whiten(buf: Uint8Array): void {
  for (let c = 0; c < 3; c++) {
    const hist = new Uint32Array(256);
    for (let i = c; i < buf.length; i += 3) hist[buf[i]]++;
    const target = (buf.length / 3) * 0.95;
    let acc = 0;
    let p = 255;
    for (let v = 0; v < 256; v++) {
      acc += hist[v];
      if (acc >= target) {
        p = Math.max(v, 40);
        break;
      }
    }
    const k = 255 / p;
    for (let i = c; i < buf.length; i += 3) buf[i] = Math.min(255, buf[i] * k);
  }
}
