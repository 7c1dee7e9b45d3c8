/**
 * Reviewing a scanned sheet: the items a person may switch (an interior edge or a cell's hole) and the state
 * after switching them. Pure, so a browser and a server compute the same sheet.
 */
import type { Cell, SheetState } from './types.js';

/** An edge (`h`: from vertex (row, col) to (row, col+1); `v`: to (row+1, col)) or a cell (`hole`). */
export interface ReviewItem {
  kind: 'h' | 'v' | 'hole';
  row: number;
  col: number;
  /** Not asked: the scanner's guess is likely right, or moves no score: checked last, if at all. */
  likely?: boolean;
  /** The scanner's chance (0..1) that its guess is wrong. */
  chance?: number;
  /** How much the total moves were the item the other way, the rest as read. */
  points?: number;
  /** Doubted because the reading's count disagrees with the table's rolls: one of the likeliest culprits, checked first. */
  rolls?: boolean;
}

/**
 * A scanner's guess with a chance of being wrong under this counts as likely right (not asked on its own). Chosen
 * on the scanner's validation photos with its chances sharpened by each sheet's own doubts (src/scan/chances.ts).
 */
export const LIKELY_RIGHT = 0.025;

/** How many of a reading's doubts it asks about (the rest are likely right or move no points). */
export const askedCount = (items: readonly ReviewItem[]): number => items.filter((u) => !u.likely).length;

export const sameItem = (a: ReviewItem, b: ReviewItem): boolean => a.kind === b.kind && a.row === b.row && a.col === b.col;

/** An item's place as one string (`h4,7`, `hole5,2`), to keep items in sets and maps by where they are. */
export const itemKey = (it: Pick<ReviewItem, 'kind' | 'row' | 'col'>): string => `${it.kind}${it.row},${it.col}`;

/** Whether the item is drawn in the state: the edge fenced, the cell a player's hole. */
export function itemValue(state: SheetState, it: ReviewItem): boolean {
  if (it.kind === 'hole') return state.holes.some(([r, c]) => r === it.row && c === it.col);
  const line = state.fences[it.kind][it.row];
  return line !== undefined && line[it.col] === '1';
}

/** Whether the item lies inside the land and may change (the borderline is always fenced). */
export function isReviewable(state: SheetState, it: ReviewItem): boolean {
  const rows = state.fences.v.length;
  const cols = state.fences.h[0]?.length ?? 0;
  if (!Number.isInteger(it.row) || !Number.isInteger(it.col) || it.row < 0 || it.col < 0) return false;
  if (it.kind === 'hole') return it.row < rows && it.col < cols;
  if (it.kind === 'h') return it.row > 0 && it.row < rows && it.col < cols;
  if (it.kind === 'v') return it.row < rows && it.col > 0 && it.col < cols;
  return false;
}

/** The state with the item switched (a new object; the input is left alone). */
export function toggleItem(state: SheetState, it: ReviewItem): SheetState {
  if (!isReviewable(state, it)) throw new RangeError(`not a reviewable item: ${it.kind} ${it.row},${it.col}`);
  if (it.kind === 'hole') {
    const has = itemValue(state, it);
    const holes: Cell[] = has
      ? state.holes.filter(([r, c]) => !(r === it.row && c === it.col))
      : [...state.holes, [it.row, it.col] as Cell].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return { ...state, holes };
  }
  const lines = [...state.fences[it.kind]];
  const line = lines[it.row];
  lines[it.row] = line.slice(0, it.col) + (line[it.col] === '1' ? '0' : '1') + line.slice(it.col + 1);
  return { ...state, fences: { ...state.fences, [it.kind]: lines } };
}

/** The state with every listed item switched once (an item listed twice is switched back). */
export function applyToggles(state: SheetState, items: readonly ReviewItem[]): SheetState {
  return items.reduce(toggleItem, state);
}

/** A printed hole of sheet B read closed all round, with two or more of its sides among the spots to check. */
export interface ClosedHole<T> {
  row: number;
  col: number;
  /** Its sides to check, in the order they are asked. */
  sides: T[];
}

/**
 * The printed holes (`holes`, the sheet's map) whose sides make up several of `todo`: sheet B's penalty turns on
 * whether a hole is closed all round, which a player sees at one look, so one question settles sides that would
 * otherwise be asked one by one. Only holes read fenced on every side: a side read open is asked on its own. A side
 * shared by two such holes goes with the first.
 */
export function closedHoles<T extends Pick<ReviewItem, 'kind' | 'row' | 'col'>>(state: SheetState, holes: readonly Cell[], todo: readonly T[]): ClosedHole<T>[] {
  const taken = new Set<string>();
  const groups: ClosedHole<T>[] = [];
  for (const [row, col] of holes) {
    const around = [{ kind: 'h', row, col }, { kind: 'h', row: row + 1, col }, { kind: 'v', row, col }, { kind: 'v', row, col: col + 1 }] as const;
    if (!around.every((e) => state.fences[e.kind][e.row][e.col] === '1')) continue;
    const keys = new Set(around.map(itemKey));
    const sides = todo.filter((u) => keys.has(itemKey(u)) && !taken.has(itemKey(u)));
    if (sides.length < 2) continue;
    for (const u of sides) taken.add(itemKey(u));
    groups.push({ row, col, sides });
  }
  return groups;
}

/** Which side of its hole an edge is: top, bottom, left or right. */
export const holeSide = (u: Pick<ReviewItem, 'kind' | 'row' | 'col'>, hole: { row: number; col: number }): 'top' | 'bottom' | 'left' | 'right' =>
  u.kind === 'h' ? (u.row === hole.row ? 'top' : 'bottom') : u.col === hole.col ? 'left' : 'right';

/** Spot numbers as the overlays show them: 1-4 for a run, else 1, 2, 4. */
export const spotNumbers = (ns: number[]): string => (ns.every((n, i) => i === 0 || n === ns[i - 1] + 1) ? `${ns[0]}-${ns[ns.length - 1]}` : ns.join(', '));

/** A closed hole's sides numbered by their place in `list` (the spots as numbered on the overlays), from 1. */
export const sideNumbers = <T>(hole: ClosedHole<T>, list: readonly T[]): string => spotNumbers(hole.sides.map((u) => list.indexOf(u) + 1));
