/**
 * A printer's PDF of the whole table, sent from the host's page: each page goes to the player its QR code names,
 * with the checks a phone's photo gets (another game's sheet is refused); pages whose code cannot be read wait
 * for the host to say whose they are. The PDF is stored before anything is read and each page's fate is
 * recorded as it is read (scan-store.ts), so a server stopped halfway picks up where it was.
 *
 * Pages are read one at a time, through the same scan queue as the phones' photos: a long PDF takes one
 * scanner thread, the phones keep the others.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { dirname, join } from 'node:path';
import { askedCount } from '../engine/review.js';
import type { EventHub } from './events.js';
import { newId } from './ids.js';
import type { ScanBatchView, ScanPageView } from './protocol.js';
import { gameTitle } from './results.js';
import { BusyError, type ScanQueue } from './scan-queue.js';
import type { JobResult, ScanJob, ScanOutcome } from './scan-job.js';
import type { BatchRow, PageRow, ScanStore } from './scan-store.js';
import type { GameRow, SheetRow, Store } from './store.js';
import { receiveUpload, UploadError } from './upload.js';

export interface ScansOptions {
  store: Store;
  scans: ScanStore;
  queue: ScanQueue;
  events: EventHub;
  log: (line: string) => void;
  /** Largest PDF, bytes. */
  maxBytes: number;
  /** The straightened land's pixels per cell and margin (as for photos). */
  cell: number;
  margin: number;
  /** How a sheet is named to the host ("Ana"). */
  nameOf: (g: GameRow, player: number) => string;
}

/** How long to wait before asking a busy queue again. */
const RETRY_MS = 2000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** The message a phone gets for another game's sheet, for a page. */
export const otherGame = (g: GameRow, o: ScanOutcome) =>
  `This sheet was printed for another game (its QR code says game ${o.game}), not for ${gameTitle(g)}`;

