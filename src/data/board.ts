/**
 * The dig-bag board's data (templates/dig-bag/board.json): locations, characters, cubes, the round summary and the
 * player aids. Validated with zod; every failure is one line naming the file, the field and what was expected.
 */
import { join } from 'node:path';
import * as z from 'zod';
import { readJsonFile, templatesDir } from './load.js';

/** The default board definition. */
export const defaultBoardPath = join(templatesDir, 'dig-bag', 'board.json');

/** At most this many circles fit in a requirement row of a panel, and this many rows. */
export const MAX_ROW_CIRCLES = 5;
export const MAX_ROWS = 3;
/** The board's grid has room for this many location panels (plus the Dirt Pile and the Bank). */
export const MAX_LOCATIONS = 5;

const id = z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected an id of lower-case letters, digits and "-"');
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like "#2c6bd6"');
const text = (what: string, max: number) => z.string().min(1, `expected ${what}`).max(max, `expected ${what} of at most ${max} characters`);
const money = z.number().int('expected whole dollars').min(0, 'expected a cost of $0 or more').max(9900, 'expected a cost up to $9900');

export const EMBLEMS = ['lots', 'swamp', 'bore-hole', 'caisson', 'centre', 'none'] as const;
/** Where the War Room is in `startsAt`. */
export const WAR_ROOM = 'war-room';

const character = z.object({
  id,
  name: text('a name', 12),
  /** The letter printed in every circle of the character; default: the name's first letter. */
  initial: z.string().regex(/^[A-Z0-9]$/, 'expected one capital letter or digit').optional(),
  color,
  /** "war-room" or the id of a location. */
  startsAt: id,
});

const requirement = z.object({
  need: z.union([z.literal(1), z.literal(2)], { error: 'expected 1 or 2 (characters needed from the row)' }),
  of: z.array(id).min(1, 'expected at least one character').max(MAX_ROW_CIRCLES, `expected at most ${MAX_ROW_CIRCLES} characters (circles in a row)`),
});

const digAction = z.object({
  kind: z.literal('dig'),
  base: z.number().int('expected a whole number of cubes').min(1, 'expected at least 1 cube').max(9, 'expected at most 9 cubes'),
  extra: z.number().int('expected a whole number of cubes').min(0, 'expected 0 or more extra cubes').max(9, 'expected at most 9 extra cubes'),
});

const tradeAction = z.object({
  kind: z.literal('trade'),
  options: z.array(text('an option', 90)).min(1, 'expected at least one trade option').max(3, 'expected at most 3 trade options'),
  note: text('a note', 80).optional(),
});

const location = z.object({
  id,
  name: text('a name', 22),
  emblem: z.enum(EMBLEMS, { error: `expected an emblem: ${EMBLEMS.join(', ')}` }),
  requires: z.array(requirement).min(1, 'expected at least one requirement row').max(MAX_ROWS, `expected at most ${MAX_ROWS} requirement rows`),
  cost: money,
  action: z.discriminatedUnion('kind', [digAction, tradeAction], { error: 'expected an action of kind "dig" or "trade"' }),
});

const cube = z.object({
  id,
  name: text('a colour name', 12),
  color,
  meaning: text('a meaning', 40),
  callout: z.string().max(28, 'expected a call-out of at most 28 characters'),
  count: z.number().int('expected a whole number').min(0, 'expected a count of 0 or more').max(99, 'expected a count up to 99'),
  goesTo: z.enum(['win', 'spoils', 'dirt-pile'], { error: 'expected "win", "spoils" or "dirt-pile"' }),
});

const phase = z.object({
  name: text('a phase name', 20),
  lines: z.array(text('a line', 110)).min(1, 'expected at least one line').max(5, 'expected at most 5 lines'),
});

