/**
 * The reading checked against the table's rolls: a fixture photo with a hole or a fence drawn lightly (faded in
 * the photo, a person still sees it) is read without it, and the count points at it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { toggleItem } from '../../src/engine/review.js';
import { checkRolls, type Roll } from '../../src/engine/rolls.js';
import { scanPhoto, type ScanResult } from '../../src/scan/scan.js';
import { fixture } from '../server/helpers.js';
import { fadedPhoto, trueRolls } from '../helpers/fade.js';

const game = loadGame();
let rolls: Roll[];
let plain: ScanResult;

beforeAll(async () => {
  rolls = trueRolls('sample');
  plain = await scanPhoto(fixture('sample').bytes, game);
});

describe('a reading against the rolls', () => {
  it('agrees where the reading is right: nothing flagged, the doubts as they were', async () => {
    const r = await scanPhoto(fixture('sample').bytes, game, { rolls });
    expect(r.state).toEqual(plain.state);
    expect(r.rolls?.check.agrees).toBe(true);
    expect(r.rolls?.summary).toBe('checked against 15 rolls: holes 5 of 5, fence edges 117 (expected 115-118)');
    expect(r.rolls?.note).toBeNull();
    expect(r.rolls?.culprits).toEqual([]);
    expect(r.uncertain).toEqual(plain.uncertain);
    expect(r.risks).toEqual(plain.risks);
  });

  it('a light X read as a sure blank: the count flags it first, the player may switch it', async () => {
    const photo = await fadedPhoto('sample', [{ kind: 'hole', row: 3, col: 10 }], 0.3);
    const r = await scanPhoto(photo, game, { rolls });
    expect(r.state.holes).not.toContainEqual([3, 10]);
    // Without the rolls, nothing would point at it.
    const blind = await scanPhoto(photo, game);
    expect(blind.uncertain).not.toContainEqual({ kind: 'hole', row: 3, col: 10 });
    expect(r.rolls!.check).toMatchObject({ agrees: false, holes: 4, holesAgree: false, fencesAgree: true });
    expect(r.rolls!.summary).toBe('does not agree with 15 rolls: holes 4 of 5 (1 missing), fence edges 117 (expected 115-118)');
    expect(r.rolls!.note).toBe('The rolls gave 5 holes; 4 were read: is one of these a hole?');
    expect(r.rolls!.culprits[0]).toEqual({ kind: 'hole', row: 3, col: 10 });
    expect(r.rolls!.culprits.length).toBe(3);
    // The culprits lead the doubts, with their chances; the rest follow in their order.
    expect(r.uncertain.slice(0, 3)).toEqual(r.rolls!.culprits);
    expect(r.uncertain.slice(3)).toEqual(blind.uncertain.filter((u) => !r.rolls!.culprits.some((c) => c.kind === u.kind && c.row === u.row && c.col === u.col)));
    expect(r.risks).toHaveLength(r.uncertain.length);
    // Nothing changed by the scanner itself: the models give it little chance, so it is not even proposed.
    expect(r.rolls!.proposal).toBeUndefined();
    expect(checkRolls(game, toggleItem(r.state, r.rolls!.culprits[0]), rolls).agrees).toBe(true);
  });

  it('a fence stroke drawn lightly: the blank edges likeliest fences come first, the clear favourite proposed', async () => {
    const faded = [{ kind: 'h', row: 1, col: 3 }, { kind: 'h', row: 1, col: 4 }, { kind: 'h', row: 1, col: 5 }] as const;
    const r = await scanPhoto(await fadedPhoto('sample', [...faded], 0.3), game, { rolls, keepDoubtful: true });
    expect(r.rolls!.check).toMatchObject({ agrees: false, fences: 114, fencesAgree: false, holesAgree: true });
    expect(r.rolls!.note).toBe('The rolls allow 115-118 fence edges; 114 were read: is at least one of these a fence?');
    expect(r.rolls!.culprits.slice(0, 3)).toEqual(expect.arrayContaining([...faded]));
    expect(faded).toContainEqual(r.rolls!.proposal);
    expect(r.state.fences.h[1]).toBe(plain.state.fences.h[1].slice(0, 3) + '000' + plain.state.fences.h[1].slice(6));
  });

  it('rolls that do not fit the sheet its QR code names are an input error', async () => {
    await expect(scanPhoto(fixture('sample').bytes, game, { rolls: [[1, 1], [2, 3]] })).rejects.toThrow(/the rolls do not fit sheet A: roll 1: a double 1 is rolled again/);
  });

  it('rolls of another game than the fallback\'s are not used', async () => {
    const r = await scanPhoto(fixture('sample').bytes, game, { rolls, fallback: { side: 'A', cards: plain.state.cards, game: 'othergame' } });
    expect(r.rolls).toBeUndefined();
  });
});
