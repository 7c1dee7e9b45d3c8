/** Bilinear sampling of the working image's grey plane (the land's straightening in rectify.ts writes its own, for speed). */
import type { Photo } from './image.js';

/** Keeps a sample position where its 2 x 2 neighbourhood is inside the image. */
export const clamp = (v: number, size: number) => (v < 0 ? 0 : v > size - 1.001 ? size - 1.001 : v);

export function grey(p: Photo, x: number, y: number): number {
  const w = p.width;
  x = clamp(x, w);
  y = clamp(y, p.height);
  const x0 = x | 0;
  const y0 = y | 0;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * w + x0;
  const g = p.grey;
  const top = g[i] + (g[i + 1] - g[i]) * fx;
  const bot = g[i + w] + (g[i + w + 1] - g[i + w]) * fx;
  return top + (bot - top) * fy;
}

/** The value below which a fraction q of the values lie (values are copied, not reordered). */
export function quantile(values: ArrayLike<number>, q: number): number {
  return sortedQuantile(Float64Array.from(values as ArrayLike<number>).sort(), q);
}

/** The quantile of values already sorted ascending. */
export function sortedQuantile(a: Float64Array, q: number): number {
  if (a.length === 0) return 0;
  const pos = Math.min(a.length - 1, Math.max(0, q * (a.length - 1)));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return a[lo] + (a[hi] - a[lo]) * (pos - lo);
}

let blockMax = { pre: new Float64Array(0), suf: new Float64Array(0) };

/**
 * The largest of `v` within `r` either side of each index (the window cut at the ends), into `out`: van Herk and
 * Gil-Werman's blocks of 2r + 1, a prefix and a suffix maximum in each, so the cost does not grow with r.
 */
export function windowMax(v: ArrayLike<number>, out: Float64Array, r: number): void {
  const n = v.length;
  const k = 2 * r + 1;
  // (kept between calls: the borderline's search makes thousands a photo, and each new array is a native allocation)
  if (blockMax.pre.length < n) blockMax = { pre: new Float64Array(n), suf: new Float64Array(n) };
  const { pre, suf } = blockMax;
  for (let i = 0; i < n; i++) pre[i] = i % k === 0 || v[i] > pre[i - 1] ? v[i] : pre[i - 1];
  for (let i = n - 1; i >= 0; i--) suf[i] = i === n - 1 || (i + 1) % k === 0 || v[i] > suf[i + 1] ? v[i] : suf[i + 1];
  for (let i = 0; i < n; i++) {
    const lo = i - r < 0 ? 0 : i - r;
    const hi = i + r > n - 1 ? n - 1 : i + r;
    // a window is whole blocks' tails and heads, or (cut at an end) one block's head or tail
    if (Math.floor(lo / k) !== Math.floor(hi / k)) out[i] = suf[lo] > pre[hi] ? suf[lo] : pre[hi];
    else out[i] = lo % k === 0 ? pre[hi] : suf[lo];
  }
}