const boardShape = z.object({
  title: text('a title', 24),
  subtitle: text('a subtitle', 48),
  tagline: text('a tagline', 90),
  characters: z.array(character).min(1, 'expected at least one character').max(12, 'expected at most 12 characters'),
  locations: z.array(location).min(1, 'expected at least one location').max(MAX_LOCATIONS, `expected at most ${MAX_LOCATIONS} locations (the board has room for ${MAX_LOCATIONS} panels)`),
  cubes: z.array(cube).min(1, 'expected at least one cube colour').max(7, 'expected at most 7 cube colours'),
  round: z.object({
    phases: z.array(phase).min(1, 'expected at least one phase').max(4, 'expected at most 4 phases'),
    turnOrder: text('the turn order rule', 130),
    active: text('the active-location rule', 130),
    dig: text('the dig rule', 150),
    win: text('the win condition', 60),
  }),
  laird: z.object({
    rule: text("Laird's rule", 110),
    take: text('how Laird is taken', 110),
    return: text('how Laird returns', 80),
  }),
  limit: text('the limit reminder', 140),
  areas: z.object({
    dirtPile: text('the Dirt Pile line', 70),
    bank: text('the Bank line', 70),
  }),
  tokens: z.object({
    clues: z.number().int('expected a whole number').min(0, 'expected 0 or more').max(99, 'expected at most 99'),
    bills: z.object({
      value: z.number().int('expected whole dollars').min(1, 'expected $1 or more').max(9999, 'expected at most $9999'),
      count: z.number().int('expected a whole number').min(0, 'expected 0 or more').max(120, 'expected at most 120'),
    }),
    aids: z.number().int('expected a whole number').min(0, 'expected 0 or more').max(12, 'expected at most 12'),
  }),
});

function duplicates<T>(xs: T[], key: (x: T) => string): [number, string] | null {
  const seen = new Set<string>();
  for (let i = 0; i < xs.length; i++) {
    const k = key(xs[i]);
    if (seen.has(k)) return [i, k];
    seen.add(k);
  }
  return null;
}

/** The board file's schema, with the cross-references checked (characters, locations, unique ids and initials). */
export const boardSchema = boardShape.superRefine((b, ctx) => {
  const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const chars = new Set(b.characters.map((c) => c.id));
  const locs = new Set(b.locations.map((l) => l.id));
  const dupC = duplicates(b.characters, (c) => c.id);
  if (dupC) issue(['characters', dupC[0], 'id'], `duplicate character id "${dupC[1]}"`);
  const dupI = duplicates(b.characters, initialOf);
  if (dupI) issue(['characters', dupI[0], 'initial'], `initial "${dupI[1]}" is already another character's (circles must read in black and white): set "initial"`);
  const dupL = duplicates(b.locations, (l) => l.id);
  if (dupL) issue(['locations', dupL[0], 'id'], `duplicate location id "${dupL[1]}"`);
  const dupK = duplicates(b.cubes, (c) => c.id);
  if (dupK) issue(['cubes', dupK[0], 'id'], `duplicate cube id "${dupK[1]}"`);
  b.characters.forEach((c, i) => {
    if (c.startsAt !== WAR_ROOM && !locs.has(c.startsAt)) {
      issue(['characters', i, 'startsAt'], `unknown location "${c.startsAt}" (expected "${WAR_ROOM}" or one of ${[...locs].join(', ')})`);
    }
  });
  b.locations.forEach((l, i) =>
    l.requires.forEach((r, j) => {
      r.of.forEach((c, k) => {
        if (!chars.has(c)) issue(['locations', i, 'requires', j, 'of', k], `unknown character "${c}" (expected one of ${[...chars].join(', ')})`);
      });
      const dup = duplicates(r.of, (c) => c);
      if (dup) issue(['locations', i, 'requires', j, 'of', dup[0]], `"${dup[1]}" is twice in the row`);
      if (r.need > r.of.length) issue(['locations', i, 'requires', j, 'need'], `expected at most ${r.of.length} (the row names ${r.of.length} character${r.of.length === 1 ? '' : 's'})`);
    }),
  );
  if (!b.cubes.some((c) => c.goesTo === 'win')) issue(['cubes'], 'expected a cube that wins (goesTo "win")');
  if (!b.characters.some((c) => c.startsAt === WAR_ROOM)) issue(['characters'], `expected at least one character starting in the "${WAR_ROOM}"`);
});

export type BoardData = z.infer<typeof boardShape>;
export type Character = BoardData['characters'][number];
export type Location = BoardData['locations'][number];
export type Requirement = Location['requires'][number];
export type Cube = BoardData['cubes'][number];

/** The letter in a character's circles. */
export function initialOf(c: Pick<Character, 'name' | 'initial'>): string {
  return c.initial ?? c.name.charAt(0).toUpperCase();
}

/** Loads and validates a board definition (default: templates/dig-bag/board.json). */
export function loadBoard(path = defaultBoardPath): BoardData {
  return readJsonFile(path, boardSchema);
}

/** A character by id (the data is validated, so a miss is a bug). */
export function characterById(b: BoardData, cid: string): Character {
  const c = b.characters.find((x) => x.id === cid);
  if (!c) throw new Error(`no character ${cid}`);
  return c;
}
