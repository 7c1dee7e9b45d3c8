/**
 * What the player writes with, beyond the presets' three instruments: ballpoints (blue, black, red) that skip and
 * blob, gel pens, felt-tips that pool at the ends of strokes, pencils from 2H to 4B, coloured pencils.
 */
import type { PtStroke } from './hand.js';
import type { InkStyle } from './ink.js';
import type { Rand } from './rand.js';

export interface InkKnobs {
  kind: 'ballpoint' | 'gel' | 'felt-tip' | 'pencil' | 'coloured-pencil';
  /** the pencil's grade (2H .. 4B), or the ink's colour name */
  name: string;
  color: [number, number, number];
  widthMm: number;
  alpha: number;
  /** 0 solid ink .. 1 very grainy */
  grain: number;
  /** edge softness, mm */
  softMm: number;
  /** ink skipping: the chance per cm of stroke that the ink fades for 0.5-2 mm */
  skips: number;
  /** blobs of ink: the chance per cm of stroke of a dark dot, and at a stroke's start */
  blobs: number;
  /** how much a felt-tip pools where a stroke starts and ends (0..1) */
  pool: number;
}

const MM = 72 / 25.4;

/** The ink layer's style, the line width (pt) and the opacity of the instrument. */
export function inkStyle(k: InkKnobs, scale: number): { style: InkStyle; width: number; alpha: number } {
  return { style: { color: k.color, grain: k.grain, soft: Math.max(0.8, k.softMm * MM * scale) }, width: k.widthMm * MM, alpha: k.alpha };
}

/** Skips, blobs and pooling along strokes (page points), as the instrument leaves them. */
export function inkEffects(rand: Rand, strokes: PtStroke[], k: InkKnobs): PtStroke[] {
  if (!k.skips && !k.blobs && !k.pool) return strokes;
  const out: PtStroke[] = [];
  const dot = (p: [number, number], w: number, a: number): PtStroke => ({ pts: [p, [p[0] + 0.15, p[1] + 0.1]], w: [w, w], a: [a, a] });
  for (const s of strokes) {
    const n = s.pts.length;
    if (n < 2) continue;
    const a = s.a.slice();
    const w = s.w.slice();
    let len = 0;
    for (let i = 1; i < n; i++) len += Math.hypot(s.pts[i][0] - s.pts[i - 1][0], s.pts[i][1] - s.pts[i - 1][1]);
    const cm = len / (MM * 10);
    const step = len / Math.max(1, n - 1);
    // skips: the ink thins to a third or less for a millimetre or two
    for (let m = 0; m < 4; m++) {
      if (!rand.chance(Math.min(0.9, k.skips * cm))) continue;
      const at = rand.int(0, n - 1);
      const span = Math.max(1, Math.round((rand.range(0.5, 2) * MM) / step));
      const keep = rand.range(0.1, 0.35);
      for (let i = at; i < Math.min(n, at + span); i++) a[i] *= keep;
    }
    // pooling at both ends (felt-tip): wider and darker where the tip rested
    if (k.pool > 0) {
      const reach = Math.max(1, Math.round((0.8 * MM) / step));
      for (let i = 0; i < Math.min(n, reach); i++) {
        const f = 1 - i / reach;
        w[i] *= 1 + 0.5 * k.pool * f;
        w[n - 1 - i] *= 1 + 0.4 * k.pool * f;
        a[i] = Math.min(1, a[i] * (1 + 0.3 * k.pool * f));
        a[n - 1 - i] = Math.min(1, a[n - 1 - i] * (1 + 0.25 * k.pool * f));
      }
    }
    out.push({ pts: s.pts, w, a });
    // blobs: at the start now and then, and anywhere along
    if (rand.chance(k.blobs)) out.push(dot(s.pts[0], s.w[0] * rand.range(1.4, 2.2), Math.min(1, s.a[0] * 1.4 + 0.1)));
    if (rand.chance(Math.min(0.9, k.blobs * cm * 0.5))) {
      const i = rand.int(0, n - 1);
      out.push(dot(s.pts[i], s.w[i] * rand.range(1.3, 2), Math.min(1, s.a[i] * 1.3 + 0.1)));
    }
  }
  return out;
}

type RGB = [number, number, number];
const jitter = (rand: Rand, c: RGB, k: number): RGB => c.map((v) => Math.max(0, Math.min(255, Math.round(v + rand.normal() * k)))) as RGB;

