import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostInfo } from '../../src/server/protocol.js';
import { createGameFor, fixture, raw, startServer, type FixturePhoto, type Running } from './helpers.js';

let srv: Running;
let host: HostInfo;
let photo: FixturePhoto;
let small: Buffer;

beforeAll(async () => {
  photo = fixture('16-medium-a-a4-light-table');
  // A phone photo at 1600 px (~250 KB): the scanner reads it as well, and 50 of them stay quick.
  small = await sharp(photo.bytes).rotate().resize(1600, 1600, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
  srv = await startServer({ workers: 1, maxWaiting: 16, maxUpload: 2_000_000 });
  host = await createGameFor(srv.base, photo);
});
afterAll(() => srv?.app.close());

describe('limits', () => {
  it('refuses a photo over the size limit, declared or not, and answers the client', async () => {
    const big = Buffer.concat([photo.bytes, Buffer.alloc(2_000_000 - photo.bytes.length + 1, 0)]);
    const declared = await raw(srv.base, 'POST', `/api/games/${host.id}/sheets?player=1`, big, { 'Content-Type': 'image/jpeg', 'Content-Length': String(big.length) });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body.toString()).error).toMatch(/too big .*at most 2 MB/);

    // Chunked, no length given: stopped at the limit.
    const chunks = [big.subarray(0, 1_000_000), big.subarray(1_000_000)];
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = chunks.shift();
        if (next) c.enqueue(new Uint8Array(next));
        else c.close();
      },
    });
    const res = await fetch(`${srv.base}/api/games/${host.id}/sheets?player=1`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/too big/);
    expect(readdirSync(join(srv.data, 'tmp'))).toEqual([]);
  });
});

describe('load', () => {
  it('survives 50 phones uploading at once: each gets a sheet or a clear "busy" answer', async () => {
    const t0 = performance.now();
    const during = (async () => {
      await new Promise((r) => setTimeout(r, 800));
      const t = performance.now();
      const res = await fetch(`${srv.base}/api/games/${host.id}/board`);
      await res.json();
      return { boardMs: performance.now() - t, boardStatus: res.status };
    })();
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const t = performance.now();
        const res = await fetch(`${srv.base}/api/games/${host.id}/sheets?player=${(i % host.players.length) + 1}`, {
          method: 'POST',
          headers: { 'Content-Type': 'image/jpeg' },
          body: small,
          signal: AbortSignal.timeout(50_000),
        });
        const json = (await res.json()) as { error?: string; score?: { total: number } };
        return { status: res.status, json, retry: res.headers.get('retry-after'), ms: performance.now() - t };
      }),
    );
    const wall = performance.now() - t0;
    const { boardMs, boardStatus } = await during;
    // Scans run on a worker thread: pages and the leaderboard keep answering meanwhile.
    expect(boardStatus).toBe(200);
    expect(boardMs).toBeLessThan(1000);
    const ok = results.filter((r) => r.status === 201);
    const busy = results.filter((r) => r.status === 503);
    expect(ok.length + busy.length).toBe(50);
    // 1 scanning + 16 waiting at least; more when scans finish while uploads still arrive.
    expect(ok.length).toBeGreaterThanOrEqual(17);
    for (const r of busy) {
      expect(r.json.error).toMatch(/busy/);
      expect(Number(r.retry)).toBeGreaterThan(0);
    }
    const totals = new Set(ok.map((r) => r.json.score!.total));
    expect(totals.size).toBe(1);
    expect(wall).toBeLessThan(45_000);
    // Still up and answering; nothing left half-received.
    expect((await fetch(`${srv.base}/api/games/${host.id}/board`)).status).toBe(200);
    expect((await fetch(`${srv.base}/`)).status).toBe(200);
    expect(readdirSync(join(srv.data, 'tmp'))).toEqual([]);
    expect(readdirSync(join(srv.data, 'games', host.id, 'photos'))).toHaveLength(ok.length);
    const ms = ok.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `load: 50 uploads in ${(wall / 1000).toFixed(1)} s (leaderboard meanwhile in ${Math.round(boardMs)} ms): ${ok.length} scanned (median ${Math.round(ms[ms.length >> 1])} ms, max ${Math.round(ms[ms.length - 1])} ms), ${busy.length} told to retry; queue ${JSON.stringify(srv.app.queue.stats)}`,
    );
  });
});

describe('game creation', () => {
  it('draws packs one at a time: a crowd of creations gets games or a clear "busy" answer', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${srv.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ players: 2, seed: `crowd-${i}` }) }).then(async (r) => ({ status: r.status, json: (await r.json()) as { id?: string; error?: string } })),
      ),
    );
    const made = results.filter((r) => r.status === 201);
    expect(made.length).toBeGreaterThanOrEqual(4);
    expect(made.length + results.filter((r) => r.status === 503 && /try again/.test(r.json.error ?? '')).length).toBe(10);
    for (const r of made) expect((await fetch(`${srv.base}/api/games/${r.json.id}`)).status).toBe(200);
  });
});
