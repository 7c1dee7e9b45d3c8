/** Games: creating one (with its pack), what players and the host see of it, its leaderboard and live events. */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_PLAYERS, parsePaper, parseSeed, parseSide } from '../../render/options.js';
import { OptionError, UserError } from '../../errors.js';
import type { ServerContext } from '../context.js';
import { diceState } from '../dice.js';
import { fsyncLater, renameLater } from '../durable.js';
import { HttpError, readJson, send, sendJson } from '../http.js';
import { newId } from '../ids.js';
import type { CreateGameRequest, PhotosDeleted } from '../protocol.js';
import { notFound, type Call } from '../router.js';
import type { GameRow } from '../store.js';
import { boardOf, gameBoard, gameInfo, hostInfo, publishBoard } from '../views.js';

const NAME_MAX = 40;

/**
 * Characters a name does not keep: control characters (C0, DEL, C1), those that reorder or hide text without
 * showing (bidirectional marks, embeddings, overrides and isolates; zero-width space, word joiner, byte order
 * mark), and halves of a character (unpaired surrogates). Joiners that emoji and some scripts need stay.
 */
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A name as shown: line breaks and tabs as spaces, hidden characters dropped, spaces single, NFC. */
export const cleanName = (s: string) =>
  s
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(HIDDEN, '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();

/** Player names from the form: text only, cleaned (cleanName), at most NAME_MAX characters, no duplicates. */
export function parsePlayerNames(v: unknown): string[] {
  if (typeof v === 'number' || (typeof v === 'string' && /^\s*\d+\s*$/.test(v))) {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PLAYERS) throw new HttpError(400, `Players: give 1 to ${MAX_PLAYERS} players`);
    return Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
  }
  if (!Array.isArray(v)) throw new HttpError(400, 'Players: give the players’ names, or their number');
  if (v.length > MAX_PLAYERS) throw new HttpError(400, `Players: give 1 to ${MAX_PLAYERS} names`);
  v.forEach((x, i) => {
    if (typeof x !== 'string') throw new HttpError(400, `Player ${i + 1}: a name must be text, like "Ana" (not ${x === null ? 'null' : Array.isArray(x) ? 'a list' : `a ${typeof x}`})`);
  });
  const names = (v as string[]).map(cleanName).filter(Boolean);
  if (names.length < 1 || names.length > MAX_PLAYERS) throw new HttpError(400, `Players: give 1 to ${MAX_PLAYERS} names`);
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (name.length > NAME_MAX) throw new HttpError(400, `Player ${i + 1}: “${name.slice(0, 20)}…” is too long (at most ${NAME_MAX} characters)`);
    const key = name.toLowerCase();
    if (seen.has(key)) throw new HttpError(400, `Two players are called “${name}”: make the names different`);
    seen.add(key);
  });
  return names;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The request's fields checked for their types (the values are checked where they are used). */
function gameRequest(body: unknown): CreateGameRequest {
  if (!isObject(body)) throw new HttpError(400, 'Expected a game: {"players": ["Ana", "Ben"], "seed": ..., "side": "A", "paper": "a4"}');
  for (const field of ['seed', 'side', 'paper'] as const) {
    const v = body[field];
    if (v !== undefined && v !== null && typeof v !== 'string') throw new HttpError(400, `${field[0].toUpperCase()}${field.slice(1)}: expected text, not ${Array.isArray(v) ? 'a list' : `a ${typeof v}`}`);
  }
  return body as unknown as CreateGameRequest;
}

