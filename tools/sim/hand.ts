/** Hand-drawn strokes in page points: wobbly lines, Xs, hatching, doodles and handwriting. */
import { GLYPHS } from './glyphs.js';
import type { Rand } from './rand.js';

type P = [number, number];

/** A stroke in page points. */
export interface PtStroke {
  pts: P[];
  /** line width (pt) at each point */
  w: number[];
  /** opacity at each point */
  a: number[];
}

/** How one player draws: the instrument's line and the hand's habits. */
export interface Hand {
  /** line width, pt */
  width: number;
  /** mean opacity of the instrument */
  alpha: number;
  /** relative variation of pressure along a stroke (0..0.5) */
  pressureVar: number;
  /** amplitude of the slow wander of a line, pt */
  wobble: number;
  /** high-frequency tremor, pt */
  jitter: number;
  /** mean overshoot past a vertex, in cells (negative means stopping short) */
  overshoot: number;
  /** probability that a line has a small gap (the pencil skipped) */
  gapProb: number;
  /** 0..1: how carelessly Xs, hatching and doodles are drawn */
  sloppy: number;
}

const MM = 72 / 25.4;

/** Resamples a polyline every `step` pt. */
function resample(pts: P[], step: number): P[] {
  const out: P[] = [pts[0]];
  let carry = 0;
  for (let i = 0; i + 1 < pts.length; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[i + 1];
    const len = Math.hypot(bx - ax, by - ay);
    let t = step - carry;
    while (t < len) {
      out.push([ax + ((bx - ax) * t) / len, ay + ((by - ay) * t) / len]);
      t += step;
    }
    carry = len - (t - step);
  }
  const last = pts[pts.length - 1];
  const prev = out[out.length - 1];
  if (Math.hypot(last[0] - prev[0], last[1] - prev[1]) > step * 0.2) out.push(last);
  return out;
}

/** Chaikin corner cutting: rounds a polyline the way a moving hand does. */
function chaikin(pts: P[], rounds: number): P[] {
  let p = pts;
  for (let r = 0; r < rounds; r++) {
    const q: P[] = [p[0]];
    for (let i = 0; i + 1 < p.length; i++) {
      const [ax, ay] = p[i];
      const [bx, by] = p[i + 1];
      q.push([0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by], [0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by]);
    }
    q.push(p[p.length - 1]);
    p = q;
  }
  return p;
}

/**
 * A slowly varying random signal: a sum of two sines of random phase, their frequencies drawn from `slow` and `fast`
 * (cycles per unit of t), the second's amplitude up to `second` of `amp`.
 */
export function twoSines(rand: Rand, amp: number, slow: [number, number], fast: [number, number], second: number): (t: number) => number {
  const f1 = rand.range(...slow);
  const f2 = rand.range(...fast);
  const p1 = rand.range(0, 2 * Math.PI);
  const p2 = rand.range(0, 2 * Math.PI);
  const a1 = amp * rand.range(0.5, 1);
  const a2 = amp * rand.range(0.1, second);
  return (t) => a1 * Math.sin(2 * Math.PI * f1 * t + p1) + a2 * Math.sin(2 * Math.PI * f2 * t + p2);
}

/** A slowly varying random signal on [0, 1]. */
const wander = (rand: Rand, amp: number) => twoSines(rand, amp, [0.4, 1.3], [1.5, 4], 0.4);

/**
 * Follows a path with the hand's tremor and pressure: resampled every ~0.6 mm, jittered across the
 * direction of travel, opacity ramping up at the start and lifting off at the end.
 */
