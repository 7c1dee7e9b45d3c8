/**
 * What every route of `baako serve` shares: the options, the store, the scan queue, the event streams, the rules,
 * and the little state the server keeps in memory. One per server, so that tests can run several side by side.
 */
import { loadGame } from '../data/load.js';
import type { GameData } from '../engine/types.js';
import { loadAssets, type Assets } from './assets.js';
import { EventHub } from './events.js';
import { ScanQueue } from './scan-queue.js';
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
  /** Scanner threads and queue (see ScanQueue). */
  workers?: number;
  maxWaiting?: number;
  maxWaitMs?: number;
  /** One line per event worth a log (default: nothing). */
  log?: (line: string) => void;
}

export interface ServerContext {
  readonly opts: ServeOptions;
  readonly store: Store;
  readonly queue: ScanQueue;
  readonly events: EventHub;
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
}

export function createContext(opts: ServeOptions): ServerContext {
  const log = opts.log ?? (() => undefined);
  let assets: Promise<Assets> | undefined;
  return {
    opts,
    store: new Store(opts.data),
    queue: new ScanQueue({ workers: opts.workers, maxWaiting: opts.maxWaiting, maxWaitMs: opts.maxWaitMs, log }),
    events: new EventHub(),
    rules: loadGame(),
    log,
    maxUpload: opts.maxUpload ?? 25_000_000,
    port: opts.port ?? 8080,
    receiving: 0,
    creating: 0,
    creation: Promise.resolve(),
    assets() {
      assets ??= loadAssets().catch((e) => {
        assets = undefined;
        throw e;
      });
      return assets;
    },
  };
}
