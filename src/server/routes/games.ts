/** Games: creating one (with its pack), what players and the host see of it, its leaderboard and live events. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_PLAYERS, parsePaper, parseSeed, parseSide } from '../../render/options.js';
import { renderPack } from '../../render/pack.js';
import { UserError } from '../../errors.js';
import type { ServerContext } from '../context.js';
import { HttpError, readJson, sendJson } from '../http.js';
import { newId } from '../ids.js';
import type { CreateGameRequest } from '../protocol.js';
import { notFound, type Call } from '../router.js';
import type { GameRow } from '../store.js';
import { gameBoard, gameInfo, hostInfo, publishBoard } from '../views.js';

const NAME_MAX = 40;

/** Player names from the form: trimmed, control characters dropped, at most NAME_MAX characters, no duplicates. */
export function parsePlayerNames(v: unknown): string[] {
  if (typeof v === 'number' || (typeof v === 'string' && /^\s*\d+\s*$/.test(v))) {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > MAX_PLAYERS) throw new HttpError(400, `Players: give 1 to ${MAX_PLAYERS} players`);
    return Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
  }
  if (!Array.isArray(v)) throw new HttpError(400, 'Players: give the players’ names, or their number');
  const names = v.map((x) => String(x ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim()).filter(Boolean);
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

async function createGame(ctx: ServerContext, body: CreateGameRequest): Promise<GameRow> {
  const players = parsePlayerNames(body?.players);
  let seed: string;
  let side;
  let paper;
  try {
    seed = parseSeed(typeof body.seed === 'string' ? body.seed.trim() : body.seed);
    side = parseSide(body.side ?? (players.length === 1 ? 'B' : 'A'));
    paper = parsePaper(body.paper ?? 'a4');
  } catch (e) {
    if (e instanceof UserError) throw new HttpError(400, e.message.replace(/^--(\w)/, (_, c: string) => c.toUpperCase()));
    throw e;
  }
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
  const dir = ctx.store.gameDir(g.id);
  mkdirSync(join(dir, 'photos'), { recursive: true });
  mkdirSync(join(dir, 'land'), { recursive: true });
  for (const f of pack.files) {
    // game.json as `baako pack` writes it, plus the players' names (extra keys are allowed).
    const data = f.name === 'game.json' ? JSON.stringify({ ...pack.setup, names: players }, null, 2) + '\n' : f.data;
    writeFileSync(join(dir, f.name), data);
  }
  ctx.store.insertGame(g);
  ctx.log(`game ${g.id}: seed ${seed}, side ${side}, ${players.length} players, ${paper}; game.json at ${join(dir, 'game.json')}`);
  return g;
}

/** POST /api/games: packs are drawn one at a time (about half a second each); a crowd waits its turn, up to a point. */
export async function postGame(ctx: ServerContext, { req, res }: Call): Promise<void> {
  const body = (await readJson(req)) as CreateGameRequest;
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

export const getBoard = (ctx: ServerContext, { res, game }: Call) => sendJson(res, 200, gameBoard(ctx, game!));

/** The leaderboard's live updates (server-sent events). */
export function openEvents(ctx: ServerContext, { res, game }: Call): void {
  if (!ctx.events.open(game!.id, res, gameBoard(ctx, game!))) throw new HttpError(503, 'Too many open leaderboards: the page will poll instead', { 'Retry-After': '10' });
}

export const getHost = (ctx: ServerContext, { req, res, game }: Call) => sendJson(res, 200, hostInfo(ctx, req, game!));

/** The host takes sheet number N off the leaderboard. */
export function removeSheet(ctx: ServerContext, { res, game, params }: Call): void {
  const g = game!;
  const no = Number(params.no);
  if (!Number.isInteger(no) || !ctx.store.removeSheet(g.id, no)) throw notFound(true, 'No such sheet');
  ctx.log(`remove ${g.id} #${no}`);
  publishBoard(ctx, g);
  sendJson(res, 200, { removed: no });
}
