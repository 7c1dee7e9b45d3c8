/**
 * `baako serve`: the game-night server. Node's http module, no framework: a dozen routes, all listed in
 * `route()` below. Pages are one HTML shell plus the bundled page script (src/web); data goes through /api.
 *
 * Who may do what: creating a game is open to the local network; a game's pages and API need its id (128
 * random bits, in the join QR code); the host's page and actions (pack files, removing a sheet) need the host
 * key; confirming a sheet needs that sheet's id, which only the phone that uploaded it gets.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { loadGame } from '../data/load.js';
import { applyToggles, isReviewable, sameItem, type ReviewItem } from '../engine/review.js';
import { checkRolls, describeRollsCheck, rollsQuestion } from '../engine/rolls.js';
import { scoreState } from '../engine/score.js';
import type { GameData } from '../engine/types.js';
import { MAX_PLAYERS, parsePaper, parseSeed, parseSide } from '../render/options.js';
import { renderPack } from '../render/pack.js';
import { UserError } from '../errors.js';
import { loadAssets, type Assets } from './assets.js';
import { cryptoDie, diceState, rollTurn, syncGameJson, undoTurn, type DieSource } from './dice.js';
import { EventHub } from './events.js';
import { isId, newId } from './ids.js';
import type { CreateGameRequest, GameInfo, HostInfo, SheetRollsCheck, SheetSummary, SheetView } from './protocol.js';
import { boardCsv, boardJson, gameTitle, landUrl, leaderboard } from './results.js';
import { BusyError, ScanQueue } from './scan-queue.js';
import type { ScanJob } from './scan-job.js';
import { Store, type GameRow, type SheetRow } from './store.js';
import { receiveUpload, UploadError } from './upload.js';

export interface ServeOptions {
  /** The data directory (database, packs, photos). */
  data: string;
  port?: number;
  /** Address to listen on: 0.0.0.0 (default) so phones on the same Wi-Fi reach it. */
  host?: string;
  /** Base URL printed in the join QR code instead of the one guessed from the network interfaces. */
  publicUrl?: string;
  /** Largest upload, bytes (default 25 MB). */
  maxUpload?: number;
  /** Scanner threads and queue (see ScanQueue). */
  workers?: number;
  maxWaiting?: number;
  maxWaitMs?: number;
  /** One line per event worth a log (default: nothing). */
  log?: (line: string) => void;
  /** The table's dice (default: node:crypto); tests inject their own. */
  dice?: DieSource;
}

export interface BaakoServer {
  server: Server;
  store: Store;
  queue: ScanQueue;
  events: EventHub;
  /** Listens; resolves with the port and the URLs the host can open. */
  listen(): Promise<{ port: number; urls: string[] }>;
  close(): Promise<void>;
}

/** Pixels per cell and around the land of the straightened picture the page draws on. */
export const LAND_CELL = 56;
export const LAND_MARGIN = 28;

const PACK_DOWNLOADS: Record<string, string> = {
  'sheets.pdf': 'application/pdf',
  'cards.pdf': 'application/pdf',
  'host.pdf': 'application/pdf',
  'game.json': 'application/json',
};

const NAME_MAX = 40;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

function baseHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Game ids are in the URLs: never send them to another site.
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function send(res: ServerResponse, status: number, type: string, body: Buffer | string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

const shell = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#24483e">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/app.css">
</head>
<body>
<div id="app"><p class="loading">Loading…</p></div>
<noscript><p class="loading">This page needs JavaScript.</p></noscript>
<script type="module" src="/app.js"></script>
</body>
</html>
`;

/** Reads a small JSON body (64 KB at most); only `application/json`, which a cross-site form cannot send. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'Expected a JSON body (Content-Type: application/json)');
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    n += c.length;
    if (n > 65_536) throw new HttpError(413, 'The request is too large');
    chunks.push(c);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'The request is not valid JSON');
  }
}

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

/** The addresses of this machine a phone on the same network may use. */
export function lanAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) out.push(a.address);
  }
  return out;
}

const isLoopback = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i.test(host);

export function createBaakoServer(opts: ServeOptions): BaakoServer {
  const store = new Store(opts.data);
  const log = opts.log ?? (() => undefined);
  const queue = new ScanQueue({ workers: opts.workers, maxWaiting: opts.maxWaiting, maxWaitMs: opts.maxWaitMs, log });
  const events = new EventHub();
  const maxUpload = opts.maxUpload ?? 25_000_000;
  const rules: GameData = loadGame();
  let assets: Assets | undefined;
  let port = opts.port ?? 8080;
  /** Uploads being received right now. */
  let receiving = 0;
  /** Game creations queued, and the last one's promise (they run one after another). */
  let creating = 0;
  let creation: Promise<void> = Promise.resolve();

  // ---- views ------------------------------------------------------------------------------------------

  const gameInfo = (g: GameRow): GameInfo => ({
    id: g.id,
    title: gameTitle(g),
    setupId: g.setupId,
    seed: g.seed,
    side: g.side,
    paper: g.paper,
    cards: g.cards,
    players: g.players,
    createdAt: g.createdAt,
    rules,
    dice: diceState(store, rules, g),
  });

  /** A sheet (as confirmed, or as read while in review) against the game's rolls, when it has any. */
  const rollsCheckOf = (g: GameRow, s: SheetRow): SheetRollsCheck | undefined => {
    const rolls = store.keptRolls(g.id);
    if (!rolls.length || s.state.side !== g.side) return undefined;
    const c = checkRolls(rules, s.state, rolls);
    return { agrees: c.agrees, summary: describeRollsCheck(c), note: rollsQuestion(c, 'sheet') };
  };

  const nameOf = (g: GameRow, player: number) => g.players[player - 1] ?? `Player ${player}`;

  const summary = (g: GameRow, s: SheetRow): SheetSummary => ({
    no: s.no,
    player: s.player,
    name: nameOf(g, s.player),
    status: s.status,
    total: s.score.total,
    checks: s.uncertain.length,
    createdAt: s.createdAt,
    confirmedAt: s.confirmedAt,
    landUrl: landUrl(g.id, s.no),
    rolls: rollsCheckOf(g, s),
  });

  const sheetView = (g: GameRow, s: SheetRow): SheetView => {
    const notes: string[] = [];
    if (s.qrPlayer !== null && s.qrPlayer !== s.player && s.qrPlayer <= g.players.length) {
      notes.push(`This sheet was printed for ${nameOf(g, s.qrPlayer)} (player ${s.qrPlayer}); it counts for ${nameOf(g, s.player)}.`);
    }
    if (s.setupFrom === 'fallback') notes.push('The sheet’s QR code could not be read: it was scored with this game’s cards.');
    if (s.status === 'review') {
      const prev = store.listSheets(g.id, 'confirmed').find((o) => o.player === s.player);
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
      rolls: rollsCheckOf(g, s),
    };
  };

  const board = (g: GameRow) => leaderboard(g, store.listSheets(g.id, 'confirmed'));
  const publishBoard = (g: GameRow) => events.publish(g.id, 'board', board(g));
  const die = opts.dice ?? cryptoDie;
  /** After a roll or an undo: game.json follows, every open page of the game is told. */
  const diceChanged = (g: GameRow) => {
    syncGameJson(store, g);
    events.publish(g.id, 'dice', diceState(store, rules, g));
  };
  function roll(g: GameRow, body: unknown, by: string): unknown {
    const out = rollTurn(store, rules, g, (body as { turn?: unknown } | null)?.turn, die);
    if (!out.ok) throw new HttpError(out.status, out.error);
    log(`roll ${g.id}: turn ${out.turn.turn} ${out.turn.dice.join('+')}${out.turn.rerolled.length ? ` (double 1 rolled again)` : ''} by ${by}`);
    diceChanged(g);
    return diceState(store, rules, g);
  }
  function undo(g: GameRow, turnText: string, by: string): unknown {
    const out = undoTurn(store, g, /^\d{1,3}$/.test(turnText) ? Number(turnText) : -1);
    if (!out.ok) throw new HttpError(out.status, out.error);
    log(`undo ${g.id}: turn ${turnText} by ${by}`);
    diceChanged(g);
    return diceState(store, rules, g);
  }

  const baseUrls = (req: IncomingMessage): string[] => {
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
  };

  const hostInfo = (req: IncomingMessage, g: GameRow): HostInfo => {
    const dir = store.gameDir(g.id);
    const joinUrls = baseUrls(req).map((b) => `${b}/g/${g.id}`);
    return {
      ...gameInfo(g),
      hostKey: g.hostKey,
      joinUrl: joinUrls[0],
      joinUrls,
      files: Object.keys(PACK_DOWNLOADS)
        .filter((f) => existsSync(join(dir, f)))
        .map((f) => ({ name: f, url: `/host/${g.hostKey}/files/${f}`, bytes: statSync(join(dir, f)).size })),
      gameJson: join(dir, 'game.json'),
      dataDir: store.root,
      sheets: store.listSheets(g.id).map((s) => summary(g, s)),
    };
  };

  // ---- actions ----------------------------------------------------------------------------------------

  async function createGame(body: CreateGameRequest): Promise<GameRow> {
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
    const pack = await renderPack({ seed, players: players.length, side, paper, game: rules });
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
    const dir = store.gameDir(g.id);
    mkdirSync(join(dir, 'photos'), { recursive: true });
    mkdirSync(join(dir, 'land'), { recursive: true });
    for (const f of pack.files) {
      // game.json as `baako pack` writes it, plus the players' names (extra keys are allowed).
      const data = f.name === 'game.json' ? JSON.stringify({ ...pack.setup, names: players }, null, 2) + '\n' : f.data;
      writeFileSync(join(dir, f.name), data);
    }
    store.insertGame(g);
    log(`game ${g.id}: seed ${seed}, side ${side}, ${players.length} players, ${paper}; game.json at ${join(dir, 'game.json')}`);
    return g;
  }

  async function upload(req: IncomingMessage, res: ServerResponse, g: GameRow, query: URLSearchParams): Promise<void> {
    const player = Number(query.get('player'));
    if (!Number.isInteger(player) || player < 1 || player > g.players.length) {
      throw new HttpError(400, 'Pick your name before sending the photo');
    }
    // Photos being received count as queued: past the queue's room, refuse before reading anything.
    if (queue.full || queue.load + receiving >= queue.capacity) {
      queue.stats.refused++;
      throw new HttpError(503, `The scanner is busy with ${queue.load + receiving} photos: try again in a few seconds`, { 'Retry-After': '5' });
    }
    const t0 = performance.now();
    let received;
    receiving++;
    try {
      received = await receiveUpload(req, store.tmpDir, maxUpload);
    } catch (e) {
      if (e instanceof UploadError) throw new HttpError(e.status, e.message);
      throw e;
    } finally {
      receiving--;
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
      rolls: store.keptRolls(g.id),
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
    sendJson(res, 201, sheetView(g, row));
    // Hosts see the new sheet in review.
    events.publish(g.id, 'sheets', { no: row.no });
  }

  function confirm(g: GameRow, s: SheetRow, body: unknown): SheetView {
    if (s.status !== 'review') throw new HttpError(409, s.status === 'confirmed' ? 'This sheet is already confirmed' : 'This sheet can no longer be confirmed');
    const toggled = parseItems((body as { toggled?: unknown })?.toggled ?? []);
    toggled.forEach((it, i) => {
      if (!s.uncertain.some((u) => sameItem(u, it)) || !isReviewable(s.scanned, it)) {
        throw new HttpError(400, `toggled[${i}]: only the items the scanner was unsure of can be switched`);
      }
      if (toggled.findIndex((o) => sameItem(o, it)) !== i) throw new HttpError(400, `toggled[${i}]: listed twice`);
    });
    const state = applyToggles(s.scanned, toggled);
    const score = scoreState(rules, state);
    const done = store.confirmSheet(g.id, s.id, toggled, state, score, Date.now());
    if (!done) throw new HttpError(409, 'This sheet can no longer be confirmed');
    log(`confirm ${g.id} #${s.no}: ${nameOf(g, s.player)}, total ${score.total}${toggled.length ? `, ${toggled.length} switched` : ''}`);
    publishBoard(g);
    return sheetView(g, store.getSheet(g.id, s.id)!);
  }

  // ---- routes -----------------------------------------------------------------------------------------

  const page = (res: ServerResponse, title: string, status = 200) =>
    send(res, status, 'text/html; charset=utf-8', shell(title), { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' });

  const notFound = (api: boolean, what = 'Nothing here: check the address (a game’s address comes from its QR code)') => new HttpError(404, api ? what : 'page');

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    // Refuse anything that is not plain path segments: no dot segments, no encoded slashes or dots.
    const raw = (req.url ?? '/').split('?')[0];
    if (!raw.startsWith('/') || /%|\/\.{1,2}(\/|$)|\\|\/\//.test(raw)) throw new HttpError(400, 'Bad address');
    const parts = url.pathname.split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    const api = parts[0] === 'api';
    const is = (m: string) => method === m || (m === 'GET' && method === 'HEAD');

    // Static assets.
    if (parts.length === 1 && ['app.js', 'app.css', 'favicon.svg'].includes(parts[0]) && is('GET')) {
      assets ??= await loadAssets();
      const a = assets.get(parts[0])!;
      return send(res, 200, a.type, a.body, { 'Cache-Control': 'no-cache' });
    }
    if (parts.length === 0 && is('GET')) return page(res, 'Baako game night');

    if (api) {
      const [, what, key, sub, subId, action] = parts;
      if (what === 'games' && parts.length === 2 && method === 'POST') {
        const body = (await readJson(req)) as CreateGameRequest;
        // Packs are drawn one at a time (about half a second each); a crowd of requests waits its turn, up to a point.
        if (creating >= 4) throw new HttpError(503, 'Games are being created right now: try again in a few seconds', { 'Retry-After': '5' });
        creating++;
        const turn = creation.then(() => createGame(body));
        creation = turn.then(
          () => undefined,
          () => undefined,
        );
        let g: GameRow;
        try {
          g = await turn;
        } finally {
          creating--;
        }
        return sendJson(res, 201, hostInfo(req, g));
      }
      if (what === 'host') {
        const g = store.getGameByHostKey(key);
        if (!g) throw notFound(true, 'No such game: check the host address');
        if (parts.length === 3 && is('GET')) return sendJson(res, 200, hostInfo(req, g));
        if (sub === 'rolls' && parts.length === 4 && method === 'POST') return sendJson(res, 200, roll(g, await readJson(req), 'the host'));
        if (sub === 'rolls' && parts.length === 5 && method === 'DELETE') return sendJson(res, 200, undo(g, subId, 'the host'));
        if (sub === 'sheets' && parts.length === 5 && method === 'DELETE') {
          const no = Number(subId);
          if (!Number.isInteger(no) || !store.removeSheet(g.id, no)) throw notFound(true, 'No such sheet');
          log(`remove ${g.id} #${no}`);
          publishBoard(g);
          return sendJson(res, 200, { removed: no });
        }
      }
      if (what === 'games' && key) {
        const g = store.getGame(key);
        if (!g) throw notFound(true, 'No such game: check the address (it comes from the game’s QR code)');
        if (parts.length === 3 && is('GET')) return sendJson(res, 200, gameInfo(g));
        if (sub === 'board' && parts.length === 4 && is('GET')) return sendJson(res, 200, board(g));
        if (sub === 'dice' && parts.length === 4 && is('GET')) return sendJson(res, 200, diceState(store, rules, g));
        // A solo game (sheet B): the player rolls on their phone.
        if (sub === 'rolls' && (method === 'POST' || method === 'DELETE') && rules.sheets[g.side].mode !== 'solo') {
          throw new HttpError(403, 'The host rolls the dice for this game');
        }
        if (sub === 'rolls' && parts.length === 4 && method === 'POST') return sendJson(res, 200, roll(g, await readJson(req), 'a player'));
        if (sub === 'rolls' && parts.length === 5 && method === 'DELETE') return sendJson(res, 200, undo(g, subId, 'a player'));
        if (sub === 'events' && parts.length === 4 && is('GET')) {
          if (!events.open(g.id, res, board(g), { dice: diceState(store, rules, g) })) throw new HttpError(503, 'Too many open leaderboards: the page will poll instead', { 'Retry-After': '10' });
          return;
        }
        if (sub === 'sheets' && parts.length === 4 && method === 'POST') return upload(req, res, g, url.searchParams);
        if (sub === 'sheets' && parts.length >= 5) {
          const s = store.getSheet(g.id, subId);
          if (!s) throw notFound(true, 'No such sheet');
          if (parts.length === 5 && is('GET')) return sendJson(res, 200, sheetView(g, s));
          if (action === 'confirm' && parts.length === 6 && method === 'POST') return sendJson(res, 200, confirm(g, s, await readJson(req)));
        }
      }
      throw notFound(true);
    }

    if (parts[0] === 'host' && parts.length >= 2) {
      const g = store.getGameByHostKey(parts[1]);
      if (!g) throw notFound(false);
      if (parts.length === 2 && is('GET')) return page(res, `Host · ${gameTitle(g)}`);
      if (parts[2] === 'table' && parts.length === 3 && is('GET')) return page(res, `Dice · ${gameTitle(g)}`);
      if (parts[2] === 'qr.svg' && parts.length === 3 && is('GET')) {
        const svg = await QRCode.toString(hostInfo(req, g).joinUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#1b2d27', light: '#ffffff' } });
        return send(res, 200, 'image/svg+xml', svg, { 'Cache-Control': 'no-store' });
      }
      if (parts[2] === 'files' && parts.length === 4 && is('GET') && PACK_DOWNLOADS[parts[3]]) {
        const file = join(store.gameDir(g.id), parts[3]);
        if (!existsSync(file)) throw notFound(false);
        const body = readFileSync(file);
        return send(res, 200, PACK_DOWNLOADS[parts[3]], body, {
          'Content-Disposition': `attachment; filename="baako-${g.seed}-${parts[3]}"`,
          'Cache-Control': 'no-store',
        });
      }
      throw notFound(false);
    }

    if (parts[0] === 'g' && parts.length >= 2) {
      const g = store.getGame(parts[1]);
      if (!g) throw notFound(false);
      if (parts.length === 2 && is('GET')) return page(res, gameTitle(g));
      if (parts.length === 3 && parts[2] === 'board' && is('GET')) return page(res, `Leaderboard · ${gameTitle(g)}`);
      if (parts.length === 4 && parts[2] === 's' && is('GET')) {
        if (!store.getSheet(g.id, parts[3])) throw notFound(false);
        return page(res, `Your sheet · ${gameTitle(g)}`);
      }
      if (parts.length === 4 && parts[2] === 'land' && is('GET')) {
        const m = /^(\d{1,6})\.jpg$/.exec(parts[3]);
        const s = m ? store.getSheetByNo(g.id, Number(m[1])) : undefined;
        if (!s) throw notFound(false);
        const file = store.sheetFile(g.id, 'land', `${s.id}.jpg`);
        if (!existsSync(file)) throw notFound(false);
        res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, max-age=86400', 'Content-Length': statSync(file).size });
        if (method === 'HEAD') return void res.end();
        createReadStream(file).on('error', () => res.destroy()).pipe(res);
        return;
      }
      if (parts.length === 3 && (parts[2] === 'results.csv' || parts[2] === 'results.json') && is('GET')) {
        const b = board(g);
        const name = `baako-${g.seed}-results`;
        if (parts[2] === 'results.csv') {
          return send(res, 200, 'text/csv; charset=utf-8', '\ufeff' + boardCsv(b, store.keptRolls(g.id), rules), { 'Content-Disposition': `attachment; filename="${name}.csv"`, 'Cache-Control': 'no-store' });
        }
        const json = JSON.stringify(boardJson(g, b, store.listSheets(g.id, 'confirmed'), store.keptRolls(g.id), rules), null, 2) + '\n';
        return send(res, 200, 'application/json; charset=utf-8', json, { 'Content-Disposition': `attachment; filename="${name}.json"`, 'Cache-Control': 'no-store' });
      }
    }
    throw notFound(api);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    baseHeaders(res);
    try {
      await route(req, res);
    } catch (e) {
      const api = (req.url ?? '').startsWith('/api/');
      if (!(e instanceof HttpError)) log(`error ${req.method} ${(req.url ?? '').replace(/[A-Za-z0-9_-]{22}/g, '…')}: ${(e as Error)?.stack ?? e}`);
      const err = e instanceof HttpError ? e : new HttpError(500, 'Something went wrong on the server: try again');
      if (res.headersSent) return void res.destroy();
      // A body the client is still sending is read and dropped, so it gets to see the answer.
      if (!req.complete) req.resume();
      if (api || err.status !== 404) sendJson(res, err.status, { error: err.message }, err.headers);
      else page(res, 'Not found', 404);
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  // Slow phones on busy Wi-Fi: 2 minutes for a whole request, 30 s for its headers.
  server.requestTimeout = 120_000;
  server.headersTimeout = 30_000;
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  return {
    server,
    store,
    queue,
    events,
    async listen() {
      assets ??= await loadAssets();
      await queue.start();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(opts.port ?? 8080, opts.host ?? '0.0.0.0', () => {
          server.off('error', reject);
          resolve();
        });
      });
      port = (server.address() as AddressInfo).port;
      const local = `http://localhost:${port}`;
      const lan = opts.host && opts.host !== '0.0.0.0' ? [`http://${opts.host}:${port}`] : lanAddresses().map((a) => `http://${a}:${port}`);
      return { port, urls: [...new Set([local, ...lan])] };
    },
    async close() {
      events.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await queue.close();
      store.close();
    },
  };
}
