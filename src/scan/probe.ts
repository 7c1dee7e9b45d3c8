import type { InkMap } from './inkmap.js';

/** Printed grid dots per cell side (src/render/land.ts), one on each vertex. */
export const DOTS_PER_CELL = 6;
/** Half the width of the stretch around each printed dot left out of an edge's profile, in cells. */
export const DOT_CLEAR = 0.055;

/**
 * One interior edge of the straightened land and the pixels around it: step `s` along the edge from its first
 * vertex and `o` across it sit at `base + s * along + o * across` (for a horizontal edge, along is one pixel and
 * across one row; the other way round for a vertical one). Every edge and stroke measure reads through a probe.
 */
export class EdgeProbe {
  readonly base: number;
  readonly along: number;
  readonly across: number;
  readonly cell: number;
  /** The measured stretch of the edge, in pixel steps from its first vertex. */
  from = 0;
  to = 0;
  /** Where the printed dots lie: their phase along the edge and the shift of their line across it (pixels). */
  phase = 0;
  shift = 0;

  constructor(
    readonly m: InkMap,
    readonly kind: 'h' | 'v',
    readonly row: number,
    readonly col: number,
  ) {
    this.cell = m.cell;
    this.base = (m.margin + row * m.cell) * m.width + m.margin + col * m.cell;
    [this.along, this.across] = kind === 'h' ? [1, m.width] : [m.width, 1];
  }

  /** Measures the stretch from t0 to t1 of the edge (in cells). */
  span(t0: number, t1: number): this {
    this.from = Math.round(t0 * this.cell);
    this.to = Math.round(t1 * this.cell);
    return this;
  }

  /** Index of pixel (s, o). */
  at(s: number, o: number): number {
    return this.base + s * this.along + o * this.across;
  }

  /** Ink (0..255) at pixel (s, o). */
  ink(s: number, o: number): number {
    return this.m.ink[this.base + s * this.along + o * this.across];
  }

  /** Whether step `s` is clear of the printed dots (at the probe's phase). */
  betweenDots(s: number): boolean {
    const period = this.cell / DOTS_PER_CELL;
    const f = (s + 0.5 - this.phase) / period;
    return Math.abs(f - Math.round(f)) * period >= DOT_CLEAR * this.cell;
  }

  /** The darkest ink (0..1) across the band from `lo` to `hi` pixels off the line, at each step of the stretch. */
  bandMax(lo: number, hi: number): Float32Array {
    const all = new Float32Array(this.to - this.from);
    for (let s = this.from; s < this.to; s++) {
      let best = 0;
      for (let o = lo; o <= hi; o++) {
        const v = this.m.ink[this.base + s * this.along + o * this.across];
        if (v > best) best = v;
      }
      all[s - this.from] = best / 255;
    }
    return all;
  }
}
