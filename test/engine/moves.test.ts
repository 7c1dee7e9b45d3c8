import { describe, expect, it } from 'vitest';
import { boardFromState, blankState } from '../../src/engine/board.js';
import { applyMove, checkMove, fewestFenceEdges, fewestFenceEdgesEachWay, type Move } from '../../src/engine/moves.js';
import { game } from './build.js';

const cards = ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road'];
const fresh = (side: 'A' | 'B' = 'A') => boardFromState(blankState(side, cards), game.sheets[side].map);
const check = (b: ReturnType<typeof fresh>, m: Move, used: number[] = [], side: 'A' | 'B' = 'A') =>
  checkMove(b, game.sheets[side], m, game.specialFences, used);

describe('move legality', () => {
  it('a first fence must start at the center point', () => {
    const b = fresh();
    expect(check(b, { kind: 'fence', die: 2, path: [[6, 6], [6, 7], [5, 7]] })).toEqual({ legal: true });
    const v = check(b, { kind: 'fence', die: 2, path: [[2, 2], [2, 3], [2, 4]] });
    expect(v).toEqual({ legal: false, reason: 'the fence must start at the center point or on an earlier fence' });
  });

  it('later fences may start on any vertex of an earlier fence, drawn in either direction', () => {
    const b = fresh();
    applyMove(b, { kind: 'fence', die: 3, path: [[6, 6], [6, 7], [6, 8], [6, 9]] });
    expect(check(b, { kind: 'fence', die: 2, path: [[6, 8], [5, 8], [4, 8]] }).legal).toBe(true);
    expect(check(b, { kind: 'fence', die: 2, path: [[4, 9], [5, 9], [6, 9]] }).legal).toBe(true);
  });

  it('the path length must be the die', () => {
    const v = check(fresh(), { kind: 'fence', die: 4, path: [[6, 6], [6, 7], [6, 8]] });
    expect(v).toEqual({ legal: false, reason: 'a 4 is a fence of 4 edges; the path has 2' });
  });

  it('fences may not overlap, reuse an edge, jump, or run on the borderline', () => {
    const b = fresh();
    applyMove(b, { kind: 'fence', die: 2, path: [[6, 6], [6, 7], [6, 8]] });
    expect(check(b, { kind: 'fence', die: 2, path: [[6, 8], [6, 7], [5, 7]] })).toMatchObject({ legal: false, reason: expect.stringContaining('overlaps') });
    expect(check(b, { kind: 'fence', die: 3, path: [[6, 6], [5, 6], [6, 6], [7, 6]] })).toMatchObject({ reason: expect.stringContaining('used twice') });
    expect(check(b, { kind: 'fence', die: 2, path: [[6, 6], [6, 8], [6, 9]] })).toMatchObject({ reason: expect.stringContaining('not neighbouring') });
    const edge = fresh();
    applyMove(edge, { kind: 'fence', die: 6, path: [[6, 6], [5, 6], [4, 6], [3, 6], [2, 6], [1, 6], [0, 6]] });
    expect(check(edge, { kind: 'fence', die: 2, path: [[0, 6], [0, 7], [0, 8]] })).toMatchObject({ reason: expect.stringContaining('borderline') });
    expect(check(edge, { kind: 'fence', die: 2, path: [[0, 6], [-1, 6], [-2, 6]] })).toMatchObject({ reason: expect.stringContaining('leaves the land') });
  });

  it('a 1 draws a hole on sheet A and a one-edge fence on sheet B', () => {
    expect(check(fresh(), { kind: 'fence', die: 1, path: [[6, 6], [6, 7]] })).toMatchObject({ reason: expect.stringContaining('draws a hole') });
    expect(check(fresh('B'), { kind: 'fence', die: 1, path: [[6, 6], [6, 7]] }, [], 'B').legal).toBe(true);
    expect(check(fresh('B'), { kind: 'hole', cell: [5, 5] }, [], 'B')).toMatchObject({ reason: expect.stringContaining('no holes') });
  });

  it('a hole must touch the center point or a fence, and not be a hole already', () => {
    const b = fresh();
    expect(check(b, { kind: 'hole', cell: [5, 5] }).legal).toBe(true);
    expect(check(b, { kind: 'hole', cell: [2, 2] })).toMatchObject({ reason: expect.stringContaining('touches neither') });
    applyMove(b, { kind: 'fence', die: 3, path: [[6, 6], [6, 7], [6, 8], [6, 9]] });
    expect(check(b, { kind: 'hole', cell: [6, 9] }).legal).toBe(true);
    applyMove(b, { kind: 'hole', cell: [6, 9] });
    expect(check(b, { kind: 'hole', cell: [6, 9] })).toMatchObject({ reason: expect.stringContaining('already a hole') });
    expect(check(b, { kind: 'hole', cell: [12, 0] })).toMatchObject({ reason: expect.stringContaining('outside') });
  });

  it('special fences: the printed figure in any rotation or mirror image, once each, attached by an end', () => {
    const b = fresh();
    // The L (4, turn, 3) rotated: 3 edges right... drawn from the center
    const L: Move = {
      kind: 'special',
      id: 2,
      edges: [
        [[6, 6], [6, 7]], [[6, 7], [6, 8]], [[6, 8], [6, 9]], [[6, 9], [6, 10]],
        [[6, 10], [5, 10]], [[5, 10], [4, 10]], [[4, 10], [3, 10]],
      ],
    };
    expect(check(b, L).legal).toBe(true);
    expect(check(b, L, [2])).toMatchObject({ reason: expect.stringContaining('already crossed out') });
    const notL: Move = { ...L, edges: L.edges.slice(0, 6).concat([[[4, 10], [4, 11]]]) } as Move;
    expect(check(b, notL)).toMatchObject({ reason: expect.stringContaining('not the L special fence') });
    const T: Move = {
      kind: 'special',
      id: 6,
      edges: [
        [[6, 6], [5, 6]], [[5, 6], [4, 6]], [[4, 6], [3, 6]], [[3, 6], [2, 6]], [[2, 6], [1, 6]],
        [[3, 6], [3, 7]], [[3, 7], [3, 8]],
      ],
    };
    expect(check(b, T).legal).toBe(true);
    const floating = { ...T, edges: T.edges.map(([p, q]) => [[p[0], p[1] - 4], [q[0], q[1] - 4]]) } as Move;
    expect(check(b, floating)).toMatchObject({ reason: expect.stringContaining('must start') });
    expect(check(b, { kind: 'special', id: 9, edges: [] })).toMatchObject({ reason: 'there is no special fence 9' });
  });

  it('a finished sheet holds at least the three shortest special fences: 6 + 6 + 7 edges', () => {
    expect(fewestFenceEdges(game.sheets.A, game.specialFences)).toBe(19);
    expect(fewestFenceEdges(game.sheets.B, game.specialFences)).toBe(19);
  });

  it('and at least 4 each way: any special fence may be turned, the straight one gives none the other way, Z and T two', () => {
    expect(fewestFenceEdgesEachWay(game.sheets.A, game.specialFences)).toBe(4);
    expect(fewestFenceEdgesEachWay(game.sheets.B, game.specialFences)).toBe(4);
  });
});
