/**
 * What every route of `baako serve` shares: the options, the store, the scan queue, the event streams, the rules,
 * and the little state the server keeps in memory. One per server, so that tests can run several side by side.
 */
import { loadGame } from '../data/load.js';
import type { GameData } from '../engine/types.js';
import { loadAssets, type Assets } from './assets.js';
import { syncAllGameJson, type DieSource } from './dice.js';
import type { Board } from './protocol.js';
import { EventHub } from './events.js';
import { Intake } from './intake.js';
import { recover } from './recover.js';
import { ScanQueue } from './scan-queue.js';
import { ScanBatches } from './scans.js';
import { ScanStore } from './scan-store.js';
import { LAND_CELL, LAND_MARGIN } from './intake.js';
import { nameOf } from './views.js';
import { Store } from './store.js';

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
  /** Largest PDF of scanned sheets the host may send, bytes (default 300 MB). */
  maxPdfUpload?: number;
  /** Scanner threads (see ScanQueue). */
  workers?: number;
  /** Photos accepted and waiting for a worker at most (default 32): past it, uploads are answered 503. */
  maxWaiting?: number;
  /** The module the scanner threads run jobs with (see ScanQueue's `runner`; default: the scanner). */
  scanner?: string;
  /** One line per event worth a log (default: nothing). */
  log?: (line: string) => void;
  /** The table's dice (default: node:crypto's); tests inject their own. */
  dice?: DieSource;
}

export interface ServerContext {
  readonly opts: ServeOptions;
  readonly store: Store;
  readonly queue: ScanQueue;
  readonly intake: Intake;
  readonly events: EventHub;
  /** The host's PDFs of scanned sheets being read. */
  readonly scans: ScanBatches;
  readonly rules: GameData;
  readonly log: (line: string) => void;
  readonly maxUpload: number;
  /** The port listened on (known once listening). */
  port: number;
  /** Uploads being received right now. */
  receiving: number;
  /** Game creations queued, and the last one's promise (they run one after another). */
  creating: number;
  creation: Promise<void>;
  /** The page's script and styles, loaded once. */
  assets(): Promise<Assets>;
  /** Each game's leaderboard and its JSON, built once per change (views.ts: gameBoard, publishBoard). */
  boards: Map<string, { board: Board; json: string }>;
}

/** The context of a server on `opts.data`, after the data folder's recovery from any crash (recover.ts). */
export function createContext(opts: ServeOptions): ServerContext {
  const log = opts.log ?? (() => undefined);
  let assets: Promise<Assets> | undefined;
  const store = new Store(opts.data);
  recover(store, log);
  syncAllGameJson(store, log);
  const workers = opts.workers;
  // The intake keeps the line of photos; the queue only holds those handed to a worker while it (re)starts.
  const queue = new ScanQueue({ workers, maxWaiting: workers ?? 2, maxWaitMs: 10 * 60_000, log, runner: opts.scanner });
  const events = new EventHub();
  const scans = new ScanBatches({
    store,
    scans: new ScanStore(store.db, (s) => store.insertSheet(s)),
    queue,
    events,
    log,
    maxBytes: opts.maxPdfUpload ?? 300_000_000,
    cell: LAND_CELL,
    margin: LAND_MARGIN,
    nameOf,
  });
  return {
    opts,
    store,
    queue,
    intake: new Intake({ store, queue, events, log }, opts.maxWaiting),
    events,
    scans,
    rules: loadGame(),
    log,
    maxUpload: opts.maxUpload ?? 25_000_000,
    port: opts.port ?? 8080,
    receiving: 0,
    creating: 0,
    creation: Promise.resolve(),
    boards: new Map(),
    assets() {
      assets ??= loadAssets().catch((e) => {
        assets = undefined;
        throw e;
      });
      return assets;
    },
  };
}
