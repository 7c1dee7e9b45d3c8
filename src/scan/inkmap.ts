import { landDarkness } from './closing.js';
import type { LandGrid } from './grid.js';
import type { Photo } from './image.js';
import { ridgeMaps, type RidgeMaps } from './ridge.js';
import { straighten } from './rectify.js';

/**
 * The land straightened into a raster (vertex (i, j) at (margin + j * cell, margin + i * cell)) and its ink
 * map: how much darker each pixel is than the paper right around it, 0..255.
 *
 * Ink is a black top-hat: darkness = 1 - I / closing(I), where the closing (a max then min filter a fifth of a
 * cell wide) erases every stroke thinner than that and keeps what is broad: paper, shadows, gradients. So
 * pencil lines, X strokes and hatching respond; shadows and their edges do not. It is taken channel by channel
 * and the least dark channel kept, so the coloured printed dots drop out and grey pencil stays; channels whose
 * paper is clipped white are left out, and where all are (glare), the least clipped one is read.
 */
export interface InkMap {
  width: number;
  height: number;
  cell: number;
  margin: number;
  /** Straightened photo, RGB (for overlays). */
  rgb: Uint8Array;
  /** Ink darkness 0..255 per pixel. */
  ink: Uint8Array;
  /**
   * The same in the darkest channel whose paper is not clipped: a coloured pen's stroke is dark here and pale in
   * `ink`, a grey one (pencil, or a pencil sketch rubbed out under the pen) alike in both, so the two together
   * tell a stroke's colour.
   */
  most: Uint8Array;
  /** Local paper brightness (the closing of the brightest channel), 0..255 per pixel: low in shadows. */
  paper: Uint8Array;
  /** Typical paper brightness over the land (median of `paper`). */
  paperLevel: number;
  /** Share of the land whose paper is clipped white in its brightest channel (an overexposed photo: near 1). */
  clipped: number;
  /** Sharp dips across vertical and horizontal lines: faint lines on a shadow's edge (see ridge.ts). */
  ridge: RidgeMaps;
}

/**
 * Paper this bright in a channel is clipped there (a colour cast or glare pushed it past white): pencil on it keeps
 * little of its darkness in that channel, so the channel is left out while another is not clipped.
 */
const CLIPPED = 250;

export function inkMap(photo: Photo, g: LandGrid, cell = 48, margin = 24): InkMap {
  const { width, height, rgb } = straighten(photo, g, cell, margin);
  return inkOfLand(rgb, width, height, cell, margin);
}

/** The ink map of a land already straightened into `img` (RGB, vertex (i, j) at margin + (j, i) * cell). */
export function inkOfLand(img: Uint8Array, width: number, height: number, cell: number, margin: number): InkMap {
  const k = Math.max(5, Math.round(cell * 0.2) | 1);
  // each pixel's darkness against the closing, channel by channel, clipped paper left out (closing.ts)
  const { ink, most, paper, brightest } = landDarkness(img, width, height, k, CLIPPED);
  // Median paper brightness inside the land.
  const hist = new Uint32Array(256);
  for (let y = margin; y < height - margin; y += 2) for (let x = margin; x < width - margin; x += 2) hist[paper[y * width + x]]++;
  let total = 0;
  for (const h of hist) total += h;
  let acc = 0;
  let paperLevel = 255;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= total / 2) {
      paperLevel = v;
      break;
    }
  }
  let clipped = 0;
  for (let v = CLIPPED; v < 256; v++) clipped += hist[v];
  clipped /= Math.max(1, total);
  return { width, height, cell, margin, rgb: img, ink, most, paper, paperLevel, clipped, ridge: ridgeMaps(brightest, paper, width, height) };
}

/** Clipped paper this much brighter than the land's typical paper is a glare spot: pencil there can wash out. */
export const GLARE = 1.08;

/** Brightest paper relative to the land's typical paper where it is clipped (a glare spot), else 1. */
export const glareOf = (bright: number, paperLevel: number) => (bright >= 250 ? bright / Math.max(1, paperLevel) : 1);
