/**
 * A sheet that does not lie flat: folded (into thirds, in half), bowed, creased, bumpy. The sheet is a surface
 * over the table: each page point goes to a point of the table's plane and a height above it, which the camera
 * projects. Folds and the bow bend the page along one axis without stretching it (the cross-section is a curve
 * of the page's own length); creases at any angle and bumps only add height. The panels are shaded by the
 * light's angle to them, and each crease leaves a line (a highlight beside a shadow) on the paper.
 */
import { fbm } from './rand.js';
import type { Pt } from './homography.js';

export interface SurfaceKnobs {
  /** the page axis the cross-section runs along: 'v' (creases run across the page) or 'u' (creases run down it) */
  axis: 'u' | 'v';
  /** folds across the cross-section: where (fraction of the page along it) and how much it turns there (degrees) */
  folds: { at: number; deg: number }[];
  /** a steady bend along the cross-section: the turn over the whole page (degrees) */
  bowDeg: number;
  /** a steady bend along the other axis (degrees over the page), and folds across it (a sheet folded in quarters) */
  crossBowDeg: number;
  crossFolds: { at: number; deg: number }[];
  /**
   * creases at any angle: the middle of the crease (page fractions), its angle, its length (pt; it fades out at
   * both ends), its kink (degrees) and how far from the crease the kink reaches (pt)
   */
  creases: { at: [number, number]; angleDeg: number; length: number; deg: number; reach: number }[];
  /** low bumps: height (pt) and wavelength (fraction of the page's width) */
  bumps: { amp: number; scale: number; seed: number } | null;
  /** where the light comes from, for the panels' shading; strength 0 (flat light) .. 1 */
  light: { azDeg: number; elevDeg: number; strength: number };
  /** how visible each crease's line is (0..1) */
  creaseLine: number;
}

/** 1D profile of a bend: page coordinate -> coordinate in the table's plane, height, slope (sampled every pt). */
interface Profile {
  lo: number;
  pos: Float64Array;
  h: Float64Array;
  slope: Float64Array;
}

const PAD = 400;
const RAD = Math.PI / 180;

function profile(L: number, folds: { at: number; deg: number }[], bowDeg: number): Profile {
  const n = Math.ceil(L + 2 * PAD) + 2;
  const lo = -PAD;
  const phi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const a = lo + i;
    let f = bowDeg * RAD * (Math.min(L, Math.max(0, a)) / L - 0.5);
    for (const fo of folds) if (a > fo.at * L) f += fo.deg * RAD;
    phi[i] = f;
  }
  // the middle of the page stays where it is and flat: the turn is measured from there
  const mid = Math.round(L / 2 - lo);
  const f0 = phi[mid];
  const pos = new Float64Array(n);
  const h = new Float64Array(n);
  const slope = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    phi[i] -= f0;
    slope[i] = Math.tan(phi[i]);
  }
  pos[mid] = L / 2;
  for (let i = mid + 1; i < n; i++) {
    pos[i] = pos[i - 1] + Math.cos(phi[i]);
    h[i] = h[i - 1] + Math.sin(phi[i]);
  }
  for (let i = mid - 1; i >= 0; i--) {
    pos[i] = pos[i + 1] - Math.cos(phi[i + 1]);
    h[i] = h[i + 1] - Math.sin(phi[i + 1]);
  }
  return { lo, pos, h, slope };
}

function sample(t: Float64Array, p: Profile, a: number): number {
  let x = a - p.lo;
  if (x < 0) x = 0;
  if (x > t.length - 1.001) x = t.length - 1.001;
  const i = Math.floor(x);
  const f = x - i;
  return t[i] + (t[i + 1] - t[i]) * f;
}

export interface Surface {
  /** page point -> [x, y] in the table's plane (page points) and the height above the table (pt) */
  at(u: number, v: number): [number, number, number];
  /** the shading factor of the paper at a page point (panels' light and crease lines) */
  shade(u: number, v: number): number;
}

