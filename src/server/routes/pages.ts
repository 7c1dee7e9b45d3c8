/** The pages (one HTML shell the page script fills in), their static files, and the files a game offers. */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';
import type { ServerContext } from '../context.js';
import { send, sendPage } from '../http.js';
import { boardCsv, boardJson, gameTitle } from '../results.js';
import { notFound, type Call } from '../router.js';
import { gameBoard, hostInfo, PACK_DOWNLOADS } from '../views.js';

/** A static file of the page: app.js, app.css, favicon.svg. */
export const asset =
  (name: string) =>
  async (ctx: ServerContext, { res }: Call): Promise<void> => {
    const a = (await ctx.assets()).get(name)!;
    send(res, 200, a.type, a.body, { 'Cache-Control': 'no-cache' });
  };

export const homePage = (_ctx: ServerContext, { res }: Call) => sendPage(res, 'Baako game night');

export const hostPage = (_ctx: ServerContext, { res, game }: Call) => sendPage(res, `Host · ${gameTitle(game!)}`);

export async function joinQr(ctx: ServerContext, { req, res, game }: Call): Promise<void> {
  const svg = await QRCode.toString(hostInfo(ctx, req, game!).joinUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#1b2d27', light: '#ffffff' } });
  send(res, 200, 'image/svg+xml', svg, { 'Cache-Control': 'no-store' });
}

/** The pack's PDFs and game.json, as downloads. */
export function packFile(ctx: ServerContext, { res, game, params }: Call): void {
  const type = PACK_DOWNLOADS[params.file];
  const file = join(ctx.store.gameDir(game!.id), params.file);
  if (!type || !existsSync(file)) throw notFound(false);
  send(res, 200, type, readFileSync(file), {
    'Content-Disposition': `attachment; filename="baako-${game!.seed}-${params.file}"`,
    'Cache-Control': 'no-store',
  });
}

export const joinPage = (_ctx: ServerContext, { res, game }: Call) => sendPage(res, gameTitle(game!));

export const boardPage = (_ctx: ServerContext, { res, game }: Call) => sendPage(res, `Leaderboard · ${gameTitle(game!)}`);

/** A sheet's page, from the moment its photo is accepted (the page waits for the scanner). */
export function reviewPage(ctx: ServerContext, { res, game, params }: Call): void {
  if (!ctx.store.getSheet(game!.id, params.id) && !ctx.store.getUpload(game!.id, params.id)) throw notFound(false);
  sendPage(res, `Your sheet · ${gameTitle(game!)}`);
}

/** The straightened land of sheet number N (`N.jpg`), which the page draws on. */
export function landImage(ctx: ServerContext, { req, res, game, params }: Call): void {
  const m = /^(\d{1,6})\.jpg$/.exec(params.file);
  const s = m ? ctx.store.getSheetByNo(game!.id, Number(m[1])) : undefined;
  if (!s) throw notFound(false);
  const file = ctx.store.sheetFile(game!.id, 'land', `${s.id}.jpg`);
  if (!existsSync(file)) throw notFound(false);
  res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, max-age=86400', 'Content-Length': statSync(file).size });
  if (req.method === 'HEAD') return void res.end();
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

const resultsName = (c: Call) => `baako-${c.game!.seed}-results`;

export function resultsCsv(ctx: ServerContext, c: Call): void {
  send(c.res, 200, 'text/csv; charset=utf-8', '\ufeff' + boardCsv(gameBoard(ctx, c.game!), ctx.store.keptRolls(c.game!.id), ctx.rules), { 'Content-Disposition': `attachment; filename="${resultsName(c)}.csv"`, 'Cache-Control': 'no-store' });
}

export function resultsJson(ctx: ServerContext, c: Call): void {
  const g = c.game!;
  const json = JSON.stringify(boardJson(g, gameBoard(ctx, g), ctx.store.listSheets(g.id, 'confirmed'), ctx.store.keptRolls(g.id), ctx.rules), null, 2) + '\n';
  send(c.res, 200, 'application/json; charset=utf-8', json, { 'Content-Disposition': `attachment; filename="${resultsName(c)}.json"`, 'Cache-Control': 'no-store' });
}
