/**
 * The table's dice and what they imply for a sheet. Every player draws from the same roll, so the list of rolls
 * fixes how much a finished sheet holds: on sheet A one hole for every turn with a 1 (the left neighbour's X)
 * and the dice's fences; on sheet B the fences of all dice; on both, one special fence at each pause reached.
 * Which faces draw what, the turns and the pauses are data (templates/), not code. Pure: shared with the page.
 */
import { specialEdges } from './moves.js';
import type { GameData, SheetDef, SheetState, Side } from './types.js';

/** One turn's two dice, as rolled (a re-rolled pair is not listed). */
export type Roll = [number, number];

/** What a list of rolls implies for a sheet played from it. */
export interface RollsExpectation {
  turns: number;
  /** Pauses reached (a special fence drawn at each). */
  pauses: number;
  /** Player holes (sheet A); null where no face draws a hole (sheet B). */
  holes: number | null;
  /** Fence edges (interior unit edges): the dice's, plus the specials' (a range when which specials is unknown). */
  fences: { min: number; max: number };
}

/** A sheet read or drawn, counted against the rolls. */
export interface RollsCheck {
  expected: RollsExpectation;
  /** Holes on the sheet (player holes; null on a sheet without hole faces). */
  holes: number | null;
  fences: number;
  holesAgree: boolean;
  fencesAgree: boolean;
  agrees: boolean;
}

export class RollsError extends Error {
  readonly code = 'BAD_ROLLS';
}

/** Whether a pair is rolled again: both dice draw a hole (a double 1 on sheet A), which the rules cancel. */
export function isReroll(sheet: SheetDef, roll: Roll): boolean {
  return roll.every((d) => sheet.dieLegend.find((f) => f.face === d)?.draws === 'hole');
}

/** Checks a list of rolls against a sheet side: two faces a turn, no more turns than the timeline, no re-rolled pair. */
export function validateRolls(game: GameData, side: Side, rolls: unknown): Roll[] {
  const sheet = game.sheets[side];
  if (!Array.isArray(rolls)) throw new RollsError('expected a list of rolls, each two dice [a, b]');
  const faces = sheet.dieLegend.map((f) => f.face);
  rolls.forEach((r, i) => {
    if (!Array.isArray(r) || r.length !== 2 || !r.every((d) => Number.isInteger(d) && faces.includes(d))) {
      throw new RollsError(`roll ${i + 1}: expected two dice from ${Math.min(...faces)} to ${Math.max(...faces)}, found ${JSON.stringify(r)}`);
    }
    if (isReroll(sheet, r as Roll)) throw new RollsError(`roll ${i + 1}: a double ${r[0]} is rolled again, so it is never a turn`);
  });
  if (rolls.length > sheet.timeline.turns) {
    throw new RollsError(`${rolls.length} rolls, but sheet ${side} has ${sheet.timeline.turns} turns`);
  }
  return rolls.map((r) => [r[0], r[1]] as Roll);
}

/** Parses rolls written as "3,4 1,6 ..." (turns separated by spaces, dice by a comma; "3-4" or "34" work too). */
export function parseRolls(text: string): Roll[] {
  const turns = text.trim().split(/[\s;]+/).filter(Boolean);
  return turns.map((t, i) => {
    const m = /^\[?([1-9])\s*[,\-+/]?\s*([1-9])\]?$/.exec(t);
    if (!m) throw new RollsError(`turn ${i + 1}: "${t}" is not two dice (write each turn as a,b: "3,4 1,6 ...")`);
    return [Number(m[1]), Number(m[2])] as Roll;
  });
}

/** The lengths of the special fences, shortest first. */
function specialLengths(game: GameData): number[] {
  return game.specialFences.map((s) => specialEdges(s).length).sort((a, b) => a - b);
}

/**
 * What the rolls imply for a sheet of `side`: its holes, and its fence edges: the dice's fences plus one special
 * at each pause reached, either the ones named in `specials` (ids) or any, which gives a range (19 to 22 edges for
 * Baako's three pauses).
 */
export function expectFromRolls(game: GameData, side: Side, rolls: readonly Roll[], specials?: readonly number[]): RollsExpectation {
  const sheet = game.sheets[side];
  const hasHoles = sheet.dieLegend.some((f) => f.draws === 'hole');
  let holes = 0;
  let edges = 0;
  for (const roll of rolls) {
    for (const d of roll) {
      const face = sheet.dieLegend.find((f) => f.face === d);
      if (!face) throw new RollsError(`a die has no face ${d}`);
      if (face.draws === 'hole') holes++;
      else edges += face.length ?? d;
    }
  }
  const pauses = sheet.timeline.pausesAfter.filter((t) => t <= rolls.length).length;
  let min: number;
  let max: number;
  if (specials) {
    if (specials.length !== pauses) throw new RollsError(`${specials.length} special fences named, but the rolls reach ${pauses} pause${pauses === 1 ? '' : 's'}`);
    const sum = specials.reduce((n, id) => {
      const s = game.specialFences.find((f) => f.id === id);
      if (!s) throw new RollsError(`there is no special fence ${id}`);
      return n + specialEdges(s).length;
    }, 0);
    min = max = edges + sum;
  } else {
    const lengths = specialLengths(game);
    min = edges + lengths.slice(0, pauses).reduce((a, b) => a + b, 0);
    max = edges + lengths.slice(lengths.length - pauses).reduce((a, b) => a + b, 0);
  }
  return { turns: rolls.length, pauses, holes: hasHoles ? holes : null, fences: { min, max } };
}

