/**
 * Things between the camera and the sheet, and things on the paper: a thumb holding the sheet's margin, objects
 * on the table near the sheet (pencils, pens, dice, an eraser, a phone, coins, cards) reaching over its edge,
 * and stains on the paper (coffee rings, water marks, grease, graphite smudged by a hand). Nothing covers the
 * corner squares, the QR code or the land: a person must still be able to read the sheet.
 */
import type { SheetGeometry } from '../../src/geometry/sheet-layout.js';
import { fbm, type Rand } from './rand.js';

type RGB = [number, number, number];
type P = [number, number];

export type OccluderKind = 'thumb' | 'pencil' | 'pen' | 'die' | 'eraser' | 'phone' | 'coin' | 'card';

export interface Occluder {
  kind: OccluderKind;
  /** page points: the object's middle (a thumb's tip) */
  at: P;
  /** the object's long axis, degrees in the page (a thumb points along it, tip first) */
  angleDeg: number;
  /** size along and across the axis, pt */
  length: number;
  width: number;
  color: RGB;
  accent: RGB;
  /** how high above the paper it is (pt): its shadow falls that far off, and softer */
  lift: number;
  /** a die's face */
  pips: number;
}

export interface OcclusionKnobs {
  items: Occluder[];
  /** the direction the shadows fall (degrees in the page) and how dark they are */
  shadowDeg: number;
  shadowDepth: number;
}

export interface Stain {
  kind: 'coffee' | 'water' | 'grease' | 'smudge';
  at: P;
  /** pt */
  radius: number;
  /** how strong (0..1) */
  strength: number;
  /** a smudge's direction (degrees) and stretch */
  angleDeg: number;
  stretch: number;
  seed: number;
}

const MM = 72 / 25.4;
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Boxes nothing may cover (page points): the corner squares with their clear zone, the QR code, the land. */
export function protectedBoxes(g: SheetGeometry): { x0: number; y0: number; x1: number; y1: number }[] {
  const pad = (x: number, y: number, w: number, h: number, p: number) => ({ x0: x - p, y0: y - p, x1: x + w + p, y1: y + h + p });
  const { grid } = g;
  return [
    ...g.markers.map((m) => pad(m.x, m.y, m.size, m.size, m.size * 0.8)),
    pad(g.qr.x, g.qr.y, g.qr.size, g.qr.size, 4 * MM),
    pad(grid.x, grid.y, grid.cols * grid.cell, grid.rows * grid.cell, 4 * MM),
  ];
}

/** The object's signed distance (pt, negative inside) in its own frame: u along the axis, v across. */
function sdf(o: Occluder, u: number, v: number): number {
  const box = (hx: number, hy: number, r: number) => {
    const qx = Math.abs(u) - hx + r;
    const qy = Math.abs(v) - hy + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };
  switch (o.kind) {
    case 'thumb': {
      // a capsule from the tip (u = 0) back along -u, a little wider toward the hand
      const r = o.width / 2;
      const t = Math.max(-o.length + r, Math.min(-r, u));
      const rr = r * (1 + 0.12 * Math.min(1, (-t - r) / o.length));
      return Math.hypot(u - t, v) - rr;
    }
    case 'coin':
      return Math.hypot(u, v) - o.width / 2;
    case 'pencil':
    case 'pen': {
      // a round-ended rod whose writing end tapers to a point
      const tip = o.length / 2 - (o.kind === 'pencil' ? 6 * MM : 4 * MM);
      if (u > tip) return Math.max(Math.abs(v) - (o.width / 2) * (1 - (u - tip) / (o.length / 2 - tip)) * 0.95, u - o.length / 2);
      return box(o.length / 2, o.width / 2, o.width * 0.2);
    }
    case 'die':
      return box(o.length / 2, o.width / 2, o.width * 0.16);
    case 'eraser':
      return box(o.length / 2, o.width / 2, 1 * MM);
    case 'phone':
      return box(o.length / 2, o.width / 2, 4 * MM);
    case 'card':
      return box(o.length / 2, o.width / 2, 1.2 * MM);
  }
}

