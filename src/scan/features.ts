import type { LandGrid } from './grid.js';
import type { Photo } from './image.js';
import { coverage, inkProfile } from './ink.js';
import { quantile } from './sample.js';

/** What the photo shows along one interior edge. */
export interface EdgeFeature {
  kind: 'h' | 'v';
  row: number;
  col: number;
  /** Darkness that 70% of the edge reaches (a drawn line is continuous; printed dots cover under half). */
  score: number;
  /** Median darkness along the edge. */
  median: number;
  /** Darkness of the paper bands beside the edge (shading next to it, a shadow, a smudge). */
  beside: number;
}

/** What the photo shows in one cell. */
export interface CellFeature {
  row: number;
  col: number;
  /** Profiles along both diagonals, for the X test once the sheet's ink level is known. */
  diagonals: [Float32Array, Float32Array];
  /** Darkness reached by 60% of the cell's inner area (shading). */
  shade: number;
}

const vIdx = (g: LandGrid, i: number, j: number) => i * (g.cols + 1) + j;

/** Samples every interior edge. Ends are skipped: vertex dots, the center point and crossing fences live there. */
export function edgeFeatures(photo: Photo, g: LandGrid, center: [number, number]): EdgeFeature[] {
  const out: EdgeFeature[] = [];
  const buf = new Float32Array(512);
  const one = (kind: 'h' | 'v', row: number, col: number, a: number, b: number) => {
    const ax = g.xs[a];
    const ay = g.ys[a];
    const bx = g.xs[b];
    const by = g.ys[b];
    const len = Math.hypot(bx - ax, by - ay);
    // The bold center point reaches further along its four edges than a grid dot does.
    const [cr, cc] = center;
    const aIsCenter = row === cr && col === cc;
    const bIsCenter = kind === 'h' ? row === cr && col + 1 === cc : row + 1 === cr && col === cc;
    const t0 = aIsCenter ? 0.27 : 0.2;
    const t1 = bIsCenter ? 0.73 : 0.8;
    const prof = inkProfile(photo, ax, ay, bx, by, t0, t1, len * 0.11, len * 0.24, buf);
    // Paper beside the edge: a line parallel at a quarter cell either side.
    const nx = -(by - ay) / len;
    const ny = (bx - ax) / len;
    const q = len * 0.25;
    const side1 = inkProfile(photo, ax + nx * q, ay + ny * q, bx + nx * q, by + ny * q, 0.25, 0.75, len * 0.04, len * 0.12);
    const side2 = inkProfile(photo, ax - nx * q, ay - ny * q, bx - nx * q, by - ny * q, 0.25, 0.75, len * 0.04, len * 0.12);
    out.push({
      kind,
      row,
      col,
      score: quantile(prof, 0.3),
      median: quantile(prof, 0.5),
      beside: Math.max(quantile(side1, 0.5), quantile(side2, 0.5)),
    });
  };
  for (let i = 1; i < g.rows; i++) for (let j = 0; j < g.cols; j++) one('h', i, j, vIdx(g, i, j), vIdx(g, i, j + 1));
  for (let i = 0; i < g.rows; i++) for (let j = 1; j < g.cols; j++) one('v', i, j, vIdx(g, i, j), vIdx(g, i + 1, j));
  return out;
}

/** Samples both diagonals and the inner area of every cell. */
export function cellFeatures(photo: Photo, g: LandGrid, skip: (r: number, c: number) => boolean): CellFeature[] {
  const out: CellFeature[] = [];
  for (let r = 0; r < g.rows; r++) {
    for (let c = 0; c < g.cols; c++) {
      if (skip(r, c)) continue;
      const p00 = vIdx(g, r, c);
      const p01 = vIdx(g, r, c + 1);
      const p10 = vIdx(g, r + 1, c);
      const p11 = vIdx(g, r + 1, c + 1);
      const diag = Math.hypot(g.xs[p11] - g.xs[p00], g.ys[p11] - g.ys[p00]);
      const d1 = inkProfile(photo, g.xs[p00], g.ys[p00], g.xs[p11], g.ys[p11], 0.12, 0.88, diag * 0.05, diag * 0.16);
      const d2 = inkProfile(photo, g.xs[p01], g.ys[p01], g.xs[p10], g.ys[p10], 0.12, 0.88, diag * 0.05, diag * 0.16);
      // Shading: rows across the inner cell, each compared with the paper across the cell's edges.
      const rowsInside: number[] = [];
      for (const f of [0.3, 0.5, 0.7]) {
        const ax = g.xs[p00] + (g.xs[p10] - g.xs[p00]) * f;
        const ay = g.ys[p00] + (g.ys[p10] - g.ys[p00]) * f;
        const bx = g.xs[p01] + (g.xs[p11] - g.xs[p01]) * f;
        const by = g.ys[p01] + (g.ys[p11] - g.ys[p01]) * f;
        const prof = inkProfile(photo, ax, ay, bx, by, 0.2, 0.8, diag * 0.03, diag * 0.5);
        rowsInside.push(quantile(prof, 0.4));
      }
      out.push({ row: r, col: c, diagonals: [d1, d2], shade: Math.min(...rowsInside) });
    }
  }
  return out;
}

/** How much of each diagonal carries ink at a level; an X marks both from corner to corner. */
export function crossCoverage(f: CellFeature, level: number): number {
  return Math.min(coverage(f.diagonals[0], level), coverage(f.diagonals[1], level));
}
