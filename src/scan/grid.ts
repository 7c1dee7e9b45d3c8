import { apply, type Point } from './homography.js';
import type { Photo } from './image.js';
import type { Pose } from './orient.js';
import { grey } from './sample.js';

/**
 * Where every vertex of the land lies in the photo. The markers' homography is exact for a flat sheet;
 * a curled or bowed sheet bends the borderline, so the borderline is measured and its bend carried into the
 * interior with a Coons patch (each interior vertex moves as the four sides around it moved).
 */
export interface LandGrid {
  rows: number;
  cols: number;
  /** Vertex (i, j) at xs[i * (cols + 1) + j], ys[...], in working pixels. */
  xs: Float64Array;
  ys: Float64Array;
  /** Mean cell side in working pixels. */
  cellPx: number;
  /** How far the measured borderline departs from the homography, in cells (max and rms of the fitted curves). */
  bend: { max: number; rms: number };
  /** Spread of the border measurements around their fitted curves, in cells (noise of the fit). */
  residual: number;
  /** Fraction of border samples that found a clear dark line. */
  borderFound: number;
}

const SEARCH = 0.3; // cells either side of the predicted borderline
const STEP = 0.02;

/** Finds the offset (in cells, along the outward normal) of the darkest line near a predicted border point. */
function measure(photo: Photo, pose: Pose, px: number, py: number, nx: number, ny: number): { d: number; contrast: number } {
  const cell = pose.geometry.grid.cell;
  const h = pose.pageToImage;
  const steps = Math.round((2 * SEARCH) / STEP) + 1;
  let best = 0;
  let bestV = Infinity;
  const vals = new Float64Array(steps);
  for (let k = 0; k < steps; k++) {
    const o = -SEARCH + k * STEP;
    const p = apply(h, px + nx * o * cell, py + ny * o * cell);
    const v = grey(photo, p.x, p.y);
    vals[k] = v;
    if (v < bestV) {
      bestV = v;
      best = k;
    }
  }
  let paper = 0;
  for (let k = 0; k < steps; k++) if (vals[k] > paper) paper = vals[k];
  // Parabola through the minimum and its neighbours for a sub-step estimate.
  let d = -SEARCH + best * STEP;
  if (best > 0 && best < steps - 1) {
    const a = vals[best - 1];
    const b = vals[best];
    const c = vals[best + 1];
    const den = a - 2 * b + c;
    if (den > 1e-6) d += ((a - c) / (2 * den)) * STEP;
  }
  return { d, contrast: paper > 0 ? (paper - bestV) / paper : 0 };
}

/** Least-squares polynomial fit (degree 2) with rejection of points far from the curve (pencil touching the border). */
function robustQuadratic(ts: number[], ds: number[], weights: number[]): { coef: [number, number, number]; rms: number } {
  let use = ts.map((_, i) => weights[i] > 0);
  let coef: [number, number, number] = [0, 0, 0];
  for (let iter = 0; iter < 4; iter++) {
    const m = new Float64Array(9);
    const v = new Float64Array(3);
    let count = 0;
    for (let i = 0; i < ts.length; i++) {
      if (!use[i]) continue;
      count++;
      const b = [1, ts[i], ts[i] * ts[i]];
      for (let r = 0; r < 3; r++) {
        v[r] += b[r] * ds[i];
        for (let c = 0; c < 3; c++) m[r * 3 + c] += b[r] * b[c];
      }
    }
    if (count < 5) return { coef: [0, 0, 0], rms: 0 };
    coef = solve3(m, v) ?? [0, 0, 0];
    const res = ts.map((t, i) => Math.abs(ds[i] - (coef[0] + coef[1] * t + coef[2] * t * t)));
    const med = [...res.filter((_, i) => use[i])].sort((a, b) => a - b)[Math.floor(count / 2)];
    const cut = Math.max(0.03, 3 * med);
    use = use.map((u, i) => weights[i] > 0 && res[i] <= cut);
  }
  const res = ts.map((t, i) => ds[i] - (coef[0] + coef[1] * t + coef[2] * t * t)).filter((_, i) => use[i]);
  const rms = Math.sqrt(res.reduce((s, r) => s + r * r, 0) / Math.max(1, res.length));
  return { coef, rms };
}

