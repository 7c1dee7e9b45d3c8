/**
 * Uploads from acknowledgement to sheet. A photo is on the disk and in the database before the phone hears
 * "accepted" (see accept()); it then waits in a line, in order of arrival, for one of the scanner's workers. The
 * line is bounded (the server answers 503 past it: the phone retries), every accepted photo is read in the end,
 * and a restart puts back in line every photo that was accepted but not read.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerContext } from './context.js';
import { renameLater } from './durable.js';
import { BusyError } from './scan-queue.js';
import type { JobResult, ScanJob } from './scan-job.js';
import type { GameRow, UploadRow } from './store.js';
import type { PhotoType } from './upload.js';
import { otherGame, sheetOf } from './scans.js';
import { nameOf } from './views.js';

/** Pixels per cell and around the land of the straightened picture the page draws on. */
export const LAND_CELL = 56;
export const LAND_MARGIN = 28;

/** A refused phone not back for this long has given up; at most this many are remembered. */
const OUTSIDE_MS = 60_000;
const OUTSIDE_MAX = 1000;

/** Scans a photo may start: one that stops the scanner this often is refused rather than tried for ever. */
export const MAX_ATTEMPTS = 3;

export interface LinePlace {
  /** 0 while the scanner reads it, else its place in the line (1: next). */
  position: number;
  /** About how many seconds until it is read. */
  waitSeconds: number;
}

/** How long a photo the scanner could not take waits before it is handed out again. */
const RETRY_MS = 1000;

export class Intake {
  /** Accepted uploads not yet handed to the scanner, oldest first. */
  private line: UploadRow[] = [];
  /** Uploads the scanner is reading. */
  private reading = new Map<string, UploadRow>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Set while a retry waits its moment: the line is not handed out until then, or a busy scanner is asked at once. */
  private waiting = false;
  /** Phones told to come back (by upload key), in the order they were first refused, and when last seen. */
  private outside = new Map<string, { last: number }>();
  /** Average time of a scan, ms (a moving average, for the estimates phones show). */
  private scanMs = 1000;
  /** Accepted uploads the line holds at most, beyond those being read. */
  readonly maxWaiting: number;
  readonly stats = { accepted: 0, busy: 0, scanned: 0, refused: 0, requeued: 0, retried: 0 };

  constructor(
    private ctx: Pick<ServerContext, 'store' | 'queue' | 'events' | 'log'>,
    maxWaiting = 32,
  ) {
    this.maxWaiting = Math.max(0, maxWaiting);
  }

  /** Uploads accepted and not read yet (waiting or being read). */
  get pending(): number {
    return this.line.length + this.reading.size;
  }

  /** Accepted uploads there may be at once: past it, a new upload is told to come back later. */
  get capacity(): number {
    return this.ctx.queue.workers + this.maxWaiting;
  }

  /**
   * A phone told to come back later (503): how many photos are ahead of it (those accepted, then the phones
   * refused before it that are still trying, by their upload key), and when to come back: about when the line
   * has room for it. So the phones refused together come back one after another, roughly in order.
   */
  refuseBusy(key: string | undefined, receiving: number): { ahead: number; retryAfter: number } {
    this.stats.busy++;
    const now = Date.now();
    for (const [k, seen] of this.outside) if (now - seen.last > OUTSIDE_MS) this.outside.delete(k);
    let before = this.outside.size;
    if (key) {
      const seen = this.outside.get(key);
      if (seen) {
        seen.last = now;
        before = [...this.outside.keys()].indexOf(key);
      } else if (this.outside.size < OUTSIDE_MAX) this.outside.set(key, { last: now });
    }
    const ahead = this.pending + receiving + before;
    const over = ahead - this.capacity + 1;
    return { ahead, retryAfter: Math.min(30, Math.max(1, Math.ceil((this.scanMs * Math.max(1, over)) / this.ctx.queue.workers / 1000))) };
  }

  /** Where an accepted upload stands, or undefined when it is not waiting (read, refused, or not known here). */
  placeOf(id: string): LinePlace | undefined {
    const workers = this.ctx.queue.workers;
    if (this.reading.has(id)) return { position: 0, waitSeconds: Math.ceil(this.scanMs / 1000) };
    const i = this.line.findIndex((u) => u.id === id);
    if (i < 0) return undefined;
    return { position: i + 1, waitSeconds: Math.ceil(((Math.floor(i / workers) + 1) * this.scanMs + this.scanMs) / 1000) };
  }

  /**
   * Records an upload received into `tmp/ID.part` (already flushed to the disk) and puts it in line; resolves
   * once the row and the photo's new name are on the disk too. The order makes a crash at any moment harmless:
   * the row is written before the photo is moved into the game's folder, and a restart (recover.ts) finishes
   * the move of a photo whose row exists and deletes any other.
   */
  async accept(g: GameRow, u: { id: string; player: number; clientKey: string | null; type: PhotoType; bytes: number; tmp: string }): Promise<UploadRow> {
    const { store } = this.ctx;
    mkdirSync(join(store.gameDir(g.id), 'photos'), { recursive: true });
    mkdirSync(join(store.gameDir(g.id), 'land'), { recursive: true });
    const row = store.insertUpload({ id: u.id, gameId: g.id, player: u.player, photo: `${u.id}.${u.type}`, clientKey: u.clientKey, bytes: u.bytes, receivedAt: Date.now() });
    try {
      await Promise.all([renameLater(u.tmp, store.sheetFile(g.id, 'photos', row.photo)), store.flush()]);
    } catch (e) {
      store.deleteUpload(row.id);
      throw e;
    }
    this.stats.accepted++;
    if (u.clientKey) this.outside.delete(u.clientKey);
    this.enqueue(row);
    return row;
  }

