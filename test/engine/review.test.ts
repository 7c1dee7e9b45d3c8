import { describe, expect, it } from 'vitest';
import { blankState } from '../../src/engine/board.js';
import { compareScores, rankBy } from '../../src/engine/ranking.js';
import { applyToggles, isReviewable, itemValue, toggleItem } from '../../src/engine/review.js';
import type { Score } from '../../src/engine/types.js';

const score = (total: number, finds: number): Score => ({
  total,
  cards: {},
  penalties: 0,
  discoveries: Array.from({ length: finds }, () => ({ card: 'Gold', cells: [[0, 0]], points: 1, conditionMet: false, eggs: 0 })),
  penaltyDetail: { eggs: 0, enclosedHoles: 0 },
});

describe('ranking', () => {
  it('orders by total, then discoveries; equal on both share a rank', () => {
    const players = [
      { name: 'a', s: score(20, 3) },
      { name: 'b', s: score(25, 2) },
      { name: 'c', s: score(20, 5) },
      { name: 'd', s: score(20, 3) },
      { name: 'e', s: score(-2, 0) },
    ];
    const ranked = rankBy(players, (p) => p.s).map((r) => `${r.rank}${r.item.name}`);
    expect(ranked).toEqual(['1b', '2c', '3a', '3d', '5e']);
    expect(compareScores(score(3, 1), score(3, 1))).toBe(0);
  });
});

describe('review items', () => {
  const state = blankState('A', ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road']);

  it('switches an interior edge or a hole and back, leaving the input alone', () => {
    for (const it of [{ kind: 'h', row: 3, col: 4 }, { kind: 'v', row: 5, col: 1 }, { kind: 'hole', row: 11, col: 11 }] as const) {
      expect(itemValue(state, it)).toBe(false);
      const on = toggleItem(state, it);
      expect(itemValue(on, it)).toBe(true);
      expect(itemValue(state, it)).toBe(false);
      expect(toggleItem(on, it)).toEqual(state);
    }
    const two = applyToggles(state, [{ kind: 'h', row: 1, col: 1 }, { kind: 'hole', row: 2, col: 2 }]);
    expect(two.fences.h[1]).toBe('010000000000');
    expect(two.holes).toEqual([[2, 2]]);
  });

  it('never switches the borderline or anything outside the land', () => {
    for (const it of [{ kind: 'h', row: 0, col: 3 }, { kind: 'h', row: 12, col: 3 }, { kind: 'v', row: 3, col: 0 }, { kind: 'v', row: 3, col: 12 }, { kind: 'hole', row: 12, col: 0 }, { kind: 'h', row: -1, col: 0 }, { kind: 'v', row: 1.5, col: 2 }] as const) {
      expect(isReviewable(state, it)).toBe(false);
      expect(() => toggleItem(state, it)).toThrow(RangeError);
    }
  });
});
