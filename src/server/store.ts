/**
 * The server's memory: an SQLite database (better-sqlite3, WAL) in the data directory, and the files beside it:
 *
 *     DATA/baako.db                       games, sheets and the table's dice
 *     DATA/games/GAME/game.json           the setup, as `baako pack` writes it (for `baako scan --game`)
 *     DATA/games/GAME/*.pdf               the pack: sheets.pdf, cards.pdf, host.pdf (+ sheets.geometry.json)
 *     DATA/games/GAME/photos/SHEET.jpg    uploaded photos, under generated names
 *     DATA/games/GAME/land/SHEET.jpg      the straightened land of each sheet
 *     DATA/tmp/                           uploads being received, games being created
 *     DATA/games/GAME/scans/BATCH.pdf     PDFs of scanned sheets (their pages: photos/BATCH-pN.jpg; scan-store.ts)
 *
 * GAME and SHEET are random ids (src/server/ids.ts); no name a client sends ever becomes part of a path.
 * An upload is a row of `uploads` from the moment it is acknowledged; once scanned, a row of `sheets` too (same id).
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ReviewItem } from '../engine/review.js';
import type { Paper, SetupSource, SheetSetup } from '../engine/setup.js';
import type { Score, SheetState, Side } from '../engine/types.js';
import { isId } from './ids.js';
import { fsyncLater } from './durable.js';
import type { LandView, SheetStatus } from './protocol.js';

/** The names of stored photos and lands: an id and the type's extension. */
export const STORED_NAME = /^[A-Za-z0-9_-]{22}(-p\d{1,4})?\.(jpg|png|webp|avif|tif|heic|pdf)$/;

export interface GameRow {
  id: string;
  hostKey: string;
  setupId: string;
  seed: string;
  side: Side;
  paper: Paper;
  cards: string[];
  players: string[];
  createdAt: number;
}

