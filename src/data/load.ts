import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { GameData, SheetDef } from '../engine/types.js';
import { DataError } from '../errors.js';
import { cardsFileSchema, rulesFileSchema, sheetFileSchema } from './schema.js';
import { zodDataError } from './zod-errors.js';

/** The project root (where templates/ and fonts/ live), found from this file in src/ or dist/. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const templatesDir = join(projectRoot, 'templates');

function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel.startsWith('..') ? path : rel;
}

/** Reads a JSON file and validates it, failing with one line: file, field, what was expected. */
export function readJsonFile<S extends z.ZodType>(path: string, schema: S): z.infer<S> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw DataError.unreadable(shown(path), e);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new DataError(shown(path), undefined, `malformed JSON (${(e as Error).message})`, 'malformed-file');
  }
  // A file is parsed once: zod's compiled fast path for an object costs more to build than it saves on one parse.
  const parsed = schema.safeParse(json, { jitless: true });
  if (!parsed.success) throw zodDataError(shown(path), parsed.error);
  return parsed.data;
}

function checkSheet(path: string, s: SheetDef): void {
  const where = shown(path);
  const { rows, cols } = s.grid;
  const inLand = ([r, c]: [number, number]) => r < rows && c < cols;
  s.map.eggs.forEach((e, i) => {
    if (!inLand(e)) throw new DataError(where, `map.eggs[${i}]`, `cell (${e}) is outside the ${rows} x ${cols} land`);
  });
  s.map.holes.forEach((e, i) => {
    if (!inLand(e)) throw new DataError(where, `map.holes[${i}]`, `cell (${e}) is outside the ${rows} x ${cols} land`);
  });
  if (s.center[0] > rows || s.center[1] > cols) throw new DataError(where, 'center', `vertex (${s.center}) is outside the land`);
  for (let f = 1; f <= 6; f++) {
    if (!s.dieLegend.some((d) => d.face === f)) throw new DataError(where, 'dieLegend', `face ${f} is missing`);
  }
}

const cache = new Map<string, GameData>();

/** Loads and validates the Baako game data from a templates directory (default: the project's). */
export function loadGame(dir = templatesDir): GameData {
  const hit = cache.get(dir);
  if (hit) return hit;
  const base = join(dir, 'baako');
  const cardsPath = join(base, 'cards.json');
  const rulesPath = join(base, 'rules.json');
  const { cards } = readJsonFile(cardsPath, cardsFileSchema);
  const rules = readJsonFile(rulesPath, rulesFileSchema);
  const sheets = {} as GameData['sheets'];
  for (const side of ['A', 'B'] as const) {
    const p = join(base, `sheet-${side.toLowerCase()}.json`);
    const s = readJsonFile(p, sheetFileSchema) as SheetDef;
    if (s.side !== side) throw new DataError(shown(p), 'side', `expected "${side}", found "${s.side}"`);
    checkSheet(p, s);
    sheets[side] = s;
  }
  cards.forEach((c, i) => {
    if (!rules.types.some((t) => t.id === c.type)) {
      throw new DataError(shown(cardsPath), `cards[${i}].type`, `"${c.type}" is not a type of ${shown(rulesPath)}`);
    }
  });
  const game: GameData = { cards, types: rules.types, specialFences: rules.specialFences, sheets };
  cache.set(dir, game);
  return game;
}
