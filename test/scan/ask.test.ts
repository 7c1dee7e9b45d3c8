import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { readSheetFile } from '../../src/data/state.js';
import { scoreState } from '../../src/engine/score.js';
import type { SheetState } from '../../src/engine/types.js';
import { LIKELY_RIGHT, pivotalChances, rateDoubts, type RatedItem } from '../../src/scan/ask.js';
import type { ReadItem } from '../../src/scan/read.js';

const game = loadGame();
const state = readSheetFile(game, 'fixtures/sheets/example-a.json');
const base = scoreState(game, state).total;

/** The state with an item the other way. */
function flipped(s: SheetState, it: ReadItem): SheetState {
  if (it.kind === 'hole') {
    const has = s.holes.some(([r, c]) => r === it.row && c === it.col);
    return { ...s, holes: has ? s.holes.filter(([r, c]) => r !== it.row || c !== it.col) : [...s.holes, [it.row, it.col]] };
  }
  const lines = [...s.fences[it.kind]];
  const line = lines[it.row];
  lines[it.row] = line.slice(0, it.col) + (line[it.col] === '1' ? '0' : '1') + line.slice(it.col + 1);
  return { ...s, fences: { ...s.fences, [it.kind]: lines } };
}

const value = (s: SheetState, kind: 'h' | 'v', row: number, col: number): 0 | 1 => (s.fences[kind][row][col] === '1' ? 1 : 0);

/** Every interior edge of the example, as an item with a chance. */
function edges(chance: number): ReadItem[] {
  const out: ReadItem[] = [];
  for (let row = 1; row < 12; row++) for (let col = 0; col < 12; col++) out.push({ kind: 'h', row, col, value: value(state, 'h', row, col), chance });
  return out;
}

describe('which doubts are asked', () => {
  it("gives each item the points the total moves by were it the other way", () => {
    const items = edges(0.2).slice(0, 40);
    const { items: rated } = rateDoubts(game, state, items);
    for (const r of rated) expect(r.points, `${r.kind}${r.row},${r.col}`).toBe(scoreState(game, flipped(state, r)).total - base);
    expect(rated.some((r) => r.points !== 0)).toBe(true);
    expect(rated.some((r) => r.points === 0)).toBe(true);
  });

  it('asks only what has a real chance of being wrong and moves the total, alone or with another', () => {
    const sure = edges(LIKELY_RIGHT / 2);
    const doubtful = edges(0.3);
    expect(rateDoubts(game, state, sure).items.every((r) => r.likely)).toBe(true);
    const rated = rateDoubts(game, state, doubtful).items;
    const asked = rated.filter((r) => !r.likely);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThan(rated.length);
    // an item not asked moves nothing alone, nor with any other item not asked
    const quiet = rated.filter((r) => r.likely);
    for (const r of quiet) expect(r.points).toBe(0);
    for (let a = 0; a < quiet.length; a += 7)
      for (let b = a + 1; b < quiet.length; b += 5) expect(scoreState(game, flipped(flipped(state, quiet[a]), quiet[b])).total).toBe(base);
    // the asked ones come first, the likeliest wrong first
    expect(rated.slice(0, asked.length).every((r) => !r.likely)).toBe(true);
  });

  it('asks from the chance it is given (a diagnostic measures others than the tuning)', () => {
    const items = edges(LIKELY_RIGHT * 0.8).slice(0, 40);
    expect(rateDoubts(game, state, items).items.every((r) => r.likely)).toBe(true);
    const lower = rateDoubts(game, state, items, [], LIKELY_RIGHT * 0.5).items;
    // the items that move the total are asked under the lower chance, and only they (or pairs that move it together)
    expect(lower.filter((r) => r.points !== 0).every((r) => !r.likely)).toBe(true);
    expect(lower.filter((r) => r.points !== 0).length).toBeGreaterThan(0);
  });

  it('gives the range of totals the asked items allow', () => {
    const items = edges(0.3).filter((it) => it.row === 4);
    const { items: rated, range } = rateDoubts(game, state, items);
    const asked = rated.filter((r) => !r.likely);
    expect(asked.length).toBeGreaterThan(1);
    let lo = base;
    let hi = base;
    for (let mask = 0; mask < 1 << asked.length; mask++) {
      let s = state;
      asked.forEach((r, k) => (s = mask & (1 << k) ? flipped(s, r) : s));
      const t = scoreState(game, s).total;
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
    expect(range).toEqual([lo, hi]);
    expect(range[0]).toBeLessThanOrEqual(base);
    expect(range[1]).toBeGreaterThanOrEqual(base);
  });

  it('weighs items that move the total only all together by the chance they are all wrong', () => {
    const item = (col: number, chance: number): RatedItem => ({ kind: 'hole', row: 0, col, value: 0, chance, points: 0, likely: true });
    const [a, b, c, d] = [item(0, 0.4), item(1, 0.4), item(2, 0.4), item(3, 0.1)];
    const has = (list: ReadItem[], x: RatedItem) => list.some((y) => y.col === x.col);
    // the total moves only when a, b and c are all the other way; d moves it only with a and b
    const moved = (list: ReadItem[]) => 10 + (has(list, a) && has(list, b) && has(list, c) ? 1 : 0) + (has(list, a) && has(list, b) && has(list, d) ? 2 : 0);
    const p = pivotalChances([a, b, c, d], moved, 10);
    for (const x of [a, b, c]) expect(p.get(x)).toBeGreaterThan(0.4 * 0.4 * 0.4 * 0.6); // all three wrong: 6.4% (+ with d)
    expect(p.get(c)!).toBeLessThan(0.12);
    expect(p.get(d) ?? 0).toBeLessThan(LIKELY_RIGHT); // 0.4 x 0.4 x 0.1: 1.6%
    expect(p.get(d) ?? 0).toBeGreaterThan(0);
    // the same draws every time: a photo reads the same twice
    expect(pivotalChances([a, b, c, d], moved, 10)).toEqual(p);
  });
});