export function tracePath(rand: Rand, path: P[], hand: Hand, opts: { alpha?: number; width?: number; drift?: number } = {}): PtStroke {
  const pts = resample(path, 0.6 * MM);
  const n = pts.length;
  const alpha = (opts.alpha ?? 1) * hand.alpha;
  const width = (opts.width ?? 1) * hand.width;
  const drift = wander(rand, opts.drift ?? hand.wobble * 0.5);
  const press = wander(rand, hand.pressureVar);
  const wid = wander(rand, 0.12);
  let total = 0;
  const cum = [0];
  for (let i = 1; i < n; i++) cum.push((total += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1])));
  const attack = Math.min(0.25, (1.2 * MM) / Math.max(total, 1e-6));
  const release = Math.min(0.3, (2 * MM) / Math.max(total, 1e-6)) * rand.range(0.5, 1.5);
  const startA = rand.range(0.35, 0.8);
  const endA = rand.range(0.25, 0.8);
  const out: PtStroke = { pts: [], w: [], a: [] };
  let jx = 0;
  for (let i = 0; i < n; i++) {
    const t = total > 0 ? cum[i] / total : 0;
    const i0 = Math.max(0, i - 1);
    const i1 = Math.min(n - 1, i + 1);
    const dx = pts[i1][0] - pts[i0][0];
    const dy = pts[i1][1] - pts[i0][1];
    const dl = Math.hypot(dx, dy) || 1;
    const nx = -dy / dl;
    const ny = dx / dl;
    jx = 0.8 * jx + 0.35 * rand.normal() * hand.jitter;
    const off = drift(t) + jx;
    let ramp = 1;
    if (t < attack) ramp = startA + (1 - startA) * (t / attack);
    if (t > 1 - release) ramp = Math.min(ramp, endA + (1 - endA) * ((1 - t) / release));
    out.pts.push([pts[i][0] + nx * off, pts[i][1] + ny * off]);
    out.a.push(Math.max(0.02, Math.min(1, alpha * ramp * (1 + press(t)))));
    out.w.push(width * (1 + wid(t)) * (0.75 + 0.25 * ramp));
  }
  return out;
}

/**
 * A ruled-by-hand line from a to b (page points): overshoot or undershoot at each end, a slight bow and
 * angle error, tremor, pressure, and sometimes a gap where the pencil skipped.
 */
export function handLine(rand: Rand, a: P, b: P, hand: Hand, cell: number, opts: { alpha?: number } = {}): PtStroke[] {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const ux = (b[0] - a[0]) / len;
  const uy = (b[1] - a[1]) / len;
  const nx = -uy;
  const ny = ux;
  const ext = () => {
    const o = hand.overshoot * cell;
    return rand.chance(0.15) ? -rand.range(0, 0.05) * cell : Math.max(-0.04 * cell, o * rand.range(0.1, 1.9));
  };
  const e0 = ext();
  const e1 = ext();
  const s0 = rand.normal() * hand.wobble * 0.5;
  const s1 = rand.normal() * hand.wobble * 0.5;
  const bow = rand.normal() * hand.wobble * 0.6 * Math.min(1, len / (3 * cell));
  const start: P = [a[0] - ux * e0 + nx * s0, a[1] - uy * e0 + ny * s0];
  const end: P = [b[0] + ux * e1 + nx * s1, b[1] + uy * e1 + ny * s1];
  const L = len + e0 + e1;
  const path: P[] = [];
  const k = Math.max(2, Math.ceil(L / (2 * MM)));
  for (let i = 0; i <= k; i++) {
    const t = i / k;
    const off = bow * Math.sin(Math.PI * t);
    path.push([start[0] + (end[0] - start[0]) * t + nx * off, start[1] + (end[1] - start[1]) * t + ny * off]);
  }
  // a small hook at the end, as in a quick stroke
  if (rand.chance(0.12 * (0.5 + hand.sloppy))) {
    const h = rand.range(0.3, 0.9) * MM * (rand.chance(0.5) ? 1 : -1);
    path.push([end[0] + ux * 0.4 * MM + nx * h, end[1] + uy * 0.4 * MM + ny * h]);
  }
  const stroke = tracePath(rand, path, hand, opts);
  if (!rand.chance(hand.gapProb) || stroke.pts.length < 12) return [stroke];
  // split out a gap of 0.6-2 mm somewhere in the middle
  const gapPts = Math.max(1, Math.round(rand.range(1, 3.3)));
  const at = rand.int(Math.floor(stroke.pts.length * 0.25), Math.floor(stroke.pts.length * 0.75) - gapPts);
  const cut = (i: number, j: number): PtStroke => ({ pts: stroke.pts.slice(i, j), w: stroke.w.slice(i, j), a: stroke.a.slice(i, j) });
  return [cut(0, at + 1), cut(at + 1 + gapPts, stroke.pts.length)];
}

