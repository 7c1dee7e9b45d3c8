/**
 * A reading checked against the table's rolls. The rolls fix how many holes and (within the special fences'
 * range) how many fence edges a finished sheet holds; where the reading's count disagrees, something was misread
 * that the scanner's local doubts may have passed over (a densely shaded hole read as blank, an erased stroke
 * read as a fence). The likeliest culprits, by the scanner's own chance of each item's reading being wrong, join
 * the doubts for a person to check. Nothing is switched here: at most one switch is proposed, for a tap.
 */
import { boardFromState, type Board } from '../engine/board.js';
import { onFence } from '../engine/moves.js';
import { toggleItem, type ReviewItem } from '../engine/review.js';
import { checkRolls, describeRollsCheck, fenceExcess, RollsError, rollsQuestion, validateRolls, type Roll, type RollsCheck } from '../engine/rolls.js';
import type { GameData, SheetState } from '../engine/types.js';
import { UserError } from '../errors.js';
import type { InkCalibration } from './classify.js';
import { edgeInputs, fenceProbability } from './edge-model.js';
import type { CellFeature, EdgeFeature } from './features.js';
import { holeInputs, holeProbability } from './hole-model.js';

type Item = { kind: 'h' | 'v' | 'hole'; row: number; col: number };

export interface RollsReview {
  /** The rolls checked against. */
  rolls: Roll[];
  check: RollsCheck;
  /** "checked against 15 rolls: holes 3 of 3, fence edges 118 (expected 116-119)", or what disagrees. */
  summary: string;
  /** For the player where it disagrees: "The rolls gave 3 holes; 2 were read: is one of these a hole?" */
  note: string | null;
  /** The items the count points at, likeliest wrong first (already doubted or not). */
  culprits: Item[];
  /** The one switch that makes the count agree, where the models clearly favour it over the others. */
  proposal?: Item;
}

/** What the reading's models know, to weigh items they were sure of (computed only when the count disagrees). */
export interface ReadingModels {
  edges: EdgeFeature[];
  cells: CellFeature[];
  cal: InkCalibration;
  center: [number, number];
}

/** Culprits listed beyond the count's shortfall: a person picks among a few, not one. */
const SPARE = 2;
const MOST = 8;
/** A proposal's chance must be this many times the next candidate's, and at least this (the models see a real chance). */
const CLEAR_LEAD = 2;
const PLAUSIBLE = 0.05;

const keyOf = (u: Item) => `${u.kind}${u.row},${u.col}`;

/**
 * The reading against the rolls: the check, and where it disagrees the culprits, which join the doubts first
 * (with their chances), so `uncertain` and `risks` come back with them in front.
 */
export function reviewAgainstRolls(
  game: GameData,
  reading: { state: SheetState; uncertain: Item[]; risks: number[] },
  rolls: readonly Roll[],
  models: ReadingModels,
): { review: RollsReview; uncertain: Item[]; risks: number[] } {
  const { state } = reading;
  // Rolls given before the side was known (from the QR code) may not fit it: 16 turns, or a double 1 on sheet A.
  try {
    validateRolls(game, state.side, rolls);
  } catch (e) {
    if (e instanceof RollsError) throw new UserError(`the rolls do not fit sheet ${state.side}: ${e.message}`);
    throw e;
  }
  const check = checkRolls(game, state, rolls);
  const review: RollsReview = { rolls: [...rolls], check, summary: describeRollsCheck(check), note: rollsQuestion(check), culprits: [] };
  if (check.agrees) return { review, uncertain: reading.uncertain, risks: reading.risks };

  const board = boardFromState(state, game.sheets[state.side].map);
  const chance = chances(reading, board, models);
  const candidates: Item[] = [];
  const pick = (items: Item[], short: number) => {
    const ranked = items.map((it) => ({ it, p: chance(it) })).sort((a, b) => b.p - a.p);
    candidates.push(...ranked.slice(0, Math.min(MOST, short + SPARE)).map((r) => r.it));
  };
  const holeShort = check.holes !== null && check.expected.holes !== null ? check.expected.holes - check.holes : 0;
  if (holeShort > 0) pick(blankCells(board, models.center), holeShort);
  if (holeShort < 0) pick(state.holes.map(([row, col]) => ({ kind: 'hole', row, col })), -holeShort);
  const excess = fenceExcess(check);
  if (excess < 0) pick(edgesWhere(board, (v) => !v, models.center), -excess);
  if (excess > 0) pick(edgesWhere(board, (v) => !!v), excess);
  review.culprits = candidates;

  // One switch that makes the whole count agree, when the likeliest culprit is clearly ahead of the next one.
  if (Math.abs(holeShort) + Math.abs(excess) === 1 && candidates.length) {
    const [first, second] = candidates;
    const fixes = checkRolls(game, toggleItem(state, first as ReviewItem), rolls).agrees;
    if (fixes && chance(first) >= PLAUSIBLE && (!second || chance(first) >= CLEAR_LEAD * chance(second))) review.proposal = first;
  }

  // The culprits first, then the other doubts in their order.
  const inFront = new Set(candidates.map(keyOf));
  const rest = reading.uncertain.map((u, i) => ({ u, r: reading.risks[i] })).filter((x) => !inFront.has(keyOf(x.u)));
  return {
    review,
    uncertain: [...candidates.map((c) => ({ kind: c.kind, row: c.row, col: c.col })), ...rest.map((x) => x.u)],
    risks: [...candidates.map(chance), ...rest.map((x) => x.r)],
  };
}

