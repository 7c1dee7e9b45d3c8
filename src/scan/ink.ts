import type { Photo } from './image.js';
import { rgb } from './sample.js';

/**
 * Ink darkness along a line segment in the photo, one value per step along it, in 0..1.
 *
 * At each step the darkest point across a band of +-halfWidth is compared with the paper beside the band
 * (the brighter of two samples at +-paperAt on each side), channel by channel: a channel normalised by its
 * own paper level removes colour casts and shadows, and taking the brightest normalised channel makes the
 * coloured printed dots drop out while grey pencil stays dark.
 */
export function inkProfile(
  photo: Photo,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  t0: number,
  t1: number,
  halfWidth: number,
  paperAt: number,
  out?: Float32Array,
): Float32Array {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  const ux = dx / len;
  const uy = dy / len;
  const nx = -uy;
  const ny = ux;
  const steps = Math.max(6, Math.round((t1 - t0) * len));
  const prof = out && out.length >= steps ? out.subarray(0, steps) : new Float32Array(steps);
  const px = new Float32Array(3);
  const paper = new Float32Array(3);
  const s = new Float32Array(3);
  const offsets = Math.max(1, Math.round(halfWidth));
  for (let k = 0; k < steps; k++) {
    const t = t0 + ((k + 0.5) / steps) * (t1 - t0);
    const cx = ax + dx * t;
    const cy = ay + dy * t;
    // Paper: per channel, the brighter side of the band.
    rgb(photo, cx + nx * paperAt, cy + ny * paperAt, paper);
    rgb(photo, cx - nx * paperAt, cy - ny * paperAt, s);
    for (let c = 0; c < 3; c++) if (s[c] > paper[c]) paper[c] = s[c];
    rgb(photo, cx + nx * paperAt * 1.3, cy + ny * paperAt * 1.3, s);
    for (let c = 0; c < 3; c++) if (s[c] > paper[c]) paper[c] = s[c];
    rgb(photo, cx - nx * paperAt * 1.3, cy - ny * paperAt * 1.3, s);
    for (let c = 0; c < 3; c++) if (s[c] > paper[c]) paper[c] = s[c];
    let darkest = 0;
    for (let o = -offsets; o <= offsets; o++) {
      const f = (o / offsets) * halfWidth;
      rgb(photo, cx + nx * f, cy + ny * f, px);
      // brightest normalised channel: coloured print is bright in at least one channel, pencil in none
      let v = 0;
      for (let c = 0; c < 3; c++) {
        const r = paper[c] > 8 ? px[c] / paper[c] : 1;
        if (r > v) v = r;
      }
      const dark = 1 - (v > 1 ? 1 : v);
      if (dark > darkest) darkest = dark;
    }
    prof[k] = darkest;
  }
  return prof;
}

/** Fraction of a profile at or above a level. */
export function coverage(prof: Float32Array, level: number, from = 0, to = prof.length): number {
  let n = 0;
  for (let i = from; i < to; i++) if (prof[i] >= level) n++;
  return to > from ? n / (to - from) : 0;
}
