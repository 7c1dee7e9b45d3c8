/** Validation of the printing commands' options and output paths: every failure is one line (an OptionError names the option). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { findCard, UnknownCardError } from '../engine/cards.js';
import type { GameSetup, Paper } from '../engine/setup.js';
import type { GameData, Side } from '../engine/types.js';
import { DataError, OptionError, UserError } from '../errors.js';

export const SEED_RE = /^[A-Za-z0-9_-]{1,40}$/;
export const MAX_PLAYERS = 100;

export function parseSide(v: unknown): Side {
  const s = String(v ?? '').toUpperCase();
  if (s !== 'A' && s !== 'B') throw new OptionError('side', `unknown side "${v}" (expected A or B)`);
  return s;
}

export function parsePaper(v: unknown): Paper {
  const s = String(v ?? '').toLowerCase();
  if (s !== 'a4' && s !== 'letter') throw new OptionError('paper', `unknown paper "${v}" (expected a4 or letter)`);
  return s;
}

export function parseSeed(v: unknown): string {
  if (v === undefined || v === null || v === '') return randomBytes(4).toString('hex');
  const s = String(v);
  if (!SEED_RE.test(s)) throw new OptionError('seed', `"${s}" is not a seed (1 to 40 letters, digits, "_" or "-")`);
  return s;
}

/**
 * A whole number written in plain decimal digits ("4", not "4.0", "0x10" or "1e2", which JavaScript's Number()
 * would take) from `min` to `max`, for option `option` (named without dashes).
 */
export function parseWhole(v: unknown, option: string, min: number, max: number, what = `a whole number from ${min} to ${max}`): number {
  const s = String(v ?? '').trim();
  if (!/^\d{1,15}$/.test(s)) throw new OptionError(option, `"${s.slice(0, 40)}" is not ${what} (write it in digits, like ${Math.min(max, Math.max(min, 4))})`);
  const n = Number(s);
  if (n < min || n > max) throw new OptionError(option, `"${s}" is not ${what}`);
  return n;
}

export function parsePlayers(v: unknown, option = 'players'): number {
  if (v === undefined || v === null || v === '') throw new OptionError(option, `missing: a number of players from 1 to ${MAX_PLAYERS}`);
  return parseWhole(v, option, 1, MAX_PLAYERS, `a number of players from 1 to ${MAX_PLAYERS}`);
}

/** "X,Y" in millimetres (each within +-20 mm). */
export function parseOffset(v: unknown): { x: number; y: number } {
  if (v === undefined || v === null) return { x: 0, y: 0 };
  if (v === '') throw new OptionError('back-offset', 'missing: X,Y in millimetres (e.g. 1.5,-0.5)');
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(String(v));
  if (!m) throw new OptionError('back-offset', `"${v}" is not X,Y in millimetres (e.g. 1.5,-0.5)`);
  const x = Number(m[1]);
  const y = Number(m[2]);
  if (Math.abs(x) > 20 || Math.abs(y) > 20) throw new OptionError('back-offset', `${x},${y} mm is more than 20 mm: measure it again on the calibration page`);
  return { x, y };
}

/** Reads a game.json written by `baako pack` (the setup) and checks it against the game's cards. */
export function readSetupFile(game: GameData, path: string): GameSetup & { paper?: Paper } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw DataError.unreadable(path, e);
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new DataError(path, undefined, `malformed JSON (${(e as Error).message})`, 'malformed-file');
  }
  if (!json || typeof json !== 'object') throw new DataError(path, undefined, 'expected a game setup object');
  const { id, seed, side, cards, players, paper } = json;
  if (typeof id !== 'string' || !id) throw new DataError(path, 'id', 'expected a string');
  if (typeof seed !== 'string' || !SEED_RE.test(seed)) throw new DataError(path, 'seed', 'expected a seed (1 to 40 letters, digits, "_" or "-")');
  if (side !== 'A' && side !== 'B') throw new DataError(path, 'side', 'expected "A" or "B"');
  if (!Array.isArray(cards) || cards.length !== game.types.length || cards.some((c) => typeof c !== 'string')) {
    throw new DataError(path, 'cards', `expected the ${game.types.length} card names in play`);
  }
  const names = (cards as string[]).map((c, i) => {
    try {
      return findCard(game, c).name;
    } catch (e) {
      if (e instanceof UnknownCardError) throw new DataError(path, `cards[${i}]`, e.message);
      throw e;
    }
  });
  const p = players === undefined ? 1 : players;
  if (!Number.isInteger(p) || (p as number) < 1 || (p as number) > MAX_PLAYERS) throw new DataError(path, 'players', `expected 1 to ${MAX_PLAYERS}`);
  if (paper !== undefined && paper !== 'a4' && paper !== 'letter') throw new DataError(path, 'paper', 'expected "a4" or "letter"');
  return { id, seed, side, cards: names, players: p as number, ...(paper ? { paper: paper as Paper } : {}) };
}

/**
 * Where a command writes one PDF: `--out` names a .pdf file, or a folder to put `defaultName` in (default out/).
 * An existing file is refused unless `force`.
 */
export function resolvePdfPath(out: string | undefined, defaultName: string): string {
  const target = out ?? 'out';
  const isFile = extname(target).toLowerCase() === '.pdf';
  const path = resolve(isFile ? target : join(target, defaultName));
  return path;
}

/** Refuses to replace existing files unless `force`; checks that their folder exists or can be made. */
export function checkWritable(paths: string[], force: boolean): void {
  for (const p of paths) {
    if (existsSync(p)) {
      if (statSync(p).isDirectory()) throw new UserError(`${shown(p)} is a folder, not a file`, 2, 'not-a-file');
      if (!force) throw new UserError(`${shown(p)} already exists: use --force to replace it`, 2, 'file-exists');
    }
  }
}

export function shown(p: string): string {
  const cwd = process.cwd();
  return p.startsWith(cwd + '/') ? p.slice(cwd.length + 1) : p;
}

export function parentOf(p: string): string {
  return dirname(p);
}
