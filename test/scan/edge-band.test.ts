/**
 * An edge's dot and path searches in WebAssembly (src/scan/wasm/edge.wat) against the TypeScript they replaced
 * (edge-band-reference.ts): the same numbers for every interior edge of real photos' ink maps, at the scanner's
 * cell size and at others, with the dots' line moved either way.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { dotLineOffset, dotPhase, pathInk } from '../../src/scan/edge-band.js';
import { inkMap } from '../../src/scan/inkmap.js';
import { EdgeProbe } from '../../src/scan/probe.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { dotLineOffsetReference, dotPhaseReference, pathProfileReference } from './edge-band-reference.js';

const game = loadGame();

describe('the edge searches in WebAssembly', () => {
  it('give every edge the phase, dot offset and path the TypeScript gave', async () => {
    let moved = 0;
    for (const name of ['05-easy-a-a4-exif6', '12-medium-b-letter-curl', '26-hard-a-a4-curl-shadow', '17-medium-a-letter-12mp']) {
      const r = await scanPhoto(readFileSync(`fixtures/photos/${name}.jpg`), game, { keepDoubtful: true });
      for (const cell of [48, 31, 20]) {
        const m = inkMap(r.photo, r.grid, cell, Math.max(12, cell >> 1));
        const band = Math.max(2, Math.round(cell * 0.14));
        const edges: EdgeProbe[] = [];
        for (let i = 1; i < r.grid.rows; i++) for (let j = 0; j < r.grid.cols; j++) edges.push(new EdgeProbe(m, 'h', i, j).span(0.2, (i + j) % 3 ? 0.8 : 0.73));
        for (let i = 0; i < r.grid.rows; i++) for (let j = 1; j < r.grid.cols; j++) edges.push(new EdgeProbe(m, 'v', i, j).span((i + j) % 3 ? 0.2 : 0.27, 0.8));
        for (const p of edges) {
          const where = `${name} cell ${cell} ${p.kind}${p.row},${p.col}`;
          const search = Math.max(2, Math.round(cell * 0.06));
          p.phase = dotPhase(p, band, search);
          expect(p.phase, where).toBe(dotPhaseReference(p, band));
          const offset = dotLineOffset(p, Math.max(1, Math.round(cell * 0.1)), 12);
          expect(offset, where).toBe(dotLineOffsetReference(p));
          if (offset) moved++;
          for (const shift of [0, offset, -2, 3]) {
            p.shift = shift;
            expect(Array.from(pathInk(p, band, 2)), `${where} shift ${shift}`).toEqual(Array.from(pathProfileReference(p, band)));
          }
        }
      }
    }
    // (the curled sheets' dots lie off their lines: the offset's search is exercised, not only its early returns)
    expect(moved).toBeGreaterThan(20);
  }, 120_000);
});