async function createGame(ctx: ServerContext, body: CreateGameRequest): Promise<GameRow> {
  const players = parsePlayerNames(body.players);
  let seed: string;
  let side;
  let paper;
  try {
    seed = parseSeed(typeof body.seed === 'string' ? body.seed.trim() : body.seed);
    side = parseSide(body.side ?? (players.length === 1 ? 'B' : 'A'));
    paper = parsePaper(body.paper ?? 'a4');
  } catch (e) {
    if (e instanceof OptionError) throw new HttpError(400, `${e.option.charAt(0).toUpperCase()}${e.option.slice(1)}: ${e.reason}`, {}, e.code);
    if (e instanceof UserError) throw new HttpError(400, e.message, {}, e.code);
    throw e;
  }
  // (the PDF renderer loads on the first game, not at every start)
  const { renderPack } = await import('../../render/pack.js');
  const pack = await renderPack({ seed, players: players.length, side, paper, game: ctx.rules });
  const g: GameRow = {
    id: newId(),
    hostKey: newId(),
    setupId: pack.setup.id,
    seed,
    side,
    paper,
    cards: pack.setup.cards,
    players,
    createdAt: Date.now(),
  };
  // The folder is made in tmp/ and renamed into games/ whole, then the row is written: a crash leaves either
  // nothing or a folder without a row, which the next start deletes (recover.ts).
  const dir = ctx.store.gameDir(g.id);
  const draft = join(ctx.store.tmpDir, `${g.id}.game`);
  mkdirSync(join(draft, 'photos'), { recursive: true });
  mkdirSync(join(draft, 'land'), { recursive: true });
  try {
    for (const f of pack.files) {
      // game.json as `baako pack` writes it, plus the players' names (extra keys are allowed).
      const data = f.name === 'game.json' ? JSON.stringify({ ...pack.setup, names: players }, null, 2) + '\n' : f.data;
      writeFileSync(join(draft, f.name), data);
      await fsyncLater(join(draft, f.name));
    }
    await fsyncLater(draft);
    await renameLater(draft, dir);
  } catch (e) {
    rmSync(draft, { recursive: true, force: true });
    throw e;
  }
  try {
    ctx.store.insertGame(g);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  await ctx.store.flush();
  ctx.log(`game ${g.id}: seed ${seed}, side ${side}, ${players.length} players, ${paper}; game.json at ${join(dir, 'game.json')}`);
  return g;
}

/** POST /api/games: packs are drawn one at a time (about half a second each); a crowd waits its turn, up to a point. */
export async function postGame(ctx: ServerContext, { req, res }: Call): Promise<void> {
  const body = gameRequest(await readJson(req));
  if (ctx.creating >= 4) throw new HttpError(503, 'Games are being created right now: try again in a few seconds', { 'Retry-After': '5' });
  ctx.creating++;
  const turn = ctx.creation.then(() => createGame(ctx, body));
  ctx.creation = turn.then(
    () => undefined,
    () => undefined,
  );
  let g: GameRow;
  try {
    g = await turn;
  } finally {
    ctx.creating--;
  }
  sendJson(res, 201, hostInfo(ctx, req, g));
}

export const getGame = (ctx: ServerContext, { res, game }: Call) => sendJson(res, 200, gameInfo(ctx, game!));

export const getBoard = (ctx: ServerContext, { res, game }: Call) =>
  send(res, 200, 'application/json; charset=utf-8', boardOf(ctx, game!).json, { 'Cache-Control': 'no-store' });

/** The leaderboard's and the dice's live updates (server-sent events). */
export function openEvents(ctx: ServerContext, { res, game }: Call): void {
  if (!ctx.events.open(game!.id, res, gameBoard(ctx, game!), { dice: diceState(ctx.store, ctx.rules, game!) })) throw new HttpError(503, 'Too many open leaderboards: the page will poll instead', { 'Retry-After': '10' });
}

export const getHost = (ctx: ServerContext, { req, res, game }: Call) => sendJson(res, 200, hostInfo(ctx, req, game!));

/** The host takes sheet number N off the leaderboard. */
export async function removeSheet(ctx: ServerContext, { res, game, params }: Call): Promise<void> {
  const g = game!;
  const no = Number(params.no);
  if (!Number.isInteger(no) || !ctx.store.removeSheet(g.id, no)) throw notFound(true, 'No such sheet');
  await ctx.store.flush();
  ctx.log(`remove ${g.id} #${no}`);
  publishBoard(ctx, g);
  sendJson(res, 200, { removed: no });
}

/**
 * DELETE /api/host/KEY/photos: deletes the players' photos of the game (they may carry the phone's location).
 * The sheets, their straightened lands and the scores stay; photos still waiting for the scanner are kept
 * until read.
 */
export function deletePhotos(ctx: ServerContext, { res, game }: Call): void {
  const dir = join(ctx.store.gameDir(game!.id), 'photos');
  const waiting = ctx.store.queuedPhotos(game!.id);
  let deleted = 0;
  for (const f of existsSync(dir) ? readdirSync(dir) : []) {
    if (waiting.has(f)) continue;
    rmSync(join(dir, f), { force: true });
    deleted++;
  }
  ctx.log(`photos ${game!.id}: ${deleted} deleted${waiting.size ? `, ${waiting.size} waiting for the scanner kept` : ''}`);
  const body: PhotosDeleted = { deleted, waiting: waiting.size };
  sendJson(res, 200, body);
}
