/**
 * Fixture photos made lighter where a player pressed lightly: a hole's X or a fence's stroke faded toward the
 * paper, so that the scanner reads it as blank while a person still sees it. And the rolls a fixture was played
 * from (the simulator drew them from the photo's seed).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { loadGame } from '../../src/data/load.js';
import type { Roll } from '../../src/engine/rolls.js';
import { simulateGame } from '../../src/engine/simulate.js';

const photos = fileURLToPath(new URL('../../fixtures/photos/', import.meta.url));

export interface FixtureTruth {
  side: 'A' | 'B';
  cards: string[];
  fences: { h: string[]; v: string[] };
  holes: [number, number][];
  sim: { seed: string; homography: number[]; geometry: { grid: { x: number; y: number; cell: number } } };
}

export const truthOf = (name: string): FixtureTruth => JSON.parse(readFileSync(`${photos}${name}.truth.json`, 'utf8'));

/** The dice the fixture's sheet was played from (the simulator's, from the photo's seed). */
export function trueRolls(name: string): Roll[] {
  const t = truthOf(name);
  const g = simulateGame(loadGame(), t.side, t.cards, `photo:${t.sim.seed}`);
  if (JSON.stringify(g.state.fences) !== JSON.stringify(t.fences)) throw new Error(`${name}: the simulator no longer plays this fixture's sheet`);
  return g.rolls;
}

type Item = { kind: 'h' | 'v' | 'hole'; row: number; col: number };

/**
 * How much of an X's darkness a light hand leaves for the tests: faint enough that the scanner reads the cell blank
 * and gives it little chance of being a hole (the tests check both before relying on them). A fifth of the darkness
 * is not: the hole model, which sees a cell against the sheet's other cells, asks about it.
 */
export const LIGHT_X = 0.15;
/**
 * The same for a fence stroke: read as open, yet the likeliest fences of the blank edges. A fifth of the darkness
 * is as faint as a fence rubbed out lightly, which the models have learnt to read as open with any blank edge.
 */
export const LIGHT_STROKE = 0.3;

/**
 * The fixture photo with each item's pencil kept at `keep` of its darkness (LIGHT_X: a light X a person still sees):
 * a hole's cell inside 10% of its sides, or an edge's middle 76% and a band of a fifth of a cell around it.
 */
export async function fadedPhoto(name: string, items: Item[], keep: number): Promise<Buffer> {
  const t = truthOf(name);
  const H = t.sim.homography;
  const toPhoto = (x: number, y: number) => {
    const w = H[6] * x + H[7] * y + H[8];
    return [(H[0] * x + H[1] * y + H[2]) / w, (H[3] * x + H[4] * y + H[5]) / w];
  };
  const { x: gx, y: gy, cell } = t.sim.geometry.grid;
  const { data, info } = await sharp(readFileSync(`${photos}${name}.jpg`)).rotate().raw().toBuffer({ resolveWithObject: true });
  for (const it of items) {
    const idx = new Set<number>();
    const step = 0.003;
    const put = (x: number, y: number) => {
      const [px, py] = toPhoto(gx + x * cell, gy + y * cell);
      idx.add(Math.round(py) * info.width + Math.round(px));
    };
    if (it.kind === 'hole') for (let a = 0.1; a <= 0.9; a += step) for (let b = 0.1; b <= 0.9; b += step) put(it.col + b, it.row + a);
    else
      for (let a = 0.12; a <= 0.88; a += step)
        for (let w = -0.18; w <= 0.18; w += step) (it.kind === 'h' ? put(it.col + a, it.row + w) : put(it.col + w, it.row + a));
    const list = [...idx];
    for (let ch = 0; ch < 3; ch++) {
      // The paper: the light end of the area's pixels.
      const sorted = list.map((i) => data[i * info.channels + ch]).sort((p, q) => p - q);
      const paper = sorted[Math.floor(sorted.length * 0.9)];
      for (const i of list) {
        const o = i * info.channels + ch;
        data[o] = Math.round(paper - (paper - data[o]) * keep);
      }
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 90 }).toBuffer();
}
