/**
 * The stroke features with their band measured in WebAssembly (src/scan/wasm/stroke.wat) against the TypeScript
 * they replaced (stroke-reference.ts): the same numbers for every edge of real photos' ink maps, at the scanner's
 * cell size and at others (odd and even bands, short edges).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { inkMap } from '../../src/scan/inkmap.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { strokeFeature } from '../../src/scan/stroke.js';
import { strokeFeatureReference } from './stroke-reference.js';

const game = loadGame();

describe('the stroke band in WebAssembly', () => {
  it('gives every edge the features the TypeScript gave', async () => {
    for (const name of ['05-easy-a-a4-exif6', '12-medium-b-letter-curl', '24-hard-a-letter-cast-exif3', '17-medium-a-letter-12mp']) {
      const r = await scanPhoto(readFileSync(`fixtures/photos/${name}.jpg`), game, { keepDoubtful: true });
      for (const cell of [48, 31, 20]) {
        const m = inkMap(r.photo, r.grid, cell, Math.max(12, cell >> 1));
        let edges = 0;
        for (let i = 1; i < r.grid.rows; i++)
          for (let j = 0; j < r.grid.cols; j++) {
            expect(strokeFeature(m, 'h', i, j), `${name} cell ${cell} h${i},${j}`).toEqual(strokeFeatureReference(m, 'h', i, j));
            edges++;
          }
        for (let i = 0; i < r.grid.rows; i++)
          for (let j = 1; j < r.grid.cols; j++) expect(strokeFeature(m, 'v', i, j), `${name} cell ${cell} v${i},${j}`).toEqual(strokeFeatureReference(m, 'v', i, j));
        expect(edges).toBeGreaterThan(50);
      }
    }
  }, 120_000);
});
