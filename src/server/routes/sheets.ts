/** Sheets: a player's photo scanned into a sheet to review, the sheet as read, and its confirmation. */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyToggles, isReviewable, sameItem, type ReviewItem } from '../../engine/review.js';
import { scoreState } from '../../engine/score.js';
import type { ServerContext } from '../context.js';
import { HttpError, readJson, sendJson } from '../http.js';
import { newId } from '../ids.js';
import { gameTitle } from '../results.js';
import type { Call } from '../router.js';
import { BusyError } from '../scan-queue.js';
import type { ScanJob } from '../scan-job.js';
import { receiveUpload, UploadError } from '../upload.js';
import { nameOf, publishBoard, sheetView } from '../views.js';

/** Pixels per cell and around the land of the straightened picture the page draws on. */
export const LAND_CELL = 56;
export const LAND_MARGIN = 28;

function parseItems(v: unknown): ReviewItem[] {
  if (!Array.isArray(v) || v.length > 500) throw new HttpError(400, 'toggled: expected a list of edges and cells');
  return v.map((x, i) => {
    const o = x as Partial<ReviewItem> | null;
    if (!o || (o.kind !== 'h' && o.kind !== 'v' && o.kind !== 'hole') || !Number.isInteger(o.row) || !Number.isInteger(o.col)) {
      throw new HttpError(400, `toggled[${i}]: expected {kind: "h" | "v" | "hole", row, col}`);
    }
    return { kind: o.kind, row: o.row!, col: o.col! };
  });
}

/** POST /api/games/GAME/sheets?player=N: the photo as the raw body; answers with the sheet as read. */
export async function postSheet(ctx: ServerContext, { req, res, game, url }: Call): Promise<void> {
  const { store, queue, log } = ctx;
  const g = game!;
  const player = Number(url.searchParams.get('player'));
  if (!Number.isInteger(player) || player < 1 || player > g.players.length) {
    throw new HttpError(400, 'Pick your name before sending the photo');
  }
  // Photos being received count as queued: past the queue's room, refuse before reading anything.
  if (queue.full || queue.load + ctx.receiving >= queue.capacity) {
    queue.stats.refused++;
    throw new HttpError(503, `The scanner is busy with ${queue.load + ctx.receiving} photos: try again in a few seconds`, { 'Retry-After': '5' });
  }
  const t0 = performance.now();
  let received;
  ctx.receiving++;
  try {
    received = await receiveUpload(req, store.tmpDir, ctx.maxUpload);
  } catch (e) {
    if (e instanceof UploadError) throw new HttpError(e.status, e.message);
    throw e;
  } finally {
    ctx.receiving--;
  }
  const id = newId();
  const photoName = `${id}.${received.type}`;
  const photo = store.sheetFile(g.id, 'photos', photoName);
  const land = store.sheetFile(g.id, 'land', `${id}.jpg`);
  const cleanUp = () => {
    rmSync(photo, { force: true });
    rmSync(land, { force: true });
  };
  mkdirSync(join(store.gameDir(g.id), 'photos'), { recursive: true });
  mkdirSync(join(store.gameDir(g.id), 'land'), { recursive: true });
  renameSync(received.path, photo);
  const job: ScanJob = {
    photo,
    land,
    fallback: { side: g.side, cards: g.cards, game: g.setupId, paper: g.paper },
    cell: LAND_CELL,
    margin: LAND_MARGIN,
  };
  let result;
  try {
    result = await queue.run(job);
  } catch (e) {
    cleanUp();
    if (e instanceof BusyError) throw new HttpError(503, e.message, { 'Retry-After': String(e.retryAfter) });
    throw e;
  }
  const ms = Math.round(performance.now() - t0);
  if (!result.ok) {
    cleanUp();
    log(`scan ${g.id}: refused in ${ms} ms (${result.status}): ${result.error}`);
    throw new HttpError(result.status, result.error);
  }
  const o = result.outcome;
  if (o.setupFrom === 'qr' && o.game !== g.setupId) {
    cleanUp();
    throw new HttpError(422, `This sheet was printed for another game (its QR code says game ${o.game}), not for ${gameTitle(g)}: photograph a sheet of this game`);
  }
  const row = store.insertSheet({
    id,
    gameId: g.id,
    player,
    qrPlayer: o.player ?? null,
    status: 'review',
    photo: photoName,
    land: o.land,
    scanned: o.state,
    uncertain: o.uncertain,
    confidence: o.confidence,
    setupFrom: o.setupFrom,
    toggled: [],
    state: o.state,
    score: o.score,
    scanMs: ms,
    createdAt: Date.now(),
    confirmedAt: null,
  });
  log(`scan ${g.id} #${row.no}: ${nameOf(g, player)}, total ${o.score.total}, ${o.uncertain.length} to check, ${(received.bytes / 1e6).toFixed(1)} MB in ${ms} ms`);
  sendJson(res, 201, sheetView(ctx, g, row));
  // Hosts see the new sheet in review.
  ctx.events.publish(g.id, 'sheets', { no: row.no });
}

export const getSheet = (ctx: ServerContext, { res, game, sheet }: Call) => sendJson(res, 200, sheetView(ctx, game!, sheet!));

/** POST .../confirm {toggled}: the player's switches of doubted items; the sheet goes on the leaderboard. */
export async function confirmSheet(ctx: ServerContext, { req, res, game, sheet }: Call): Promise<void> {
  const g = game!;
  const s = sheet!;
  const body = await readJson(req);
  if (s.status !== 'review') throw new HttpError(409, s.status === 'confirmed' ? 'This sheet is already confirmed' : 'This sheet can no longer be confirmed');
  const toggled = parseItems((body as { toggled?: unknown })?.toggled ?? []);
  toggled.forEach((it, i) => {
    if (!s.uncertain.some((u) => sameItem(u, it)) || !isReviewable(s.scanned, it)) {
      throw new HttpError(400, `toggled[${i}]: only the items the scanner was unsure of can be switched`);
    }
    if (toggled.findIndex((o) => sameItem(o, it)) !== i) throw new HttpError(400, `toggled[${i}]: listed twice`);
  });
  const state = applyToggles(s.scanned, toggled);
  const score = scoreState(ctx.rules, state);
  const done = ctx.store.confirmSheet(g.id, s.id, toggled, state, score, Date.now());
  if (!done) throw new HttpError(409, 'This sheet can no longer be confirmed');
  ctx.log(`confirm ${g.id} #${s.no}: ${nameOf(g, s.player)}, total ${score.total}${toggled.length ? `, ${toggled.length} switched` : ''}`);
  publishBoard(ctx, g);
  sendJson(res, 200, sheetView(ctx, g, ctx.store.getSheet(g.id, s.id)!));
}