/** Interior fenced unit edges of a sheet (the borderline is not counted). */
export function countFenceEdges(state: SheetState): number {
  const { h, v } = state.fences;
  const rows = v.length;
  let n = 0;
  for (let i = 1; i < rows; i++) for (const ch of h[i]) if (ch === '1') n++;
  for (const line of v) for (let j = 1; j < line.length - 1; j++) if (line[j] === '1') n++;
  return n;
}

/** A sheet against the rolls it was played from: holes exactly, fence edges within the range. */
export function checkRolls(game: GameData, state: SheetState, rolls: readonly Roll[], specials?: readonly number[]): RollsCheck {
  const expected = expectFromRolls(game, state.side, rolls, specials);
  const holes = expected.holes === null ? null : state.holes.length;
  const fences = countFenceEdges(state);
  const holesAgree = expected.holes === null || holes === expected.holes;
  const fencesAgree = fences >= expected.fences.min && fences <= expected.fences.max;
  return { expected, holes, fences, holesAgree, fencesAgree, agrees: holesAgree && fencesAgree };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const range = (r: { min: number; max: number }) => (r.min === r.max ? `${r.min}` : `${r.min}-${r.max}`);

/** How far the fence edges are from the range: negative when short, positive when over, 0 inside it. */
export function fenceExcess(c: RollsCheck): number {
  if (c.fences < c.expected.fences.min) return c.fences - c.expected.fences.min;
  if (c.fences > c.expected.fences.max) return c.fences - c.expected.fences.max;
  return 0;
}

/**
 * One line for people: "checked against 15 rolls: holes 3 of 3, fence edges 118 (expected 116-119)", or what
 * disagrees: "holes 2 of 3 (1 missing)", "fence edges 121 (expected 116-119: 2 too many)".
 */
export function describeRollsCheck(c: RollsCheck): string {
  const parts: string[] = [];
  if (c.holes !== null && c.expected.holes !== null) {
    const d = c.holes - c.expected.holes;
    parts.push(`holes ${c.holes} of ${c.expected.holes}${d < 0 ? ` (${-d} missing)` : d > 0 ? ` (${d} too many)` : ''}`);
  }
  const x = fenceExcess(c);
  parts.push(`fence edges ${c.fences} (expected ${range(c.expected.fences)}${x < 0 ? `: ${-x} too few` : x > 0 ? `: ${x} too many` : ''})`);
  return `${c.agrees ? 'checked against' : 'does not agree with'} ${plural(c.expected.turns, 'roll')}: ${parts.join(', ')}`;
}

/**
 * What to tell a player whose sheet disagrees, or null. For a scan (`read`), a question about the spots shown:
 * "The rolls gave 3 holes; 2 were read: is one of these a hole?"; for a sheet as confirmed (`sheet`), the fact:
 * "The rolls gave 3 holes; this sheet has 2."
 */
export function rollsQuestion(c: RollsCheck, of: 'read' | 'sheet' = 'read'): string | null {
  const ask = (n: number, noun: string, not: boolean, least = '') =>
    `${n === 1 ? `is ${least}one` : `are ${least}${n}`} of these ${not ? 'not ' : ''}${n === 1 ? `a ${noun}` : `${noun}s`}`;
  const tell = (gave: string, n: number, question: string) =>
    of === 'read' ? `${gave}; ${n} ${n === 1 ? 'was' : 'were'} read: ${question}?` : `${gave}; this sheet has ${n}`;
  const parts: string[] = [];
  if (!c.holesAgree && c.holes !== null && c.expected.holes !== null) {
    const d = c.expected.holes - c.holes;
    parts.push(tell(`the rolls gave ${plural(c.expected.holes, 'hole')}`, c.holes, ask(Math.abs(d), 'hole', d < 0)));
  }
  const x = fenceExcess(c);
  if (x !== 0) {
    // (within a range, the count says how many at least)
    const least = c.expected.fences.min === c.expected.fences.max ? '' : 'at least ';
    parts.push(tell(`the rolls allow ${range(c.expected.fences)} fence edges`, c.fences, ask(Math.abs(x), 'fence', x > 0, least)));
  }
  if (!parts.length) return null;
  const text = parts.map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join(of === 'read' ? ' ' : '. ');
  return of === 'read' ? text : `${text}.`;
}

/** What a turn's roll means at the table, for the host page and the phones. */
export interface TurnInfo {
  turn: number;
  turns: number;
  /** The sentences to show, in order (a hole to pass, a pause, the last turn). */
  says: string[];
  /** A special fence is drawn after this turn. */
  pause: boolean;
  last: boolean;
}

export function turnInfo(game: GameData, side: Side, turn: number, roll: Roll, rerolled = 0): TurnInfo {
  const sheet = game.sheets[side];
  const turns = sheet.timeline.turns;
  const says: string[] = [];
  if (rerolled) says.push(`double ${doubleFace(sheet)}: rolled again${rerolled > 1 ? ` (${rerolled} times)` : ''}`);
  for (const d of roll) {
    const face = sheet.dieLegend.find((f) => f.face === d);
    if (face?.draws === 'hole') says.push(`a ${d}: pass your sheet left, your neighbour marks a hole`);
  }
  const pause = sheet.timeline.pausesAfter.includes(turn);
  if (pause) says.push('pause: draw a special fence and cross it out');
  const last = turn === turns;
  if (last) says.push('last turn: score your sheet');
  return { turn, turns, says, pause, last };
}

/** The face whose double is rolled again (1 on sheet A). */
function doubleFace(sheet: SheetDef): number {
  return sheet.dieLegend.find((f) => f.draws === 'hole')?.face ?? 1;
}
