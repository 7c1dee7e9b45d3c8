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