/** The object's colour at a point inside it (its own frame), with its shading. */
function shade(o: Occluder, u: number, v: number): RGB {
  const [r, g, b] = o.color;
  const across = clamp01(Math.abs(v) / (o.width / 2));
  const mul = (c: RGB, k: number): RGB => [c[0] * k, c[1] * k, c[2] * k];
  switch (o.kind) {
    case 'thumb': {
      // rounded: lit in the middle, darker toward the sides; the nail near the tip
      const k = 0.72 + 0.36 * Math.sqrt(1 - across * across);
      const nail = u > -0.75 * o.width && u < -0.08 * o.width && Math.abs(v) < 0.34 * o.width;
      if (nail) {
        const edge = u > -0.2 * o.width;
        return edge ? mul([245, 235, 225], k) : mul([r * 1.08 + 18, g * 1.02 + 10, b * 1.05 + 14], k);
      }
      return mul([r, g * (1 - 0.04 * clamp01(1 + u / o.width)), b], k);
    }
    case 'pencil': {
      const tip = o.length / 2 - 6 * MM;
      if (u > o.length / 2 - 1.8 * MM) return [40, 40, 44];
      if (u > tip) return mul([222, 184, 135], 0.9 + 0.1 * (1 - across));
      if (u < -o.length / 2 + 6 * MM) return u < -o.length / 2 + 3 * MM ? o.accent : [170, 170, 175];
      const facet = across < 0.33 ? 1.05 : across < 0.7 ? 0.9 : 0.75;
      return mul([r, g, b], facet);
    }
    case 'pen': {
      if (u > o.length / 2 - 4 * MM) return [90, 90, 95];
      if (v < -o.width * 0.1 && v > -o.width * 0.3 && u < -o.length * 0.15 && u > -o.length * 0.45) return o.accent;
      return mul([r, g, b], 0.7 + 0.4 * Math.sqrt(1 - across * across));
    }
    case 'die': {
      const pip = o.width * 0.1;
      const spots: P[] = [[0, 0], [-0.27, -0.27], [0.27, 0.27], [-0.27, 0.27], [0.27, -0.27], [-0.27, 0], [0.27, 0]];
      const use = ([[0], [1, 2], [0, 1, 2], [1, 2, 3, 4], [0, 1, 2, 3, 4], [1, 2, 3, 4, 5, 6]] as number[][])[Math.max(0, Math.min(5, o.pips - 1))];
      for (const i of use) if (Math.hypot(u - spots[i][0] * o.width, v - spots[i][1] * o.width) < pip) return o.accent;
      return mul([r, g, b], 0.92 + 0.08 * (1 - across));
    }
    case 'eraser':
      return u < 0 ? o.accent : [r, g, b];
    case 'phone': {
      const screen = Math.abs(u) < o.length / 2 - 3 * MM && Math.abs(v) < o.width / 2 - 2.5 * MM;
      const sheen = 0.5 + 0.5 * Math.sin((u + v) / (o.length * 0.35));
      return screen ? [r + 25 * sheen, g + 25 * sheen, b + 30 * sheen] : mul([r, g, b], 1.4);
    }
    case 'coin': {
      const d = Math.hypot(u, v) / (o.width / 2);
      const k = d > 0.86 ? 0.75 : 0.9 + 0.25 * Math.sin(u / o.width * 3 + 1);
      return mul([r, g, b], k);
    }
    case 'card': {
      const border = Math.abs(u) > o.length / 2 - 3 * MM || Math.abs(v) > o.width / 2 - 3 * MM;
      if (border) return [240, 238, 232];
      return Math.floor((u + v) / (2 * MM)) % 2 ? o.accent : [r, g, b];
    }
  }
}

