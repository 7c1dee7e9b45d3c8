import { adaptiveThreshold } from './adaptive-threshold.js';
import { shrinkArea } from './area-shrink.js';
import { findContours } from './contours.js';
import { intersect, type Point } from './homography.js';
import { approxPolyDP, arcLength, contourArea, isContourConvex } from './polygon.js';

/** A fiducial found in the photo: its outer square's corners (clockwise) and center, in working pixels. */
export interface MarkerHit {
  center: Point;
  corners: Point[];
  /** Side length in pixels (square root of the outer area). */
  side: number;
  /** How well the nested areas match the printed 3 : 2 : 1 squares (0 perfect). */
  misfit: number;
}

/** Printed area ratios: white square / outer = (2/3)^2, core / outer = (1/3)^2. QR finders are 25/49 and 9/49. */
const WHITE_RATIO = 4 / 9;
const CORE_RATIO = 1 / 9;
/** Most a marker's area may be of its corners' quadrilateral: 1 for a square, pi/2 for a circle. */
const SQUARE_MOST = 1.25;

export interface MarkerSearch {
  /** Downscale factor applied before the search (2 = half the working size). */
  shrink: number;
  /** Adaptive threshold block size in (shrunk) pixels, odd. */
  block: number;
  /** Largest share of the image one marker may cover (default 1/30; a window searched around one: more). */
  maxShare?: number;
}

/**
 * Finds nested-square fiducials: a dark quadrilateral holding a light quadrilateral holding a dark core,
 * with area ratios near the printed ones. Contour hierarchy makes this cheap and immune to pencil, which never
 * draws two nested closed rings with a filled core.
 */
export function findMarkers(grey: Uint8Array, width: number, height: number, search: MarkerSearch): MarkerHit[] {
  const k = search.shrink;
  let src = grey;
  let w = width;
  let h = height;
  if (k > 1) {
    w = Math.round(width / k);
    h = Math.round(height / k);
    src = shrinkArea(grey, width, height, w, h);
  }
  const bin = adaptiveThreshold(src, w, h, { method: 'mean', block: search.block, delta: 12, inverse: true });
  const { count: n, hierarchy: hier, points } = findContours(bin, w, h);
  const area = new Float64Array(n);
  const minSide = 8;
  const maxArea = w * h * (search.maxShare ?? 1 / 30);
  const hits: MarkerHit[] = [];

  const largestChild = (i: number): number => {
    let best = -1;
    for (let ch = hier[i * 4 + 2]; ch !== -1; ch = hier[ch * 4]) {
      if (area[ch] === 0) area[ch] = contourArea(points(ch)) || 1e-9;
      if (best === -1 || area[ch] > area[best]) best = ch;
    }
    return best;
  };

  // A marker is three rings deep: some child (a hole) must have a child (the core). Checked on the hierarchy
  // first, which is cheaper than measuring every contour.
  const grandparent = (i: number): boolean => {
    for (let ch = hier[i * 4 + 2]; ch !== -1; ch = hier[ch * 4]) if (hier[ch * 4 + 2] !== -1) return true;
    return false;
  };

  for (let i = 0; i < n; i++) {
    if (!grandparent(i)) continue;
    const cnt = points(i);
    const a = contourArea(cnt);
    area[i] = a || 1e-9;
    if (a < minSide * minSide || a > maxArea) continue;
    const white = largestChild(i);
    if (white === -1) continue;
    const wr = area[white] / a;
    if (wr < 0.28 || wr > 0.6) continue;
    const core = largestChild(white);
    if (core === -1) continue;
    // Core 1/9 of the outer square; a QR finder's is 9/49 (0.18): keep clear of it.
    const cr = area[core] / a;
    if (cr < 0.05 || cr > 0.155) continue;
    const quad = quadOf(cnt);
    if (!quad) continue;
    // A square fills its four corners' quadrilateral; a ring (the pause marks' circles, small enough, pass the
    // nesting test too) holds pi/2 of the square inscribed in it.
    if (a / Math.abs(quadArea(quad)) > SQUARE_MOST) continue;
    const coreQuad = quadOf(points(core));
    const center = intersect(quad[0], quad[2], quad[1], quad[3]);
    if (coreQuad) {
      const cc = intersect(coreQuad[0], coreQuad[2], coreQuad[1], coreQuad[3]);
      // The core must sit in the middle of the outer square.
      if (Math.hypot(cc.x - center.x, cc.y - center.y) > Math.sqrt(a) * 0.12) continue;
    }
    const misfit = Math.abs(Math.log(wr / WHITE_RATIO)) + Math.abs(Math.log(cr / CORE_RATIO));
    hits.push({
      center: { x: center.x * k, y: center.y * k },
      corners: quad.map((p) => ({ x: p.x * k, y: p.y * k })),
      side: Math.sqrt(a) * k,
      misfit,
    });
  }
  // nested thresholds can report one marker twice (its outer and its inner ring pairs)
  return dedupe(hits, 0.5);
}

