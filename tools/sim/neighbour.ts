/**
 * A neighbour's finished sheet on the table beside the photographed one: players lay their sheets side by side, and
 * a photo of one takes in part or all of the next, with its own corner squares, QR code and land. It lies flat on
 * the table, in the same plane as the sheet, turned a little against it.
 */
import { apply, invert, multiply, type Mat3 } from './homography.js';
import type { OccluderRaster } from './occluders.js';
import type { BlankPage } from './page.js';

export interface NeighbourKnobs {
  /** the side of the sheet it lies on */
  at: 'left' | 'right' | 'above' | 'below';
  /** the gap between the two sheets' edges, pt */
  gap: number;
  /** how far it is slid along that side from the sheet's middle, pt */
  slide: number;
  /** how far it is turned against the sheet, degrees */
  angleDeg: number;
}

/**
 * The neighbour as it shows in the photo, as an occluder does but casting no shadow: its colour (the paper's tint
 * applied) and coverage (antialiased at the paper's edge) over a box of the frame.
 */
export type NeighbourRaster = Omit<OccluderRaster, 'shadow'>;

/** Neighbour page points to the sheet's page points: turned about its middle, then set beside the sheet. */
export function neighbourToPage(k: NeighbourKnobs, page: { width: number; height: number }): Mat3 {
  const { width: PW, height: PH } = page;
  const centre: Record<NeighbourKnobs['at'], [number, number]> = {
    left: [-k.gap - PW / 2, PH / 2 + k.slide],
    right: [PW + k.gap + PW / 2, PH / 2 + k.slide],
    above: [PW / 2 + k.slide, -k.gap - PH / 2],
    below: [PW / 2 + k.slide, PH + k.gap + PH / 2],
  };
  const [cx, cy] = centre[k.at];
  const a = (k.angleDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  // p -> centre + R (p - middle)
  return [c, -s, cx - c * (PW / 2) + s * (PH / 2), s, c, cy - s * (PW / 2) - c * (PH / 2), 0, 0, 1];
}

/**
 * The neighbour's page (rendered with its pencil) seen through the camera `Hm` (sheet page points to photo
 * pixels), over the part of a W x H frame it covers; null when none of it is in the frame.
 */
export function rasterNeighbour(page: BlankPage, k: NeighbourKnobs, Hm: Mat3, W: number, H: number, tint: [number, number, number]): NeighbourRaster | null {
  const pg = page.geometry.page;
  const toPhoto = multiply(Hm, neighbourToPage(k, pg));
  const corners = [[0, 0], [pg.width, 0], [pg.width, pg.height], [0, pg.height]].map((p) => apply(toPhoto, p as [number, number]));
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))) - 2);
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))) - 2);
  const x1 = Math.min(W, Math.ceil(Math.max(...corners.map((c) => c[0]))) + 2);
  const y1 = Math.min(H, Math.ceil(Math.max(...corners.map((c) => c[1]))) + 2);
  if (x1 <= x0 || y1 <= y0) return null;
  const w = x1 - x0;
  const h = y1 - y0;
  const rgb = new Float32Array(w * h * 3);
  const alpha = new Float32Array(w * h);
  const back = invert(toPhoto);
  const { rgb: src, width: PW, height: PH, scale: sc } = page;
  // photo px per page px, for the antialiased edge
  const a0 = apply(toPhoto, [0, 0]);
  const a1 = apply(toPhoto, [pg.width, 0]);
  const edgeK = Math.hypot(a1[0] - a0[0], a1[1] - a0[1]) / PW;
  let any = false;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const [pu, pv] = apply(back, [x, y]);
      const u = pu * sc - 0.5;
      const v = pv * sc - 0.5;
      const a = Math.min(1, Math.min(u + 0.5, PW - 0.5 - u, v + 0.5, PH - 0.5 - v) * edgeK + 0.5);
      if (a <= 0) continue;
      const ui = Math.max(0, Math.min(PW - 2, Math.floor(u)));
      const vi = Math.max(0, Math.min(PH - 2, Math.floor(v)));
      const fu = Math.max(0, Math.min(1, u - ui));
      const fv = Math.max(0, Math.min(1, v - vi));
      const p = (vi * PW + ui) * 3;
      const q = p + PW * 3;
      const e = (y - y0) * w + (x - x0);
      for (let ch = 0; ch < 3; ch++) {
        const top = src[p + ch] + (src[p + 3 + ch] - src[p + ch]) * fu;
        const bot = src[q + ch] + (src[q + 3 + ch] - src[q + ch]) * fu;
        rgb[e * 3 + ch] = (top + (bot - top) * fv) * tint[ch];
      }
      alpha[e] = a;
      any = true;
    }
  }
  return any ? { x0, y0, w, h, rgb, alpha } : null;
}
