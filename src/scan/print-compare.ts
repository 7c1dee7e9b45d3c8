/**
 * The sheet's print compared with its drawing, box by box: the photo sampled on the page's grid of samples (one a
 * pitch), a shift within reach found for each box, and a zero-mean normalised correlation over the box, or over the
 * samples where candidate drawings differ.
 */
import { mm, type Box } from '../geometry/sheet-layout.js';
import { apply } from './homography.js';
import type { Photo } from './image.js';
import type { Pose } from './orient.js';
import { TUNING } from './tuning.js';

const { pitchMm, reachMm } = TUNING.printedSetup;

/** A page drawn at one sample a pitch: grey, row-major. */
export interface Raster {
  grey: Uint8Array;
  width: number;
  height: number;
}

/** The raster pixels a box covers: [x0, y0, x1, y1) in samples. */
export function span(b: Box, r: Raster): [number, number, number, number] {
  const s = 1 / mm(pitchMm);
  return [Math.max(0, Math.floor(b.x * s)), Math.max(0, Math.floor(b.y * s)), Math.min(r.width, Math.ceil((b.x + b.w) * s)), Math.min(r.height, Math.ceil((b.y + b.h) * s))];
}

/**
 * The photo's grey at each sample of a box, each averaged over the sample's footprint (a point would alias print
 * finer than the pitch); NaN where the sample falls outside the photo.
 */
export function photoSamples(photo: Photo, pose: Pose, [x0, y0, x1, y1]: number[]): Float32Array {
  const pitch = mm(pitchMm);
  const a = apply(pose.pageToImage, x0 * pitch, y0 * pitch);
  const b = apply(pose.pageToImage, x1 * pitch, y1 * pitch);
  const pxPerSample = Math.hypot(b.x - a.x, b.y - a.y) / Math.hypot(x1 - x0, y1 - y0);
  const half = Math.max(0, Math.floor(pxPerSample / 2));
  const { width: W, height: H, grey } = photo;
  const out = new Float32Array((x1 - x0) * (y1 - y0));
  let i = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++, i++) {
      const p = apply(pose.pageToImage, (x + 0.5) * pitch, (y + 0.5) * pitch);
      const cx = Math.round(p.x);
      const cy = Math.round(p.y);
      if (cx - half < 0 || cy - half < 0 || cx + half >= W || cy + half >= H) {
        out[i] = NaN;
        continue;
      }
      let sum = 0;
      for (let v = cy - half; v <= cy + half; v++) for (let u = cx - half, j = v * W + u; u <= cx + half; u++, j++) sum += grey[j];
      out[i] = sum / ((2 * half + 1) * (2 * half + 1));
    }
  }
  return out;
}

/** Which samples of a span count: all, or only those where the candidates' drawings differ. */
type Mask = Uint8Array | null;

/**
 * Zero-mean normalised correlation of the drawn page over a span with the photo's samples shifted by (dx, dy)
 * samples; `seen` covers the span grown by `reach` samples on every side. NaN samples and those off the mask are
 * skipped.
 */
function correlation(seen: Float32Array, r: Raster, [x0, y0, x1, y1]: number[], reach: number, dx: number, dy: number, mask: Mask): number {
  const sw = x1 - x0 + 2 * reach;
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let y = y0, m = 0; y < y1; y++) {
    let i = (y - y0 + reach + dy) * sw + reach + dx;
    for (let x = x0, j = y * r.width + x0; x < x1; x++, i++, j++, m++) {
      const a = seen[i];
      if (a !== a || (mask && !mask[m])) continue;
      const b = r.grey[j];
      n++;
      sa += a;
      sb += b;
      saa += a * a;
      sbb += b * b;
      sab += a * b;
    }
  }
  if (n < 16) return 0;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  return va > 0 && vb > 0 ? (sab - (sa * sb) / n) / Math.sqrt(va * vb) : 0;
}

