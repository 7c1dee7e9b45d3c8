/**
 * How players mark a hole, beyond the presets' X and zigzag shading: cross-hatching, a scribble, a solid fill,
 * parallel strokes in one direction, light shading, an X off the cell's centre, an X that does not reach the
 * corners, close diagonal shading with gaps. Every mark stays inside its cell (a little over its lines at most)
 * and covers enough of it that a person reads a hole. `reach` moves where the shading stops (the shade-to-lines condition).
 */
import { hatch, tracePath, xMark, type Hand, type PtStroke } from './hand.js';
import type { Rand } from './rand.js';

type P = [number, number];

export const HOLE_STYLES = ['x', 'shaded', 'cross-hatch', 'scribble', 'solid', 'one-direction', 'light', 'x-off-centre', 'x-short', 'dense-diagonal'] as const;
export type HoleStyle = (typeof HOLE_STYLES)[number];

const MM = 72 / 25.4;

/** The chord of the line through the square's centre shifted by `off` along the normal, at angle `ang`, inside the square of half-size `half`. */
function chord(cx: number, cy: number, half: number, ang: number, off: number): [P, P] | null {
  const ux = Math.cos(ang);
  const uy = Math.sin(ang);
  const px = cx - uy * off;
  const py = cy + ux * off;
  let t0 = -Infinity;
  let t1 = Infinity;
  for (const [d, p0] of [[ux, px - cx], [uy, py - cy]] as const) {
    if (Math.abs(d) < 1e-9) {
      if (Math.abs(p0) > half) return null;
      continue;
    }
    const a = (-half - p0) / d;
    const b = (half - p0) / d;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
  }
  if (t1 - t0 < 0.5 * MM) return null;
  return [[px + ux * t0, py + uy * t0], [px + ux * t1, py + uy * t1]];
}

/** Parallel strokes across the cell at `ang`, every `spacing` pt, each its own stroke (or one zigzag). */
function parallel(rand: Rand, cx: number, cy: number, half: number, ang: number, spacing: number, hand: Hand, zigzag: boolean, opts: { alpha?: number; width?: number } = {}): PtStroke[] {
  const lines: [P, P][] = [];
  const reach = half * 1.42;
  for (let off = -reach + rand.range(0, spacing); off < reach; off += spacing * rand.range(0.85, 1.15)) {
    const c = chord(cx, cy, half, ang + rand.normal() * 0.03, off);
    if (c) lines.push(c);
  }
  if (!lines.length) return [];
  const calm: Hand = { ...hand, wobble: hand.wobble * 0.4 };
  if (zigzag) {
    const path: P[] = [];
    lines.forEach(([a, b], i) => path.push(...(i % 2 ? [b, a] : [a, b])));
    return [tracePath(rand, path, calm, { drift: 0.15, ...opts })];
  }
  return lines.map(([a, b]) => tracePath(rand, [a, b], calm, { drift: 0.1, ...opts }));
}

/** A continuous scribble of small loops sweeping the cell back and forth. */
function scribble(rand: Rand, cx: number, cy: number, half: number, hand: Hand): PtStroke[] {
  const r = half * rand.range(0.18, 0.35);
  const rows = Math.max(2, Math.round((2 * half) / (r * rand.range(1.2, 1.8))));
  const turns = rand.range(2.5, 5);
  const path: P[] = [];
  const n = rows * 40;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    const row = t * rows;
    const k = Math.floor(row);
    const f = row - k;
    const sx = k % 2 ? 1 - f : f;
    const bx = cx - half + r + sx * (2 * half - 2 * r);
    const by = cy - half + r + ((k + f * 0.9) / rows) * (2 * half - 2 * r);
    const th = t * turns * rows * 2 * Math.PI;
    path.push([Math.max(cx - half, Math.min(cx + half, bx + r * Math.cos(th))), Math.max(cy - half, Math.min(cy + half, by + r * 0.8 * Math.sin(th)))]);
  }
  return [tracePath(rand, path, { ...hand, wobble: 0 }, { drift: 0.1 })];
}

/**
 * The strokes of a hole of `style` in the cell whose top-left corner is (x, y) (page points); `reach`: where
 * shading stops, as a fraction of the cell inside its lines (negative: over them).
 */
