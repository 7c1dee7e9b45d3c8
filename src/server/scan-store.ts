/**
 * Where PDFs of scanned sheets stand, in the server's database beside the games and sheets:
 *
 *     DATA/games/GAME/scans/BATCH.pdf             the PDF as the host sent it, stored before anything is read
 *     DATA/games/GAME/photos/BATCH-pN.jpg         each page taken out of it, as its pages are read
 *
 * A page's row is written with what became of it in the same transaction as its sheet, so a server stopped
 * halfway resumes at the first page without a row, and no page is filed twice.
 */
import type Database from 'better-sqlite3';
import type { ScanOutcome } from './scan-job.js';
import type { SheetRow } from './store.js';

export type BatchStatus = 'checking' | 'reading' | 'done';
export type PageStatus = 'filed' | 'unassigned' | 'refused' | 'failed';

export interface BatchRow {
  id: string;
  gameId: string;
  /** The file's name as the host's browser gave it (shown, never used as a path). */
  name: string;
  bytes: number;
  /** Known once checked. */
  pages: number | null;
  status: BatchStatus;
  createdAt: number;
}

export interface PageRow {
  batchId: string;
  page: number;
  status: PageStatus;
  /** The sheet filed from the page; for a page to assign, the id its sheet will have. */
  sheetId: string | null;
  /** The page's picture in the game's photos folder. */
  photo: string;
  /** The reading of a page to assign (kept until the host says whose it is). */
  outcome: ScanOutcome | null;
  /** Why a page was refused or could not be read. */
  message: string | null;
  scanMs: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS scan_batches (
  id TEXT PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  pages INTEGER,
  status TEXT NOT NULL CHECK (status IN ('checking', 'reading', 'done')),
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS scan_pages (
  batch_id TEXT NOT NULL REFERENCES scan_batches (id) ON DELETE CASCADE,
  page INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('filed', 'unassigned', 'refused', 'failed')),
  sheet_id TEXT,
  photo TEXT NOT NULL,
  outcome TEXT,
  message TEXT,
  scan_ms INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (batch_id, page)
);
CREATE INDEX IF NOT EXISTS scan_batches_by_game ON scan_batches (game_id);
`;

interface RawBatch {
  id: string;
  game_id: string;
  name: string;
  bytes: number;
  pages: number | null;
  status: BatchStatus;
  created_at: number;
}

interface RawPage {
  batch_id: string;
  page: number;
  status: PageStatus;
  sheet_id: string | null;
  photo: string;
  outcome: string | null;
  message: string | null;
  scan_ms: number;
}

const batch = (r: RawBatch): BatchRow => ({ id: r.id, gameId: r.game_id, name: r.name, bytes: r.bytes, pages: r.pages, status: r.status, createdAt: r.created_at });
const page = (r: RawPage): PageRow => ({
  batchId: r.batch_id,
  page: r.page,
  status: r.status,
  sheetId: r.sheet_id,
  photo: r.photo,
  outcome: r.outcome ? JSON.parse(r.outcome) : null,
  message: r.message,
  scanMs: r.scan_ms,
});

export class ScanStore {
  constructor(
    private readonly db: Database.Database,
    /** Stores a sheet under the game's next number (Store.insertSheet: run inside this store's transactions). */
    private readonly insertSheet: (s: Omit<SheetRow, 'no'>) => SheetRow,
  ) {
    db.exec(SCHEMA);
  }

  insertBatch(b: BatchRow): void {
    this.db
      .prepare('INSERT INTO scan_batches (id, game_id, name, bytes, pages, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(b.id, b.gameId, b.name, b.bytes, b.pages, b.status, b.createdAt);
  }

  getBatch(gameId: string, id: string): BatchRow | undefined {
    const r = this.db.prepare('SELECT * FROM scan_batches WHERE game_id = ? AND id = ?').get(gameId, id) as RawBatch | undefined;
    return r && batch(r);
  }

  /** A game's batches, newest first. */
  listBatches(gameId: string): BatchRow[] {
    return (this.db.prepare('SELECT * FROM scan_batches WHERE game_id = ? ORDER BY created_at DESC, rowid DESC').all(gameId) as RawBatch[]).map(batch);
  }

  /** Batches a stop cut off, oldest first. */
  unfinished(): BatchRow[] {
    return (this.db.prepare("SELECT * FROM scan_batches WHERE status != 'done' ORDER BY created_at, rowid").all() as RawBatch[]).map(batch);
  }

  setBatch(id: string, status: BatchStatus, pages?: number): void {
    if (pages === undefined) this.db.prepare('UPDATE scan_batches SET status = ? WHERE id = ?').run(status, id);
    else this.db.prepare('UPDATE scan_batches SET status = ?, pages = ? WHERE id = ?').run(status, pages, id);
  }

  deleteBatch(id: string): void {
    this.db.prepare('DELETE FROM scan_batches WHERE id = ?').run(id);
  }

  pages(batchId: string): PageRow[] {
    return (this.db.prepare('SELECT * FROM scan_pages WHERE batch_id = ? ORDER BY page').all(batchId) as RawPage[]).map(page);
  }

  getPage(batchId: string, n: number): PageRow | undefined {
    const r = this.db.prepare('SELECT * FROM scan_pages WHERE batch_id = ? AND page = ?').get(batchId, n) as RawPage | undefined;
    return r && page(r);
  }

  /** Records what became of a page, with its sheet when it is filed under a player (one transaction). */
  recordPage(p: PageRow, sheet?: Omit<SheetRow, 'no'>): SheetRow | undefined {
    return this.db.transaction(() => {
      const filed = sheet ? this.insertSheet(sheet) : undefined;
      this.db
        .prepare('INSERT INTO scan_pages (batch_id, page, status, sheet_id, photo, outcome, message, scan_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(p.batchId, p.page, p.status, p.sheetId, p.photo, p.outcome ? JSON.stringify(p.outcome) : null, p.message, p.scanMs);
      return filed;
    })();
  }

  /** Files a page waiting for the host under a player; undefined when it no longer waits. */
  assignPage(batchId: string, n: number, sheet: (p: PageRow) => Omit<SheetRow, 'no'>): SheetRow | undefined {
    return this.db.transaction(() => {
      const p = this.getPage(batchId, n);
      if (!p || p.status !== 'unassigned' || !p.outcome) return undefined;
      const row = this.insertSheet(sheet(p));
      this.db.prepare("UPDATE scan_pages SET status = 'filed', outcome = NULL WHERE batch_id = ? AND page = ?").run(batchId, n);
      return row;
    })();
  }
}
