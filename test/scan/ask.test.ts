import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { readSheetFile } from '../../src/data/state.js';
import { scoreState } from '../../src/engine/score.js';
import type { SheetState } from '../../src/engine/types.js';
import { LIKELY_RIGHT, rateDoubts } from '../../src/scan/ask.js';
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
});
