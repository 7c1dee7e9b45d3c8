/** What the API answers about games and sheets, built from the store's rows. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { checkRolls, describeRollsCheck, rollsQuestion, type Roll } from '../engine/rolls.js';
import { askedCount } from '../engine/review.js';
import type { ServerContext } from './context.js';
import { diceState } from './dice.js';
import type { Board, GameInfo, HostInfo, PendingSheet, SheetRollsCheck, SheetSummary, SheetView } from './protocol.js';
import { gameTitle, landUrl, leaderboard } from './results.js';
import type { GameRow, SheetRow, UploadRow } from './store.js';

/** The pack's files the host may download, and their types. */
export const PACK_DOWNLOADS: Record<string, string> = {
  'sheets.pdf': 'application/pdf',
  'cards.pdf': 'application/pdf',
  'host.pdf': 'application/pdf',
  'game.json': 'application/json',
};

/** The addresses of this machine a phone on the same network may use. */
export function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) out.push(a.address);
  }
  return out;
}

const isLoopback = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(host);

export const nameOf = (g: GameRow, player: number) => g.players[player - 1] ?? `Player ${player}`;

export const gameInfo = (ctx: ServerContext, g: GameRow): GameInfo => ({
  id: g.id,
  title: gameTitle(g),
  setupId: g.setupId,
  seed: g.seed,
  side: g.side,
  paper: g.paper,
  cards: g.cards,
  players: g.players,
  createdAt: g.createdAt,
  rules: ctx.rules,
  dice: diceState(ctx.store, ctx.rules, g),
});

/** A sheet (as confirmed, or as read while in review) against the game's rolls so far, when it has any. */
export function rollsCheckOf(ctx: ServerContext, g: GameRow, s: SheetRow, rolls: Roll[] = ctx.store.keptRolls(g.id)): SheetRollsCheck | undefined {
  if (!rolls.length || s.state.side !== g.side) return undefined;
  const c = checkRolls(ctx.rules, s.state, rolls);
  return { agrees: c.agrees, summary: describeRollsCheck(c), note: rollsQuestion(c, 'sheet') };
}

export const sheetSummary = (g: GameRow, s: SheetRow, rolls?: SheetRollsCheck): SheetSummary => ({
  no: s.no,
  player: s.player,
  name: nameOf(g, s.player),
  status: s.status,
  total: s.score.total,
  checks: s.uncertain.length,
  asked: askedCount(s.uncertain),
  createdAt: s.createdAt,
  confirmedAt: s.confirmedAt,
  landUrl: landUrl(g.id, s.no),
  ...(rolls ? { rolls } : {}),
});

export function sheetView(ctx: ServerContext, g: GameRow, s: SheetRow): SheetView {
  const notes: string[] = [];
  if (s.qrPlayer !== null && s.qrPlayer !== s.player && s.qrPlayer <= g.players.length) {
    notes.push(`This sheet was printed for ${nameOf(g, s.qrPlayer)} (player ${s.qrPlayer}); it counts for ${nameOf(g, s.player)}.`);
  }
  if (s.setupFrom === 'fallback') notes.push('The sheet’s QR code could not be read: it was scored with this game’s cards.');
  if (s.printedOtherwise) {
    const p = s.printedOtherwise;
    notes.push(`But its print shows other cards (sheet ${p.side}: ${p.cards.join(', ')}): it may be another game’s sheet.`);
  }
  if (s.status === 'review') {
    const prev = ctx.store.listSheets(g.id, 'confirmed').find((o) => o.player === s.player);
    if (prev) notes.push(`Confirming replaces ${nameOf(g, s.player)}’s sheet #${prev.no} (total ${prev.score.total}).`);
  }
  if (s.status === 'replaced') notes.push('A later sheet of this player replaced this one.');
  if (s.status === 'removed') notes.push('The host took this sheet off the leaderboard.');
  return {
    id: s.id,
    gameId: g.id,
    no: s.no,
    player: s.player,
    name: nameOf(g, s.player),
    qrPlayer: s.qrPlayer,
    status: s.status,
    scanned: s.scanned,
    uncertain: s.uncertain,
    toggled: s.toggled,
    state: s.state,
    score: s.score,
    confidence: s.confidence,
    setupFrom: s.setupFrom,
    land: { ...s.land, url: landUrl(g.id, s.no) },
    createdAt: s.createdAt,
    confirmedAt: s.confirmedAt,
    notes,
    scanMs: s.scanMs,
    rolls: rollsCheckOf(ctx, g, s),
  };
}

