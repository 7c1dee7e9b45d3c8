/**
 * `baako serve`: the game-night server. Node's http module, no framework: the routes are a table
 * (./routes/index.ts) whose handlers share one context (./context.ts). Pages are one HTML shell plus the bundled
 * page script (src/web); data goes through /api.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { oneLine } from '../errors.js';
import { createContext, type ServeOptions } from './context.js';
import type { EventHub } from './events.js';
import type { Intake } from './intake.js';
import type { ScanBatches } from './scans.js';
import { baseHeaders, HttpError, sendJson, sendPage } from './http.js';
import { Router } from './router.js';
import { routes } from './routes/index.js';
import type { ScanQueue } from './scan-queue.js';
import type { Store } from './store.js';
import { lanAddresses } from './views.js';

export type { ServeOptions } from './context.js';
export { parsePlayerNames } from './routes/games.js';
export { LAND_CELL, LAND_MARGIN } from './intake.js';
export { lanAddresses } from './views.js';

export interface BaakoServer {
  server: Server;
  store: Store;
  queue: ScanQueue;
  intake: Intake;
  events: EventHub;
  /** PDFs of scanned sheets being read. */
  scans: ScanBatches;
  /** Listens; resolves with the port and the URLs the host can open. */
  listen(): Promise<{ port: number; urls: string[] }>;
  close(): Promise<void>;
}

export function createBaakoServer(opts: ServeOptions): BaakoServer {
  const ctx = createContext(opts);
  const router = new Router(routes);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    baseHeaders(res);
    try {
      await router.dispatch(ctx, req, res);
    } catch (e) {
      const api = (req.url ?? '').startsWith('/api/');
      if (!(e instanceof HttpError)) ctx.log(`error ${req.method} ${(req.url ?? '').replace(/[A-Za-z0-9_-]{22}/g, '…')}: ${(e as Error)?.stack ?? e}`);
      const err = e instanceof HttpError ? e : new HttpError(500, 'Something went wrong on the server: try again');
      if (res.headersSent) return void res.destroy();
      // A body the client is still sending is read and dropped, so it gets to see the answer.
      if (!req.complete) req.resume();
      if (api || err.status !== 404) sendJson(res, err.status, { error: oneLine(err.message), ...(err.code ? { code: err.code } : {}) }, err.headers);
      else sendPage(res, 'Not found', 404);
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
    store: ctx.store,
    queue: ctx.queue,
    intake: ctx.intake,
    events: ctx.events,
    scans: ctx.scans,
    async listen() {
      await ctx.assets();
      await ctx.queue.start();
      // Photos accepted before a stop and not read yet: back in line, oldest first.
      ctx.intake.requeue();
      // PDFs a stop cut off are read on.
      ctx.scans.resume((id) => ctx.store.getGame(id));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(opts.port ?? 8080, opts.host ?? '0.0.0.0', () => {
          server.off('error', reject);
          resolve();
        });
      });
      const port = (ctx.port = (server.address() as AddressInfo).port);
      const local = `http://localhost:${port}`;
      const lan = opts.host && opts.host !== '0.0.0.0' ? [`http://${opts.host}:${port}`] : lanAddresses().map((a) => `http://${a}:${port}`);
      return { port, urls: [...new Set([local, ...lan])] };
    },
    async close() {
      ctx.events.close();
      ctx.intake.close();
      ctx.scans.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await ctx.queue.close();
      ctx.store.close();
    },
  };
}