export function holeMark(rand: Rand, style: HoleStyle, x: number, y: number, cell: number, hand: Hand, reach: [number, number] = [0.05, 0.13]): PtStroke[] {
  const cx = x + cell / 2;
  const cy = y + cell / 2;
  const inset = () => cell * rand.range(...reach);
  // the zigzag shading's own default stops at 0.12, not 0.13: kept, so that photos without the condition stay the same
  const hatchReach: [number, number] = [reach[0], Math.min(reach[1], 0.12)];
  switch (style) {
    case 'x':
      return xMark(rand, x, y, cell, hand);
    case 'shaded':
      return hatch(rand, x, y, cell, hand, hatchReach);
    case 'light':
      return hatch(rand, x, y, cell, { ...hand, alpha: hand.alpha * rand.range(0.45, 0.65) }, hatchReach);
    case 'cross-hatch': {
      const half = cell / 2 - inset();
      const a = rand.range(0, Math.PI);
      const sp = rand.range(0.8, 1.7) * MM;
      const zig = rand.chance(0.5);
      return [...parallel(rand, cx, cy, half, a, sp, hand, zig), ...parallel(rand, cx, cy, half, a + Math.PI / 2 + rand.normal() * 0.25, sp * rand.range(0.8, 1.2), hand, zig)];
    }
    case 'solid': {
      const half = cell / 2 - inset() * 0.7;
      const a = rand.range(0, Math.PI);
      const sp = rand.range(0.45, 0.8) * MM;
      const heavy = { width: rand.range(1.8, 3) };
      return [...parallel(rand, cx, cy, half, a, sp, hand, true, heavy), ...parallel(rand, cx, cy, half, a + Math.PI / 2, sp, hand, true, heavy)];
    }
    case 'one-direction': {
      const half = cell / 2 - inset();
      const a = rand.pick([0, Math.PI / 4, Math.PI / 2, (3 * Math.PI) / 4]) + rand.normal() * 0.12;
      return parallel(rand, cx, cy, half, a, rand.range(1, 2.2) * MM, hand, false);
    }
    case 'dense-diagonal': {
      // close diagonal strokes with a few left out: grey shading with light gaps, as a pencil worked at speed leaves it
      const half = cell / 2 - inset();
      const a = rand.pick([Math.PI / 4, (3 * Math.PI) / 4]) + rand.normal() * 0.08;
      const strokes = parallel(rand, cx, cy, half, a, rand.range(0.35, 0.7) * MM, hand, false);
      const gaps = new Set(Array.from({ length: rand.int(1, 3) }, () => rand.int(0, strokes.length - 1)));
      return strokes.filter((_, i) => !gaps.has(i) && !gaps.has(i - 1));
    }
    case 'scribble':
      return scribble(rand, cx, cy, cell / 2 - inset(), hand);
    case 'x-off-centre': {
      // the X's centre off the cell's by 0.08-0.2 cell, its arms 55-85% of the half-diagonal, inside the cell's lines
      const ang = rand.range(0, 2 * Math.PI);
      const off = cell * rand.range(0.08, 0.2);
      const ox = cx + Math.cos(ang) * off;
      const oy = cy + Math.sin(ang) * off;
      const arm = (cell / 2) * rand.range(0.55, 0.85);
      const clamp = (p: P): P => [Math.max(x + cell * 0.02, Math.min(x + cell * 0.98, p[0])), Math.max(y + cell * 0.02, Math.min(y + cell * 0.98, p[1]))];
      const calm: Hand = { ...hand, overshoot: 0, gapProb: 0 };
      const line = (dx: number, dy: number) => tracePath(rand, [clamp([ox - dx * arm, oy - dy * arm]), clamp([ox + dx * arm, oy + dy * arm])], calm, { drift: 0.2 });
      return [line(1, 1), line(1, -1)];
    }
    case 'x-short': {
      // arms reaching 30-65% of the way to the corners
      const calm: Hand = { ...hand, overshoot: 0, gapProb: 0 };
      const arm = () => (cell / 2) * rand.range(0.3, 0.65);
      const l1 = arm();
      const l2 = arm();
      return [
        tracePath(rand, [[cx - l1, cy - l1], [cx + l1 * rand.range(0.8, 1.1), cy + l1 * rand.range(0.8, 1.1)]], calm, { drift: 0.15 }),
        tracePath(rand, [[cx + l2, cy - l2], [cx - l2 * rand.range(0.8, 1.1), cy + l2 * rand.range(0.8, 1.1)]], calm, { drift: 0.15 }),
      ];
    }
  }
}
