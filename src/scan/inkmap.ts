import { maxOf, minOf } from './branch-free.js';
import { closeSquare } from './closing.js';
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
  const n = width * height;
  const ink = new Uint8Array(n);
  const most = new Uint8Array(n);
  const paper = new Uint8Array(n);
  const brightest = new Uint8Array(n);
  const k = Math.max(5, Math.round(cell * 0.2) | 1);
  pixelInk(img, closeSquare(img, width, height, 3, k), ink, most, paper, brightest);
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

/**
 * Each pixel's ink, darkest unclipped channel, paper and brightest channel from the straightened land `img` and its
 * closing `bg` (a function of its own: the same loop inside a closure compiles worse).
 */
function pixelInk(img: Uint8Array, bg: Uint8Array, ink: Uint8Array, most: Uint8Array, paper: Uint8Array, brightest: Uint8Array): void {
  const n = ink.length;
  const dark = darknessTable();
  // The three channels written out (9 ms to 5 against a loop over them). Which channel is darker or brighter goes
  // either way from pixel to pixel, so the least and most are taken without branches (maxOf, minOf).
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    const b0 = bg[j];
    const b1 = bg[j + 1];
    const b2 = bg[j + 2];
    const d0 = dark[(b0 << 8) | img[j]];
    const d1 = dark[(b1 << 8) | img[j + 1]];
    const d2 = dark[(b2 << 8) | img[j + 2]];
    let least: number;
    let darkest: number;
    if (b0 < CLIPPED && b1 < CLIPPED && b2 < CLIPPED) {
      least = minOf(minOf(d0, d1), d2);
      darkest = maxOf(maxOf(d0, d1), d2);
    } else {
      // the least and the most dark channel whose paper is not clipped
      least = 256;
      darkest = -1;
      if (b0 < CLIPPED) least = darkest = d0;
      if (b1 < CLIPPED) {
        if (d1 < least) least = d1;
        if (d1 > darkest) darkest = d1;
      }
      if (b2 < CLIPPED) {
        if (d2 < least) least = d2;
        if (d2 > darkest) darkest = d2;
      }
      if (least === 256) {
        // all clipped (glare): the least clipped channel's, the first of equals
        least = d0;
        let dimmest = b0;
        if (b1 < dimmest) {
          dimmest = b1;
          least = d1;
        }
        if (b2 < dimmest) least = d2;
        darkest = least;
      }
    }
    ink[i] = least;
    most[i] = darkest;
    paper[i] = maxOf(maxOf(b0, b1), b2);
    brightest[i] = maxOf(maxOf(img[j], img[j + 1]), img[j + 2]);
  }
}

/** Clipped paper this much brighter than the land's typical paper is a glare spot: pencil there can wash out. */
export const GLARE = 1.08;

/** Brightest paper relative to the land's typical paper where it is clipped (a glare spot), else 1. */
export const glareOf = (bright: number, paperLevel: number) => (bright >= 250 ? bright / Math.max(1, paperLevel) : 1);

let darkness: Uint8Array | undefined;

/** Darkness of a pixel `v` against its closing `b`, 255 * (b - v) / b truncated, at [b * 256 + v] (0 where b <= 8). */
function darknessTable(): Uint8Array {
  if (darkness) return darkness;
  darkness = new Uint8Array(65536);
  for (let b = 9; b < 256; b++) for (let v = 0; v <= b; v++) darkness[(b << 8) | v] = (255 * (b - v)) / b;
  return darkness;
}
