import type { Score } from './types.js';

/**
 * The order of a multiplayer game's result (rulebook: "Ties: the most discoveries wins, then shared"):
 * higher total first, then more discoveries. 0 means tied.
 */
export function compareScores(a: Score, b: Score): number {
  return b.total - a.total || b.discoveries.length - a.discoveries.length;
}

/** Items sorted best first with their rank; tied items share a rank (1, 2, 2, 4). Stable for ties. */
export function rankBy<T>(items: readonly T[], score: (item: T) => Score): { item: T; rank: number }[] {
  const sorted = items.map((item, i) => ({ item, i, s: score(item) })).sort((a, b) => compareScores(a.s, b.s) || a.i - b.i);
  let rank = 0;
  return sorted.map((e, k) => {
    if (k === 0 || compareScores(sorted[k - 1].s, e.s) !== 0) rank = k + 1;
    return { item: e.item, rank };
  });
}
