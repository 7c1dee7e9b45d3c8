import { boardFromState, type Board } from '../engine/board.js';
import { rng } from '../engine/random.js';
import { itemKey } from '../engine/review.js';
import { boardTotal } from '../engine/score.js';
import type { GameData, SheetState } from '../engine/types.js';
import type { ReadItem } from './read.js';
import { TUNING } from './tuning.js';

/**
 * Which doubts to ask the player about. A player checks two or three spots, not thirty, so the scanner asks only
 * about items whose chance of being wrong and moving the total (alone, or with the other items as they may
 * really be) is real; the rest stay listed as likely right. The total is shown as the range the asked items
 * allow until they are answered.
 */

const LIKELY_RIGHT = TUNING.chances.likelyRight;
export { LIKELY_RIGHT };
const { rangeAll: RANGE_ALL, pairsOf: PAIRS_OF, draws: DRAWS, drawnFrom: DRAWN_FROM, drawnMost: DRAWN_MOST } = TUNING.ask;

export interface RatedItem extends ReadItem {
  /** How much the total moves were this item the other way, the rest as read. */
  points: number;
  /** Whether the guess is likely right (not asked). */
  likely: boolean;
}

export interface Doubts {
  /** The uncertain items with their points and whether they are asked, the asked ones first, likeliest wrong first. */
  items: RatedItem[];
  /** The lowest and highest total the asked items allow. */
  range: [number, number];
}

/** Moves an item the other way on the board (a hole or an interior edge). */
function flip(b: Board, it: ReadItem): void {
  const { cols } = b;
  if (it.kind === 'hole') b.hole[it.row * cols + it.col] ^= 1;
  else if (it.kind === 'h') b.h[it.row * cols + it.col] ^= 1;
  else b.v[it.row * (cols + 1) + it.col] ^= 1;
}

/**
 * Rates the uncertain items: what each moves, whether it is asked, and the totals the asked ones allow. Items in
 * `ask` are asked whatever their chance (the rolls' culprits: the count points at them), ahead of the rest, in
 * their order; an item in both lists is rated once, as asked. `likelyRight`: the chance of being wrong under which an
 * item is not asked on its own (the tuning's; tools/diag/ask-policy.ts measures others).
 */
export function rateDoubts(game: GameData, state: SheetState, uncertain: ReadItem[], ask: ReadItem[] = [], likelyRight: number = LIKELY_RIGHT): Doubts {
  const sheet = game.sheets[state.side];
  const board = boardFromState(state, sheet.map, sheet.grid.rows, sheet.grid.cols);
  const total = () => boardTotal(game, sheet, board, state.cards);
  const base = total();
  const moved = (list: ReadItem[]) => {
    for (const it of list) flip(board, it);
    const t = total();
    for (const it of list) flip(board, it);
    return t;
  };
  const rate = (it: ReadItem, likely: boolean): RatedItem => ({ ...it, points: moved([it]) - base, likely });
  const forced = ask.map((it) => rate(it, false));
  const askedAnyway = new Set(ask.map(itemKey));
  const rated = uncertain.filter((it) => !askedAnyway.has(itemKey(it))).map((it) => rate(it, it.chance < likelyRight));
  // Doubtful items that move nothing alone may together (two edges closing one region): each pair is tried.
  const quiet = [...forced, ...rated].filter((r) => !r.likely && r.points === 0).sort((a, b) => b.chance - a.chance).slice(0, PAIRS_OF);
  const together = new Set<RatedItem>();
  for (let a = 0; a < quiet.length; a++)
    for (let b = a + 1; b < quiet.length; b++)
      if (moved([quiet[a], quiet[b]]) !== base) {
        together.add(quiet[a]);
        together.add(quiet[b]);
      }
  for (const r of rated) if (!r.likely && r.points === 0 && !together.has(r)) r.likely = true;
  // Several items each likely right may still together leave the total wrong: asked where the chance that the
  // item is wrong and the total turns on it, the others drawn as they may really be, is not small.
  const pivotal = pivotalChances([...forced, ...rated], moved, base);
  for (const r of rated) if (r.likely && (pivotal.get(r) ?? 0) >= likelyRight) r.likely = false;
  const order = (x: RatedItem, y: RatedItem) => Number(x.likely) - Number(y.likely) || y.chance - x.chance;
  const items = [...forced, ...rated.sort(order)];
  return { items, range: totalRange(base, items.filter((r) => !r.likely), moved) };
}

/**
 * For each item, the chance that it is wrong and the total turns on it: sheets are drawn with every doubtful item
 * wrong at its chance, and an item counts in a draw where it is wrong and putting it back moves that draw's total.
 */
export function pivotalChances(items: RatedItem[], moved: (list: ReadItem[]) => number, base: number): Map<RatedItem, number> {
  const drawn = items.filter((r) => r.chance >= DRAWN_FROM).sort((a, b) => b.chance - a.chance).slice(0, DRAWN_MOST);
  const counts = new Map<RatedItem, number>();
  const wrongIn = new Map<RatedItem, number>();
  const random = rng(1);
  // each set of drawn items is scored once, keyed by its items' places in `drawn` (a character each)
  const totals = new Map<string, number>();
  const totalOf = (key: string, list: () => RatedItem[]) => {
    let t = totals.get(key);
    if (t === undefined) totals.set(key, (t = key.length ? moved(list()) : base));
    return t;
  };
  for (let d = 0; d < DRAWS; d++) {
    const wrong: RatedItem[] = [];
    let key = '';
    for (let i = 0; i < drawn.length; i++) {
      if (random() < drawn[i].chance) {
        wrong.push(drawn[i]);
        key += String.fromCharCode(i);
      }
    }
    if (wrong.length === 0) continue;
    const t = totalOf(key, () => wrong);
    wrong.forEach((r, j) => {
      wrongIn.set(r, (wrongIn.get(r) ?? 0) + 1);
      if (totalOf(key.slice(0, j) + key.slice(j + 1), () => wrong.filter((x) => x !== r)) !== t) counts.set(r, (counts.get(r) ?? 0) + 1);
    });
  }
  // the item's chance times how often the total turns on it where it is wrong: a count of the draws alone would
  // let an item stated 3% wrong come out 5% by the luck of the draw
  return new Map([...counts].map(([r, n]) => [r, (r.chance * n) / wrongIn.get(r)!]));
}

/** The lowest and highest total the asked items allow: every combination of them, or each alone past RANGE_ALL. */
function totalRange(base: number, asked: RatedItem[], moved: (list: ReadItem[]) => number): [number, number] {
  let lo = base;
  let hi = base;
  if (asked.length <= RANGE_ALL) {
    for (let mask = 1; mask < 1 << asked.length; mask++) {
      const t = moved(asked.filter((_, k) => mask & (1 << k)));
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
  } else {
    for (const r of asked) {
      lo = Math.min(lo, base + r.points);
      hi = Math.max(hi, base + r.points);
    }
  }
  return [lo, hi];
}

