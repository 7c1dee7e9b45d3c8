/**
 * The table's dice at a game night: the host rolls two dice on the server (a cryptographic random source), the
 * rules cancel a double 1 on sheet A (rolled again at once, shown), and every page of the game is told. Rolls are
 * stored with the game (they survive a restart), kept in its game.json for `baako scan --game`, and undone only
 * by marking them so: the history stays.
 */
import { randomInt } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isReroll, turnInfo, type Roll } from '../engine/rolls.js';
import type { GameData } from '../engine/types.js';
import { writeFileDurable } from './durable.js';
import type { DiceState, DiceTurn } from './protocol.js';
import type { GameRow, RollRow, Store } from './store.js';

/** One die: 1 to 6. Tests inject their own (`ServeOptions.dice`). */
export type DieSource = () => number;

export const cryptoDie: DieSource = () => randomInt(1, 7);

/** A source that keeps rolling double 1s is broken, not unlucky (36^-20): stop rather than loop. */
const MAX_REROLLS = 20;

type Refusal = { ok: false; status: number; error: string };
export type RollOutcome = { ok: true; turn: DiceTurn } | Refusal;

/** The game's dice as the pages show them. */
export function diceState(store: Store, rules: GameData, g: GameRow, history: RollRow[] = store.listRolls(g.id)): DiceState {
  const sheet = rules.sheets[g.side];
  const rolls: DiceTurn[] = [];
  let pending: Roll[] = [];
  for (const r of history) {
    if (r.status === 'rerolled') pending.push(r.dice);
    else {
      if (r.status === 'kept') {
        const info = turnInfo(rules, g.side, r.turn, r.dice, pending.length);
        rolls.push({ turn: r.turn, dice: r.dice, rerolled: pending, says: info.says, pause: info.pause, last: info.last, at: r.at });
      }
      pending = [];
    }
  }
  const turns = sheet.timeline.turns;
  return {
    gameId: g.id,
    side: g.side,
    turns,
    pausesAfter: sheet.timeline.pausesAfter,
    rolls,
    history: history.map((r) => ({ seq: r.seq, turn: r.turn, dice: r.dice, status: r.status, at: r.at })),
    next: rolls.length < turns ? rolls.length + 1 : null,
    playersRoll: sheet.mode === 'solo',
    version: history.length + history.filter((r) => r.status === 'undone').length,
  };
}

/** Rolls turn `turn` (the next one; anything else is a second tap or another page's roll: refused). */
export function rollTurn(store: Store, rules: GameData, g: GameRow, turn: unknown, die: DieSource): RollOutcome {
  const sheet = rules.sheets[g.side];
  const next = store.keptRolls(g.id).length + 1;
  if (next > sheet.timeline.turns) return { ok: false, status: 409, error: `All ${sheet.timeline.turns} turns are rolled: undo the last one to roll it again` };
  if (turn !== undefined && turn !== next) {
    return { ok: false, status: 409, error: Number.isInteger(turn) && (turn as number) < next ? `Turn ${turn} is already rolled` : `Turn ${next} comes first` };
  }
  const rerolled: Roll[] = [];
  for (;;) {
    const pair: Roll = [die(), die()];
    if (!pair.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)) throw new Error(`the dice gave ${pair}`);
    if (!isReroll(sheet, pair)) {
      if (!store.addRoll(g.id, next, rerolled, pair, Date.now())) return { ok: false, status: 409, error: `Turn ${next} is already rolled` };
      break;
    }
    rerolled.push(pair);
    if (rerolled.length > MAX_REROLLS) throw new Error('the dice keep rolling a double 1');
  }
  const state = diceState(store, rules, g);
  return { ok: true, turn: state.rolls[state.rolls.length - 1] };
}

/** Undoes turn `turn`, the last one rolled (a misclick); refused for any other. */
export function undoTurn(store: Store, g: GameRow, turn: number): { ok: true } | Refusal {
  const last = store.keptRolls(g.id).length;
  if (last === 0) return { ok: false, status: 409, error: 'No roll to undo' };
  if (turn !== last) return { ok: false, status: 409, error: `Only the last turn (${last}) can be undone` };
  if (!store.undoRoll(g.id, turn)) return { ok: false, status: 409, error: `Turn ${turn} was already undone` };
  return { ok: true };
}

/**
 * Keeps a game's game.json (for `baako scan --game`) in step with its rolls; other keys stay as written. Rewritten
 * only when its rolls differ (so a start can call it for every game). Returns whether it was rewritten.
 */
export function syncGameJson(store: Store, gameId: string): boolean {
  const file = join(store.gameDir(gameId), 'game.json');
  // A write a stop cut off: game.json itself is whole (written to .part, then renamed).
  rmSync(`${file}.part`, { force: true });
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return false;
  }
  const rolls = store.keptRolls(gameId);
  if (JSON.stringify(json.rolls ?? []) === JSON.stringify(rolls)) return false;
  json.rolls = rolls;
  writeFileDurable(file, JSON.stringify(json, null, 2) + '\n');
  return true;
}

/** At a start: every game's game.json in step with the rolls the database kept (a stop may come between the two). */
export function syncAllGameJson(store: Store, log: (line: string) => void = () => undefined): void {
  const fixed = store.gameIds().filter((id) => syncGameJson(store, id)).length;
  if (fixed) log(`recovered: ${fixed} game.json brought in step with the rolls`);
}
