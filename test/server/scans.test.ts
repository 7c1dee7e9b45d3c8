/**
 * The host's scanned PDF: each page filed under the player its QR code names, another game's page refused, a
 * page whose code cannot be read listed for the host to assign, a blank page listed as not read; a server
 * stopped halfway resumes where it was; bad PDFs are refused in one line with nothing kept. And phones' HEIC.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/server/ids.js';
import type { HostInfo, ScanBatchView, SheetView } from '../../src/server/protocol.js';
import { ScanStore } from '../../src/server/scan-store.js';
import { heifEnc, scannedPdf } from '../helpers/inputs.js';
import { createGameFor, fixture, startServer, upload, type Running } from './helpers.js';

let srv: Running;
let host: HostInfo;
let pdf: Buffer;
let heic: Buffer;
// Game sim-19: six players, sheet A on A4; the fixtures of players 1 and 6 of it.
const p1 = fixture('14-medium-a-a4-motion-blur');
const p6 = fixture('18-hard-a-a4-faint-shadow');
const unreadable = fixture('20-hard-a-a4-upside-down');
const otherGame = fixture('01-easy-a-a4-pen');

const postPdf = (base: string, hostKey: string, body: Buffer, name = 'scans.pdf') =>
  fetch(`${base}/api/host/${hostKey}/scans`, { method: 'POST', headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent(name) }, body });

async function hostInfo(base: string, key: string): Promise<HostInfo> {
  return (await (await fetch(`${base}/api/host/${key}`)).json()) as HostInfo;
}

/** Waits until the batch is read (or `until` says so). */
async function waitFor(base: string, key: string, id: string, until = (b: ScanBatchView) => b.status === 'done', ms = 240_000): Promise<ScanBatchView> {
  const end = Date.now() + ms;
  for (;;) {
    const b = (await hostInfo(base, key)).scans.find((x) => x.id === id);
    if (b && until(b)) return b;
    if (Date.now() > end) throw new Error(`batch ${id} not read in time: ${JSON.stringify(b?.items.map((i) => i.status))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  expect(new Set([p1.truth.game, p6.truth.game, unreadable.truth.game])).toEqual(new Set([p1.truth.game]));
  // (made before the server starts: heif-enc runs synchronously, and a server in this process must not stall)
  heic = heifEnc(p1.bytes);
  srv = await startServer();
  host = await createGameFor(srv.base, p1);
  // The unreadable page: the sheet's QR code painted over, on the photo turned upright as its truth is.
  const upright = await sharp(unreadable.bytes).rotate().toBuffer();
  const qr = (unreadable.truth as unknown as { sim: { qr: [number, number][] } }).sim.qr;
  const xs = qr.map((p) => p[0]);
  const ys = qr.map((p) => p[1]);
  const [left, top] = [Math.min(...xs) - 8, Math.min(...ys) - 8];
  const patch = await sharp({ create: { width: Math.round(Math.max(...xs) - left + 8), height: Math.round(Math.max(...ys) - top + 8), channels: 3, background: '#fff' } }).png().toBuffer();
  const covered = await sharp(upright).composite([{ input: patch, left: Math.round(left), top: Math.round(top) }]).jpeg({ quality: 90 }).toBuffer();
  pdf = await scannedPdf([{ jpeg: p1.bytes }, { jpeg: p6.bytes }, { jpeg: otherGame.bytes }, { jpeg: covered }, { blank: true }]);
});
afterAll(() => srv?.app.close());

describe('a scanned PDF on the host page', () => {
  let batch: ScanBatchView;

  it('files each page under the player its QR code names, refuses another game’s, lists the rest for the host', async () => {
    const res = await postPdf(srv.base, host.hostKey, pdf, 'Game night/scan 0001.pdf');
    expect(res.status).toBe(201);
    const first = (await res.json()) as ScanBatchView;
    expect(first).toMatchObject({ name: 'scan 0001.pdf', pages: 5 });
    // The PDF is stored before its pages are read.
    expect(existsSync(join(srv.data, 'games', host.id, 'scans', `${first.id}.pdf`))).toBe(true);
    batch = await waitFor(srv.base, host.hostKey, first.id);
    const [a, b, c, d, e] = batch.items;
    expect(a).toMatchObject({ page: 1, status: 'filed', sheet: { player: 1, name: host.players[0], status: 'review' } });
    // Player 6's page (faint pencil in a phone's shadow, a corner of the land in it) is read like its photo.
    expect(b).toMatchObject({ page: 2, status: 'filed', sheet: { player: 6, name: host.players[5], status: 'review' } });
    expect(c).toMatchObject({ page: 3, status: 'refused', message: expect.stringMatching(/another game/) });
    expect(d).toMatchObject({ page: 4, status: 'unassigned', message: expect.stringMatching(/QR code could not be read/), total: expect.any(Number) });
    expect(e).toMatchObject({ page: 5, status: 'failed', message: expect.stringMatching(/No sheet found/) });
    // Filed pages are sheets to check like a phone's, with the page as their photo.
    const sheets = (await hostInfo(srv.base, host.hostKey)).sheets;
    expect(sheets.map((s) => s.player).sort()).toEqual([1, 6]);
    const view = (await (await fetch(srv.base + a.sheet!.reviewUrl.replace('/g/', '/api/games/').replace('/s/', '/sheets/'))).json()) as SheetView;
    expect(view).toMatchObject({ player: 1, qrPlayer: 1, setupFrom: 'qr', status: 'review' });
    // Every page's picture is there for the host to look at.
    const pic = await fetch(srv.base + d.imageUrl!);
    expect(pic.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await pic.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(1000);
  }, 240_000);

  it('the host gives the unreadable page its player', async () => {
    const url = `${srv.base}/api/host/${host.hostKey}/scans/${batch.id}/4`;
    const bad = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ player: 9 }) });
    expect(bad.status).toBe(400);
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ player: 3 }) });
    expect(res.status).toBe(200);
    const b = (await res.json()) as ScanBatchView;
    expect(b.items[3]).toMatchObject({ status: 'filed', sheet: { player: 3, name: host.players[2] } });
    const again = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ player: 3 }) });
    expect(again.status).toBe(409);
    const s = (await hostInfo(srv.base, host.hostKey)).sheets.find((x) => x.player === 3)!;
    const sheet = (await (await fetch(`${srv.base}/api/games/${host.id}/sheets/${b.items[3].sheet!.reviewUrl.split('/').pop()}`)).json()) as SheetView;
    expect(sheet).toMatchObject({ no: s.no, setupFrom: 'fallback', qrPlayer: null });
    // A refused or unread page cannot be given a player.
    expect((await fetch(`${srv.base}/api/host/${host.hostKey}/scans/${batch.id}/3`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"player":2}' })).status).toBe(409);
  });

  it('refuses bad PDFs in one line and keeps nothing of them', async () => {
    const locked = new mupdf.PDFDocument(await scannedPdf([{ blank: true }]));
    const cases: [Buffer | string, number, RegExp][] = [
      [Buffer.from(locked.saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=x').asUint8Array()), 422, /^locked\.pdf: the PDF is protected by a password/],
      [Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(3000, 65)]), 422, /^locked\.pdf: the PDF is damaged/],
      [p1.bytes.subarray(0, 20_000), 415, /not a PDF/],
      ['', 400, /No PDF was sent/],
    ];
    const scansDir = join(srv.data, 'games', host.id, 'scans');
    const stored = () => (existsSync(scansDir) ? readdirSync(scansDir) : []);
    const before = stored();
    for (const [body, status, pattern] of cases) {
      const res = await postPdf(srv.base, host.hostKey, Buffer.from(body), 'locked.pdf');
      const json = (await res.json()) as { error: string };
      expect(res.status, json.error).toBe(status);
      expect(json.error).toMatch(pattern);
      expect(json.error).not.toContain('\n');
    }
    expect(stored()).toEqual(before);
    // (a refused upload's temporary file goes once its stream has closed)
    await expect.poll(() => readdirSync(join(srv.data, 'tmp')), { timeout: 3000 }).toEqual([]);
    expect((await hostInfo(srv.base, host.hostKey)).scans).toHaveLength(before.length);
    expect((await fetch(`${srv.base}/api/host/${'A'.repeat(22)}/scans`, { method: 'POST', body: Buffer.from('%PDF-1.4\n') })).status).toBe(404);
  }, 240_000);

  it('a phone’s HEIC photo is read; a PDF from a phone is refused with where to send it', async () => {
    const res = await upload(srv.base, host.id, 1, heic, 'image/heic');
    expect(res.status, res.json.error).toBe(201);
    expect(res.json).toMatchObject({ player: 1, qrPlayer: 1 });
    const stored = readdirSync(join(srv.data, 'games', host.id, 'photos'));
    expect(stored).toContain(`${res.json.id}.heic`);
    const asPdf = await upload(srv.base, host.id, 1, await scannedPdf([{ blank: true }]), 'application/pdf');
    expect(asPdf.status).toBe(415);
    expect(asPdf.json.error).toMatch(/host page/);
  }, 240_000);
});

describe('a server stopped halfway', () => {
  it('resumes the PDF at the first page not filed, and checks a PDF stored but not yet checked; nothing is filed twice', async () => {
    const first = await startServer({ workers: 1 });
    const g = await createGameFor(first.base, p1);
    const res = await postPdf(first.base, g.hostKey, pdf);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as ScanBatchView;
    const part = await waitFor(first.base, g.hostKey, id, (b) => b.items.some((i) => i.status !== 'waiting'));
    await first.app.close();
    expect(part.items.some((i) => i.status === 'waiting')).toBe(true);
    const filedBefore = part.items.filter((i) => i.status === 'filed').map((i) => i.sheet!.no);

    // A second PDF stored just before a stop, not checked yet.
    const second = newId();
    mkdirSync(join(first.data, 'games', g.id, 'scans'), { recursive: true });
    copyFileSync(join(first.data, 'games', g.id, 'scans', `${id}.pdf`), join(first.data, 'games', g.id, 'scans', `${second}.pdf`));
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(first.data, 'baako.db'));
    new ScanStore(db, () => {
      throw new Error('not filed here');
    }).insertBatch({ id: second, gameId: g.id, name: 'late.pdf', bytes: pdf.length, pages: null, status: 'checking', createdAt: Date.now() });
    db.close();

    const again = await startServer({ data: first.data, workers: 1 });
    try {
      const done = await waitFor(again.base, g.hostKey, id);
      expect(done.items.map((i) => i.status)).toEqual(['filed', 'filed', 'refused', 'unassigned', 'failed']);
      // The pages filed before the stop kept their sheets.
      for (const no of filedBefore) expect(done.items.some((i) => i.sheet?.no === no)).toBe(true);
      const late = await waitFor(again.base, g.hostKey, second);
      expect(late.items.map((i) => i.status)).toEqual(['filed', 'filed', 'refused', 'unassigned', 'failed']);
      const sheets = (await hostInfo(again.base, g.hostKey)).sheets;
      // (pages 1 and 2 of each PDF: the other pages are another game's, unassigned or blank)
      expect(sheets).toHaveLength(4);
      expect(new Set(sheets.map((s) => s.no)).size).toBe(4);
      expect(again.logs.some((l) => /resuming/.test(l))).toBe(true);
    } finally {
      await again.app.close();
    }
  }, 240_000);
});

it('keeps the uploaded PDF byte for byte', () => {
  const dir = join(srv.data, 'games', host.id, 'scans');
  const [file] = readdirSync(dir);
  expect(readFileSync(join(dir, file)).equals(pdf)).toBe(true);
});