  /** Puts back in line what a stop left queued (oldest first); a photo that stopped the scanner too often is refused. */
  requeue(): void {
    for (const u of this.ctx.store.queuedUploads()) {
      if (this.line.some((x) => x.id === u.id) || this.reading.has(u.id)) continue;
      if (u.attempts >= MAX_ATTEMPTS) {
        this.refuse(u, 422, 'Reading this photo stopped the scanner: take another photo of the sheet, flat and in good light');
        continue;
      }
      this.stats.requeued++;
      this.enqueue(u);
    }
  }

  /** Stops handing out photos: those in line stay queued in the database, for the next start. */
  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
  }

  private enqueue(u: UploadRow): void {
    this.line.push(u);
    this.pump();
  }

  /** Hands photos to the scanner, as many as it has workers. */
  private pump(): void {
    while (!this.closed && !this.waiting && this.line.length > 0 && this.reading.size < this.ctx.queue.workers) {
      const u = this.line.shift()!;
      this.reading.set(u.id, u);
      void this.scan(u);
    }
  }

  /** Back to the front of the line, tried again in a moment (a worker restarting). */
  private later(u: UploadRow): void {
    this.stats.retried++;
    this.line.unshift(u);
    clearTimeout(this.retryTimer);
    this.waiting = true;
    this.retryTimer = setTimeout(() => {
      this.waiting = false;
      this.pump();
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  private async scan(u: UploadRow): Promise<void> {
    const { store, queue, log } = this.ctx;
    const g = store.getGame(u.gameId);
    if (!g) return void this.reading.delete(u.id);
    const attempts = store.startScan(u.id);
    const job: ScanJob = {
      photo: store.sheetFile(g.id, 'photos', u.photo),
      land: store.sheetFile(g.id, 'land', `${u.id}.jpg`),
      fallback: { side: g.side, cards: g.cards, game: g.setupId, paper: g.paper },
      rolls: store.keptRolls(g.id),
      cell: LAND_CELL,
      margin: LAND_MARGIN,
    };
    const t0 = performance.now();
    let result: JobResult | undefined;
    let failure: unknown;
    try {
      result = await queue.run(job);
    } catch (e) {
      failure = e;
    }
    this.reading.delete(u.id);
    let sheet = false;
    try {
      // Stopping: the photo stays queued, for the next start.
      if (this.closed) return;
      if (!result) {
        if (failure instanceof BusyError || attempts < MAX_ATTEMPTS) {
          log(`scan ${g.id}: ${(failure as Error)?.message ?? failure}; trying again`);
          return this.later({ ...u, attempts });
        }
        return this.refuse(u, 422, 'Reading this photo stopped the scanner: take another photo of the sheet, flat and in good light');
      }
      const ms = Math.round(performance.now() - t0);
      this.scanMs = this.scanMs * 0.8 + ms * 0.2;
      sheet = this.finish(g, u, result, ms);
    } catch (e) {
      // (the database or the disk failed: the photo stays queued, for the next start)
      log(`scan ${g.id}: could not record the result: ${(e as Error)?.stack ?? e}`);
    } finally {
      // The job writes the land before the sheet's row: an attempt that ends without that row (dropped at a stop,
      // failed, timed out, refused) leaves no land behind; the queue settles a job only once its worker is done with it.
      if (!sheet) this.dropLand(u);
      this.pump();
    }
  }

  /** Records the scanned sheet, or refuses the upload; says whether a sheet was recorded. */
  private finish(g: GameRow, u: UploadRow, result: JobResult, ms: number): boolean {
    if (!result.ok) {
      this.refuse(u, result.status, result.error, result.code);
      return false;
    }
    const o = result.outcome;
    if (o.setupFrom === 'qr' && o.game !== g.setupId) {
      this.refuse(u, 422, `${otherGame(g, o)}: photograph a sheet of this game`, 'another-game');
      return false;
    }
    const row = this.ctx.store.finishUpload(sheetOf(g, u.id, u.player, o, u.photo, ms));
    this.stats.scanned++;
    this.ctx.log(`scan ${g.id} #${row.no}: ${nameOf(g, u.player)}, total ${o.score.total}, ${o.uncertain.length} to check, ${(u.bytes / 1e6).toFixed(1)} MB in ${ms} ms`);
    // Hosts see the new sheet in review.
    this.ctx.events.publish(g.id, 'sheets', { no: row.no });
    return true;
  }

  /** The photo could not be read: the phone is told why; the photo, of no use, is deleted. */
  private refuse(u: UploadRow, status: number, error: string, code?: string): void {
    const { store, log } = this.ctx;
    store.refuseUpload(u.id, status, error, code);
    this.stats.refused++;
    log(`scan ${u.gameId}: refused (${status}): ${error}`);
    rmSync(store.sheetFile(u.gameId, 'photos', u.photo), { force: true });
    this.dropLand(u);
  }

  /** Removes the land a scan of the upload wrote, whole or cut off while being written. */
  private dropLand(u: UploadRow): void {
    const land = this.ctx.store.sheetFile(u.gameId, 'land', `${u.id}.jpg`);
    rmSync(land, { force: true });
    rmSync(`${land}.part`, { force: true });
  }
}