/** The chance each item's reading is wrong: the doubts' own, else what the models make of the item now. */
function chances(reading: { uncertain: Item[]; risks: number[] }, board: Board, m: ReadingModels): (it: Item) => number {
  const known = new Map(reading.uncertain.map((u, i) => [keyOf(u), reading.risks[i]]));
  let edgeP: Map<string, number> | undefined;
  let cellP: Map<string, number> | undefined;
  return (it) => {
    const k = keyOf(it);
    const doubted = known.get(k);
    if (doubted !== undefined) return doubted;
    if (it.kind === 'hole') {
      cellP ??= new Map(
        m.cells.map((f) => {
          const value = board.hole[f.row * board.cols + f.col];
          const p = holeProbability(holeInputs(f, m.cal, board, m.center, value));
          return [keyOf({ kind: 'hole', row: f.row, col: f.col }), value ? 1 - p : p];
        }),
      );
      return cellP.get(k) ?? 0;
    }
    if (!edgeP) {
      const inputs = edgeInputs(m.edges, board, m.cal, m.center, reading.uncertain.length / Math.max(1, m.edges.length));
      edgeP = new Map(
        m.edges.map((e, i) => {
          const p = fenceProbability(inputs[i]);
          return [keyOf(e), fenceAt(board, e) ? 1 - p : p];
        }),
      );
    }
    return edgeP.get(k) ?? 0;
  };
}

const fenceAt = (b: Board, e: Item) => (e.kind === 'h' ? b.h[e.row * b.cols + e.col] : b.v[e.row * (b.cols + 1) + e.col]);

/** Cells that could be a missed hole: not a hole, a corner on the center point or on a fence (as a hole must). */
function blankCells(b: Board, center: [number, number]): Item[] {
  const out: Item[] = [];
  for (let r = 0; r < b.rows; r++)
    for (let c = 0; c < b.cols; c++) {
      if (b.hole[r * b.cols + c]) continue;
      const corners: [number, number][] = [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]];
      if (corners.some((v) => (v[0] === center[0] && v[1] === center[1]) || onFence(b, v))) out.push({ kind: 'hole', row: r, col: c });
    }
  return out;
}

/** Interior edges whose value passes `test`; blank ones only where they touch a fence or the center (a fence grows from one). */
function edgesWhere(b: Board, test: (v: number) => boolean, center?: [number, number]): Item[] {
  const out: Item[] = [];
  const near = (p: [number, number]) => (center && p[0] === center[0] && p[1] === center[1]) || onFence(b, p);
  for (let r = 1; r < b.rows; r++)
    for (let c = 0; c < b.cols; c++) {
      const it: Item = { kind: 'h', row: r, col: c };
      if (test(fenceAt(b, it)) && (!center || near([r, c]) || near([r, c + 1]))) out.push(it);
    }
  for (let r = 0; r < b.rows; r++)
    for (let c = 1; c < b.cols; c++) {
      const it: Item = { kind: 'v', row: r, col: c };
      if (test(fenceAt(b, it)) && (!center || near([r, c]) || near([r + 1, c]))) out.push(it);
    }
  return out;
}
