import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankState } from '../../src/engine/board.js';
import { toggleItem, isReviewable, itemValue, type ReviewItem } from '../../src/engine/review.js';
import {
  checkRolls,
  countFenceEdges,
  describeRollsCheck,
  expectFromRolls,
  isReroll,
  parseRolls,
  rollsQuestion,
  turnInfo,
  validateRolls,
  RollsError,
  type Roll,
} from '../../src/engine/rolls.js';
import { createSetup } from '../../src/engine/setup.js';
import { simulateGame, simulateSheet } from '../../src/engine/simulate.js';
import type { SheetState, Side } from '../../src/engine/types.js';
import { game } from './build.js';

/** A die roll of a table: two faces, a double 1 never kept on sheet A. */
const rollOf = (side: Side) =>
  fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })).filter((r) => !isReroll(game.sheets[side], r as Roll)) as fc.Arbitrary<Roll>;

/** A whole game from random rolls: the dice drawn by fast-check, the drawing by the simulator. */
const played = fc.constantFrom<Side>('A', 'B').chain((side) =>
  fc
    .record({
      side: fc.constant(side),
      rolls: fc.array(rollOf(side), { minLength: game.sheets[side].timeline.turns, maxLength: game.sheets[side].timeline.turns }),
      seed: fc.integer(),
      setup: fc.string({ minLength: 1, maxLength: 6 }),
    })
    .map(({ side, rolls, seed, setup }) => ({ side, ...simulateGame(game, side, createSetup(game, setup, side, 1).cards, seed, { rolls }) })),
);

/** The interior edges and cells of a 12 x 12 sheet a reading could get wrong. */
const items: ReviewItem[] = [];
for (let r = 0; r <= 12; r++) for (let c = 0; c <= 12; c++) for (const kind of ['h', 'v', 'hole'] as const) items.push({ kind, row: r, col: c });
const reviewable = (s: SheetState) => items.filter((it) => isReviewable(s, it) && (it.kind !== 'hole' || s.side === 'A'));

