/**
 * The reading checked against the table's rolls: a fixture photo with a hole or a fence drawn lightly (faded in
 * the photo, a person still sees it) is read without it, and the count points at it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { toggleItem } from '../../src/engine/review.js';
import { checkRolls, type Roll } from '../../src/engine/rolls.js';
import { scoreState } from '../../src/engine/score.js';
import { LIKELY_RIGHT } from '../../src/scan/ask.js';
import { scanPhoto, type ScanResult } from '../../src/scan/scan.js';
import { fixture } from '../server/helpers.js';
import { fadedPhoto, LIGHT_STROKE, LIGHT_X, trueRolls } from '../helpers/fade.js';

const game = loadGame();
const same = (a: { kind: string; row: number; col: number }, b: { kind: string; row: number; col: number }) => a.kind === b.kind && a.row === b.row && a.col === b.col;
const where = (u: { kind: string; row: number; col: number }) => ({ kind: u.kind, row: u.row, col: u.col });
let rolls: Roll[];
let plain: ScanResult;

beforeAll(async () => {
  rolls = trueRolls('sample');
  plain = await scanPhoto(fixture('sample').bytes, game);
});

describe('a reading against the rolls', () => {
  it('agrees where the reading is right: nothing flagged, the doubts and the range as they were', async () => {
    const r = await scanPhoto(fixture('sample').bytes, game, { rolls });
    expect(r.state).toEqual(plain.state);
    expect(r.rolls?.check.agrees).toBe(true);
    expect(r.rolls?.summary).toBe('checked against 15 rolls: holes 5 of 5, fence edges 117 (expected 115-118)');
    expect(r.rolls?.note).toBeNull();
    expect(r.rolls?.culprits).toEqual([]);
    expect(r.uncertain).toEqual(plain.uncertain);
    expect(r.range).toEqual(plain.range);
  });

  it('a light X read as a sure blank: the count asks about it first, with its chance and points; the range follows', async () => {
    const missed = { kind: 'hole', row: 3, col: 10 } as const;
    const photo = await fadedPhoto('sample', [missed], LIGHT_X);
    const r = await scanPhoto(photo, game, { rolls });
    expect(r.state.holes).not.toContainEqual([3, 10]);
    // Without the rolls, the scanner would not ask about it (at most listed as likely right).
    const blind = await scanPhoto(photo, game);
    expect(blind.uncertain.filter((u) => !u.likely).some((u) => same(u, missed))).toBe(false);
    expect(r.rolls!.check).toMatchObject({ agrees: false, holes: 4, holesAgree: false, fencesAgree: true });
    expect(r.rolls!.summary).toBe('does not agree with 15 rolls: holes 4 of 5 (1 missing), fence edges 117 (expected 115-118)');
    expect(r.rolls!.note).toBe('The rolls gave 5 holes; 4 were read: is one of these a hole?');
    // (among the likeliest few: a printed egg can look as much like a hole to the models)
    expect(r.rolls!.culprits).toContainEqual(missed);
    // The shortfall and two spare: blank cells where a hole may go, likeliest first.
    expect(r.rolls!.culprits).toHaveLength(3);
    expect(r.rolls!.culprits.every((c) => c.kind === 'hole' && !r.state.holes.some(([row, col]) => row === c.row && col === c.col))).toBe(true);
    // The culprits lead the doubts, asked, with the models' chances (likeliest first) and what they move.
    const lead = r.uncertain.slice(0, 3);
    expect(lead.map(where)).toEqual(r.rolls!.culprits);
    expect(lead.every((u) => !u.likely && u.value === 0)).toBe(true);
    expect(lead.map((u) => u.chance)).toEqual([...lead.map((u) => u.chance)].sort((a, b) => b - a));
    const asked = lead.find((u) => same(u, missed))!;
    expect(asked.chance).toBeLessThan(LIKELY_RIGHT);
    expect(asked.points).toBe(scoreAfter(r, missed) - r.score.total);
    // The scanner's other doubts follow, as they were without the rolls.
    expect(r.uncertain.slice(3).map(where)).toEqual(blind.uncertain.filter((u) => !r.rolls!.culprits.some((c) => same(c, u))).map(where));
    // The range is the totals the asked spots allow, culprits included.
    expect(r.range[0]).toBeLessThanOrEqual(Math.min(r.score.total, scoreAfter(r, missed)));
    expect(r.range[1]).toBeGreaterThanOrEqual(Math.max(r.score.total, scoreAfter(r, missed)));
    // Nothing changed by the scanner itself: the models give it little chance, so it is not even proposed.
    expect(r.rolls!.proposal).toBeUndefined();
    expect(checkRolls(game, toggleItem(r.state, missed), rolls).agrees).toBe(true);
  });

  it('a fence stroke drawn lightly: the blank edges likeliest fences come first, the clear favourite proposed', async () => {
    const faded = [{ kind: 'h', row: 1, col: 3 }, { kind: 'h', row: 1, col: 4 }, { kind: 'h', row: 1, col: 5 }] as const;
    const r = await scanPhoto(await fadedPhoto('sample', [...faded], LIGHT_STROKE), game, { rolls, keepDoubtful: true });
    expect(r.state.fences.h[1]).toBe(plain.state.fences.h[1].slice(0, 3) + '000' + plain.state.fences.h[1].slice(6));
    expect(r.rolls!.check).toMatchObject({ agrees: false, fences: 114, fencesAgree: false, holesAgree: true });
    expect(r.rolls!.note).toBe('The rolls allow 115-118 fence edges; 114 were read: is at least one of these a fence?');
    // The faded edges are the first culprits; a proposal, where the models clearly favour one, is one of them.
    // (The models give a stroke at under a third of its darkness a few percent of being a fence, more than any
    // blank edge: which of the three leads varies with the models.)
    expect(r.rolls!.culprits.slice(0, 3).filter((c) => faded.some((f) => same(f, c))).length).toBeGreaterThanOrEqual(2);
    if (r.rolls!.proposal) expect(faded).toContainEqual(r.rolls!.proposal);
    expect(r.uncertain.slice(0, 3).every((u) => !u.likely)).toBe(true);
  });

  it('rolls that do not fit the sheet its QR code names are an input error', async () => {
    await expect(scanPhoto(fixture('sample').bytes, game, { rolls: [[1, 1], [2, 3]] })).rejects.toThrow(/^rolls: photo: these rolls do not fit sheet A: roll 1: a double 1 is rolled again/);
  });

  it("rolls of another game than the fallback's are not used", async () => {
    const r = await scanPhoto(fixture('sample').bytes, game, { rolls, fallback: { side: 'A', cards: plain.state.cards, game: 'othergame' } });
    expect(r.rolls).toBeUndefined();
  });
});

/** The total with one item switched. */
const scoreAfter = (r: ScanResult, it: { kind: 'h' | 'v' | 'hole'; row: number; col: number }) => scoreState(game, toggleItem(r.state, it)).total;
