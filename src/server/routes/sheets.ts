/** Sheets: a player's photo scanned into a sheet to review, the sheet as read, and its confirmation. */
import { rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { applyToggles, isReviewable, sameItem, type ReviewItem } from '../../engine/review.js';
import { scoreState } from '../../engine/score.js';
import type { ServerContext } from '../context.js';
import { HttpError, readJson, sendJson } from '../http.js';
import { newId } from '../ids.js';
import { checkPhoto } from '../photo-check.js';
import type { BusyAnswer, SheetAnswer } from '../protocol.js';
import { notFound, type Call } from '../router.js';
import type { GameRow, UploadRow } from '../store.js';
import { contentTypeProblem, receiveUpload, UploadError } from '../upload.js';
import { nameOf, pendingView, publishBoard, sheetView } from '../views.js';

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

const KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

/** What a phone is told about its upload: the sheet once read, else where the photo stands. */
function answerOf(ctx: ServerContext, g: GameRow, u: UploadRow): SheetAnswer {
  const s = u.status === 'scanned' ? ctx.store.getSheet(g.id, u.id) : undefined;
  return s ? sheetView(ctx, g, s) : pendingView(ctx, g, u);
}

/**
 * POST /api/games/GAME/sheets?player=N, the photo as the raw body. Answers 202 once the photo is on the disk and
 * recorded, with its place in the scanner's line (then GET .../sheets/ID until it is read); 503 with Retry-After
 * and the line's length when the line is full. With an `Idempotency-Key` header, sending the same photo again
 * (after a lost answer) gives the first upload's answer instead of a second sheet.
 */
export async function postSheet(ctx: ServerContext, { req, res, game, url }: Call): Promise<void> {
  const { store, intake } = ctx;
  const g = game!;
  const player = Number(url.searchParams.get('player'));
  if (!/^\d{1,3}$/.test(url.searchParams.get('player') ?? '') || player < 1 || player > g.players.length) {
    throw new HttpError(400, 'Pick your name before sending the photo');
  }
  const typeProblem = contentTypeProblem(req.headers['content-type']);
  if (typeProblem) throw new HttpError(415, typeProblem);
  const key = req.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !KEY_RE.test(key))) throw new HttpError(400, 'Idempotency-Key: expected 8 to 64 letters, digits, "_" or "-"');
  const known = key ? store.getUploadByKey(g.id, key) : undefined;
  if (known?.status === 'refused') store.forgetKey(known.id);
  else if (known) return answerAgain(ctx, req, res, g, known);
  // Photos being received count as accepted: past the line's room, refuse before reading anything.
  if (intake.pending + ctx.receiving >= intake.capacity) {
    const { ahead, retryAfter } = intake.refuseBusy(key, ctx.receiving);
    const body: BusyAnswer = { error: `The scanner is busy, with ${ahead} photos ahead of yours: try again in ${retryAfter} s`, ahead, retryAfter };
    if (!req.complete) req.resume();
    return sendJson(res, 503, body, { 'Retry-After': String(retryAfter) });
  }
  const id = newId();
  const tmp = join(store.tmpDir, `${id}.part`);
  let received;
  ctx.receiving++;
  try {
    received = await receiveUpload(req, tmp, ctx.maxUpload);
  } catch (e) {
    if (e instanceof UploadError) throw new HttpError(e.status, e.message);
    throw e;
  } finally {
    ctx.receiving--;
  }
  let row: UploadRow;
  try {
    // The header says whether the scanner can read it at all: a refusal now saves the player a wait in line.
    const refused = await checkPhoto(tmp, received.type);
    if (refused) throw new HttpError(refused.status, refused.error, {}, refused.code);
    row = await intake.accept(g, { id, player, clientKey: key ?? null, type: received.type, bytes: received.bytes, tmp });
  } catch (e) {
    rmSync(tmp, { force: true });
    // The same key sent twice at once: the first one won.
    const first = key && (e as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE' ? store.getUploadByKey(g.id, key) : undefined;
    if (first) return answerAgain(ctx, req, res, g, first);
    throw e;
  }
  ctx.log(`upload ${g.id}: ${nameOf(g, player)}, ${(received.bytes / 1e6).toFixed(1)} MB, ${intake.pending} in line`);
  sendJson(res, 202, pendingView(ctx, g, row), { Location: `/api/games/${g.id}/sheets/${row.id}` });
}

/** An upload sent again under the same key: the body is dropped, the first upload's state answered. */
function answerAgain(ctx: ServerContext, req: IncomingMessage, res: ServerResponse, g: GameRow, u: UploadRow): void {
  if (!req.complete) req.resume();
  const answer = answerOf(ctx, g, u);
  sendJson(res, answer.status === 'queued' ? 202 : 200, answer);
}

/** GET /api/games/GAME/sheets/ID: the sheet as read, or the photo on its way (PendingSheet). */
export function getSheet(ctx: ServerContext, { res, game, params }: Call): void {
  const g = game!;
  const s = ctx.store.getSheet(g.id, params.id);
  if (s) return sendJson(res, 200, sheetView(ctx, g, s));
  const u = ctx.store.getUpload(g.id, params.id);
  if (!u) throw notFound(true, 'No such sheet');
  sendJson(res, 200, answerOf(ctx, g, u));
}

/** POST .../confirm {toggled}: the player's switches of doubted items; the sheet goes on the leaderboard. */
export async function confirmSheet(ctx: ServerContext, { req, res, game, sheet }: Call): Promise<void> {
  const g = game!;
  const s = sheet!;
  const body = await readJson(req);
  if (s.status !== 'review') throw new HttpError(409, s.status === 'confirmed' ? 'This sheet is already confirmed' : 'This sheet can no longer be confirmed');
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Expected {"toggled": [...]}: the doubted items switched');
  const toggled = parseItems((body as { toggled?: unknown }).toggled ?? []);
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
  await ctx.store.flush();
  ctx.log(`confirm ${g.id} #${s.no}: ${nameOf(g, s.player)}, total ${score.total}${toggled.length ? `, ${toggled.length} switched` : ''}`);
  publishBoard(ctx, g);
  sendJson(res, 200, sheetView(ctx, g, ctx.store.getSheet(g.id, s.id)!));
}
