/**
 * What the server answers to bodies a careless or hostile client sends (issue #25, items 4 to 6): each case
 * here was answered wrongly before (a 500, a scan of a text body, a misleading message, a name kept as
 * "[object Object]" or with its direction overridden).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameInfo, HostInfo } from '../../src/server/protocol.js';
import { jsonDepth } from '../../src/server/json-body.js';
import { sizeOverLimit } from '../../src/server/upload.js';
import { TINY_JPEG } from '../helpers/fake-scanner.js';
import { fixture, raw, startServer, upload, waitForSheet, type Running } from './helpers.js';

let srv: Running;
let host: HostInfo;
const photo = fixture('16-medium-a-a4-light-table');

const post = (path: string, body: string, type = 'application/json') => fetch(srv.base + path, { method: 'POST', headers: { 'Content-Type': type }, body });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/** A JPEG whose header says `width` x `height` (its pixels are those of a tiny one: only the header is read). */
function jpegClaiming(width: number, height: number): Buffer {
  const b = Buffer.from(TINY_JPEG);
  for (let i = 2; i < b.length; ) {
    const marker = b[i + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      b.writeUInt16BE(height, i + 5);
      b.writeUInt16BE(width, i + 7);
      return b;
    }
    i += 2 + b.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}

beforeAll(async () => {
  srv = await startServer({ scanner: new URL('../helpers/fake-scanner.ts', import.meta.url).href });
  const res = await post('/api/games', JSON.stringify({ players: 3, seed: photo.truth.seed, side: photo.truth.side, paper: photo.truth.paper }));
  host = (await res.json()) as HostInfo;
});
afterAll(() => srv?.app.close());

describe('JSON bodies are limited before they become objects', () => {
  it('answers 400 to a players list nested 5,000 deep, and to any body nested past 32 levels', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const res = await post('/api/games', `{"players": ${deep}}`);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(/nests too deep \(at most 32 levels/);
    const ok = '['.repeat(31) + '"Ana"' + ']'.repeat(31);
    expect((await post('/api/games', `{"players": ${ok}}`)).status).toBe(400); // deep enough to be allowed, still not names
    const sheet = await upload(srv.base, host.id, 3, TINY_JPEG);
    const confirm = await post(`/api/games/${host.id}/sheets/${sheet.json.id}/confirm`, `{"toggled": ${deep}}`);
    expect(confirm.status).toBe(400);
    expect(await errorOf(confirm)).toMatch(/nests too deep/);
    // Brackets inside strings do not count; a body over 64 KB is refused unread.
    expect(jsonDepth('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"]"}')).toBe(1);
    const big = await post('/api/games', JSON.stringify({ players: ['x'.repeat(70_000)] }));
    expect(big.status).toBe(413);
  });

  it('refuses player names that are not text, and strips control and direction-changing characters', async () => {
    for (const players of [['Ana', { name: 'Ben' }], ['Ana', 5], ['Ana', ['Ben']], ['Ana', null]]) {
      const res = await post('/api/games', JSON.stringify({ players }));
      expect(res.status, JSON.stringify(players)).toBe(400);
      expect(await errorOf(res)).toMatch(/^Player 2: a name must be text/);
    }
    for (const body of [{ players: 2, seed: { x: 1 } }, { players: 2, side: ['A'] }, [1, 2], 'players', null]) {
      const res = await post('/api/games', JSON.stringify(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await post('/api/games', JSON.stringify({ players: ['Ana\u202egnp.exe', 'B\u0007en\u200b', '\u2066Chloe\u2069', 'Dev\u0085Ray', 'E\u0301li'] }));
    expect(res.status).toBe(201);
    const g = (await res.json()) as GameInfo;
    expect(g.players).toEqual(['Anagnp.exe', 'Ben', 'Chloe', 'Dev Ray', 'Éli']);
  });
});

describe('uploads are checked for type at the door', () => {
  it('answers 415 in one line to a body that is not sent as an image', async () => {
    for (const type of ['text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await raw(srv.base, 'POST', `/api/games/${host.id}/sheets?player=1`, photo.bytes, { 'Content-Type': type });
      expect(res.status, type).toBe(415);
      const { error } = JSON.parse(res.body.toString()) as { error: string };
      expect(error.split('\n')).toHaveLength(1);
      expect(error).toMatch(/^Send the photo itself as the body with its image type/);
    }
    const none = await raw(srv.base, 'POST', `/api/games/${host.id}/sheets?player=1`, photo.bytes);
    expect(none.status).toBe(415);
    // Nothing was kept of them.
    expect(srv.app.store.queuedUploads()).toEqual([]);
  });

  it('takes every image type and PDF at the door, and lets the decoder say what it cannot read', async () => {
    const heic = await upload(srv.base, host.id, 1, Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(200)]), 'image/heic');
    // (a HEIC is the scanner's own decoder's to read, or to refuse as damaged: not refused at the door)
    expect(heic.status).not.toBe(415);
    const pdf = await upload(srv.base, host.id, 1, '%PDF-1.7\n%nothing\n', 'application/pdf');
    expect(pdf.status).toBe(415);
    expect(pdf.json.error).toMatch(/This is a PDF, not a photo/);
    const ok = await upload(srv.base, host.id, 1, TINY_JPEG, 'image/jpeg; charset=binary');
    expect(ok.status).toBe(201);
  });
});

describe('messages that say what is wrong', () => {
  it('says a truncated JPEG is damaged or incomplete, not that the corners were not found', async () => {
    const cut = await upload(srv.base, host.id, 1, photo.bytes.subarray(0, 200_000));
    expect(cut.status).toBe(422);
    expect(cut.json.error).toMatch(/^The photo file is damaged or incomplete/);
  });

  it('says a picture of too many pixels has too many pixels (413), not that it is no image', async () => {
    const res = await raw(srv.base, 'POST', `/api/games/${host.id}/sheets?player=1`, jpegClaiming(30_000, 20_000), { 'Content-Type': 'image/jpeg' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body.toString()).error).toMatch(/^The photo has too many pixels \(30000 x 20000, 600 megapixels; at most 120\)/);
  });

  it('gives sizes over the limit with the decimals it takes to read bigger than the limit', () => {
    expect(sizeOverLimit(1_040_000, 1_000_000)).toBe('1.04 MB; at most 1 MB');
    expect(sizeOverLimit(30_500_000, 25_000_000)).toBe('30.5 MB; at most 25 MB');
    expect(sizeOverLimit(1_000_001, 1_000_000)).toBe('1,000,001 bytes; at most 1,000,000');
    expect(sizeOverLimit(2_600_000, 2_500_000)).toBe('2.6 MB; at most 2.5 MB');
  });
});

describe('an upload sent again', () => {
  it('under the same key gives the first answer, not a second sheet', async () => {
    const send = () => fetch(`${srv.base}/api/games/${host.id}/sheets?player=2`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg', 'Idempotency-Key': 'same-photo-1' }, body: TINY_JPEG });
    const [a, b] = await Promise.all([send(), send()]);
    const [ja, jb] = [(await a.json()) as { id: string }, (await b.json()) as { id: string }];
    expect(ja.id).toBe(jb.id);
    await waitForSheet(srv.base, host.id, ja.id);
    const again = await send();
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string; status: string }).status).toBe('review');
    expect(srv.app.store.listSheets(host.id).filter((s) => s.player === 2)).toHaveLength(1);
  });
});

describe("a game's photos", () => {
  it('are deleted on the host’s request; the sheets and their lands stay', async () => {
    const g = (await (await post('/api/games', JSON.stringify({ players: 2 }))).json()) as HostInfo;
    expect(g.photos).toBe(0);
    const a = await upload(srv.base, g.id, 1, TINY_JPEG);
    const b = await upload(srv.base, g.id, 2, TINY_JPEG);
    expect([a.status, b.status]).toEqual([201, 201]);
    const info = (await (await fetch(`${srv.base}/api/host/${g.hostKey}`)).json()) as HostInfo;
    expect(info.photos).toBe(2);
    expect((await fetch(`${srv.base}/api/host/${g.id}/photos`, { method: 'DELETE' })).status).toBe(404);
    const res = await fetch(`${srv.base}/api/host/${g.hostKey}/photos`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 2, waiting: 0 });
    expect(readdirSync(join(srv.data, 'games', g.id, 'photos'))).toEqual([]);
    expect(readdirSync(join(srv.data, 'games', g.id, 'land'))).toHaveLength(2);
    expect(((await (await fetch(`${srv.base}/api/host/${g.hostKey}`)).json()) as HostInfo).photos).toBe(0);
    expect((await waitForSheet(srv.base, g.id, a.json.id as string)).status).toBe(201);
  });
});