/** Ink knobs for each kind of pen or pencil (the pens conditions draw them). */
export const INKS = {
  ballpointBlue: (rand: Rand): InkKnobs => ({
    kind: 'ballpoint', name: 'blue', color: [Math.round(rand.range(15, 50)), Math.round(rand.range(35, 85)), Math.round(rand.range(120, 195))],
    widthMm: rand.range(0.28, 0.55), alpha: rand.range(0.6, 0.95), grain: rand.range(0.1, 0.3), softMm: 0.04, skips: rand.range(0.05, 0.4), blobs: rand.range(0.05, 0.3), pool: 0,
  }),
  ballpointBlack: (rand: Rand): InkKnobs => ({
    kind: 'ballpoint', name: 'black', color: jitter(rand, [30, 30, 40], 8),
    widthMm: rand.range(0.28, 0.55), alpha: rand.range(0.65, 0.95), grain: rand.range(0.1, 0.3), softMm: 0.04, skips: rand.range(0.05, 0.4), blobs: rand.range(0.05, 0.3), pool: 0,
  }),
  ballpointRed: (rand: Rand): InkKnobs => ({
    kind: 'ballpoint', name: 'red', color: [Math.round(rand.range(160, 220)), Math.round(rand.range(15, 55)), Math.round(rand.range(25, 75))],
    widthMm: rand.range(0.28, 0.55), alpha: rand.range(0.65, 0.95), grain: rand.range(0.1, 0.3), softMm: 0.04, skips: rand.range(0.05, 0.4), blobs: rand.range(0.05, 0.3), pool: 0,
  }),
  gel: (rand: Rand): InkKnobs => {
    const [name, c] = rand.pick([['black', [20, 20, 25]], ['blue', [25, 45, 170]], ['green', [20, 120, 60]], ['purple', [100, 40, 140]], ['pink', [215, 60, 130]], ['teal', [20, 120, 130]]] as [string, RGB][]);
    return { kind: 'gel', name, color: jitter(rand, c, 10), widthMm: rand.range(0.4, 0.8), alpha: rand.range(0.85, 1), grain: rand.range(0.02, 0.08), softMm: 0.05, skips: rand.range(0, 0.08), blobs: rand.range(0, 0.15), pool: 0 };
  },
  feltTip: (rand: Rand): InkKnobs => {
    const [name, c] = rand.pick([['black', [25, 25, 30]], ['blue', [30, 60, 170]], ['red', [200, 35, 45]], ['green', [30, 130, 60]], ['purple', [110, 45, 150]], ['brown', [110, 70, 40]], ['orange', [230, 110, 30]]] as [string, RGB][]);
    return { kind: 'felt-tip', name, color: jitter(rand, c, 12), widthMm: rand.range(0.8, 1.8), alpha: rand.range(0.8, 1), grain: rand.range(0.03, 0.12), softMm: rand.range(0.1, 0.2), skips: 0, blobs: 0, pool: rand.range(0.4, 1) };
  },
  pencilHard: (rand: Rand): InkKnobs => ({
    kind: 'pencil', name: rand.pick(['2H', 'H']), color: jitter(rand, [105, 108, 118], 8),
    widthMm: rand.range(0.3, 0.5), alpha: rand.range(0.28, 0.45), grain: rand.range(0.55, 0.75), softMm: 0.08, skips: 0, blobs: 0, pool: 0,
  }),
  pencilSoft: (rand: Rand): InkKnobs => ({
    kind: 'pencil', name: rand.pick(['2B', '3B', '4B']), color: jitter(rand, [38, 38, 44], 5),
    widthMm: rand.range(0.7, 1.3), alpha: rand.range(0.6, 0.9), grain: rand.range(0.3, 0.5), softMm: rand.range(0.12, 0.2), skips: 0, blobs: 0, pool: 0,
  }),
  colouredPencil: (rand: Rand): InkKnobs => {
    const [name, c] = rand.pick([['red', [200, 50, 50]], ['blue', [40, 80, 180]], ['green', [40, 140, 70]], ['orange', [230, 120, 40]], ['purple', [120, 60, 160]], ['brown', [120, 75, 45]]] as [string, RGB][]);
    return { kind: 'coloured-pencil', name, color: jitter(rand, c, 12), widthMm: rand.range(0.6, 1.1), alpha: rand.range(0.45, 0.75), grain: rand.range(0.5, 0.7), softMm: 0.12, skips: 0, blobs: 0, pool: 0 };
  },
};