/** A hole crossed corner to corner; sometimes short of the corners, sometimes askew. */
export function xMark(rand: Rand, x: number, y: number, cell: number, hand: Hand): PtStroke[] {
  const s = hand.sloppy;
  const inset = () => cell * (rand.chance(0.3 + 0.4 * s) ? rand.range(0.04, 0.12 + 0.1 * s) : rand.range(-0.03, 0.04));
  const j = () => rand.normal() * cell * 0.03 * (0.5 + s);
  const c = (u: number, v: number, iu: number, iv: number): P => [x + u * cell + iu + j(), y + v * cell + iv + j()];
  const i1 = inset();
  const i2 = inset();
  const i3 = inset();
  const i4 = inset();
  const calm: Hand = { ...hand, overshoot: 0, gapProb: 0 };
  return [
    ...handLine(rand, c(0, 0, i1, i1), c(1, 1, -i2, -i2), calm, cell),
    ...handLine(rand, c(1, 0, -i3, i3), c(0, 1, i4, -i4), calm, cell),
  ];
}

/**
 * A hole shaded with back-and-forth hatching (one zigzag stroke), kept inside the cell; `reach`: where it stops,
 * as a fraction of the cell inside its lines (negative: over them).
 */
export function hatch(rand: Rand, x: number, y: number, cell: number, hand: Hand, reach: [number, number] = [0.05, 0.12]): PtStroke[] {
  const m = cell * rand.range(...reach);
  const ang = (rand.chance(0.5) ? 1 : -1) * rand.range(0.6, 1.0);
  const spacing = rand.range(0.9, 1.6) * MM;
  const cx = x + cell / 2;
  const cy = y + cell / 2;
  const half = cell / 2 - m;
  const ux = Math.cos(ang);
  const uy = Math.sin(ang);
  const path: P[] = [];
  const lines = Math.floor((2 * half * 1.42) / spacing);
  for (let k = 0; k <= lines; k++) {
    const off = -half * 1.42 + k * spacing + rand.normal() * spacing * 0.15;
    // line through (cx, cy) + off * normal, clipped to the square of half-size `half`
    const px = cx - uy * off;
    const py = cy + ux * off;
    const ts: number[] = [];
    for (const [d, p0, lim] of [[ux, px - cx, half], [uy, py - cy, half]] as const) {
      if (Math.abs(d) < 1e-9) continue;
      ts.push((-lim - p0) / d, (lim - p0) / d);
    }
    const tx = [Math.min(ts[0], ts[1]), Math.max(ts[0], ts[1])];
    const ty = [Math.min(ts[2], ts[3]), Math.max(ts[2], ts[3])];
    const t0 = Math.max(tx[0], ty[0]);
    const t1 = Math.min(tx[1], ty[1]);
    if (t1 - t0 < 0.5 * MM) continue;
    const a: P = [px + ux * t0, py + uy * t0];
    const b: P = [px + ux * t1, py + uy * t1];
    if (path.length % 4 === 0) path.push(a, b);
    else path.push(b, a);
  }
  if (path.length < 2) return [];
  return [tracePath(rand, path, { ...hand, wobble: hand.wobble * 0.5 }, { alpha: rand.range(0.7, 1), drift: 0.2 })];
}

export type DoodleKind = 'spiral' | 'star' | 'dino' | 'digit' | 'face' | 'gem';

