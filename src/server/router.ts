/**
 * Routes as a table: a method, a path pattern and a handler. In a pattern, `:game` is a game id and `:hostKey`
 * a host key (both resolved to the game, or 404), `:sheet` a sheet id of that game (resolved, or 404); any
 * other `:name` is handed over as written. A GET route answers HEAD too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerContext } from './context.js';
import { HttpError } from './http.js';
import type { GameRow, SheetRow } from './store.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request on its way through a route. */
export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** An /api address: errors are JSON, never the HTML page. */
  api: boolean;
  /** The path's parameters as written. */
  params: Record<string, string>;
  /** The game named by `:game` or `:hostKey`, the sheet named by `:sheet`. */
  game?: GameRow;
  sheet?: SheetRow;
}

export type Handler = (ctx: ServerContext, call: Call) => Promise<void> | void;

export interface Route {
  method: Method;
  path: string;
  handler: Handler;
}

interface Compiled extends Route {
  segments: string[];
}

/** 404 for the API (JSON with a message) or a page (the page script shows "not found"). */
export const notFound = (api: boolean, what = 'Nothing here: check the address (a game’s address comes from its QR code)') => new HttpError(404, api ? what : 'page');

export class Router {
  private routes: Compiled[];

  constructor(routes: Route[]) {
    this.routes = routes.map((r) => ({ ...r, segments: r.path.split('/').filter(Boolean) }));
  }

  /** Finds the route of a request and runs it; throws HttpError 400 or 404 when there is none. */
  async dispatch(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = (req.url ?? '/').split('?')[0];
    // Refuse anything that is not plain path segments: no dot segments, no encoded slashes or dots.
    if (!raw.startsWith('/') || /%|\/\.{1,2}(\/|$)|\\|\/\//.test(raw)) throw new HttpError(400, 'Bad address');
    const url = new URL(req.url ?? '/', 'http://x');
    const parts = url.pathname.split('/').filter(Boolean);
    const api = parts[0] === 'api';
    const method = req.method ?? 'GET';
    for (const r of this.routes) {
      if (r.method !== method && !(r.method === 'GET' && method === 'HEAD')) continue;
      const params = match(r.segments, parts);
      if (!params) continue;
      const call: Call = { req, res, url, api, params };
      resolve(ctx, call);
      return r.handler(ctx, call);
    }
    throw notFound(api);
  }
}

function match(segments: string[], parts: string[]): Record<string, string> | undefined {
  if (segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.startsWith(':')) params[s.slice(1)] = parts[i];
    else if (s !== parts[i]) return undefined;
  }
  return params;
}

/** Looks up the game and sheet the address names; 404 when they do not exist. */
function resolve(ctx: ServerContext, call: Call): void {
  const { params, api } = call;
  if (params.hostKey !== undefined) {
    call.game = ctx.store.getGameByHostKey(params.hostKey);
    if (!call.game) throw notFound(api, 'No such game: check the host address');
  }
  if (params.game !== undefined) {
    call.game = ctx.store.getGame(params.game);
    if (!call.game) throw notFound(api, 'No such game: check the address (it comes from the game’s QR code)');
  }
  if (params.sheet !== undefined) {
    call.sheet = call.game && ctx.store.getSheet(call.game.id, params.sheet);
    if (!call.sheet) throw notFound(api, 'No such sheet');
  }
}
