/** The host's PDFs of scanned sheets: sending one, filing a page whose QR code could not be read, seeing a page. */
import { sharp } from '../../sharp.js';
import type { ServerContext } from '../context.js';
import { HttpError, readJson, send, sendJson } from '../http.js';
import { isId } from '../ids.js';
import { notFound, type Call } from '../router.js';
import { UploadError } from '../upload.js';

/** POST /api/host/KEY/scans: a PDF of scanned sheets as the raw body (its name in X-File-Name). */
export async function postScans(ctx: ServerContext, { req, res, game }: Call): Promise<void> {
  const g = game!;
  let name = 'scan.pdf';
  try {
    name = decodeURIComponent(String(req.headers['x-file-name'] ?? name));
  } catch {
    /* the default */
  }
  let b;
  try {
    b = await ctx.scans.receive(req, g, name);
  } catch (e) {
    if (e instanceof UploadError) throw new HttpError(e.status, e.message);
    throw e;
  }
  sendJson(res, 201, ctx.scans.views(g, g.hostKey).find((v) => v.id === b.id));
  ctx.events.publish(g.id, 'sheets', { batch: b.id });
}

/** POST /api/host/KEY/scans/BATCH/N {player}: files page N, whose QR code could not be read, under a player. */
export async function assignPage(ctx: ServerContext, { req, res, game, params }: Call): Promise<void> {
  const g = game!;
  const body = await readJson(req);
  try {
    ctx.scans.assign(g, params.batch, Number(params.page), Number((body as { player?: unknown })?.player));
  } catch (e) {
    if (e instanceof UploadError) throw new HttpError(e.status, e.message);
    throw e;
  }
  sendJson(res, 200, ctx.scans.views(g, g.hostKey).find((v) => v.id === params.batch));
}

/** GET /host/KEY/scans/BATCH/N.jpg: a page of a scanned PDF, smaller, for the host to see whose it is. */
export async function scanPage(ctx: ServerContext, { res, game, params }: Call): Promise<void> {
  const m = /^(\d{1,4})\.jpg$/.exec(params.file);
  const file = m && isId(params.batch) ? ctx.scans.pageFile(game!, params.batch, Number(m[1])) : undefined;
  if (!file) throw notFound(false);
  const jpeg = await sharp(file).rotate().resize({ width: 1000, height: 1000, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  send(res, 200, 'image/jpeg', jpeg, { 'Cache-Control': 'private, max-age=3600' });
}