export function makeSurface(k: SurfaceKnobs, page: { width: number; height: number }): Surface {
  const alongV = k.axis === 'v';
  const L = alongV ? page.height : page.width;
  const C = alongV ? page.width : page.height;
  const main = profile(L, k.folds, k.bowDeg);
  const cross = profile(C, k.crossFolds, k.crossBowDeg);
  const creases = k.creases.map((c) => {
    const a = c.angleDeg * RAD;
    // unit normal of the line; the kink lifts the side the normal points to
    return { px: c.at[0] * page.width, py: c.at[1] * page.height, nx: -Math.sin(a), ny: Math.cos(a), t: Math.tan(c.deg * RAD), reach: c.reach, half: c.length / 2 };
  });
  // a crease fades out over the last 30% of each half
  const fade = (c: { px: number; py: number; nx: number; ny: number; half: number }, u: number, v: number): number => {
    const along = Math.abs((u - c.px) * c.ny - (v - c.py) * c.nx) / c.half;
    if (along >= 1) return 0;
    if (along <= 0.7) return 1;
    const t = (1 - along) / 0.3;
    return t * t * (3 - 2 * t);
  };
  // the bumps, tabulated every 8 pt (with a margin) and read bilinearly
  const B = 8;
  const bw = Math.ceil(page.width / B) + 12;
  const bh = Math.ceil(page.height / B) + 12;
  const bumps = k.bumps ? new Float64Array(bw * bh) : null;
  if (bumps && k.bumps) {
    const s = k.bumps.scale * page.width;
    for (let j = 0; j < bh; j++) for (let i = 0; i < bw; i++) bumps[j * bw + i] = k.bumps.amp * 2 * (fbm(((i - 6) * B) / s, ((j - 6) * B) / s, k.bumps.seed, 3) - 0.5);
  }
  const bump = (u: number, v: number): number => {
    if (!bumps) return 0;
    let x = u / B + 6;
    let y = v / B + 6;
    x = Math.max(0, Math.min(bw - 1.001, x));
    y = Math.max(0, Math.min(bh - 1.001, y));
    const i = Math.floor(x);
    const j = Math.floor(y);
    const fx = x - i;
    const fy = y - j;
    const o = j * bw + i;
    return (bumps[o] * (1 - fx) + bumps[o + 1] * fx) * (1 - fy) + (bumps[o + bw] * (1 - fx) + bumps[o + bw + 1] * fx) * fy;
  };
  const rawHeight = (u: number, v: number): number => {
    const a = alongV ? v : u;
    const b = alongV ? u : v;
    let h = sample(main.h, main, a) + sample(cross.h, cross, b) + bump(u, v);
    for (const c of creases) {
      const sd = (u - c.px) * c.nx + (v - c.py) * c.ny;
      if (sd > 0) h += c.t * c.reach * (1 - Math.exp(-sd / c.reach)) * fade(c, u, v);
    }
    return h;
  };
  // the lowest point of the page rests on the table
  let hMin = Infinity;
  for (let j = 0; j <= 40; j++) for (let i = 0; i <= 30; i++) hMin = Math.min(hMin, rawHeight((i / 30) * page.width, (j / 40) * page.height));

  const L3: [number, number, number] = [
    Math.cos(k.light.elevDeg * RAD) * Math.cos(k.light.azDeg * RAD),
    Math.cos(k.light.elevDeg * RAD) * Math.sin(k.light.azDeg * RAD),
    Math.sin(k.light.elevDeg * RAD),
  ];
  // the lines the creases leave: folds across the cross-section, and the creases at any angle
  const far = 1e6;
  const lines = [
    ...k.folds.map((f) => (alongV ? { px: 0, py: f.at * L, nx: 0, ny: 1, half: far } : { px: f.at * L, py: 0, nx: 1, ny: 0, half: far })),
    ...k.crossFolds.map((f) => (alongV ? { px: f.at * C, py: 0, nx: 1, ny: 0, half: far } : { px: 0, py: f.at * C, nx: 0, ny: 1, half: far })),
    ...creases.map((c) => ({ px: c.px, py: c.py, nx: c.nx, ny: c.ny, half: c.half })),
  ].map((l, i) => ({ ...l, side: i % 2 ? 1 : -1, w: 0.5 + (i % 3) * 0.25 }));
  const lineK = k.creaseLine * 0.13;

  return {
    at(u, v) {
      const a = alongV ? v : u;
      const b = alongV ? u : v;
      const pa = sample(main.pos, main, a);
      const pb = sample(cross.pos, cross, b);
      const h = rawHeight(u, v) - hMin;
      return alongV ? [pb, pa, h] : [pa, pb, h];
    },
    shade(u, v) {
      const a = alongV ? v : u;
      const b = alongV ? u : v;
      const sa = sample(main.slope, main, a);
      const sb = sample(cross.slope, cross, b);
      let gx = alongV ? sb : sa;
      let gy = alongV ? sa : sb;
      for (const c of creases) {
        const sd = (u - c.px) * c.nx + (v - c.py) * c.ny;
        if (sd > 0) {
          const g = c.t * Math.exp(-sd / c.reach) * fade(c, u, v);
          gx += g * c.nx;
          gy += g * c.ny;
        }
      }
      if (bumps) {
        gx += (bump(u + 4, v) - bump(u - 4, v)) / 8;
        gy += (bump(u, v + 4) - bump(u, v - 4)) / 8;
      }
      // Lambert against the flat sheet's, softened by the light's strength (the rest is ambient)
      const nz = 1 / Math.sqrt(1 + gx * gx + gy * gy);
      const lam = (-gx * L3[0] - gy * L3[1] + L3[2]) * nz;
      let s = 1 + k.light.strength * (lam / L3[2] - 1);
      for (const l of lines) {
        const d = (u - l.px) * l.nx + (v - l.py) * l.ny;
        if (d > 4 || d < -4) continue;
        const w = l.w;
        const f = l.half < far ? fade(l, u, v) : 1;
        if (f === 0) continue;
        const e1 = (d - w) / w;
        const e2 = (d + w) / w;
        const e0 = d / (0.45 * w);
        s *= 1 + lineK * f * (l.side * (Math.exp(-e1 * e1) - Math.exp(-e2 * e2)) - 0.35 * Math.exp(-e0 * e0));
      }
      return Math.max(0.35, Math.min(1.35, s));
    },
  };
}

