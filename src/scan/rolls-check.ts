/**
 * A reading checked against the table's rolls. The rolls fix how many holes and (within the special fences'
 * range) how many fence edges a finished sheet holds; where the reading's count disagrees, something was misread
 * that the scanner's own doubts may have passed over (a lightly drawn X read as blank, an erased stroke read as
 * a fence). The culprits are the items whose switch moves the count toward the rolls, the likeliest wrong first
 * by the scanner's own chances: they are asked for a person to check. Nothing is switched here: at most one
 * switch is proposed, for a tap.
 */
import { boardFromState, type Board } from '../engine/board.js';
import { onFence } from '../engine/moves.js';
import { toggleItem } from '../engine/review.js';
import { checkRolls, describeRollsCheck, fenceExcess, RollsError, rollsQuestion, validateRolls, type Roll, type RollsCheck } from '../engine/rolls.js';
import type { GameData, SheetState } from '../engine/types.js';
import { OptionError } from '../errors.js';
import type { ReadItem } from './read.js';

/** An edge or a cell, as the count points at it. */
export type RollsItem = Pick<ReadItem, 'kind' | 'row' | 'col'>;

export interface RollsReview {
  /** The rolls checked against. */
  rolls: Roll[];
  check: RollsCheck;
  /** "checked against 15 rolls: holes 3 of 3, fence edges 118 (expected 116-119)", or what disagrees. */
  summary: string;
  /** For the player where it disagrees: "The rolls gave 3 holes; 2 were read: is one of these a hole?" */
  note: string | null;
  /** The items the count points at, likeliest wrong first (they lead the scan's uncertain items, asked). */
  culprits: RollsItem[];
  /** The one switch that makes the count agree, where the models clearly favour it over the others. */
  proposal?: RollsItem;
}

/** The review as the scan JSON's `rollsCheck` (docs/formats.md): the check with its summary, note, culprits and proposal. */
export function rollsCheckJson(r: RollsReview) {
  return { ...r.check, summary: r.summary, note: r.note, culprits: r.culprits, ...(r.proposal ? { proposal: r.proposal } : {}) };
}

/** Culprits listed beyond the count's shortfall: a person picks among a few, not one. */
const SPARE = 2;
const MOST = 8;
/** A proposal's chance must be this many times the next candidate's, and at least this (the models see a real chance). */
const CLEAR_LEAD = 2;
const PLAUSIBLE = 0.05;

const itemOf = ({ kind, row, col }: RollsItem): RollsItem => ({ kind, row, col });

/**
 * The reading against the rolls: the check, and where it disagrees the culprits, taken from `items` (every edge
 * and cell read, with the models' chance that each is wrong), with their chances for the doubts. Rolls that do
 * not fit the sheet's side (given before its QR code was read) are an OptionError.
 */
export function reviewAgainstRolls(
  game: GameData,
  state: SheetState,
  items: readonly ReadItem[],
  rolls: readonly Roll[],
  center: [number, number],
  /** The photo's name, for messages. */
  name = 'photo',
): { review: RollsReview; culprits: ReadItem[] } {
  // Rolls given before the side was known (from the QR code) may not fit it: 16 turns, or a double 1 on sheet A.
  try {
    validateRolls(game, state.side, rolls);
  } catch (e) {
    if (e instanceof RollsError) throw new OptionError('rolls', `${name}: these rolls do not fit sheet ${state.side}: ${e.message}`);
    throw e;
  }
  const check = checkRolls(game, state, rolls);
  const review: RollsReview = { rolls: rolls.map((r) => [r[0], r[1]]), check, summary: describeRollsCheck(check), note: rollsQuestion(check), culprits: [] };
  if (check.agrees) return { review, culprits: [] };

  const sheet = game.sheets[state.side];
  const board = boardFromState(state, sheet.map, sheet.grid.rows, sheet.grid.cols);
  const picked: ReadItem[] = [];
  const pick = (candidates: ReadItem[], short: number) => {
    const ranked = [...candidates].sort((a, b) => b.chance - a.chance);
    picked.push(...ranked.slice(0, Math.min(MOST, short + SPARE)));
  };
  const holeShort = check.holes !== null && check.expected.holes !== null ? check.expected.holes - check.holes : 0;
  const cells = items.filter((it) => it.kind === 'hole');
  const edges = items.filter((it) => it.kind !== 'hole');
  // A missed hole is a blank cell where a hole may go; a missed fence a blank edge a fence can reach.
  if (holeShort > 0) pick(cells.filter((it) => !it.value && holeCanGo(board, it, center)), holeShort);
  if (holeShort < 0) pick(cells.filter((it) => it.value), -holeShort);
  const excess = fenceExcess(check);
  if (excess < 0) pick(edges.filter((it) => !it.value && fenceCanReach(board, it, center)), -excess);
  if (excess > 0) pick(edges.filter((it) => it.value), excess);
  const culprits = picked.sort((a, b) => b.chance - a.chance);
  review.culprits = culprits.map(itemOf);

  // One switch that makes the whole count agree, when the likeliest culprit is clearly ahead of the next one.
  if (Math.abs(holeShort) + Math.abs(excess) === 1 && culprits.length) {
    const [first, second] = culprits;
    const fixes = checkRolls(game, toggleItem(state, itemOf(first)), rolls).agrees;
    if (fixes && first.chance >= PLAUSIBLE && (!second || first.chance >= CLEAR_LEAD * second.chance)) review.proposal = itemOf(first);
  }
  return { review, culprits };
}

const isCenter = (v: [number, number], center: [number, number]) => v[0] === center[0] && v[1] === center[1];

/** A hole goes in a cell with a corner on the center point or on a fence. */
function holeCanGo(b: Board, it: ReadItem, center: [number, number]): boolean {
  const { row: r, col: c } = it;
  const corners: [number, number][] = [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]];
  return corners.some((v) => isCenter(v, center) || onFence(b, v));
}

/** A fence grows from a fence or from the center: a blank edge one of whose ends touches either. */
function fenceCanReach(b: Board, it: ReadItem, center: [number, number]): boolean {
  const ends: [number, number][] = it.kind === 'h' ? [[it.row, it.col], [it.row, it.col + 1]] : [[it.row, it.col], [it.row + 1, it.col]];
  return ends.some((v) => isCenter(v, center) || onFence(b, v));
}