export class ScanBatches {
  /** Batches are read one after another. */
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly o: ScansOptions) {}

  private batchFile(g: { id: string }, id: string) {
    return this.o.store.sheetFile(g.id, 'scans', `${id}.pdf`);
  }

  private pagePhoto(g: { id: string }, batchId: string, page: number) {
    return this.o.store.sheetFile(g.id, 'photos', `${batchId}-p${page}.jpg`);
  }

  /**
   * Receives a PDF (the request body), stores it, checks it (the one-line refusals of a locked, damaged or too
   * long PDF come back as an UploadError, and nothing is kept), then reads its pages in the background.
   */
  async receive(req: IncomingMessage, g: GameRow, fileName: string): Promise<BatchRow> {
    const { store, scans, log } = this.o;
    const received = await receiveUpload(req, join(store.tmpDir, `${newId()}.part`), this.o.maxBytes, ['pdf']);
    const b: BatchRow = { id: newId(), gameId: g.id, name: cleanName(fileName), bytes: received.bytes, pages: null, status: 'checking', createdAt: Date.now() };
    const file = this.batchFile(g, b.id);
    mkdirSync(dirname(file), { recursive: true });
    renameSync(received.path, file);
    scans.insertBatch(b);
    let check;
    try {
      check = await this.run(() => this.o.queue.run({ checkPdf: file }));
    } catch (e) {
      // Stopping: the PDF is kept and checked on the next start.
      if (e instanceof BusyError) throw new UploadError(503, `${e.message}: the PDF is kept and will be read when the server starts again`);
      throw e;
    }
    if (!check.ok) {
      scans.deleteBatch(b.id);
      rmSync(file, { force: true });
      log(`scans ${g.id}: ${b.name} refused: ${check.error}`);
      throw new UploadError(check.status, `${b.name}: ${lowerFirst(check.error)}`);
    }
    scans.setBatch(b.id, 'reading', check.pages);
    log(`scans ${g.id}: ${b.name}, ${check.pages} page${check.pages === 1 ? '' : 's'}, ${(b.bytes / 1e6).toFixed(1)} MB`);
    this.schedule(g, b.id);
    return { ...b, pages: check.pages, status: 'reading' };
  }

  /** Reads the batches a stop cut off (called once the server listens). */
  resume(getGame: (id: string) => GameRow | undefined): void {
    for (const b of this.o.scans.unfinished()) {
      const g = getGame(b.gameId);
      if (!g) continue;
      if (b.status === 'checking') {
        this.chain = this.chain.then(() => this.recheck(g, b));
      } else this.schedule(g, b.id);
      this.o.log(`scans ${g.id}: resuming ${b.name}`);
    }
  }

  /** Resolves when every batch scheduled so far has been read (for tests and a clean stop). */
  idle(): Promise<void> {
    return this.chain;
  }

  close(): void {
    this.closed = true;
  }

  /** Files a page that waits for the host under `player`. */
  assign(g: GameRow, batchId: string, page: number, player: number): SheetRow {
    if (!Number.isInteger(player) || player < 1 || player > g.players.length) throw new UploadError(400, `Pick one of the ${g.players.length} players`);
    if (!this.o.scans.getBatch(g.id, batchId)) throw new UploadError(404, 'No such scan');
    const row = this.o.scans.assignPage(batchId, page, (p) => sheetOf(g, p.sheetId!, player, p.outcome!, p.photo, p.scanMs));
    if (!row) throw new UploadError(409, `Page ${page} is not waiting for a player`);
    this.o.log(`scans ${g.id}: page ${page} of ${batchId.slice(0, 6)}… filed under ${this.o.nameOf(g, player)} by the host`);
    this.o.events.publish(g.id, 'sheets', { no: row.no });
    return row;
  }

  /** The page's picture file, once taken out of the PDF. */
  pageFile(g: GameRow, batchId: string, page: number): string | undefined {
    const b = this.o.scans.getBatch(g.id, batchId);
    if (!b || !b.pages || !Number.isInteger(page) || page < 1 || page > b.pages) return undefined;
    const file = this.pagePhoto(g, batchId, page);
    return existsSync(file) ? file : undefined;
  }

  /** What the host sees of a game's PDFs. */
  views(g: GameRow, hostKey: string): ScanBatchView[] {
    const { store, scans } = this.o;
    return scans.listBatches(g.id).map((b) => {
      const rows = new Map(scans.pages(b.id).map((p) => [p.page, p]));
      const items: ScanPageView[] = [];
      for (let n = 1; n <= (b.pages ?? 0); n++) {
        const p = rows.get(n);
        const imageUrl = existsSync(this.pagePhoto(g, b.id, n)) ? `/host/${hostKey}/scans/${b.id}/${n}.jpg` : undefined;
        if (!p) {
          items.push({ page: n, status: 'waiting', imageUrl });
          continue;
        }
        const item: ScanPageView = { page: n, status: p.status, imageUrl, ...(p.message ? { message: p.message } : {}) };
        if (p.status === 'filed' && p.sheetId) {
          const s = store.getSheet(g.id, p.sheetId);
          if (s) item.sheet = { no: s.no, player: s.player, name: this.o.nameOf(g, s.player), status: s.status, total: s.score.total, checks: s.uncertain.length, asked: askedCount(s.uncertain), reviewUrl: `/g/${g.id}/s/${s.id}` };
        }
        if (p.status === 'unassigned' && p.outcome) Object.assign(item, { total: p.outcome.score.total, checks: p.outcome.uncertain.length, asked: askedCount(p.outcome.uncertain) });
        items.push(item);
      }
      return { id: b.id, name: b.name, bytes: b.bytes, pages: b.pages, status: b.status, createdAt: b.createdAt, items };
    });
  }

  // ---- reading ------------------------------------------------------------------------------------------

  private schedule(g: GameRow, batchId: string): void {
    this.chain = this.chain.then(() => this.read(g, batchId)).catch((e) => this.o.log(`scans ${g.id}: stopped reading ${batchId}: ${(e as Error)?.stack ?? e}`));
  }

  /** Runs a queue job, waiting for room while the queue is full; a stopping server ends the wait. */
  private async run<T>(job: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await job();
      } catch (e) {
        if (!(e instanceof BusyError) || this.closed || /shutting down/.test(e.message)) throw e;
        await sleep(RETRY_MS);
      }
    }
  }

  /** A batch cut off before its check: checked again (its PDF was stored first). */
  private async recheck(g: GameRow, b: BatchRow): Promise<void> {
    const file = this.batchFile(g, b.id);
    if (!existsSync(file)) return void this.o.scans.deleteBatch(b.id);
    let check;
    try {
      check = await this.run(() => this.o.queue.run({ checkPdf: file }));
    } catch {
      return;
    }
    if (!check.ok) {
      this.o.scans.deleteBatch(b.id);
      rmSync(file, { force: true });
      return;
    }
    this.o.scans.setBatch(b.id, 'reading', check.pages);
    await this.read(g, b.id);
  }

  private async read(g: GameRow, batchId: string): Promise<void> {
    const { scans, log, events } = this.o;
    const b = scans.getBatch(g.id, batchId);
    if (!b || !b.pages) return;
    const done = new Set(scans.pages(batchId).map((p) => p.page));
    const file = this.batchFile(g, batchId);
    for (let n = 1; n <= b.pages; n++) {
      if (done.has(n)) continue;
      if (this.closed) return;
      const t0 = performance.now();
      const sheetId = newId();
      const photoName = `${batchId}-p${n}.jpg`;
      const land = this.o.store.sheetFile(g.id, 'land', `${sheetId}.jpg`);
      mkdirSync(dirname(land), { recursive: true });
      mkdirSync(dirname(this.pagePhoto(g, batchId, n)), { recursive: true });
      const job: ScanJob = {
        photo: this.pagePhoto(g, batchId, n),
        land,
        fallback: { side: g.side, cards: g.cards, game: g.setupId, paper: g.paper },
        rolls: this.o.store.keptRolls(g.id),
        cell: this.o.cell,
        margin: this.o.margin,
        pdf: { file, page: n },
      };
      let result: JobResult;
      try {
        result = await this.run(() => this.o.queue.run(job));
      } catch (e) {
        rmSync(land, { force: true });
        // Stopping: this page is read again on the next start.
        if (e instanceof BusyError || this.closed) return;
        result = { ok: false, status: 500, error: 'The scanner stopped on this page: scan the sheet again, or photograph it' };
        log(`scans ${g.id}: page ${n}: ${(e as Error)?.message ?? e}`);
      }
      const ms = Math.round(performance.now() - t0);
      const page: PageRow = { batchId, page: n, status: 'failed', sheetId: null, photo: photoName, outcome: null, message: null, scanMs: ms };
      let filed: Omit<SheetRow, 'no'> | undefined;
      if (!result.ok) {
        page.message = result.error;
      } else {
        const o = result.outcome;
        if (o.setupFrom === 'qr' && o.game !== g.setupId) {
          page.status = 'refused';
          page.message = otherGame(g, o);
        } else if (o.setupFrom === 'qr' && o.player !== undefined && o.player >= 1 && o.player <= g.players.length) {
          page.status = 'filed';
          page.sheetId = sheetId;
          filed = sheetOf(g, sheetId, o.player, o, photoName, ms);
        } else {
          page.status = 'unassigned';
          page.sheetId = sheetId;
          page.outcome = o;
          page.message = o.setupFrom === 'qr' ? `Its QR code names player ${o.player}, and this game has ${g.players.length}` : 'Its QR code could not be read';
        }
      }
      if (page.status !== 'filed' && page.status !== 'unassigned') rmSync(land, { force: true });
      const row = scans.recordPage(page, filed);
      log(`scans ${g.id}: page ${n}/${b.pages}: ${row ? `${this.o.nameOf(g, row.player)}, total ${row.score.total}` : page.status}${page.message ? ` (${page.message})` : ''} in ${ms} ms`);
      events.publish(g.id, 'sheets', { page: n, batch: batchId });
    }
    scans.setBatch(batchId, 'done');
  }
}

/** A sheet to review from a scan's outcome, under `player` (a phone's pick, a page's QR code, or the host's). */
export function sheetOf(g: GameRow, id: string, player: number, o: ScanOutcome, photo: string, scanMs: number): Omit<SheetRow, 'no'> {
  return {
    id,
    gameId: g.id,
    player,
    qrPlayer: o.player ?? null,
    status: 'review',
    photo,
    land: o.land,
    scanned: o.state,
    uncertain: o.uncertain,
    confidence: o.confidence,
    setupFrom: o.setupFrom,
    printedOtherwise: o.printedOtherwise ?? null,
    toggled: [],
    state: o.state,
    score: o.score,
    scanMs,
    createdAt: Date.now(),
    confirmedAt: null,
  };
}

/** A file name to show: its last part, printable, at most 80 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 80);
  return clean || 'scan.pdf';
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