/**
 * Scales the surface's bends (in place) so that no part of the page rises more than `maxLift` pt off the table:
 * a sheet on a table is bent, not standing up.
 */
export function limitLift(k: SurfaceKnobs, page: { width: number; height: number }, maxLift: number): void {
  for (let round = 0; round < 4; round++) {
    const s = makeSurface(k, page);
    let top = 0;
    for (let j = 0; j <= 24; j++) for (let i = 0; i <= 18; i++) top = Math.max(top, s.at((i / 18) * page.width, (j / 24) * page.height)[2]);
    if (top <= maxLift) return;
    const f = (maxLift / top) * 0.98;
    for (const fo of [...k.folds, ...k.crossFolds]) fo.deg *= f;
    k.bowDeg *= f;
    k.crossBowDeg *= f;
    for (const c of k.creases) c.deg *= f;
    if (k.bumps) k.bumps.amp *= f;
  }
}

/** Shades the page's pixels (in place) with the surface's light and crease lines. */
export function shadePage(s: Surface, rgb: Uint8Array, width: number, height: number, scale: number): void {
  // the light varies slowly except across crease lines: shade every 2nd pixel of every 2nd row and fill in
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / scale;
    let prev = s.shade(0.5 / scale, v);
    for (let x = 0, o = y * width * 3; x < width; x++, o += 3) {
      const f = x & 1 ? prev : (prev = s.shade((x + 0.5) / scale, v));
      rgb[o] = Math.min(255, rgb[o] * f);
      rgb[o + 1] = Math.min(255, rgb[o + 1] * f);
      rgb[o + 2] = Math.min(255, rgb[o + 2] * f);
    }
  }
}

/** Photo pixels -> page points (and height), tabulated every `step` px over a box of the photo. */
export interface WarpMap {
  x0: number;
  y0: number;
  step: number;
  /** nodes across and down */
  nw: number;
  nh: number;
  /** u, v, h per node */
  uvh: Float32Array;
}

/**
 * Inverts page -> photo on a grid of photo pixels by drawing the bent page as a mesh: the page and a ring around
 * it (so that the paper's edge interpolates smoothly) are cut into triangles every few points, each projected
 * by the camera and filled into the grid's nodes with its page points interpolated. The page's own triangles win
 * over the ring's; nodes no triangle reaches see the table through the flat homography's inverse, kept off the
 * page. (Solving for each node on its own finds the wrong one of two points where the bent page and its ring
 * both lie on a pixel's ray.)
 */
