/**
 * Scans run on a few worker threads (a scan takes up to a second of CPU and about 100 MB of memory), so the server keeps
 * answering pages and events meanwhile. Photos beyond the workers wait in a bounded queue; past it, or after
 * waiting too long, a job is refused with a message to try again: 50 phones at once queue, they don't pile up.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobResult, PdfCheckJob, PdfCheckResult, ScanJob } from './scan-job.js';

export class BusyError extends Error {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
    this.name = 'BusyError';
  }
}

export interface QueueOptions {
  /** Worker threads (default: one fewer than the cores, 1 or 2; see defaultWorkers). */
  workers?: number;
  /** Jobs that may wait for a worker (default 32). */
  maxWaiting?: number;
  /** Longest wait in the queue before giving up, ms (default 45 s). */
  maxWaitMs?: number;
  /** Longest scan, ms (default 60 s): the worker is replaced after it. */
  maxScanMs?: number;
  /** Told when a worker stops unexpectedly. */
  log?: (line: string) => void;
  /**
   * The module the workers run jobs with (its `runScanJob`), as a file URL: default ./scan-job. Tests and
   * benchmarks give a cheaper one where the count of scans matters more than the scans.
   */
  runner?: string;
}

type Job = ScanJob | PdfCheckJob;
type Result = JobResult | PdfCheckResult;

interface Pending {
  job: Job;
  resolve: (r: Result) => void;
  reject: (e: Error) => void;
  queuedAt: number;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /** Settles when the worker has loaded the scanner (or died trying). */
  ready: Promise<void>;
  isReady: boolean;
  busy?: { seq: number; p: Pending; timer: NodeJS.Timeout; timedOut?: boolean };
}

