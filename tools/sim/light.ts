/** Stage 3b: the light on the scene at a low resolution: exposure, colour cast, gradient, vignette, a hard shadow, glare. */
import { apply, type Mat3, type Pt } from './homography.js';
import type { Rand } from './rand.js';

export interface ShadowKnobs {
  /** how much light the shadow takes away (0.2 light .. 0.75 very dark) */
  depth: number;
  /** width of the soft edge, as a fraction of the sheet's width in the photo */
  penumbra: number;
  shape: 'phone' | 'hand' | 'phone-and-hand' | 'edge';
  /** where on the sheet the shadow falls (page fractions) and its direction */
  at: [number, number];
  angleDeg: number;
  /** size relative to the sheet's width */
  size: number;
}

export interface LightKnobs {
  exposure: number;
  /** per-channel white balance multipliers */
  cast: [number, number, number];
  /** brightness falls by up to `gradient` across the frame along `gradientDeg` */
  gradient: number;
  gradientDeg: number;
  vignette: number;
  shadow: ShadowKnobs | null;
  /** a bright reflection washing the sheet out (0 = none, 0.5 = strong) */
  glare: number;
  glareAt: [number, number];
  /** a lamp off to one side: brightness falls with the square of the distance from it (frame fractions), the frame's middle as lit as without it */
  lamp?: { at: [number, number]; falloff: number } | null;
  /** sunlight through a window: a band of hard-edged light, brighter inside and darker outside */
  patch?: { at: [number, number]; angleDeg: number; width: number; inside: number; outside: number; soft: number } | null;
}

/** Light factors per channel at 1/`step` resolution (row-major, 3 floats a sample, (w+1) x (h+1) samples). */
export interface LightMap {
  step: number;
  w: number;
  h: number;
  f: Float32Array;
  /** additive glare (fraction of white) per sample, or null */
  g: Float32Array | null;
}

