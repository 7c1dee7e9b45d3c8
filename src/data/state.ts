import { readFileSync } from 'node:fs';
import { findCard, UnknownCardError } from '../engine/cards.js';
import { NotationError, readNotation } from '../engine/notation.js';
import { RollsError, validateRolls, type Roll } from '../engine/rolls.js';
import type { GameData, SheetState } from '../engine/types.js';
import { DataError } from '../errors.js';
import { sheetStateSchema } from './sheet-state-schema.js';
import { zodDataError } from './zod-errors.js';

/**
 * Validates a parsed sheet state against the game (sizes, characters, borderline, card names) and
 * returns it with card names spelled as in the templates. Throws a DataError naming the field.
 */
export function validateState(game: GameData, json: unknown, source: string): SheetState {
  const parsed = sheetStateSchema.safeParse(json);
  if (!parsed.success) throw zodDataError(source, parsed.error);
  const s = parsed.data;
  const { rows, cols } = game.sheets[s.side].grid;
  const fail = (field: string, what: string): never => {
    throw new DataError(source, field, what);
  };
  if (s.cards.length !== 5) fail('cards', `expected the 5 cards in play, found ${s.cards.length}`);
  const cards = s.cards.map((name, i) => {
    try {
      return findCard(game, name).name;
    } catch (e) {
      if (e instanceof UnknownCardError) return fail(`cards[${i}]`, e.message);
      throw e;
    }
  });
  if (new Set(cards).size !== cards.length) fail('cards', 'a card is listed twice');
  const { h, v } = s.fences;
  if (h.length !== rows + 1) fail('fences.h', `expected ${rows + 1} strings (one per vertex row), found ${h.length}`);
  if (v.length !== rows) fail('fences.v', `expected ${rows} strings (one per cell row), found ${v.length}`);
  h.forEach((str, i) => {
    if (str.length !== cols) fail(`fences.h[${i}]`, `expected ${cols} characters, found ${str.length}`);
    if (!/^[01]*$/.test(str)) fail(`fences.h[${i}]`, `expected only "0" and "1", found "${str}"`);
  });
  v.forEach((str, i) => {
    if (str.length !== cols + 1) fail(`fences.v[${i}]`, `expected ${cols + 1} characters, found ${str.length}`);
    if (!/^[01]*$/.test(str)) fail(`fences.v[${i}]`, `expected only "0" and "1", found "${str}"`);
  });
  if (!/^1+$/.test(h[0]) || !/^1+$/.test(h[rows])) fail(`fences.h[${/^1+$/.test(h[0]) ? rows : 0}]`, 'the borderline must be all "1"');
  v.forEach((str, i) => {
    if (str[0] !== '1' || str[cols] !== '1') fail(`fences.v[${i}]`, 'the borderline (first and last character) must be "1"');
  });
  const inLand = (field: string) => ([r, c]: [number, number], i: number) => {
    if (r >= rows || c >= cols) fail(`${field}[${i}]`, `cell (${r}, ${c}) is outside the ${rows} x ${cols} land`);
  };
  s.holes.forEach(inLand('holes'));
  s.map?.eggs.forEach(inLand('map.eggs'));
  s.map?.holes.forEach(inLand('map.holes'));
  const seen = new Set<string>();
  const holes = s.holes.filter(([r, c]) => !seen.has(`${r},${c}`) && seen.add(`${r},${c}`));
  const out: SheetState = { side: s.side, cards, fences: { h: [...h], v: [...v] }, holes };
  if (s.map) out.map = s.map;
  if (s.rolls) out.rolls = checkedRolls(game, s.side, s.rolls, source);
  return out;
}

/** A file's rolls (a sheet state's, a game.json's) checked against a side's dice and turns; a DataError naming `file` otherwise. */
export function checkedRolls(game: GameData, side: 'A' | 'B', rolls: unknown, file: string): Roll[] {
  try {
    return validateRolls(game, side, rolls);
  } catch (e) {
    if (e instanceof RollsError) throw new DataError(file, 'rolls', e.message);
    throw e;
  }
}

/** Parses a sheet given as JSON text or as the ASCII notation (anything not starting with '{'). */
export function parseSheet(game: GameData, text: string, source: string): SheetState {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new DataError(source, undefined, `malformed JSON (${(e as Error).message})`, 'malformed-file');
    }
    return validateState(game, json, source);
  }
  try {
    const sideMatch = /^side:\s*([AB])\s*$/m.exec(text);
    const printedMap = sideMatch ? game.sheets[sideMatch[1] as 'A' | 'B'].map : undefined;
    return validateState(game, readNotation(text, { printedMap }), source);
  } catch (e) {
    if (e instanceof NotationError) throw new DataError(source, undefined, e.message, 'malformed-file');
    throw e;
  }
}

export function readSheetFile(game: GameData, path: string): SheetState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw DataError.unreadable(path, e);
  }
  return parseSheet(game, text, path);
}