export function warpMap(
  s: Surface,
  project: (x: number, y: number, h: number) => Pt,
  flatInv: (p: Pt) => Pt,
  box: { x0: number; y0: number; x1: number; y1: number },
  page: { width: number; height: number },
  step = 8,
): WarpMap {
  const nw = Math.ceil((box.x1 - box.x0) / step) + 2;
  const nh = Math.ceil((box.y1 - box.y0) / step) + 2;
  const uvh = new Float32Array(nw * nh * 3);
  const prio = new Uint8Array(nw * nh);
  // mesh coordinates along each axis: the ring, then the page (its edges exactly), then the ring
  const axis = (len: number): number[] => {
    const ring = 36;
    const m = 6;
    const out: number[] = [-ring, -ring / 2];
    const n = Math.ceil(len / m);
    for (let i = 0; i <= n; i++) out.push((i / n) * len);
    out.push(len + ring / 2, len + ring);
    return out;
  };
  const us = axis(page.width);
  const vs = axis(page.height);
  const cw = us.length;
  const gx = new Float64Array(cw * vs.length);
  const gy = new Float64Array(cw * vs.length);
  const hs = new Float64Array(cw * vs.length);
  for (let j = 0; j < vs.length; j++) {
    for (let i = 0; i < cw; i++) {
      const [x, y, h] = s.at(us[i], vs[j]);
      const q = project(x, y, h);
      const o = j * cw + i;
      gx[o] = (q[0] - box.x0) / step;
      gy[o] = (q[1] - box.y0) / step;
      hs[o] = h;
    }
  }
  const inside = (u: number, v: number) => u >= 0 && u <= page.width && v >= 0 && v <= page.height;
  const tri = (a: number, b: number, c: number, ua: Pt, ub: Pt, uc: Pt, p: number) => {
    const x0 = Math.max(0, Math.ceil(Math.min(gx[a], gx[b], gx[c])));
    const x1 = Math.min(nw - 1, Math.floor(Math.max(gx[a], gx[b], gx[c])));
    const y0 = Math.max(0, Math.ceil(Math.min(gy[a], gy[b], gy[c])));
    const y1 = Math.min(nh - 1, Math.floor(Math.max(gy[a], gy[b], gy[c])));
    if (x1 < x0 || y1 < y0) return;
    const det = (gy[b] - gy[c]) * (gx[a] - gx[c]) + (gx[c] - gx[b]) * (gy[a] - gy[c]);
    if (Math.abs(det) < 1e-12) return;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const n = y * nw + x;
        if (prio[n] > p) continue;
        const wa = ((gy[b] - gy[c]) * (x - gx[c]) + (gx[c] - gx[b]) * (y - gy[c])) / det;
        const wb = ((gy[c] - gy[a]) * (x - gx[c]) + (gx[a] - gx[c]) * (y - gy[c])) / det;
        const wc = 1 - wa - wb;
        if (wa < -1e-9 || wb < -1e-9 || wc < -1e-9) continue;
        prio[n] = p;
        uvh[n * 3] = wa * ua[0] + wb * ub[0] + wc * uc[0];
        uvh[n * 3 + 1] = wa * ua[1] + wb * ub[1] + wc * uc[1];
        uvh[n * 3 + 2] = wa * hs[a] + wb * hs[b] + wc * hs[c];
      }
    }
  };
  for (let j = 0; j + 1 < vs.length; j++) {
    for (let i = 0; i + 1 < cw; i++) {
      const a = j * cw + i;
      const b = a + 1;
      const c = a + cw;
      const d = c + 1;
      const pa: Pt = [us[i], vs[j]];
      const pb: Pt = [us[i + 1], vs[j]];
      const pc: Pt = [us[i], vs[j + 1]];
      const pd: Pt = [us[i + 1], vs[j + 1]];
      const p = inside(pa[0], pa[1]) && inside(pd[0], pd[1]) ? 2 : 1;
      tri(a, b, d, pa, pb, pd, p);
      tri(a, d, c, pa, pd, pc, p);
    }
  }
  // what no triangle reached is table: the flat inverse, pushed off the page if it would land on it
  for (let y = 0; y < nh; y++) {
    for (let x = 0; x < nw; x++) {
      const n = y * nw + x;
      if (prio[n]) continue;
      let [u, v] = flatInv([box.x0 + x * step, box.y0 + y * step]);
      if (inside(u, v)) [u, v] = [-1000, -1000];
      uvh[n * 3] = u;
      uvh[n * 3 + 1] = v;
    }
  }
  return { x0: box.x0, y0: box.y0, step, nw, nh, uvh };
}