/** A rendered occluder: its colour and coverage, and the shadow it casts, over a box of the photo. */
export interface OccluderRaster {
  x0: number;
  y0: number;
  w: number;
  h: number;
  rgb: Float32Array;
  alpha: Float32Array;
  shadow: Float32Array;
}

/**
 * Renders each occluder over its box of the photo. `toPage` maps photo pixels to page points, `pxPerPt` is the
 * photo's scale near the sheet, `box` the photo-pixel box of the object (from its page outline).
 */
export function rasterOccluders(k: OcclusionKnobs, toPage: (x: number, y: number) => P, toPhoto: (p: P) => P, pxPerPt: number, W: number, H: number): OccluderRaster[] {
  const out: OccluderRaster[] = [];
  const sa = (k.shadowDeg * Math.PI) / 180;
  for (const o of k.items) {
    const a = (o.angleDeg * Math.PI) / 180;
    const cs = Math.cos(a);
    const sn = Math.sin(a);
    const off: P = [Math.cos(sa) * o.lift, Math.sin(sa) * o.lift];
    const soft = 0.6 * MM + o.lift * 0.5;
    // the page outline of object and shadow, then its box in the photo
    const reach = Math.hypot(o.length, o.width) / 2 + o.length / 2 + soft * 2 + o.lift;
    const pts: P[] = [];
    for (let i = 0; i < 16; i++) {
      const t = (i / 16) * 2 * Math.PI;
      pts.push(toPhoto([o.at[0] + Math.cos(t) * reach, o.at[1] + Math.sin(t) * reach]));
    }
    const x0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[0]))));
    const y0 = Math.max(0, Math.floor(Math.min(...pts.map((p) => p[1]))));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(...pts.map((p) => p[0]))));
    const y1 = Math.min(H - 1, Math.ceil(Math.max(...pts.map((p) => p[1]))));
    if (x1 <= x0 || y1 <= y0) continue;
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    const rgb = new Float32Array(w * h * 3);
    const alpha = new Float32Array(w * h);
    const shadow = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const [pu, pv] = toPage(x0 + x + 0.5, y0 + y + 0.5);
        const du = pu - o.at[0];
        const dv = pv - o.at[1];
        const u = du * cs + dv * sn;
        const v = -du * sn + dv * cs;
        const i = y * w + x;
        const d = sdf(o, u, v);
        const cov = clamp01(0.5 - d * pxPerPt);
        if (cov > 0) {
          const c = shade(o, u, v);
          alpha[i] = cov;
          rgb[i * 3] = c[0];
          rgb[i * 3 + 1] = c[1];
          rgb[i * 3 + 2] = c[2];
        }
        const su = (du - off[0]) * cs + (dv - off[1]) * sn;
        const sv = -(du - off[0]) * sn + (dv - off[1]) * cs;
        const ds = sdf(o, su, sv);
        shadow[i] = k.shadowDepth * clamp01(0.5 - ds / soft);
      }
    }
    out.push({ x0, y0, w, h, rgb, alpha, shadow });
  }
  return out;
}

/** Whether the object (sampled over its outline and inside) stays off every protected box. */
function clear(o: Occluder, boxes: ReturnType<typeof protectedBoxes>): boolean {
  const a = (o.angleDeg * Math.PI) / 180;
  const cs = Math.cos(a);
  const sn = Math.sin(a);
  const lo = o.kind === 'thumb' ? -o.length : -o.length / 2;
  const hi = o.kind === 'thumb' ? 0 : o.length / 2;
  for (let i = 0; i <= 24; i++) {
    for (let j = 0; j <= 8; j++) {
      const u = lo + ((hi - lo) * i) / 24;
      const v = (-0.6 + (1.2 * j) / 8) * o.width;
      if (sdf(o, u, v) > 2 * MM) continue;
      const x = o.at[0] + u * cs - v * sn;
      const y = o.at[1] + u * sn + v * cs;
      if (boxes.some((b) => x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1)) return false;
    }
  }
  return true;
}