/** Signed distance to a rounded box centred at the origin with half-sizes (hx, hy) and corner radius r. */
function sdBox(x: number, y: number, hx: number, hy: number, r: number): number {
  const qx = Math.abs(x) - hx + r;
  const qy = Math.abs(y) - hy + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function sdSegment(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/**
 * The shadow as a signed distance (photo px, negative inside): a phone's rounded rectangle, a hand and arm
 * reaching in from the frame's edge, or the straight edge of a big object.
 */
function shadowSdf(k: ShadowKnobs, H: Mat3, page: { width: number; height: number }, sheetPx: number, W: number, Hh: number): (x: number, y: number) => number {
  const c: Pt = apply(H, [k.at[0] * page.width, k.at[1] * page.height]);
  const a = (k.angleDeg * Math.PI) / 180;
  const cs = Math.cos(a);
  const sn = Math.sin(a);
  const s = sheetPx * k.size;
  // the arm reaches from the shadow to the nearest frame edge
  const far = Math.hypot(W, Hh);
  const armEnd: Pt = [c[0] + cs * far, c[1] + sn * far];
  const local = (x: number, y: number): Pt => [(x - c[0]) * cs + (y - c[1]) * sn, -(x - c[0]) * sn + (y - c[1]) * cs];
  switch (k.shape) {
    case 'phone':
      return (x, y) => {
        const [u, v] = local(x, y);
        return sdBox(u, v, s * 0.5, s * 0.25, s * 0.06);
      };
    case 'hand':
      return (x, y) => {
        const [u, v] = local(x, y);
        const palm = sdBox(u, v, s * 0.22, s * 0.2, s * 0.12);
        let fingers = Infinity;
        for (let i = 0; i < 4; i++) fingers = Math.min(fingers, sdSegment(u, v, -s * 0.2, -s * 0.15 + i * s * 0.1, -s * 0.5 - (i === 0 || i === 3 ? 0 : s * 0.06), -s * 0.17 + i * s * 0.11) - s * 0.04);
        const arm = sdSegment(x, y, c[0], c[1], armEnd[0], armEnd[1]) - s * 0.17;
        return Math.min(palm, fingers, arm);
      };
    case 'phone-and-hand':
      return (x, y) => {
        const [u, v] = local(x, y);
        const phone = sdBox(u, v, s * 0.5, s * 0.25, s * 0.06);
        const arm = sdSegment(x, y, c[0] + cs * s * 0.4, c[1] + sn * s * 0.4, armEnd[0], armEnd[1]) - s * 0.2;
        return Math.min(phone, arm);
      };
    case 'edge':
    default:
      return (x, y) => {
        const [u] = local(x, y);
        return -u + s * 0.1;
      };
  }
}

/** Computes the light map for a photo of W x H pixels whose page-to-photo homography is `Hm`. */
export function lightMap(k: LightKnobs, Hm: Mat3, page: { width: number; height: number }, W: number, H: number, step = 8): LightMap {
  const w = Math.ceil(W / step);
  const h = Math.ceil(H / step);
  const f = new Float32Array((w + 1) * (h + 1) * 3);
  const gl = k.glare > 0 ? new Float32Array((w + 1) * (h + 1)) : null;
  const ga = (k.gradientDeg * Math.PI) / 180;
  const gx = Math.cos(ga);
  const gy = Math.sin(ga);
  const half = (Math.abs(gx) * W + Math.abs(gy) * H) / 2;
  const tl = apply(Hm, [0, 0]);
  const tr = apply(Hm, [page.width, 0]);
  const sheetPx = Math.hypot(tr[0] - tl[0], tr[1] - tl[1]);
  const sdf = k.shadow ? shadowSdf(k.shadow, Hm, page, sheetPx, W, H) : null;
  const pen = k.shadow ? Math.max(1.5, k.shadow.penumbra * sheetPx) : 1;
  const glare = k.glare > 0 ? apply(Hm, [k.glareAt[0] * page.width, k.glareAt[1] * page.height]) : null;
  const glareR = sheetPx * 0.35;
  const diag = Math.hypot(W, H) / 2;
  const lampMid = k.lamp ? 1 + k.lamp.falloff * (Math.hypot(W / 2 - k.lamp.at[0] * W, H / 2 - k.lamp.at[1] * H) / (2 * diag)) ** 2 : 1;
  for (let j = 0, o = 0; j <= h; j++) {
    const y = Math.min(H, j * step);
    for (let i = 0; i <= w; i++, o += 3) {
      const x = Math.min(W, i * step);
      const t = ((x - W / 2) * gx + (y - H / 2) * gy) / half; // -1..1
      let base = k.exposure * (1 - k.gradient * (0.5 + 0.5 * t));
      const r = Math.hypot(x - W / 2, y - H / 2) / diag;
      base *= 1 - k.vignette * r * r;
      if (k.lamp) {
        const d = Math.hypot(x - k.lamp.at[0] * W, y - k.lamp.at[1] * H) / (2 * diag);
        base *= lampMid / (1 + k.lamp.falloff * d * d);
      }
      if (k.patch) {
        // signed distance across the band's middle line, as a fraction of the diagonal
        const a = (k.patch.angleDeg * Math.PI) / 180;
        const d = Math.abs((x - k.patch.at[0] * W) * -Math.sin(a) + (y - k.patch.at[1] * H) * Math.cos(a)) / (2 * diag);
        const u = Math.max(0, Math.min(1, 0.5 - (d - k.patch.width / 2) / k.patch.soft));
        base *= k.patch.outside + (k.patch.inside - k.patch.outside) * u * u * (3 - 2 * u);
      }
      let shade = 0;
      if (sdf) {
        const d = sdf(x, y);
        // smooth step across the penumbra
        const u = Math.max(0, Math.min(1, 0.5 - d / (2 * pen)));
        shade = k.shadow!.depth * u * u * (3 - 2 * u);
      }
      if (glare && gl) {
        const g = Math.hypot(x - glare[0], y - glare[1]) / glareR;
        gl[o / 3] = k.glare * Math.exp(-g * g) * (1 - shade);
      }
      // light in the shadow is the bluish skylight
      f[o] = base * k.cast[0] * (1 - shade * 1.04);
      f[o + 1] = base * k.cast[1] * (1 - shade);
      f[o + 2] = base * k.cast[2] * (1 - shade * 0.92);
    }
  }
  return { step, w, h, f, g: gl };
}
