/**
 * A small stroke rasteriser into typed arrays: variable-width, variable-pressure polylines with antialiased
 * edges and a paper-tooth grain, accumulated as "darkness" and composited onto the page by multiplication.
 */
import { hash2, valueNoise } from './rand.js';

/** A stroke in page pixels: points with a width (px) and an opacity (0..1) at each. */
export interface Stroke {
  x: number[];
  y: number[];
  w: number[];
  a: number[];
}

export interface InkStyle {
  /** RGB of the pigment at full darkness */
  color: [number, number, number];
  /** 0 = solid ink, 1 = very grainy graphite */
  grain: number;
  /** edge softness in px (1 = crisp ballpoint, 2+ = soft pencil) */
  soft: number;
}

export class InkLayer {
  readonly d: Float32Array;
  private scratch = new Float32Array(0);
  constructor(
    readonly width: number,
    readonly height: number,
    readonly style: InkStyle,
    private readonly seed: number,
  ) {
    this.d = new Float32Array(width * height);
  }

  /** Draws one stroke: within the stroke, overlapping segments take the maximum; strokes build up like layers. */
  draw(s: Stroke): void {
    const n = s.x.length;
    if (n < 2) return;
    const soft = this.style.soft;
    let maxW = 0;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let i = 0; i < n; i++) {
      maxW = Math.max(maxW, s.w[i]);
      x0 = Math.min(x0, s.x[i]);
      y0 = Math.min(y0, s.y[i]);
      x1 = Math.max(x1, s.x[i]);
      y1 = Math.max(y1, s.y[i]);
    }
    const pad = maxW / 2 + soft + 1;
    const bx0 = Math.max(0, Math.floor(x0 - pad));
    const by0 = Math.max(0, Math.floor(y0 - pad));
    const bx1 = Math.min(this.width - 1, Math.ceil(x1 + pad));
    const by1 = Math.min(this.height - 1, Math.ceil(y1 + pad));
    if (bx1 < bx0 || by1 < by0) return;
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    if (this.scratch.length < bw * bh) this.scratch = new Float32Array(bw * bh * 2);
    const buf = this.scratch;
    buf.fill(0, 0, bw * bh);

    for (let i = 0; i + 1 < n; i++) {
      const ax = s.x[i];
      const ay = s.y[i];
      const dx = s.x[i + 1] - ax;
      const dy = s.y[i + 1] - ay;
      const len2 = dx * dx + dy * dy;
      const r0 = s.w[i] / 2;
      const r1 = s.w[i + 1] / 2;
      const a0 = s.a[i];
      const a1 = s.a[i + 1];
      const rp = Math.max(r0, r1) + soft + 0.5;
      const sx0 = Math.max(bx0, Math.floor(Math.min(ax, ax + dx) - rp));
      const sx1 = Math.min(bx1, Math.ceil(Math.max(ax, ax + dx) + rp));
      const sy0 = Math.max(by0, Math.floor(Math.min(ay, ay + dy) - rp));
      const sy1 = Math.min(by1, Math.ceil(Math.max(ay, ay + dy) + rp));
      for (let py = sy0; py <= sy1; py++) {
        const ry = py + 0.5 - ay;
        let o = (py - by0) * bw + (sx0 - bx0);
        for (let px = sx0; px <= sx1; px++, o++) {
          const rx = px + 0.5 - ax;
          let t = len2 > 0 ? (rx * dx + ry * dy) / len2 : 0;
          t = t < 0 ? 0 : t > 1 ? 1 : t;
          const ex = rx - t * dx;
          const ey = ry - t * dy;
          const dist = Math.sqrt(ex * ex + ey * ey);
          const r = r0 + t * (r1 - r0);
          let cov = (r - dist) / soft + 0.5;
          if (cov <= 0) continue;
          if (cov > 1) cov = 1;
          const v = cov * (a0 + t * (a1 - a0));
          if (v > buf[o]) buf[o] = v;
        }
      }
    }

    const g = this.style.grain;
    const seed = this.seed;
    const d = this.d;
    const W = this.width;
    for (let py = by0; py <= by1; py++) {
      let o = (py - by0) * bw;
      let k = py * W + bx0;
      for (let px = bx0; px <= bx1; px++, o++, k++) {
        const v = buf[o];
        if (v <= 0) continue;
        // paper tooth: fine per-pixel speckle plus a coarser 3 px mottling
        const tooth = 0.55 * hash2(px, py, seed) + 0.45 * valueNoise(px * 0.35, py * 0.35, seed ^ 0x5bd1);
        const vv = v * (1 - g * tooth);
        d[k] = 1 - (1 - d[k]) * (1 - vv);
      }
    }
  }

  /**
   * Lays the layer over the page as paint rather than as a stain: where it is dense it hides what lies beneath
   * (graphite packed solid covers the print's dots and an earlier stroke), where it is thin the page shows through.
   */
  coverInto(rgb: Uint8Array): void {
    const [cr, cg, cb] = this.style.color;
    const d = this.d;
    for (let k = 0, o = 0; k < d.length; k++, o += 3) {
      const v = Math.min(1, d[k]);
      if (v <= 0.002) continue;
      rgb[o] = rgb[o] * (1 - v) + cr * v;
      rgb[o + 1] = rgb[o + 1] * (1 - v) + cg * v;
      rgb[o + 2] = rgb[o + 2] * (1 - v) + cb * v;
    }
  }

  /** Multiplies the ink into an RGB page (3 bytes a pixel, same size as the layer). */
  compositeInto(rgb: Uint8Array): void {
    const [cr, cg, cb] = this.style.color;
    const kr = 1 - cr / 255;
    const kg = 1 - cg / 255;
    const kb = 1 - cb / 255;
    const d = this.d;
    for (let k = 0, o = 0; k < d.length; k++, o += 3) {
      const v = d[k];
      if (v <= 0.002) continue;
      rgb[o] = rgb[o] * (1 - v * kr);
      rgb[o + 1] = rgb[o + 1] * (1 - v * kg);
      rgb[o + 2] = rgb[o + 2] * (1 - v * kb);
    }
  }
}
