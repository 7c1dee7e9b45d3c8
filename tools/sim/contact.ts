/**
 * Contact sheets to look at the conditions: for each condition, a few photos with that condition alone on top of
 * the preset, each shown whole, its land, and a detail of the land at the photo's own resolution (a hole marked the
 * condition's way, something rubbed out, or the land's middle) without and with the truth's fences in thin red
 * (so that what a person reads can be checked against the truth at a glance).
 * One PNG per family; the photos and truths are written beside them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { CONDITIONS, type Condition } from './conditions.js';
import type { Difficulty } from './difficulty.js';
import { writePhoto } from './generate.js';
import type { Pt } from './homography.js';
import { simulatePhoto, type PhotoTruth } from './simulate-photo.js';

export interface ContactOptions {
  out: string;
  conditions: Condition[];
  examples: number;
  seed: string;
  difficulty: Difficulty;
  sizes: [number, number][];
  onPhoto?: (done: number, total: number, name: string) => void;
}

const T = 360;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The truth's fenced interior edges as SVG lines (photo pixels, shifted by `-left, -top`). */
function fenceLines(t: PhotoTruth, left: number, top: number, width: number): string {
  const v = t.sim.grid.vertices;
  const rows = v.length - 1;
  const cols = v[0].length - 1;
  const seg = (a: Pt, b: Pt) => `<line x1="${a[0] - left}" y1="${a[1] - top}" x2="${b[0] - left}" y2="${b[1] - top}" stroke="#ff0000" stroke-opacity="0.8" stroke-width="${width}"/>`;
  let s = '';
  for (let i = 1; i < rows; i++) for (let j = 0; j < cols; j++) if (t.fences.h[i][j] === '1') s += seg(v[i][j], v[i][j + 1]);
  for (let i = 0; i < rows; i++) for (let j = 1; j < cols; j++) if (t.fences.v[i][j] === '1') s += seg(v[i][j], v[i + 1][j]);
  return s;
}

/** The cell to look at closely: a hole marked the condition's way, something rubbed out, or the land's middle. */
function focus(t: PhotoTruth): [number, number] {
  const d = t.sim.drawn;
  const hole = d.holeStyles.find((h) => h.style !== 'x' && h.style !== 'shaded') ?? (t.sim.conditions.includes('shade-to-lines') ? d.holeStyles.find((h) => h.style !== 'x') : undefined);
  if (hole) return hole.cell;
  if (d.erased?.length) return [d.erased[0].row, d.erased[0].col];
  const v = t.sim.grid.vertices;
  return [Math.floor(v.length / 2) - 1, Math.floor(v[0].length / 2) - 1];
}

/**
 * Four tiles for one photo: whole (T high), the land (T x T), a detail of 4 x 4 cells at the photo's own
 * resolution, and the same detail with the truth's fences in thin red.
 */
async function tiles(jpeg: Buffer, t: PhotoTruth): Promise<Buffer[]> {
  const upright = await sharp(jpeg).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width: W, height: H } = upright.info;
  const img = () => sharp(upright.data, { raw: { width: W, height: H, channels: 3 } });
  const whole = await img().resize({ height: T, width: T, fit: 'contain', background: '#222' }).png().toBuffer();
  const pts = t.sim.grid.vertices.flat();
  const box = (ps: Pt[], pad: number) => {
    const x0 = Math.max(0, Math.floor(Math.min(...ps.map((p) => p[0])) - pad));
    const y0 = Math.max(0, Math.floor(Math.min(...ps.map((p) => p[1])) - pad));
    const x1 = Math.min(W, Math.ceil(Math.max(...ps.map((p) => p[0])) + pad));
    const y1 = Math.min(H, Math.ceil(Math.max(...ps.map((p) => p[1])) + pad));
    return { left: x0, top: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
  };
  const lb = box(pts, 10);
  const land = await img().extract(lb).resize({ width: T, height: T, fit: 'contain', background: '#222' }).png().toBuffer();
  // a 4 x 4 cell window around the cell of interest
  const v = t.sim.grid.vertices;
  const [fr, fc] = focus(t);
  const r0 = Math.max(0, Math.min(v.length - 5, fr - 1));
  const c0 = Math.max(0, Math.min(v[0].length - 5, fc - 1));
  const win: Pt[] = [];
  for (let i = r0; i <= Math.min(v.length - 1, r0 + 4); i++) for (let j = c0; j <= Math.min(v[0].length - 1, c0 + 4); j++) win.push(v[i][j]);
  const db = box(win, 6);
  const scale = T / Math.max(db.width, db.height);
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${db.width}" height="${db.height}">${fenceLines(t, db.left, db.top, Math.max(1, 1.2 / scale))}</svg>`);
  const crop = await img().extract(db).png().toBuffer();
  const fit = { width: T, height: T, fit: 'contain' as const, background: '#222' };
  const detail = await sharp(crop).resize(fit).png().toBuffer();
  const truth = await sharp(await sharp(crop).composite([{ input: svg }]).png().toBuffer()).resize(fit).png().toBuffer();
  return [whole, land, detail, truth];
}

/** Writes one contact sheet per family of the chosen conditions into `out`; returns the PNGs' paths. */
export async function contactSheets(o: ContactOptions): Promise<string[]> {
  mkdirSync(o.out, { recursive: true });
  const families = [...new Set(o.conditions.map((c) => c.family))];
  const total = o.conditions.length * o.examples;
  let done = 0;
  const written: string[] = [];
  for (const fam of families) {
    const list = o.conditions.filter((c) => c.family === fam);
    const labelH = 44;
    const rowH = T + labelH;
    const width = o.examples * 4 * (T + 6) + 6;
    const parts: OverlayOptions[] = [];
    for (const [ri, c] of list.entries()) {
      const y = ri * rowH;
      const notes: string[] = [];
      for (let e = 0; e < o.examples; e++) {
        const name = `${c.name}-${e + 1}`;
        const sim = await simulatePhoto(`${o.seed}:${c.name}:${e}`, o.difficulty, { sizes: o.sizes, conditions: { draw: 'none', force: [c.name] } });
        writePhoto(join(o.out, 'photos'), name, sim.jpeg, sim.truth);
        const ts = await tiles(sim.jpeg, sim.truth);
        ts.forEach((buf, k) => parts.push({ input: buf, left: 6 + (e * 4 + k) * (T + 6), top: y + labelH }));
        notes.push(`${name}: ${sim.truth.sim.photo.width}x${sim.truth.sim.photo.height}`);
        o.onPhoto?.(++done, total, name);
      }
      const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${labelH}"><rect width="100%" height="100%" fill="#111"/>` +
        `<text x="8" y="18" font-family="DejaVu Sans, sans-serif" font-size="15" fill="#fff" font-weight="bold">${esc(c.name)} (${esc(c.family)})</text>` +
        `<text x="8" y="37" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#ccc">${esc(c.description.slice(0, 150))} | ${esc(notes.join('  '))}</text></svg>`;
      parts.push({ input: Buffer.from(label), left: 0, top: y });
    }
    const path = join(o.out, `${fam}.png`);
    const png = await sharp({ create: { width, height: list.length * rowH, channels: 3, background: '#222' } }).composite(parts).png().toBuffer();
    writeFileSync(path, png);
    written.push(path);
  }
  return written;
}

export { CONDITIONS };