/**
 * The shift within reach at which a drawing matches the photo best over the masked samples: the corner squares place
 * a box only to a millimetre or two on a sheet not quite flat. Every other shift first, then those around the best.
 */
function alignment(seen: Float32Array, r: Raster, s: number[], reach: number, mask: Mask): { dx: number; dy: number; score: number } {
  let top = { dx: 0, dy: 0, score: -2 };
  const tryAt = (dx: number, dy: number) => {
    if (Math.abs(dx) > reach || Math.abs(dy) > reach) return;
    const score = correlation(seen, r, s, reach, dx, dy, mask);
    if (score > top.score) top = { dx, dy, score };
  };
  for (let dy = -reach; dy <= reach; dy += 2) for (let dx = -reach; dx <= reach; dx += 2) tryAt(dx, dy);
  const { dx: cx, dy: cy } = top;
  for (let dy = cy - 1; dy <= cy + 1; dy++) for (let dx = cx - 1; dx <= cx + 1; dx++) if (dx !== cx || dy !== cy) tryAt(dx, dy);
  return top;
}

/** The best masked correlation within a sample of a shift (a name may sit a little off its box on a bent sheet). */
function near(seen: Float32Array, r: Raster, s: number[], reach: number, at: { dx: number; dy: number }, mask: Mask): number {
  let top = -2;
  for (let dy = at.dy - 1; dy <= at.dy + 1; dy++) {
    for (let dx = at.dx - 1; dx <= at.dx + 1; dx++) {
      if (Math.abs(dx) <= reach && Math.abs(dy) <= reach) top = Math.max(top, correlation(seen, r, s, reach, dx, dy, mask));
    }
  }
  return top;
}

/** The samples of a span where some two drawings differ clearly, grown by a sample (a name's letters and their edges). */
function differences(candidates: Raster[], [x0, y0, x1, y1]: number[]): Mask {
  if (candidates.length < 2) return null;
  const w = x1 - x0;
  const h = y1 - y0;
  const differ = new Uint8Array(w * h);
  for (let y = y0, m = 0; y < y1; y++) {
    for (let x = x0; x < x1; x++, m++) {
      const j = y * candidates[0].width + x;
      let lo = 255;
      let hi = 0;
      for (const r of candidates) {
        lo = Math.min(lo, r.grey[j]);
        hi = Math.max(hi, r.grey[j]);
      }
      differ[m] = hi - lo > 48 ? 1 : 0;
    }
  }
  const grown = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!differ[y * w + x]) continue;
      for (let v = Math.max(0, y - 1); v <= Math.min(h - 1, y + 1); v++) for (let u = Math.max(0, x - 1); u <= Math.min(w - 1, x + 1); u++) grown[v * w + u] = 1;
    }
  }
  return grown;
}

/**
 * How well each candidate drawing matches the photo over a box: the box is aligned on what every candidate prints
 * alike (its frame, type, shape), then each is scored where they differ (its name, condition and points), so that
 * what they share neither drowns nor sways what tells them apart.
 */
export function scoresOver(photo: Photo, pose: Pose, box: Box, candidates: Raster[]): number[] {
  const reach = Math.round(reachMm / pitchMm);
  const s = span(box, candidates[0]);
  const seen = photoSamples(photo, pose, [s[0] - reach, s[1] - reach, s[2] + reach, s[3] + reach]);
  const differ = differences(candidates, s);
  if (!differ) return [alignment(seen, candidates[0], s, reach, null).score];
  const alike = differ.map((d) => 1 - d);
  const at = alignment(seen, candidates[0], s, reach, alike);
  return candidates.map((r) => near(seen, r, s, reach, at, differ));
}

/** The best of some candidates' scores and its margin over the next best. */
export function best(scores: number[]): { at: number; score: number; margin: number } {
  let at = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i] > scores[at]) at = i;
  const next = Math.max(-1, ...scores.filter((_, i) => i !== at));
  return { at, score: scores[at], margin: scores.length > 1 ? scores[at] - next : 1 };
}

