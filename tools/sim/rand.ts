/** Seeded random helpers for the photo simulator: everything downstream of one seed is reproducible. */
import { hashString, rng } from '../../src/engine/random.js';

export interface Rand {
  /** [0, 1) */
  (): number;
  /** uniform in [a, b) */
  range(a: number, b: number): number;
  /** integer in [a, b] */
  int(a: number, b: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  /** standard normal (Box-Muller) */
  normal(): number;
  pick<T>(items: readonly T[]): T;
  /** picks by weight: [[item, weight], ...] */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** an independent stream for a named sub-task, so adding draws in one stage does not shift another */
  fork(name: string): Rand;
}

export function makeRand(seed: number | string): Rand {
  const key = typeof seed === 'string' ? seed : `n${seed >>> 0}`;
  const next = rng(hashString(key));
  const r = (() => next()) as Rand;
  r.range = (a, b) => a + (b - a) * next();
  r.int = (a, b) => a + Math.floor(next() * (b - a + 1));
  r.chance = (p) => next() < p;
  r.normal = () => {
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  r.pick = (items) => items[Math.floor(next() * items.length)];
  r.weighted = (items) => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let x = next() * total;
    for (const [item, w] of items) {
      x -= w;
      if (x < 0) return item;
    }
    return items[items.length - 1][0];
  };
  r.fork = (name) => makeRand(`${key}/${name}`);
  return r;
}

/** A fast integer hash of a pixel position and a seed, in [0, 1): texture noise without state. */
export function hash2(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1) at unit frequency (bilinear with smoothstep between hashed lattice values). */
export function valueNoise(x: number, y: number, seed: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  let fx = x - xi;
  let fy = y - yi;
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  const a = hash2(xi, yi, seed);
  const b = hash2(xi + 1, yi, seed);
  const c = hash2(xi, yi + 1, seed);
  const d = hash2(xi + 1, yi + 1, seed);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** Fractal value noise in [0, 1): `octaves` layers, each twice the frequency and half the weight. */
export function fbm(x: number, y: number, seed: number, octaves = 4): number {
  let sum = 0;
  let amp = 0.5;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * valueNoise(x, y, seed + o * 1013);
    norm += amp;
    x *= 2;
    y *= 2;
    amp *= 0.5;
  }
  return sum / norm;
}