function solve3(m: Float64Array, v: Float64Array): [number, number, number] | null {
  const det = (a: ArrayLike<number>) => a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
  const d = det(m);
  if (Math.abs(d) < 1e-12) return null;
  const out: number[] = [];
  for (let c = 0; c < 3; c++) {
    const mc = Float64Array.from(m);
    for (let r = 0; r < 3; r++) mc[r * 3 + c] = v[r];
    out.push(det(mc) / d);
  }
  return out as [number, number, number];
}

export function locateGrid(photo: Photo, pose: Pose, refine = true): LandGrid {
  const { rows, cols, x, y, cell } = pose.geometry.grid;
  const W = cols * cell;
  const H = rows * cell;
  // Border offsets (in cells, outward positive) as quadratic functions of the position along each side.
  const curves = { top: [0, 0, 0], bottom: [0, 0, 0], left: [0, 0, 0], right: [0, 0, 0] } as Record<string, number[]>;
  let found = 0;
  let total = 0;
  let rmsSum = 0;
  if (refine) {
    const sides: [string, number, number, number, number, number, number][] = [
      // name, start x, start y, along x, along y, outward normal x, y
      ['top', x, y, 1, 0, 0, -1],
      ['bottom', x, y + H, 1, 0, 0, 1],
      ['left', x, y, 0, 1, -1, 0],
      ['right', x + W, y, 0, 1, 1, 0],
    ];
    for (const [name, sx, sy, ax, ay, nx, ny] of sides) {
      const len = ax ? W : H;
      const ts: number[] = [];
      const ds: number[] = [];
      const ws: number[] = [];
      const n = 48;
      for (let k = 0; k < n; k++) {
        const t = (k + 0.5) / n;
        const m = measure(photo, pose, sx + ax * t * len, sy + ay * t * len, nx, ny);
        total++;
        const ok = m.contrast > 0.25;
        if (ok) found++;
        ts.push(t);
        ds.push(m.d);
        ws.push(ok ? 1 : 0);
      }
      const fit = robustQuadratic(ts, ds, ws);
      curves[name] = fit.coef;
      rmsSum += fit.rms;
    }
  }
  const ev = (c: number[], t: number) => c[0] + c[1] * t + c[2] * t * t;
  // Boundary displacement (page points) of the four sides, Coons-blended inside.
  const dTop = (u: number) => -ev(curves.top, u) * cell;
  const dBottom = (u: number) => ev(curves.bottom, u) * cell;
  const dLeft = (v: number) => -ev(curves.left, v) * cell;
  const dRight = (v: number) => ev(curves.right, v) * cell;
  const xs = new Float64Array((rows + 1) * (cols + 1));
  const ys = new Float64Array((rows + 1) * (cols + 1));
  let maxBend = 0;
  let sq = 0;
  for (let i = 0; i <= rows; i++) {
    const v = i / rows;
    for (let j = 0; j <= cols; j++) {
      const u = j / cols;
      // x displacement comes from the left and right sides, y from the top and bottom (Coons with linear blends).
      const dx = (1 - u) * dLeft(v) + u * dRight(v);
      const dy = (1 - v) * dTop(u) + v * dBottom(u);
      const p = apply(pose.pageToImage, x + j * cell + dx, y + i * cell + dy);
      xs[i * (cols + 1) + j] = p.x;
      ys[i * (cols + 1) + j] = p.y;
      const b = Math.hypot(dx, dy) / cell;
      maxBend = Math.max(maxBend, b);
      sq += b * b;
    }
  }
  const tl: Point = { x: xs[0], y: ys[0] };
  const br: Point = { x: xs[xs.length - 1], y: ys[ys.length - 1] };
  const cellPx = Math.hypot(br.x - tl.x, br.y - tl.y) / Math.hypot(rows, cols);
  return {
    rows,
    cols,
    xs,
    ys,
    cellPx,
    bend: { max: maxBend, rms: Math.sqrt(sq / xs.length) },
    residual: refine ? rmsSum / 4 : 0,
    borderFound: total ? found / total : 0,
  };
}