const SKIN: RGB[] = [[241, 196, 170], [228, 176, 142], [205, 145, 105], [170, 112, 76], [125, 82, 56], [88, 58, 40]];

const jitter = (rand: Rand, c: RGB, k: number): RGB => c.map((x) => Math.max(0, Math.min(255, x * (1 + rand.normal() * k)))) as RGB;

/** A thumb holding the sheet by its margin: tip 8-25 mm inside the page's edge, off the protected boxes (null if none fits). */
export function placeThumb(rand: Rand, g: SheetGeometry): Occluder | null {
  const boxes = protectedBoxes(g);
  const { width: PW, height: PH } = g.page;
  for (let t = 0; t < 60; t++) {
    const edge = rand.int(0, 3);
    const along = rand.range(0.12, 0.88);
    const depth = rand.range(8, 25) * MM;
    // the tip inside the page, the thumb reaching in from beyond the edge
    const at: P = edge === 0 ? [along * PW, depth] : edge === 1 ? [PW - depth, along * PH] : edge === 2 ? [along * PW, PH - depth] : [depth, along * PH];
    const inward = [90, 180, 270, 0][edge] + rand.range(-30, 30);
    const o: Occluder = {
      kind: 'thumb',
      at,
      angleDeg: inward,
      length: rand.range(50, 85) * MM,
      width: rand.range(15, 22) * MM,
      color: jitter(rand, rand.pick(SKIN), 0.05),
      accent: [0, 0, 0],
      lift: rand.range(2, 8) * MM,
      pips: 0,
    };
    if (clear(o, boxes)) return o;
  }
  return null;
}

const OBJECT_COLOURS: Record<Exclude<OccluderKind, 'thumb'>, RGB[]> = {
  pencil: [[235, 190, 40], [40, 110, 60], [200, 45, 40], [215, 180, 130], [30, 30, 35]],
  pen: [[30, 60, 160], [25, 25, 30], [200, 200, 205], [180, 30, 40], [240, 240, 240]],
  die: [[245, 243, 235], [200, 30, 35], [25, 25, 30], [30, 90, 170], [40, 150, 70]],
  eraser: [[240, 150, 160], [245, 245, 240]],
  phone: [[20, 20, 24], [40, 40, 48], [60, 62, 70]],
  coin: [[190, 150, 70], [185, 185, 190], [170, 110, 70]],
  card: [[180, 40, 50], [40, 70, 150], [30, 110, 60]],
};

/** `n` objects on the table around the sheet, each reaching over its edge at most into the margin. */
export function placeObjects(rand: Rand, g: SheetGeometry, n: number): Occluder[] {
  const boxes = protectedBoxes(g);
  const { width: PW, height: PH } = g.page;
  const out: Occluder[] = [];
  for (let i = 0; i < n; i++) {
    const kind = rand.weighted<Exclude<OccluderKind, 'thumb'>>([['pencil', 3], ['pen', 2], ['die', 3], ['eraser', 1.5], ['phone', 1], ['coin', 1.5], ['card', 1.5]]);
    const size: Record<typeof kind, [number, number]> = {
      pencil: [rand.range(120, 185), 7.2],
      pen: [rand.range(130, 150), rand.range(9, 12)],
      die: [rand.range(12, 19), 0],
      eraser: [rand.range(35, 50), rand.range(16, 22)],
      phone: [rand.range(140, 165), rand.range(68, 78)],
      coin: [rand.range(18, 28), 0],
      card: [88, 63],
    };
    const [lmm, wmm] = size[kind];
    const length = lmm * MM;
    const width = (wmm || lmm) * MM;
    const colour = jitter(rand, rand.pick(OBJECT_COLOURS[kind]), 0.05);
    const accent: RGB = kind === 'die' ? (colour[0] + colour[1] + colour[2] > 450 ? [30, 30, 35] : [245, 245, 240]) : kind === 'eraser' ? jitter(rand, [60, 90, 170], 0.1) : kind === 'pencil' ? [235, 140, 150] : kind === 'pen' ? [200, 200, 205] : jitter(rand, [230, 230, 225], 0.05);
    for (let t = 0; t < 40; t++) {
      // a point of the page's outline, then out from it by -0.3 to 1 of the object's size
      const edge = rand.int(0, 3);
      const along = rand.range(0, 1);
      const out_ = rand.range(-0.3, 1) * Math.max(length, width) * 0.5;
      const at: P = edge === 0 ? [along * PW, -out_] : edge === 1 ? [PW + out_, along * PH] : edge === 2 ? [along * PW, PH + out_] : [-out_, along * PH];
      const o: Occluder = { kind, at, angleDeg: rand.range(0, 360), length, width, color: colour, accent, lift: kind === 'phone' ? 3 * MM : kind === 'card' ? 0.3 * MM : width * 0.45, pips: rand.int(1, 6) };
      if (clear(o, boxes)) {
        out.push(o);
        break;
      }
    }
  }
  return out;
}