/** Approximates a contour by a convex quadrilateral, corners clockwise (on screen), or null. */
function quadOf(cnt: Int32Array): Point[] | null {
  const d = approxPolyDP(cnt, 0.06 * arcLength(cnt));
  if (d.length !== 8 || !isContourConvex(d)) return null;
  const pts = [0, 1, 2, 3].map((i) => ({ x: d[i * 2] + 0.5, y: d[i * 2 + 1] + 0.5 }));
  const cx = (pts[0].x + pts[1].x + pts[2].x + pts[3].x) / 4;
  const cy = (pts[0].y + pts[1].y + pts[2].y + pts[3].y) / 4;
  return pts.sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
}

/** Hits whose centers lie closer than `within` times the larger side are one square: its better fit is kept, best first. */
function dedupe(hits: MarkerHit[], within: number): MarkerHit[] {
  const out: MarkerHit[] = [];
  for (const h of hits.sort((a, b) => a.misfit - b.misfit)) {
    if (!out.some((o) => Math.hypot(o.center.x - h.center.x, o.center.y - h.center.y) < Math.max(o.side, h.side) * within)) out.push(h);
  }
  return out;
}

/** Orders points clockwise on screen around their centroid, starting from the smallest angle. */
export function clockwise<T extends { center: Point }>(items: T[]): T[] {
  const cx = items.reduce((s, m) => s + m.center.x, 0) / items.length;
  const cy = items.reduce((s, m) => s + m.center.y, 0) / items.length;
  return [...items].sort((a, b) => Math.atan2(a.center.y - cy, a.center.x - cx) - Math.atan2(b.center.y - cy, b.center.x - cx));
}

/**
 * Candidate sets of four markers among the hits, best first: similar sizes, a convex quadrilateral, large
 * area, good fits. The caller checks each against the printed land and keeps the first that matches.
 */
export function quadCandidates(hits: MarkerHit[], max = 6): MarkerHit[][] {
  if (hits.length < 4) return [];
  const cand = hits.slice(0, 12);
  const scored: { four: MarkerHit[]; score: number }[] = [];
  const n = cand.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          const four = clockwise([cand[a], cand[b], cand[c], cand[d]]);
          if (!plausible(four)) continue;
          const area = quadArea(four.map((m) => m.center));
          scored.push({ four, score: Math.log(area) - four.reduce((s, m) => s + m.misfit, 0) });
        }
  return scored.sort((x, y) => y.score - x.score).slice(0, max).map((s) => s.four);
}

/**
 * Whether markers could be the sheet's: similar sizes (perspective makes near ones up to ~3x the far ones at 35
 * degrees of tilt), far apart, and for four, a convex quadrilateral.
 */
export function plausible(ms: MarkerHit[]): boolean {
  const sides = ms.map((m) => m.side);
  if (Math.max(...sides) / Math.min(...sides) > 4) return false;
  for (let i = 0; i < ms.length; i++)
    for (let j = i + 1; j < ms.length; j++) {
      if (Math.hypot(ms[i].center.x - ms[j].center.x, ms[i].center.y - ms[j].center.y) < 3 * Math.max(ms[i].side, ms[j].side)) return false;
    }
  if (ms.length === 4) {
    const pts = ms.map((m) => m.center);
    if (quadArea(pts) <= 0 || !convex(pts)) return false;
  }
  return true;
}

/**
 * The hits of several searches as one list, best fit first: a square found by two searches is kept once (its
 * better fit). A sheet half in shadow can show each corner square to a different threshold block.
 */
export function mergeHits(lists: MarkerHit[][]): MarkerHit[] {
  // a whole side apart: two searches place one square's corners a few pixels differently
  return dedupe(lists.flat(), 1);
}

/** The best set of four markers, or null. */
export function pickFour(hits: MarkerHit[]): MarkerHit[] | null {
  return quadCandidates(hits, 1)[0] ?? null;
}

/** The signed area of a polygon (positive for corners clockwise on screen). */
export function quadArea(p: Point[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const q = p[(i + 1) % p.length];
    s += p[i].x * q.y - q.x * p[i].y;
  }
  return s / 2;
}

function convex(p: Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i];
    const b = p[(i + 1) % p.length];
    const c = p[(i + 2) % p.length];
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}