/** A small figure centred at (cx, cy) with radius r (pt), as players draw inside finished shapes. */
export function doodle(rand: Rand, kind: DoodleKind, cx: number, cy: number, r: number, hand: Hand, digit = '1'): PtStroke[] {
  const rot = rand.normal() * 0.25;
  const cs = Math.cos(rot);
  const sn = Math.sin(rot);
  const place = (pts: P[]): P[] => pts.map(([u, v]) => [cx + r * (u * cs - v * sn), cy + r * (u * sn + v * cs)]);
  const soft = { ...hand, wobble: hand.wobble * 0.3 };
  const trace = (pts: P[], rounds = 1) => tracePath(rand, chaikin(place(pts), rounds), soft, { drift: r * 0.03 });
  switch (kind) {
    case 'spiral': {
      const turns = rand.range(2, 3.2);
      const pts: P[] = [];
      for (let i = 0; i <= 80; i++) {
        const t = i / 80;
        const th = t * turns * 2 * Math.PI;
        pts.push([t * Math.cos(th), t * Math.sin(th)]);
      }
      return [trace(pts, 0)];
    }
    case 'star': {
      const pts: P[] = [];
      for (let i = 0; i <= 5; i++) {
        const th = -Math.PI / 2 + (i * 4 * Math.PI) / 5;
        pts.push([Math.cos(th), Math.sin(th)]);
      }
      return [trace(pts, 0)];
    }
    case 'dino': {
      const body: P[] = [
        [-1, 0.25], [-0.6, -0.05], [-0.25, -0.3], [0.2, -0.3], [0.45, -0.55], [0.6, -0.85], [0.82, -0.9], [0.9, -0.78],
        [0.7, -0.7], [0.58, -0.4], [0.5, 0], [0.48, 0.5], [0.36, 0.5], [0.32, 0.15], [-0.1, 0.15], [-0.15, 0.5], [-0.27, 0.5],
        [-0.3, 0.15], [-0.6, 0.18], [-1, 0.25],
      ];
      return [trace(body, 1)];
    }
    case 'face': {
      const ring: P[] = [];
      for (let i = 0; i <= 24; i++) ring.push([Math.cos((i / 24) * 2 * Math.PI), Math.sin((i / 24) * 2 * Math.PI)]);
      const smile: P[] = [];
      for (let i = 0; i <= 8; i++) smile.push([0.5 * Math.cos(0.5 + (i / 8) * 2.1), 0.1 + 0.45 * Math.sin(0.5 + (i / 8) * 2.1)]);
      return [trace(ring, 0), trace(smile, 0), trace([[-0.35, -0.35], [-0.3, -0.25]], 0), trace([[0.3, -0.35], [0.35, -0.25]], 0)];
    }
    case 'gem': {
      return [trace([[-0.8, -0.3], [-0.4, -0.8], [0.4, -0.8], [0.8, -0.3], [0, 0.9], [-0.8, -0.3], [0.8, -0.3]], 0)];
    }
    case 'digit':
    default:
      return handwrite(rand, digit, cx - r * 0.55, cy + r, r * 2, hand);
  }
}

/** Writes text in capitals from (x, baseline) with letters `height` pt tall, with per-letter jitter and slant. */
export function handwrite(rand: Rand, text: string, x: number, baseline: number, height: number, hand: Hand): PtStroke[] {
  const out: PtStroke[] = [];
  const slant = rand.range(-0.15, 0.3);
  const s = height / 6;
  const soft: Hand = { ...hand, wobble: hand.wobble * 0.15, jitter: hand.jitter * 0.5 };
  let pen = x;
  const drift = wander(rand, height * 0.06);
  for (let i = 0; i < text.length; i++) {
    const g = GLYPHS[text[i].toUpperCase()];
    const k = s * rand.range(0.9, 1.1);
    const dy = drift(i / Math.max(1, text.length)) + rand.normal() * height * 0.03;
    if (g) {
      for (const poly of g) {
        const pts: P[] = poly.map(([u, v]) => [pen + u * k + (6 - v) * k * slant + rand.normal() * k * 0.08, baseline - (6 - v) * k + dy + rand.normal() * k * 0.08]);
        out.push(tracePath(rand, chaikin(pts, 1), soft, { drift: k * 0.05 }));
      }
    }
    pen += k * rand.range(5, 6);
  }
  return out;
}