/** An upload not read (yet): its place in the scanner's line, or why it was refused. */
export function pendingView(ctx: ServerContext, g: GameRow, u: UploadRow): PendingSheet {
  const base = { id: u.id, gameId: g.id, player: u.player, name: nameOf(g, u.player), receivedAt: u.receivedAt };
  if (u.status === 'refused') return { ...base, status: 'refused', error: u.error ?? 'The scanner could not read this photo', errorStatus: u.errorStatus ?? 422, ...(u.errorCode ? { code: u.errorCode } : {}) };
  return { ...base, status: 'queued', ...ctx.intake.placeOf(u.id) };
}

/**
 * A game's leaderboard, and its JSON: built when asked after a change, then kept (a board of a hundred sheets
 * takes milliseconds to build and is read over and over by every screen).
 */
export function boardOf(ctx: ServerContext, g: GameRow): { board: Board; json: string } {
  let b = ctx.boards.get(g.id);
  if (!b) {
    const board = leaderboard(g, ctx.store.listSheets(g.id, 'confirmed'));
    ctx.boards.set(g.id, (b = { board, json: JSON.stringify(board) }));
  }
  return b;
}

export const gameBoard = (ctx: ServerContext, g: GameRow): Board => boardOf(ctx, g).board;

/** After a change of the confirmed sheets: the new leaderboard to every open one of the game (a few times a second at most). */
export function publishBoard(ctx: ServerContext, g: GameRow): void {
  ctx.boards.delete(g.id);
  ctx.events.publishLatest(g.id, 'board', () => gameBoard(ctx, g));
}

/** The addresses phones may reach the server at, the likeliest first. */
export function baseUrls(ctx: ServerContext, req: IncomingMessage): string[] {
  const { opts, port } = ctx;
  if (opts.publicUrl) return [opts.publicUrl.replace(/\/+$/, '')];
  const urls: string[] = [];
  const host = req.headers.host ?? '';
  if (/^[A-Za-z0-9.:[\]-]{1,100}$/.test(host) && !isLoopback(host)) urls.push(`http://${host}`);
  // Listening on one address only: that is the one phones can use.
  const bound = opts.host && opts.host !== '0.0.0.0' && opts.host !== '::' ? [opts.host.includes(':') ? `[${opts.host}]` : opts.host] : lanAddresses();
  for (const a of bound) {
    const u = `http://${a}:${port}`;
    if (!urls.includes(u)) urls.push(u);
  }
  if (urls.length === 0) urls.push(`http://${/^[A-Za-z0-9.:[\]-]{1,100}$/.test(host) ? host : `localhost:${port}`}`);
  return urls;
}

export function hostInfo(ctx: ServerContext, req: IncomingMessage, g: GameRow): HostInfo {
  const dir = ctx.store.gameDir(g.id);
  const joinUrls = baseUrls(ctx, req).map((b) => `${b}/g/${g.id}`);
  const rolls = ctx.store.keptRolls(g.id);
  return {
    ...gameInfo(ctx, g),
    hostKey: g.hostKey,
    joinUrl: joinUrls[0],
    joinUrls,
    files: Object.keys(PACK_DOWNLOADS)
      .filter((f) => existsSync(join(dir, f)))
      .map((f) => ({ name: f, url: `/host/${g.hostKey}/files/${f}`, bytes: statSync(join(dir, f)).size })),
    gameJson: join(dir, 'game.json'),
    dataDir: ctx.store.root,
    sheets: ctx.store.listSheets(g.id).map((s) => sheetSummary(g, s, rollsCheckOf(ctx, g, s, rolls))),
    photos: existsSync(join(dir, 'photos')) ? readdirSync(join(dir, 'photos')).length : 0,
    scans: ctx.scans.views(g, g.hostKey),
  };
}