export interface SheetRow {
  id: string;
  gameId: string;
  no: number;
  player: number;
  qrPlayer: number | null;
  status: SheetStatus;
  photo: string;
  land: LandView;
  scanned: SheetState;
  uncertain: ReviewItem[];
  confidence: number;
  setupFrom: SetupSource;
  /** Its QR code unreadable: the side and cards its print shows, where they are not this game's (else null). */
  printedOtherwise: SheetSetup | null;
  toggled: ReviewItem[];
  state: SheetState;
  score: Score;
  scanMs: number;
  createdAt: number;
  confirmedAt: number | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY,
  host_key TEXT NOT NULL UNIQUE,
  setup_id TEXT NOT NULL,
  seed TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('A', 'B')),
  paper TEXT NOT NULL CHECK (paper IN ('a4', 'letter')),
  cards TEXT NOT NULL,
  players TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS sheets (
  id TEXT PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  no INTEGER NOT NULL,
  player INTEGER NOT NULL,
  qr_player INTEGER,
  status TEXT NOT NULL CHECK (status IN ('review', 'confirmed', 'replaced', 'removed')),
  photo TEXT NOT NULL,
  land TEXT NOT NULL,
  scanned TEXT NOT NULL,
  uncertain TEXT NOT NULL,
  confidence REAL NOT NULL,
  setup_from TEXT NOT NULL,
  printed_otherwise TEXT,
  toggled TEXT NOT NULL DEFAULT '[]',
  state TEXT NOT NULL,
  score TEXT NOT NULL,
  scan_ms INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  UNIQUE (game_id, no)
);
CREATE INDEX IF NOT EXISTS sheets_by_game ON sheets (game_id, status);
CREATE TABLE IF NOT EXISTS uploads (
  id TEXT PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  player INTEGER NOT NULL,
  photo TEXT NOT NULL,
  client_key TEXT,
  status TEXT NOT NULL CHECK (status IN ('queued', 'scanned', 'refused')),
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  error_status INTEGER,
  error_code TEXT,
  bytes INTEGER NOT NULL,
  received_at INTEGER NOT NULL,
  UNIQUE (game_id, client_key)
);
CREATE INDEX IF NOT EXISTS uploads_queued ON uploads (status);
CREATE TABLE IF NOT EXISTS rolls (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  turn INTEGER NOT NULL,
  a INTEGER NOT NULL,
  b INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('kept', 'rerolled', 'undone')),
  at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
);
`;

/** An upload: a photo acknowledged to a phone, waiting for the scanner, scanned (then also a sheet) or refused. */
export interface UploadRow {
  id: string;
  gameId: string;
  player: number;
  /** The stored photo's file name (photos/ of the game). */
  photo: string;
  /** The phone's key for this photo, so that sending it again does not make a second sheet. */
  clientKey: string | null;
  status: 'queued' | 'scanned' | 'refused';
  /** Scans started: a photo that stops the scanner three times is refused, not tried for ever. */
  attempts: number;
  error: string | null;
  errorStatus: number | null;
  /** refused: the refusal's code (a scanner's ScanRefused code, 'another-game', ...). */
  errorCode: string | null;
  bytes: number;
  receivedAt: number;
}

interface RawUpload {
  id: string;
  game_id: string;
  player: number;
  photo: string;
  client_key: string | null;
  status: UploadRow['status'];
  attempts: number;
  error: string | null;
  error_status: number | null;
  error_code: string | null;
  bytes: number;
  received_at: number;
}

const upload = (r: RawUpload | undefined): UploadRow | undefined =>
  r && {
    id: r.id,
    gameId: r.game_id,
    player: r.player,
    photo: r.photo,
    clientKey: r.client_key,
    status: r.status,
    attempts: r.attempts,
    error: r.error,
    errorStatus: r.error_status,
    errorCode: r.error_code ?? null,
    bytes: r.bytes,
    receivedAt: r.received_at,
  };

/**
 * A roll of the table's dice as stored: every pair ever rolled, in order (`seq`). `kept` pairs are the game's
 * turns; a `rerolled` pair (a double 1 on sheet A) was cancelled by the rules, an `undone` one by the host.
 */
export interface RollRow {
  seq: number;
  turn: number;
  dice: [number, number];
  status: 'kept' | 'rerolled' | 'undone';
  at: number;
}

interface RawSheet {
  id: string;
  game_id: string;
  no: number;
  player: number;
  qr_player: number | null;
  status: SheetStatus;
  photo: string;
  land: string;
  scanned: string;
  uncertain: string;
  confidence: number;
  setup_from: SetupSource;
  printed_otherwise: string | null;
  toggled: string;
  state: string;
  score: string;
  scan_ms: number;
  created_at: number;
  confirmed_at: number | null;
}

interface RawGame {
  id: string;
  host_key: string;
  setup_id: string;
  seed: string;
  side: Side;
  paper: Paper;
  cards: string;
  players: string;
  created_at: number;
}

const game = (r: RawGame | undefined): GameRow | undefined =>
  r && {
    id: r.id,
    hostKey: r.host_key,
    setupId: r.setup_id,
    seed: r.seed,
    side: r.side,
    paper: r.paper,
    cards: JSON.parse(r.cards),
    players: JSON.parse(r.players),
    createdAt: r.created_at,
  };

const sheet = (r: RawSheet | undefined): SheetRow | undefined =>
  r && {
    id: r.id,
    gameId: r.game_id,
    no: r.no,
    player: r.player,
    qrPlayer: r.qr_player,
    status: r.status,
    photo: r.photo,
    land: JSON.parse(r.land),
    scanned: JSON.parse(r.scanned),
    uncertain: JSON.parse(r.uncertain),
    confidence: r.confidence,
    setupFrom: r.setup_from,
    printedOtherwise: r.printed_otherwise ? JSON.parse(r.printed_otherwise) : null,
    toggled: JSON.parse(r.toggled),
    state: JSON.parse(r.state),
    score: JSON.parse(r.score),
    scanMs: r.scan_ms,
    createdAt: r.created_at,
    confirmedAt: r.confirmed_at,
  };

export class Store {
  readonly root: string;
  readonly db: Database.Database;
  /** Whether the database was there before (a new one next to old game folders must not judge them orphans). */
  readonly existed: boolean;

  constructor(dataDir: string) {
    this.root = resolve(dataDir);
    mkdirSync(join(this.root, 'games'), { recursive: true });
    mkdirSync(this.tmpDir, { recursive: true });
    this.existed = existsSync(join(this.root, 'baako.db'));
    this.db = new Database(join(this.root, 'baako.db'));
    this.db.pragma('journal_mode = WAL');
    // A commit is in the WAL file when it returns, which a crash of the server cannot undo; it reaches the disk
    // (against a power cut) when flush() says so, off the event loop, before the server acknowledges it.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    // A data folder from before refusals had codes: the column is added, older rows have none.
    const uploadColumns = this.db.prepare('PRAGMA table_info(uploads)').all() as { name: string }[];
    if (!uploadColumns.some((c) => c.name === 'error_code')) this.db.exec('ALTER TABLE uploads ADD COLUMN error_code TEXT');
    // ...and from before sheets were checked against their print.
    const sheetColumns = this.db.prepare('PRAGMA table_info(sheets)').all() as { name: string }[];
    if (!sheetColumns.some((c) => c.name === 'printed_otherwise')) this.db.exec('ALTER TABLE sheets ADD COLUMN printed_otherwise TEXT');
  }

  private statements = new Map<string, Database.Statement>();

  /** A prepared statement, prepared once. */
  private sql(text: string): Database.Statement {
    let st = this.statements.get(text);
    if (!st) this.statements.set(text, (st = this.db.prepare(text)));
    return st;
  }

  /**
   * Brings every commit so far to the disk (the WAL file flushed, on a thread of its own): awaited before the
   * server acknowledges an upload, a confirmation or a game.
   */
  flush(): Promise<void> {
    return fsyncLater(`${join(this.root, 'baako.db')}-wal`);
  }

  get tmpDir(): string {
    return join(this.root, 'tmp');
  }

  /** A game's folder; the id is checked so that it cannot point anywhere else. */
  gameDir(id: string): string {
    if (!isId(id)) throw new Error(`not a game id: ${id}`);
    return join(this.root, 'games', id);
  }

  sheetFile(gameId: string, kind: 'photos' | 'land' | 'scans', file: string): string {
    if (!STORED_NAME.test(file)) throw new Error(`not a stored file name: ${file}`);
    return join(this.gameDir(gameId), kind, file);
  }

  /** Every game's id. */
  gameIds(): string[] {
    return (this.sql('SELECT id FROM games').all() as { id: string }[]).map((r) => r.id);
  }

  close(): void {
    this.db.close();
  }

  insertGame(g: GameRow): void {
    this.db
      .prepare('INSERT INTO games (id, host_key, setup_id, seed, side, paper, cards, players, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(g.id, g.hostKey, g.setupId, g.seed, g.side, g.paper, JSON.stringify(g.cards), JSON.stringify(g.players), g.createdAt);
  }

  getGame(id: string): GameRow | undefined {
    if (!isId(id)) return undefined;
    return game(this.sql('SELECT * FROM games WHERE id = ?').get(id) as RawGame | undefined);
  }

  getGameByHostKey(key: string): GameRow | undefined {
    if (!isId(key)) return undefined;
    return game(this.sql('SELECT * FROM games WHERE host_key = ?').get(key) as RawGame | undefined);
  }

  /** Stores a scanned sheet under the game's next number. */
  insertSheet(s: Omit<SheetRow, 'no'>): SheetRow {
    const insert = this.db.transaction(() => {
      const { next } = this.sql('SELECT COALESCE(MAX(no), 0) + 1 AS next FROM sheets WHERE game_id = ?').get(s.gameId) as { next: number };
      this.db
        .prepare(
          `INSERT INTO sheets (id, game_id, no, player, qr_player, status, photo, land, scanned, uncertain, confidence, setup_from, printed_otherwise, toggled, state, score, scan_ms, created_at, confirmed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          s.id, s.gameId, next, s.player, s.qrPlayer, s.status, s.photo, JSON.stringify(s.land), JSON.stringify(s.scanned), JSON.stringify(s.uncertain),
          s.confidence, s.setupFrom, s.printedOtherwise ? JSON.stringify(s.printedOtherwise) : null, JSON.stringify(s.toggled), JSON.stringify(s.state), JSON.stringify(s.score), s.scanMs, s.createdAt, s.confirmedAt,
        );
      return next;
    });
    return { ...s, no: insert() };
  }

  getSheet(gameId: string, id: string): SheetRow | undefined {
    if (!isId(id)) return undefined;
    return sheet(this.sql('SELECT * FROM sheets WHERE game_id = ? AND id = ?').get(gameId, id) as RawSheet | undefined);
  }

  getSheetByNo(gameId: string, no: number): SheetRow | undefined {
    return sheet(this.sql('SELECT * FROM sheets WHERE game_id = ? AND no = ?').get(gameId, no) as RawSheet | undefined);
  }

  /** A game's sheets, oldest first (`status` to filter). */
  listSheets(gameId: string, status?: SheetStatus): SheetRow[] {
    const rows = status
      ? this.sql('SELECT * FROM sheets WHERE game_id = ? AND status = ? ORDER BY no').all(gameId, status)
      : this.sql('SELECT * FROM sheets WHERE game_id = ? ORDER BY no').all(gameId);
    return (rows as RawSheet[]).map((r) => sheet(r)!);
  }

  /**
   * Confirms a sheet in review with the player's switches and the resulting state and score; the player's
   * earlier confirmed sheet, if any, is replaced. Returns the replaced sheet's number, or false when the sheet
   * was no longer in review.
   */
  confirmSheet(gameId: string, id: string, toggled: ReviewItem[], state: SheetState, score: Score, at: number): { replaced: number | null } | false {
    return this.db.transaction(() => {
      const s = this.getSheet(gameId, id);
      if (!s || s.status !== 'review') return false;
      const prev = this.sql("SELECT no FROM sheets WHERE game_id = ? AND player = ? AND status = 'confirmed'").get(gameId, s.player) as { no: number } | undefined;
      if (prev) this.sql("UPDATE sheets SET status = 'replaced' WHERE game_id = ? AND no = ?").run(gameId, prev.no);
      this.db
        .prepare("UPDATE sheets SET status = 'confirmed', toggled = ?, state = ?, score = ?, confirmed_at = ? WHERE game_id = ? AND id = ?")
        .run(JSON.stringify(toggled), JSON.stringify(state), JSON.stringify(score), at, gameId, id);
      return { replaced: prev?.no ?? null };
    })();
  }

  // ---- uploads ----------------------------------------------------------------------------------------

  insertUpload(u: Omit<UploadRow, 'attempts' | 'error' | 'errorStatus' | 'errorCode' | 'status'>): UploadRow {
    this.db
      .prepare("INSERT INTO uploads (id, game_id, player, photo, client_key, status, bytes, received_at) VALUES (?, ?, ?, ?, ?, 'queued', ?, ?)")
      .run(u.id, u.gameId, u.player, u.photo, u.clientKey, u.bytes, u.receivedAt);
    return { ...u, status: 'queued', attempts: 0, error: null, errorStatus: null, errorCode: null };
  }

  getUpload(gameId: string, id: string): UploadRow | undefined {
    if (!isId(id)) return undefined;
    return upload(this.sql('SELECT * FROM uploads WHERE game_id = ? AND id = ?').get(gameId, id) as RawUpload | undefined);
  }

  getUploadByKey(gameId: string, key: string): UploadRow | undefined {
    return upload(this.sql('SELECT * FROM uploads WHERE game_id = ? AND client_key = ?').get(gameId, key) as RawUpload | undefined);
  }

  /** Uploads waiting for the scanner, in the order they arrived. */
  queuedUploads(): UploadRow[] {
    return (this.sql("SELECT * FROM uploads WHERE status = 'queued' ORDER BY rowid").all() as RawUpload[]).map((r) => upload(r)!);
  }

  /** Counts a scan started (kept across a crash of the server: see UploadRow.attempts). */
  startScan(id: string): number {
    this.sql('UPDATE uploads SET attempts = attempts + 1 WHERE id = ?').run(id);
    return (this.sql('SELECT attempts FROM uploads WHERE id = ?').get(id) as { attempts: number } | undefined)?.attempts ?? 0;
  }

  /** An upload that never was (its photo could not be stored). */
  deleteUpload(id: string): void {
    this.sql('DELETE FROM uploads WHERE id = ?').run(id);
  }

  /** A refused upload's key is freed: the phone sends the photo again on purpose, as a new upload. */
  forgetKey(id: string): void {
    this.sql('UPDATE uploads SET client_key = NULL WHERE id = ?').run(id);
  }

  /** A scanned upload becomes a sheet to review, in one transaction. */
  finishUpload(s: Omit<SheetRow, 'no'>): SheetRow {
    return this.db.transaction(() => {
      const row = this.insertSheet(s);
      this.sql("UPDATE uploads SET status = 'scanned' WHERE id = ?").run(s.id);
      return row;
    })();
  }

  /** The scanner could not read an upload. */
  refuseUpload(id: string, status: number, error: string, code?: string): void {
    this.sql("UPDATE uploads SET status = 'refused', error = ?, error_status = ?, error_code = ? WHERE id = ?").run(error, status, code ?? null, id);
  }

  /** The stored photos each game's rows point to (queued uploads and sheets), by game. */
  photosInUse(): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    const rows = this.sql("SELECT game_id, photo FROM uploads WHERE status = 'queued' UNION SELECT game_id, photo FROM sheets").all() as { game_id: string; photo: string }[];
    for (const r of rows) {
      if (!out.has(r.game_id)) out.set(r.game_id, new Set());
      out.get(r.game_id)!.add(r.photo);
    }
    return out;
  }

  /** The ids of each game's sheets, whose lands are kept. */
  sheetIds(): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    for (const r of this.sql('SELECT game_id, id FROM sheets').all() as { game_id: string; id: string }[]) {
      if (!out.has(r.game_id)) out.set(r.game_id, new Set());
      out.get(r.game_id)!.add(r.id);
    }
    return out;
  }

  /** The photos of a game's uploads waiting for the scanner (to be kept when the others are deleted). */
  queuedPhotos(gameId: string): Set<string> {
    return new Set((this.sql("SELECT photo FROM uploads WHERE game_id = ? AND status = 'queued'").all(gameId) as { photo: string }[]).map((r) => r.photo));
  }

  // ---- the table's dice ------------------------------------------------------------------------------

  /** Every roll of a game, in the order rolled. */
  listRolls(gameId: string): RollRow[] {
    const rows = this.sql('SELECT seq, turn, a, b, status, at FROM rolls WHERE game_id = ? ORDER BY seq').all(gameId) as {
      seq: number;
      turn: number;
      a: number;
      b: number;
      status: RollRow['status'];
      at: number;
    }[];
    return rows.map((r) => ({ seq: r.seq, turn: r.turn, dice: [r.a, r.b], status: r.status, at: r.at }));
  }

  /** The game's turns: its kept pairs, in order. */
  keptRolls(gameId: string): [number, number][] {
    return (this.sql("SELECT a, b FROM rolls WHERE game_id = ? AND status = 'kept' ORDER BY seq").all(gameId) as { a: number; b: number }[]).map((r) => [r.a, r.b]);
  }

  /**
   * Records turn `turn`: the pairs cancelled before it, then the one kept. Only when it is the game's next turn
   * (a second tap on Roll, or two hosts' pages at once, must not roll twice): false otherwise.
   */
  addRoll(gameId: string, turn: number, rerolled: [number, number][], kept: [number, number], at: number): boolean {
    return this.db.transaction(() => {
      const { n, seq } = this
        .sql("SELECT COUNT(*) FILTER (WHERE status = 'kept') AS n, COALESCE(MAX(seq), 0) AS seq FROM rolls WHERE game_id = ?")
        .get(gameId) as { n: number; seq: number };
      if (n + 1 !== turn) return false;
      const insert = this.sql('INSERT INTO rolls (game_id, seq, turn, a, b, status, at) VALUES (?, ?, ?, ?, ?, ?, ?)');
      let next = seq;
      for (const [a, b] of rerolled) insert.run(gameId, ++next, turn, a, b, 'rerolled', at);
      insert.run(gameId, ++next, turn, kept[0], kept[1], 'kept', at);
      return true;
    })();
  }

  /** Undoes turn `turn` when it is the last one kept (it stays in the history, marked undone); false otherwise. */
  undoRoll(gameId: string, turn: number): boolean {
    return this.db.transaction(() => {
      const last = this.sql("SELECT seq, turn FROM rolls WHERE game_id = ? AND status = 'kept' ORDER BY seq DESC LIMIT 1").get(gameId) as { seq: number; turn: number } | undefined;
      if (!last || last.turn !== turn) return false;
      this.sql("UPDATE rolls SET status = 'undone' WHERE game_id = ? AND seq = ?").run(gameId, last.seq);
      return true;
    })();
  }

  /** Takes a sheet off the board (the host's decision); its photo stays on disk. */
  removeSheet(gameId: string, no: number): boolean {
    return this.sql("UPDATE sheets SET status = 'removed' WHERE game_id = ? AND no = ? AND status != 'removed'").run(gameId, no).changes > 0;
  }
}
