/** Diagnostic: the straightened land's ink map of a photo, with the truth's fences drawn in colour beside the lines. */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { loadGame } from '../../src/data/load.js';
import { scanPhoto } from '../../src/scan/scan.js';

const [photo, out] = process.argv.slice(2);
const truth = JSON.parse(readFileSync(photo.replace(/\.jpg$/, '.truth.json'), 'utf8'));
const game = loadGame();
const r = await scanPhoto(photo, game, { keepDoubtful: true, models: process.env.MODELS ? (await import('../../src/scan/models.js')).modelsFromFile(process.env.MODELS) : undefined });
const m = r.ink;
const rgb = Buffer.alloc(m.width * m.height * 3);
for (let i = 0; i < m.width * m.height; i++) {
  const v = 255 - m.ink[i];
  rgb[3 * i] = v; rgb[3 * i + 1] = v; rgb[3 * i + 2] = v;
}
const put = (x: number, y: number, c: number[]) => {
  if (x < 0 || y < 0 || x >= m.width || y >= m.height) return;
  const i = (y * m.width + x) * 3;
  rgb[i] = c[0]; rgb[i + 1] = c[1]; rgb[i + 2] = c[2];
};
const { cell, margin } = m;
for (let i = 1; i < 12; i++) for (let j = 0; j < 12; j++) {
  const t = truth.fences.h[i][j] === '1';
  const rd = r.state.fences.h[i][j] === '1';
  const c = t === rd ? (t ? [0, 160, 0] : [190, 190, 255]) : [255, 0, 0];
  for (let s = 4; s < cell - 4; s += (t || rd) ? 1 : 3) put(margin + j * cell + s, margin + i * cell, c);
}
for (let i = 0; i < 12; i++) for (let j = 1; j < 12; j++) {
  const t = truth.fences.v[i][j] === '1';
  const rd = r.state.fences.v[i][j] === '1';
  const c = t === rd ? (t ? [0, 160, 0] : [190, 190, 255]) : [255, 0, 0];
  for (let s = 4; s < cell - 4; s += (t || rd) ? 1 : 3) put(margin + j * cell, margin + i * cell + s, c);
}
await sharp(rgb, { raw: { width: m.width, height: m.height, channels: 3 } }).png().toFile(out);
