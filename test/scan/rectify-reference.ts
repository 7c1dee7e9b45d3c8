/**
 * The land's straightening as it was written in TypeScript before it moved to WebAssembly (src/scan/wasm/rectify.wat):
 * the reference the tests compare the module with, byte for byte.
 */
import type { LandGrid } from '../../src/scan/grid.js';
import type { Photo } from '../../src/scan/image.js';
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
  // Each output column's cell and position in it, the same on every row.
  const cellOf = new Int32Array(width);
  const within = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const u = (x + 0.5 - margin) / cell;
    cellOf[x] = Math.min(g.cols - 1, Math.max(0, Math.floor(u)));
    within[x] = u - cellOf[x];
  }
  // The columns of each cell column, [first[j], first[j + 1]); the margins go with the outer cells.
  const cols = g.cols;
  const first = new Int32Array(cols + 1);
  for (let x = 0, j = 0; x < width; x++) while (j < cols && cellOf[x] >= j) first[j++] = x;
  first[cols] = width;
  // Bilinear sampling, written out here: this loop runs for every pixel of the land. It goes a cell at a time
  // (a row of cells, then each cell's rows), so the photo's pixels it reads stay in the cache: a land turned in
  // the photo runs each output row across many of the photo's rows (measured: 9.3 ms to 7.8 a land, same bytes).
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
        if (channels === 3) {
          sampleRgb(photo, out, (y * width + xa) * 3, within, xa, xb, startX, stepX, startY, stepY, !inside);
          continue;
        }
        // the red channel alone (the printed dots are darkest there), for registration
        sampleRed(photo, out, y * width + xa, within, xa, xb, startX, stepX, startY, stepY, !inside);
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
 * One run of output pixels, xa to xb of a row, sampled bilinearly from the photo at start + within * step; with
 * `clamped`, each sample is held inside the photo (a run over its edge), which the rest need not pay for. The RGB
 * and red-only samplers are written out each: one sampler looping over the channels straightened half as slow again.
 */
function sampleRgb(photo: Photo, out: Uint8Array, o: number, within: Float64Array, xa: number, xb: number, startX: number, stepX: number, startY: number, stepY: number, clamped: boolean): void {
  const { width: w, height: h, rgb: d } = photo;
  const below = w * 3;
  for (let x = xa; x < xb; x++, o += 3) {
    const f = within[x];
    const sx = clamped ? clamp(startX + f * stepX, w) : startX + f * stepX;
    const sy = clamped ? clamp(startY + f * stepY, h) : startY + f * stepY;
    const x0 = sx | 0;
    const yi = sy | 0;
    const px = sx - x0;
    const py = sy - yi;
    const p = (yi * w + x0) * 3;
    const q = p + below;
    let top = d[p] + (d[p + 3] - d[p]) * px;
    let bot = d[q] + (d[q + 3] - d[q]) * px;
    out[o] = top + (bot - top) * py;
    top = d[p + 1] + (d[p + 4] - d[p + 1]) * px;
    bot = d[q + 1] + (d[q + 4] - d[q + 1]) * px;
    out[o + 1] = top + (bot - top) * py;
    top = d[p + 2] + (d[p + 5] - d[p + 2]) * px;
    bot = d[q + 2] + (d[q + 5] - d[q + 2]) * px;
    out[o + 2] = top + (bot - top) * py;
  }
}

/** The same for the red channel alone, into a one-channel raster. */
function sampleRed(photo: Photo, out: Uint8Array, o: number, within: Float64Array, xa: number, xb: number, startX: number, stepX: number, startY: number, stepY: number, clamped: boolean): void {
  const { width: w, height: h, rgb: d } = photo;
  const below = w * 3;
  for (let x = xa; x < xb; x++, o++) {
    const f = within[x];
    const sx = clamped ? clamp(startX + f * stepX, w) : startX + f * stepX;
    const sy = clamped ? clamp(startY + f * stepY, h) : startY + f * stepY;
    const x0 = sx | 0;
    const yi = sy | 0;
    const px = sx - x0;
    const p = (yi * w + x0) * 3;
    const q = p + below;
    const top = d[p] + (d[p + 3] - d[p]) * px;
    const bot = d[q] + (d[q + 3] - d[q]) * px;
    out[o] = top + (bot - top) * (sy - yi);
  }
}