/** The worker entry point: compiled JS next to this file, or the TypeScript source run through tsx. */
function spawn(runner: string | undefined): Worker {
  const here = import.meta.url;
  const workerData = { runner };
  if (here.endsWith('.ts') || runner?.endsWith('.ts')) {
    // tsx's ESM API (its "import" export; a CommonJS resolve would give the .cjs build, which cannot register here).
    const tsx = new URL('./esm/api/index.mjs', pathToFileURL(createRequire(here).resolve('tsx'))).href;
    const target = new URL(`./scan-worker.${here.endsWith('.ts') ? 'ts' : 'js'}`, here).href;
    const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(target)}); })`;
    return new Worker(boot, { eval: true, workerData });
  }
  return new Worker(fileURLToPath(new URL('./scan-worker.js', here)), { workerData });
}

/**
 * One scan already keeps more than one core busy (sharp decodes on a thread pool), so a worker per core makes
 * every scan slower: one fewer worker than cores, 1 or 2.
 */
export function defaultWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

export class ScanQueue {
  private slots: Slot[] = [];
  private waiting: Pending[] = [];
  private seq = 0;
  private closed = false;
  /** Workers that died before they were ready, in a row: past 3 the scanner cannot start (a broken install). */
  private startFailures = 0;
  private broken: string | null = null;
  private log: (line: string) => void;
  private runner: string | undefined;
  readonly workers: number;
  readonly maxWaiting: number;
  readonly maxWaitMs: number;
  /** May be changed at any time: applies to the scans started after. */
  maxScanMs: number;
  /** Counters for the log and the tests. */
  readonly stats = { done: 0, refused: 0, failed: 0, restarts: 0 };

  constructor(opts: QueueOptions = {}) {
    this.workers = Math.max(1, opts.workers ?? defaultWorkers());
    this.maxWaiting = Math.max(0, opts.maxWaiting ?? 32);
    this.maxWaitMs = opts.maxWaitMs ?? 45_000;
    this.maxScanMs = opts.maxScanMs ?? 60_000;
    this.log = opts.log ?? (() => undefined);
    this.runner = opts.runner;
  }

  /** Starts the worker threads (they load the scanner once, ~1 s); later jobs start at once. */
  start(): Promise<void> {
    while (this.slots.length < this.workers) this.slots.push(this.makeSlot());
    return Promise.all(this.slots.map((s) => s.ready)).then(() => undefined);
  }

  /** Jobs waiting plus jobs running. */
  get load(): number {
    return this.waiting.length + this.slots.filter((s) => s.busy).length;
  }

  /** Jobs running plus waiting at most. */
  get capacity(): number {
    return this.workers + this.maxWaiting;
  }

  /** Whether a new job would be refused right now (checked before an upload is read). */
  get full(): boolean {
    return this.waiting.length >= this.maxWaiting && this.slots.length > 0 && this.slots.every((s) => s.busy);
  }

  run(job: ScanJob): Promise<JobResult>;
  run(job: PdfCheckJob): Promise<PdfCheckResult>;
  run(job: Job): Promise<Result> {
    if (this.closed) return Promise.reject(new BusyError('The server is shutting down', 10));
    if (this.broken) return Promise.reject(new Error(`the scanner cannot start: ${this.broken}`));
    if (this.slots.length === 0) this.start().catch(() => undefined);
    if (this.full) {
      this.stats.refused++;
      return Promise.reject(new BusyError(`The scanner is busy with ${this.load} photos: try again in a few seconds`, 5));
    }
    return new Promise<Result>((resolve, reject) => {
      const p: Pending = { job, resolve, reject, queuedAt: Date.now() };
      p.timer = setTimeout(() => {
        const i = this.waiting.indexOf(p);
        if (i < 0) return;
        this.waiting.splice(i, 1);
        this.stats.refused++;
        reject(new BusyError('The scanner is too busy right now: try again in a minute', 30));
      }, this.maxWaitMs);
      this.waiting.push(p);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.waiting.splice(0)) {
      clearTimeout(p.timer);
      p.reject(new BusyError('The server is shutting down', 10));
    }
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map(async (s) => {
        const busy = s.busy;
        if (busy) clearTimeout(busy.timer);
        await s.worker.terminate();
        // Told only once the worker has stopped: a scan cut off here writes nothing after its caller cleaned up.
        busy?.p.reject(new BusyError('The server is shutting down', 10));
      }),
    );
  }

  private makeSlot(): Slot {
    const worker = spawn(this.runner);
    worker.unref();
    let ready!: () => void;
    const slot: Slot = { worker, ready: new Promise<void>((r) => (ready = r)), isReady: false };
    worker.on('message', (msg: { ready?: boolean; seq?: number; result?: Result; crash?: string }) => {
      if (msg.ready) {
        slot.isReady = true;
        this.startFailures = 0;
        ready();
        this.pump();
        return;
      }
      const busy = slot.busy;
      if (!busy || busy.seq !== msg.seq) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      if (msg.result) {
        this.stats.done++;
        busy.p.resolve(msg.result);
      } else {
        this.stats.failed++;
        busy.p.reject(new Error(`scan failed: ${msg.crash}`));
      }
      this.pump();
    });
    const died = (why: string) => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      ready();
      if (slot.busy) {
        clearTimeout(slot.busy.timer);
        this.stats.failed++;
        if (slot.busy.timedOut) slot.busy.p.resolve({ ok: false, status: 422, error: 'Reading this photo took too long: retake it, the whole sheet flat and in focus' });
        else slot.busy.p.reject(new Error(`scan worker stopped: ${why}`));
      }
      if (this.closed) return;
      this.log(`scan worker stopped (${why})`);
      if (!slot.isReady && ++this.startFailures > 3) {
        this.broken = why;
        for (const p of this.waiting.splice(0)) {
          clearTimeout(p.timer);
          p.reject(new Error(`the scanner cannot start: ${why}`));
        }
        return;
      }
      this.stats.restarts++;
      this.slots.push(this.makeSlot());
    };
    worker.on('error', (e) => died(e.message));
    worker.on('exit', (code) => died(`exit ${code}`));
    return slot;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy || !slot.isReady || this.waiting.length === 0) continue;
      const p = this.waiting.shift()!;
      clearTimeout(p.timer);
      const seq = ++this.seq;
      const timer = setTimeout(() => {
        // A scan that never ends: replace the worker.
        if (slot.busy) slot.busy.timedOut = true;
        slot.worker.terminate().catch(() => undefined);
      }, this.maxScanMs);
      slot.busy = { seq, p, timer };
      slot.worker.postMessage({ seq, job: p.job });
    }
  }
}
