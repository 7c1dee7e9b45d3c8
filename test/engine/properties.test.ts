import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardFromState, emptyBoard, fencesOf } from '../../src/engine/board.js';
import { readNotation, writeNotation } from '../../src/engine/notation.js';
import { findRegions } from '../../src/engine/regions.js';
import { scoreState } from '../../src/engine/score.js';
import { createSetup } from '../../src/engine/setup.js';
import { simulateSheet } from '../../src/engine/simulate.js';
import { transformState } from '../../src/engine/transform.js';
import type { SheetState, Side } from '../../src/engine/types.js';
import { game } from './build.js';

/** A random finished sheet, built by simulating dice turns from a seed. */
const simulated = fc
  .record({ seed: fc.integer(), side: fc.constantFrom<Side>('A', 'B'), setupSeed: fc.string({ minLength: 1, maxLength: 8 }) })
  .map(({ seed, side, setupSeed }) => simulateSheet(game, side, createSetup(game, setupSeed, side, 1).cards, seed));

/** Any well-formed state: arbitrary interior fences and holes, not necessarily reachable by play. */
const arbitrary = fc
  .record({
    h: fc.array(fc.boolean(), { minLength: 11 * 12, maxLength: 11 * 12 }),
    v: fc.array(fc.boolean(), { minLength: 12 * 11, maxLength: 12 * 11 }),
    holes: fc.uniqueArray(fc.tuple(fc.nat(11), fc.nat(11)), { maxLength: 20, selector: ([r, c]) => r * 12 + c }),
    side: fc.constantFrom<Side>('A', 'B'),
    cards: fc.tuple(...game.types.map((t) => fc.constantFrom(...game.cards.filter((c) => c.type === t.id).map((c) => c.name)))),
  })
  .map(({ h, v, holes, side, cards }): SheetState => {
    const b = emptyBoard(12, 12);
    for (let i = 1; i < 12; i++) for (let j = 0; j < 12; j++) b.h[i * 12 + j] = h[(i - 1) * 12 + j] ? 1 : 0;
    for (let i = 0; i < 12; i++) for (let j = 1; j < 12; j++) b.v[i * 13 + j] = v[i * 11 + j - 1] ? 1 : 0;
    return { side, cards, fences: fencesOf(b), holes };
  });

const sortHoles = (s: SheetState) => ({ ...s, holes: [...s.holes].sort((a, b) => a[0] - b[0] || a[1] - b[1]) });

describe('engine properties', () => {
  it('regions partition the land, and open edges join cells of one region', () => {
    fc.assert(
      fc.property(fc.oneof(simulated, arbitrary), (state) => {
        const b = boardFromState(state, game.sheets[state.side].map);
        const { label, count, size } = findRegions(b);
        expect(size.reduce((a, x) => a + x, 0)).toBe(144);
        for (let k = 0; k < 144; k++) expect(label[k]).toBeGreaterThanOrEqual(0);
        expect(Math.max(...label)).toBe(count - 1);
        for (let r = 0; r < 12; r++)
          for (let c = 0; c < 12; c++) {
            if (c < 11 && !b.v[r * 13 + c + 1]) expect(label[r * 12 + c]).toBe(label[r * 12 + c + 1]);
            if (r < 11 && !b.h[(r + 1) * 12 + c]) expect(label[r * 12 + c]).toBe(label[(r + 1) * 12 + c]);
          }
      }),
      { numRuns: 150 },
    );
  });

  it('rotating or mirroring a whole sheet with its map leaves the score unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(simulated, arbitrary), fc.integer({ min: 1, max: 7 }), (state, t) => {
        const map = game.sheets[state.side].map;
        const before = scoreState(game, { ...state, map });
        const after = scoreState(game, transformState(state, t, map));
        expect(after.total).toBe(before.total);
        expect(after.cards).toEqual(before.cards);
        expect(after.penalties).toBe(before.penalties);
        expect(after.discoveries.length).toBe(before.discoveries.length);
      }),
      { numRuns: 200 },
    );
  });

  it('the notation round-trips: state -> text -> state, and text -> state -> text', () => {
    fc.assert(
      fc.property(fc.oneof(simulated, arbitrary), fc.boolean(), (state, custom) => {
        const printedMap = game.sheets[state.side].map;
        const s = custom ? { ...state, map: { eggs: [[1, 1]] as [number, number][], holes: [[2, 2]] as [number, number][] } } : state;
        const text = writeNotation(s, { printedMap });
        const back = readNotation(text, { printedMap });
        expect(sortHoles(back)).toEqual(sortHoles(s));
        expect(writeNotation(back, { printedMap })).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on a well-formed state, and total = cards - penalties', () => {
    fc.assert(
      fc.property(arbitrary, (state) => {
        const s = scoreState(game, state);
        expect(s.total).toBe(Object.values(s.cards).reduce((a, x) => a + x, 0) - s.penalties);
        for (const d of s.discoveries) expect(state.cards).toContain(d.card);
      }),
      { numRuns: 300 },
    );
  });

  it('simulated sheets are reachable: only legal moves, so fences connect to the center', () => {
    fc.assert(
      fc.property(simulated, (state) => {
        const b = boardFromState(state, game.sheets[state.side].map);
        // Every fenced interior edge is reachable from the center through fenced interior edges.
        const seen = new Set<string>(['6,6']);
        const queue: [number, number][] = [[6, 6]];
        const fenced = (a: [number, number], d: [number, number]) => {
          if (a[0] === d[0]) return a[0] > 0 && a[0] < 12 && b.h[a[0] * 12 + Math.min(a[1], d[1])] === 1;
          return a[1] > 0 && a[1] < 12 && b.v[Math.min(a[0], d[0]) * 13 + a[1]] === 1;
        };
        while (queue.length) {
          const [r, c] = queue.pop()!;
          for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0]]) {
            const n: [number, number] = [r + dr, c + dc];
            if (n[0] < 0 || n[1] < 0 || n[0] > 12 || n[1] > 12 || seen.has(`${n}`) || !fenced([r, c], n)) continue;
            seen.add(`${n}`);
            queue.push(n);
          }
        }
        for (let i = 1; i < 12; i++) for (let j = 0; j < 12; j++) if (b.h[i * 12 + j]) expect(seen.has(`${i},${j}`)).toBe(true);
        for (let i = 0; i < 12; i++) for (let j = 1; j < 12; j++) if (b.v[i * 13 + j]) expect(seen.has(`${i},${j}`)).toBe(true);
        if (state.side === 'B') expect(state.holes).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