describe('rolls against a sheet', () => {
  it('a game simulated from random rolls agrees with them, exactly when its specials are known', () => {
    fc.assert(
      fc.property(played, (g) => {
        fc.pre(g.skipped === 0);
        const c = checkRolls(game, g.state, g.rolls);
        expect(c.agrees, describeRollsCheck(c)).toBe(true);
        const exact = checkRolls(game, g.state, g.rolls, g.specials);
        expect(exact.expected.fences.min).toBe(exact.expected.fences.max);
        expect(exact.agrees).toBe(true);
        expect(describeRollsCheck(c)).toMatch(/^checked against 1[25] rolls: /);
        expect(rollsQuestion(c)).toBeNull();
      }),
      { numRuns: 120 },
    );
  });

  it('with one hole or fence edge removed or added, it disagrees (always when the specials are known)', () => {
    fc.assert(
      fc.property(played, fc.nat(), (g, pick) => {
        fc.pre(g.skipped === 0);
        const all = reviewable(g.state);
        const it = all[pick % all.length];
        const wrong = toggleItem(g.state, it);
        // Knowing which specials were drawn, the count is exact: any one item changed breaks it.
        const exact = checkRolls(game, wrong, g.rolls, g.specials);
        expect(exact.agrees).toBe(false);
        if (it.kind === 'hole') expect(exact.holesAgree).toBe(false);
        else expect(exact.fencesAgree).toBe(false);
        // Without them the fences have a range (19 to 22 edges of specials): a hole always breaks it, an edge
        // when it takes the count out of the range.
        const c = checkRolls(game, wrong, g.rolls);
        const n = countFenceEdges(wrong);
        if (it.kind === 'hole') expect(c.agrees).toBe(false);
        else expect(c.agrees).toBe(n >= c.expected.fences.min && n <= c.expected.fences.max);
        if (!c.agrees) {
          expect(describeRollsCheck(c)).toMatch(/^does not agree with 1[25] rolls: /);
          expect(rollsQuestion(c)).toMatch(itemValue(wrong, it) ? /one of these not a (hole|fence)\?$/ : /one of these a (hole|fence)\?$/);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the simulator plays the rolls it is given, and returns the ones it drew itself', () => {
    const cards = createSetup(game, 'x', 'A', 1).cards;
    const own = simulateGame(game, 'A', cards, 7);
    expect(own.rolls).toHaveLength(15);
    expect(own.state).toEqual(simulateSheet(game, 'A', cards, 7));
    expect(own.rolls.some((r) => isReroll(game.sheets.A, r))).toBe(false);
    const again = simulateGame(game, 'A', cards, 99, { rolls: own.rolls });
    expect(again.rolls).toEqual(own.rolls);
    expect(again.specials).toHaveLength(3);
    // Fewer rolls: only those turns are played (and only the pauses they reach).
    const part = simulateGame(game, 'A', cards, 3, { rolls: own.rolls.slice(0, 7) });
    expect(part.rolls).toHaveLength(7);
    expect(part.specials).toHaveLength(1);
    expect(checkRolls(game, part.state, part.rolls, part.specials).agrees).toBe(part.skipped === 0);
  });

  it('rarely leaves a move undrawn', () => {
    let skipped = 0;
    for (let seed = 0; seed < 200; seed++) skipped += simulateGame(game, seed % 2 ? 'A' : 'B', createSetup(game, 's', 'A', 1).cards, seed).skipped ? 1 : 0;
    expect(skipped).toBeLessThan(10);
  });
});

describe('what rolls imply', () => {
  const rolls15: Roll[] = parseRolls('3,4 1,6 2,2 5,5 6,1 4,4 3,3 2,6 1,2 5,6 6,6 3,5 4,1 2,3 4,5');

  it('sheet A: a hole a turn with a 1, the other dice as fences, 19 to 22 edges of specials', () => {
    const e = expectFromRolls(game, 'A', rolls15);
    expect(e.holes).toBe(4);
    const dice = rolls15.flat().filter((d) => d !== 1).reduce((a, b) => a + b, 0);
    expect(e.fences).toEqual({ min: dice + 19, max: dice + 22 });
    expect(e.pauses).toBe(3);
    // The specials named: the Z (8), the straight line (6) and the T (7).
    expect(expectFromRolls(game, 'A', rolls15, [5, 1, 6]).fences).toEqual({ min: dice + 21, max: dice + 21 });
  });

  it('sheet B: every die a fence, no holes; a double 1 is a turn', () => {
    const rolls = parseRolls('1,1 2,3 4,5 6,6');
    const e = expectFromRolls(game, 'B', rolls);
    expect(e.holes).toBeNull();
    expect(e.pauses).toBe(1);
    expect(e.fences).toEqual({ min: 1 + 1 + 2 + 3 + 4 + 5 + 6 + 6 + 6, max: 1 + 1 + 2 + 3 + 4 + 5 + 6 + 6 + 8 });
    expect(validateRolls(game, 'B', rolls)).toEqual(rolls);
    expect(() => validateRolls(game, 'A', rolls)).toThrow(/roll 1: a double 1 is rolled again/);
  });

  it('describes the check as the CLI prints it', () => {
    const state = blankState('A', createSetup(game, 'x', 'A', 1).cards);
    const c = checkRolls(game, state, rolls15);
    expect(describeRollsCheck(c)).toBe(`does not agree with 15 rolls: holes 0 of 4 (4 missing), fence edges 0 (expected ${c.expected.fences.min}-${c.expected.fences.max}: ${c.expected.fences.min} too few)`);
    expect(rollsQuestion(c)).toBe(`The rolls gave 4 holes; 0 were read: are 4 of these holes? The rolls allow ${c.expected.fences.min}-${c.expected.fences.max} fence edges; 0 were read: are at least ${c.expected.fences.min} of these fences?`);
    expect(rollsQuestion(c, 'sheet')).toBe(`The rolls gave 4 holes; this sheet has 0. The rolls allow ${c.expected.fences.min}-${c.expected.fences.max} fence edges; this sheet has 0.`);
    const fine = simulateGame(game, 'A', state.cards, 5, { rolls: rolls15 });
    expect(fine.skipped).toBe(0);
    expect(describeRollsCheck(checkRolls(game, fine.state, rolls15))).toMatch(/^checked against 15 rolls: holes 4 of 4, fence edges \d+ \(expected \d+-\d+\)$/);
    const oneHole = { ...fine.state, holes: fine.state.holes.slice(1) };
    expect(rollsQuestion(checkRolls(game, oneHole, rolls15))).toBe('The rolls gave 4 holes; 3 were read: is one of these a hole?');
  });

  it('parses and validates rolls, with messages that say what is wrong', () => {
    expect(parseRolls(' 3,4  1,6\n2-2 [5,5] 64 ')).toEqual([[3, 4], [1, 6], [2, 2], [5, 5], [6, 4]]);
    expect(() => parseRolls('3,4 7')).toThrow(/turn 2: "7" is not two dice/);
    expect(() => validateRolls(game, 'A', [[3, 7]])).toThrow(RollsError);
    expect(() => validateRolls(game, 'A', [[3, 7]])).toThrow(/roll 1: expected two dice from 1 to 6/);
    expect(() => validateRolls(game, 'A', Array(16).fill([2, 3]))).toThrow(/16 rolls, but sheet A has 15 turns/);
    expect(() => validateRolls(game, 'A', 'x')).toThrow(/expected a list of rolls/);
  });

  it('says what each turn means at the table', () => {
    expect(turnInfo(game, 'A', 1, [3, 4]).says).toEqual([]);
    expect(turnInfo(game, 'A', 2, [1, 6]).says).toEqual(['a 1: pass your sheet left, your neighbour marks a hole']);
    expect(turnInfo(game, 'A', 5, [2, 3], 1).says).toEqual(['double 1: rolled again', 'pause: draw a special fence and cross it out']);
    expect(turnInfo(game, 'A', 15, [2, 3]).says).toEqual(['pause: draw a special fence and cross it out', 'last turn: score your sheet']);
    expect(turnInfo(game, 'B', 4, [1, 1]).says).toEqual(['pause: draw a special fence and cross it out']);
    expect(turnInfo(game, 'B', 12, [1, 2])).toMatchObject({ turns: 12, pause: true, last: true });
  });
});
