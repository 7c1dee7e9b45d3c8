/** The server's answers: errors with a status, JSON and plain bodies, the HTML shell, the JSON bodies it reads. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_LIMITS, parseJsonBody } from './json-body.js';

/** An answer other than 2xx, with the one-line message the client shows. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** For the page to branch on: a scan's refusal code (ScanRefused's), or an invalid option's. */
    readonly code?: string,
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

export function baseHeaders(res: ServerResponse): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Game ids are in the URLs: never send them to another site.
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function send(res: ServerResponse, status: number, type: string, body: Buffer | string, headers: Record<string, string> = {}): void {
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

/** A page: the HTML shell, which the page script fills in from the address. */
export function sendPage(res: ServerResponse, title: string, status = 200): void {
  send(res, status, 'text/html; charset=utf-8', shell(title), { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' });
}

/**
 * Reads a small JSON body within JSON_LIMITS (64 KB, 32 levels deep: json-body.ts); only `application/json`,
 * which a cross-site form cannot send.
 */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'Expected a JSON body (Content-Type: application/json)');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > JSON_LIMITS.maxBytes) throw new HttpError(413, `The request is too large (at most ${JSON_LIMITS.maxBytes / 1024} KB)`);
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    n += c.length;
    if (n > JSON_LIMITS.maxBytes) throw new HttpError(413, `The request is too large (at most ${JSON_LIMITS.maxBytes / 1024} KB)`);
    chunks.push(c);
  }
  const r = parseJsonBody(Buffer.concat(chunks));
  if (!r.ok) throw new HttpError(r.status, r.message);
  return r.value;
}
