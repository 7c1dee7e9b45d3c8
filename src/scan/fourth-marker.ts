import type { Paper } from '../engine/setup.js';
import { sheetGeometry } from '../geometry/sheet-layout.js';
import type { Photo } from './image.js';
import { apply, findHomography } from './homography.js';
import { clockwise, findMarkers, plausible, type MarkerHit } from './markers.js';
import { markerCenter } from './orient.js';

type P = { x: number; y: number };

/** The affine map taking three points to three others, as [a, b, c, d, e, f]: x' = ax + by + c, y' = dx + ey + f. */
function affine3(src: P[], dst: P[]): number[] | null {
  const [p, q, r] = src;
  const det = p.x * (q.y - r.y) - p.y * (q.x - r.x) + (q.x * r.y - q.y * r.x);
  if (Math.abs(det) < 1e-9) return null;
  const solve = (u: number, v: number, w: number) => [
    (u * (q.y - r.y) - p.y * (v - w) + (v * r.y - q.y * w)) / det,
    (p.x * (v - w) - u * (q.x - r.x) + (q.x * w - v * r.x)) / det,
    (p.x * (q.y * w - v * r.y) - p.y * (q.x * w - v * r.x) + u * (q.x * r.y - q.y * r.x)) / det,
  ];
  return [...solve(dst[0].x, dst[1].x, dst[2].x), ...solve(dst[0].y, dst[1].y, dst[2].y)];
}

/**
 * When only three corner squares are found (the fourth on a shadow's edge, in glare, under a thumb), each way of
 * matching them to three printed squares predicts where the fourth must be; a search confined to a window there,
 * with a threshold block sized for it, often finds it. Returns candidate sets of four (clockwise), to be checked
 * against the printed land like any other.
 */
export function fourthMarkerCandidates(photo: Photo, hits: MarkerHit[], papers: Paper[]): MarkerHit[][] {
  const out: MarkerHit[][] = [];
  const triples: MarkerHit[][] = [];
  const top = hits.slice(0, 6);
  for (let a = 0; a < top.length; a++)
    for (let b = a + 1; b < top.length; b++)
      for (let c = b + 1; c < top.length; c++) {
        const three = clockwise([top[a], top[b], top[c]]);
        if (plausible(three)) triples.push(three);
      }
  for (const three of triples) {
    for (const paper of papers) {
      const page = sheetGeometry('A', paper).markers.map(markerCenter);
      const size = sheetGeometry('A', paper).markers[0].size;
      for (let missing = 0; missing < 4; missing++) {
        const present = [0, 1, 2, 3].filter((i) => i !== missing);
        // The three found, clockwise, matched to the three printed ones, clockwise, in each cyclic order.
        for (let shift = 0; shift < 3; shift++) {
          const src = present.map((i) => page[i]);
          const dst = [0, 1, 2].map((k) => three[(k + shift) % 3].center);
          const t = affine3(src, dst);
          if (!t) continue;
          const at = (p: P) => ({ x: t[0] * p.x + t[1] * p.y + t[2], y: t[3] * p.x + t[4] * p.y + t[5] });
          // The affine guess only pairs each printed corner with the nearest corner found; the twelve pairs then
          // give a full homography, which carries the perspective that three centers alone cannot.
          const from: P[] = [];
          const to: P[] = [];
          present.forEach((pi, k) => {
            const hit = three[(k + shift) % 3];
            const m = sheetGeometry('A', paper).markers[pi];
            for (const corner of [{ x: m.x, y: m.y }, { x: m.x + m.size, y: m.y }, { x: m.x + m.size, y: m.y + m.size }, { x: m.x, y: m.y + m.size }]) {
              const g = at(corner);
              const near = hit.corners.reduce((a, b) => (Math.hypot(a.x - g.x, a.y - g.y) <= Math.hypot(b.x - g.x, b.y - g.y) ? a : b));
              from.push(corner);
              to.push(near);
            }
          });
          const h = findHomography(from, to);
          if (!h) continue;
          const guess = apply(h, page[missing].x, page[missing].y);
          const edge0 = apply(h, page[missing].x - size / 2, page[missing].y);
          const edge1 = apply(h, page[missing].x + size / 2, page[missing].y);
          const side = Math.hypot(edge1.x - edge0.x, edge1.y - edge0.y);
          // Where no square shows there (under a thumb, across a shadow's edge too sharp for any threshold), the
          // three squares' homography places it: the borderline's check on the pose decides whether that holds.
          const m = sheetGeometry('A', paper).markers[missing];
          const placed = [{ x: m.x, y: m.y }, { x: m.x + m.size, y: m.y }, { x: m.x + m.size, y: m.y + m.size }, { x: m.x, y: m.y + m.size }].map((c) => apply(h, c.x, c.y));
          const found = searchNear(photo, guess, side) ?? { center: guess, corners: placed, side, misfit: 1 };
          const four = clockwise([...three, found]);
          if (plausible(four)) out.push(four);
        }
      }
    }
  }
  return out;
}

/** Looks for one marker in a window around a predicted center (perspective makes the prediction approximate). */
function searchNear(photo: Photo, at: P, side: number): MarkerHit | null {
  const half = Math.round(side * 2.2);
  const x0 = Math.max(0, Math.round(at.x - half));
  const y0 = Math.max(0, Math.round(at.y - half));
  const x1 = Math.min(photo.width, Math.round(at.x + half));
  const y1 = Math.min(photo.height, Math.round(at.y + half));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < side || h < side) return null;
  const crop = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) crop.set(photo.grey.subarray((y0 + y) * photo.width + x0, (y0 + y) * photo.width + x1), y * w);
  let best: MarkerHit | null = null;
  for (const block of [Math.max(11, Math.round(side * 0.45) | 1), Math.max(15, Math.round(side * 0.9) | 1)]) {
    for (const hit of findMarkers(crop, w, h, { shrink: 1, block, maxShare: 0.5 })) {
      const c = { x: hit.center.x + x0, y: hit.center.y + y0 };
      const d = Math.hypot(c.x - at.x, c.y - at.y);
      if (d > side * 1.5 || hit.side < side * 0.4 || hit.side > side * 2.5) continue;
      if (!best || d < Math.hypot(best.center.x - at.x, best.center.y - at.y)) {
        best = { ...hit, center: c, corners: hit.corners.map((p) => ({ x: p.x + x0, y: p.y + y0 })) };
      }
    }
    if (best) return best;
  }
  return null;
}
