/**
 * The land's straightening as it was written in TypeScript before it moved to WebAssembly (src/scan/wasm/rectify.wat):
 * the reference the tests compare the module with, byte for byte.
 */
import type { LandGrid } from '../../src/scan/grid.js';
import type { Photo } from '../../src/scan/image.js';
import { outputColumns } from '../../src/scan/rectify.js';
import { clamp } from '../../src/scan/sample.js';

/**
 * Resamples the land out of the photo through the located grid: vertex (i, j) lands at (margin + j * cell,
 * margin + i * cell), each cell mapped bilinearly from its four vertices, so a curled sheet comes out flat.
 */
export function straightenReference(photo: Photo, g: LandGrid, cell: number, margin: number, channels: 1 | 3 = 3): { width: number; height: number; rgb: Uint8Array } {
  const width = g.cols * cell + 2 * margin;
  const height = g.rows * cell + 2 * margin;
  const out = new Uint8Array(width * height * channels);
  const stride = g.cols + 1;
  const { xs, ys } = g;
  const cols = g.cols;
  // (the output columns are the module's own inputs, computed by the same TypeScript: the sampling is compared)
  const { within, first } = outputColumns(width, cell, margin, cols);
  // a cell at a time (a row of cells, then each cell's rows), as the module goes
  const w = photo.width;
  for (let y0 = 0; y0 < height; y0 += cell) {
    const y1 = Math.min(height, y0 + cell);
    for (let j = 0; j < cols; j++) {
      const xa = first[j];
      const xb = first[j + 1];
      for (let y = y0; y < y1; y++) {
        const v = (y + 0.5 - margin) / cell;
        const i = Math.min(g.rows - 1, Math.max(0, Math.floor(v)));
        const fy = v - i;
        const gy = 1 - fy;
        // Within a cell on one output row the source point is linear in the column's position: start + within * step.
        const a = i * stride + j;
        const c = a + stride;
        const startX = gy * xs[a] + fy * xs[c];
        const stepX = gy * xs[a + 1] + fy * xs[c + 1] - startX;
        const startY = gy * ys[a] + fy * ys[c];
        const stepY = gy * ys[a + 1] + fy * ys[c + 1] - startY;
        const inside = inPhoto(startX, stepX, w, within[xa], within[xb - 1]) && inPhoto(startY, stepY, photo.height, within[xa], within[xb - 1]);
        sample(photo, out, (y * width + xa) * channels, channels, within, xa, xb, startX, stepX, startY, stepY, !inside);
      }
    }
  }
  return { width, height, rgb: out };
}

/**
 * Whether start + f * step stays where sampling needs no clamp (0 to size - 1.001, as `clamp` holds it) for f from
 * `first` to `last`: a run is straight, so its two ends decide.
 */
function inPhoto(start: number, step: number, size: number, first: number, last: number): boolean {
  const a = start + first * step;
  const b = start + last * step;
  return Math.min(a, b) >= 0 && Math.max(a, b) <= size - 1.001;
}

/**
 * One run of output pixels, xa to xb of a row, sampled bilinearly from the photo at start + within * step, every
 * channel or the red one alone; with `clamped`, each sample is held inside the photo (a run over its edge). (The
 * shipped TypeScript wrote the two channel counts out as two functions for speed; the arithmetic is the same.)
 */
function sample(photo: Photo, out: Uint8Array, o: number, channels: 1 | 3, within: Float64Array, xa: number, xb: number, startX: number, stepX: number, startY: number, stepY: number, clamped: boolean): void {
  const { width: w, height: h, rgb: d } = photo;
  const below = w * 3;
  for (let x = xa; x < xb; x++) {
    const f = within[x];
    const sx = clamped ? clamp(startX + f * stepX, w) : startX + f * stepX;
    const sy = clamped ? clamp(startY + f * stepY, h) : startY + f * stepY;
    const x0 = sx | 0;
    const yi = sy | 0;
    const px = sx - x0;
    const py = sy - yi;
    const p = (yi * w + x0) * 3;
    const q = p + below;
    for (let c = 0; c < channels; c++, o++) {
      const top = d[p + c] + (d[p + c + 3] - d[p + c]) * px;
      const bot = d[q + c] + (d[q + c + 3] - d[q + c]) * px;
      out[o] = top + (bot - top) * py;
    }
  }
}
