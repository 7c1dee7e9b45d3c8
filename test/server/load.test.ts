/**
 * A game night's crowd (crowd.ts), scaled down for CI: 100 players whose photos arrive within a second, a line
 * of 10, the cheap scanner for all but three real photos. Counts and outcomes: every photo read and confirmed,
 * none lost, each phone saw its place, the leaderboard kept answering, memory flat after. How fast it answered is
 * measured by `npm run bench -- server`, which runs the full size (within a minute, every photo scanned for real).
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, HostInfo } from '../../src/server/protocol.js';
import { TINY_JPEG } from '../helpers/fake-scanner.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { crowd, percentile, type CrowdRun } from './crowd.js';
import { createGameFor, fixture, raw, startServer, type Running } from './helpers.js';

const PLAYERS = 100;
const photo = fixture('16-medium-a-a4-light-table');
const names = Array.from({ length: PLAYERS }, (_, i) => `Player ${i + 1}`);
let server: ServerProcess;
let data: string;
let real: Buffer;

beforeAll(async () => {
  // A phone photo at 1600 px: the scanner reads it as well as the original, in less time.
  real = await sharp(photo.bytes).rotate().resize(1600, 1600, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer();
  data = mkdtempSync(join(tmpdir(), 'baako-crowd-'));
  // The server in a process of its own, as phones see it: the crowd's own work does not slow its answers.
  server = await startServerProcess(data, { maxWaiting: 10 });
});
afterAll(() => server?.kill());

async function night(seed: number): Promise<{ host: HostInfo; run: CrowdRun }> {
  const host = await createGameFor(server.base, photo, names);
  const run = await crowd(server.base, host.id, { players: PLAYERS, spreadMs: 1000, seed, streams: 20, photo: (i) => (i % 40 === 7 ? real : TINY_JPEG) });
  return { host, run };
}

describe('a game night of 100 players', () => {
  let heapAfterFirst = 0;

  it('reads every photo with a line shorter than the crowd, and the leaderboard keeps answering', async () => {
    const { host, run } = await night(1);
    const { phones, boardMs } = run;
    const busy = phones.filter((p) => p.busy.length > 0);
    const stats = await server.stats();
    console.log(
      `crowd: ${PLAYERS} phones in ${(run.wallMs / 1000).toFixed(1)} s; ${busy.length} told to wait (${phones.reduce((n, p) => n + p.busy.length, 0)} answers 503); ` +
        `leaderboard ${boardMs.length} reads, p50 ${percentile(boardMs, 50).toFixed(1)} ms, p99 ${percentile(boardMs, 99).toFixed(1)} ms; intake ${JSON.stringify(stats.intake)}`,
    );
    // The line was shorter than the crowd: some phones were told to wait, with the photos ahead of theirs.
    expect(busy.length).toBeGreaterThan(0);
    for (const p of busy) for (const ahead of p.busy) expect(ahead).toBeGreaterThanOrEqual(stats.capacity);
    // Every photo read and confirmed: none lost, none refused.
    expect(phones.filter((p) => p.refused)).toEqual([]);
    expect(phones.every((p) => p.no !== undefined && p.confirmed)).toBe(true);
    expect(new Set(phones.map((p) => p.no)).size).toBe(PLAYERS);
    // Each phone saw its place in the line, and the place only went down.
    for (const p of phones) {
      expect(p.places.length, `player ${p.player}`).toBeGreaterThan(0);
      expect(p.places, `player ${p.player}`).toEqual([...p.places].sort((a, b) => b - a));
    }
    expect(Math.max(...phones.map((p) => p.places[0]))).toBeGreaterThan(1);
    // The three real photos were read by the real scanner (their QR code names the game).
    const db = new Database(join(data, 'baako.db'), { readonly: true });
    const sheets = db.prepare('SELECT setup_from AS setupFrom FROM sheets WHERE game_id = ?').all(host.id) as { setupFrom: string }[];
    db.close();
    expect(sheets).toHaveLength(PLAYERS);
    expect(sheets.filter((s) => s.setupFrom === 'qr')).toHaveLength(3);
    const board = (await (await fetch(`${server.base}/api/games/${host.id}/board`)).json()) as Board;
    expect(board.entries).toHaveLength(PLAYERS);
    // Nothing half-received, one photo a sheet.
    expect(readdirSync(join(data, 'tmp'))).toEqual([]);
    expect(readdirSync(join(data, 'games', host.id, 'photos'))).toHaveLength(PLAYERS);
    expect(stats.pending).toBe(0);
    // The leaderboard answered every read while the photos were scanned.
    expect(run.boardFailures).toBe(0);
    expect(boardMs.length).toBeGreaterThan(10);
    heapAfterFirst = stats.heapUsed;
  }, 120_000);

  it('holds no memory from one crowd to the next', async () => {
    expect(heapAfterFirst).toBeGreaterThan(0);
    await night(2);
    // (the closed leaderboard streams take a moment to reach the server)
    let stats = await server.stats();
    for (let i = 0; i < 50 && stats.events > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      stats = await server.stats();
    }
    console.log(`server heap after the first crowd ${(heapAfterFirst / 1e6).toFixed(1)} MB, after the second ${(stats.heapUsed / 1e6).toFixed(1)} MB (rss ${(stats.rss / 1e6).toFixed(0)} MB)`);
    expect(stats.events).toBe(0);
    expect(stats.heapUsed - heapAfterFirst).toBeLessThan(10e6);
  }, 120_000);
});

describe('limits', () => {
  let srv: Running;
  beforeAll(async () => {
    srv = await startServer({ workers: 1, maxWaiting: 10, maxUpload: 2_000_000, scanner: new URL('../helpers/fake-scanner.ts', import.meta.url).href });
  });
  afterAll(() => srv?.app.close());

  it('refuses a photo over the size limit, declared or not, and answers the client', async () => {
    const host = await createGameFor(srv.base, photo);
    const big = Buffer.concat([photo.bytes, Buffer.alloc(2_000_000 - photo.bytes.length + 1, 0)]);
    const declared = await raw(srv.base, 'POST', `/api/games/${host.id}/sheets?player=1`, big, { 'Content-Type': 'image/jpeg', 'Content-Length': String(big.length) });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body.toString()).error).toBe('The photo is too big (2,000,001 bytes; at most 2,000,000)');

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
    expect(((await res.json()) as { error: string }).error).toMatch(/too big \(more than 2 MB/);
    expect(readdirSync(join(srv.data, 'tmp'))).toEqual([]);
  });
});

describe('game creation', () => {
  let srv: Running;
  beforeAll(async () => {
    srv = await startServer({ workers: 1, scanner: new URL('../helpers/fake-scanner.ts', import.meta.url).href });
  });
  afterAll(() => srv?.app.close());

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