/** Draws the stains into the page's pixels (in place); `scale` is page pixels per point. */
export function drawStains(stains: Stain[], rgb: Uint8Array, width: number, height: number, scale: number): void {
  for (const s of stains) {
    const R = s.radius * (s.kind === 'smudge' ? s.stretch : 1) * 1.35;
    const x0 = Math.max(0, Math.floor((s.at[0] - R) * scale));
    const x1 = Math.min(width - 1, Math.ceil((s.at[0] + R) * scale));
    const y0 = Math.max(0, Math.floor((s.at[1] - R) * scale));
    const y1 = Math.min(height - 1, Math.ceil((s.at[1] + R) * scale));
    const a = (s.angleDeg * Math.PI) / 180;
    const cs = Math.cos(a);
    const sn = Math.sin(a);
    // stain colour: what a full-strength stain multiplies the paper by
    const tint: RGB = s.kind === 'coffee' ? [0.62, 0.45, 0.28] : s.kind === 'water' ? [0.86, 0.86, 0.84] : s.kind === 'grease' ? [0.8, 0.78, 0.72] : [0.62, 0.62, 0.66];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const du = x / scale - s.at[0];
        const dv = y / scale - s.at[1];
        let u = du * cs + dv * sn;
        const v = -du * sn + dv * cs;
        if (s.kind === 'smudge') u /= s.stretch;
        const th = Math.atan2(v, u);
        // a ragged outline
        const wob = 1 + 0.22 * (fbm(Math.cos(th) * 1.6 + 5, Math.sin(th) * 1.6 + 5, s.seed, 3) - 0.5) * 2;
        const d = Math.hypot(u, v) / (s.radius * wob);
        let k = 0;
        if (s.kind === 'coffee' || s.kind === 'water') {
          const ring = Math.exp(-(((d - 1) / 0.045) ** 2));
          k = d < 1 ? 0.25 + 0.15 * fbm(u / 30, v / 30, s.seed ^ 7, 2) : 0;
          k = Math.max(k * (s.kind === 'water' ? 0.4 : 1), ring);
        } else if (s.kind === 'grease') {
          k = clamp01((1.05 - d) / 0.15) * (0.7 + 0.3 * fbm(u / 15, v / 15, s.seed, 2));
        } else {
          k = clamp01(1 - d) ** 1.5 * (0.5 + 0.5 * fbm(u / 4, v / 12, s.seed, 3));
        }
        if (k <= 0.002) continue;
        k *= s.strength;
        const o = (y * width + x) * 3;
        rgb[o] *= 1 - k * (1 - tint[0]);
        rgb[o + 1] *= 1 - k * (1 - tint[1]);
        rgb[o + 2] *= 1 - k * (1 - tint[2]);
      }
    }
  }
}
