/**
 * The stroke band measured in WebAssembly (src/scan/wasm/stroke.wat) against the TypeScript it replaced
 * (stroke-reference.ts), from the same requests: every edge of real photos' ink maps, at the scanner's cell size
 * and at others (odd and even bands, short edges).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { inkMap } from '../../src/scan/inkmap.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { bandRequest } from '../../src/scan/stroke.js';
import { measureBand } from '../../src/scan/stroke-band.js';
import { bandReference } from './stroke-reference.js';

const game = loadGame();

describe('the stroke band in WebAssembly', () => {
  it('gives every edge the band the TypeScript gave', async () => {
    let apart = 0;
    for (const name of ['05-easy-a-a4-exif6', '12-medium-b-letter-curl', '24-hard-a-letter-cast-exif3', '17-medium-a-letter-12mp']) {
      const r = await scanPhoto(readFileSync(`fixtures/photos/${name}.jpg`), game, { keepDoubtful: true });
      for (const cell of [48, 31, 20]) {
        const m = inkMap(r.photo, r.grid, cell, Math.max(12, cell >> 1));
        const edges: ['h' | 'v', number, number][] = [];
        for (let i = 1; i < r.grid.rows; i++) for (let j = 0; j < r.grid.cols; j++) edges.push(['h', i, j]);
        for (let i = 0; i < r.grid.rows; i++) for (let j = 1; j < r.grid.cols; j++) edges.push(['v', i, j]);
        for (const [kind, i, j] of edges) {
          const { request } = bandRequest(m, kind, i, j);
          const want = bandReference(m.ink, request);
          expect(measureBand(m.ink, request), `${name} cell ${cell} ${kind}${i},${j}`).toEqual(want);
          if (want.second.o0 !== want.first.o0) apart++;
        }
      }
    }
    // (the second line's search is exercised, not only its fallback)
    expect(apart).toBeGreaterThan(100);
  }, 120_000);
});
