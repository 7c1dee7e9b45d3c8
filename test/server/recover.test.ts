/**
 * A crash at the moments that used to lose things (issue #25, item 2): a photo acknowledged but not read
 * when the server is killed; a photo on disk with no record (it may carry GPS data); a game folder whose game
 * was never recorded; a photo whose record was written but not its move into place.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/server/ids.js';
import type { SheetAnswer } from '../../src/server/protocol.js';
import { Store, type GameRow } from '../../src/server/store.js';
import { TINY_JPEG } from '../helpers/fake-scanner.js';
import { startServerProcess } from '../helpers/server-process.js';
import { startServer, waitForSheet } from './helpers.js';

const fake = new URL('../helpers/fake-scanner.ts', import.meta.url).href;

/** A game of two players written straight into a data folder (its pack is not drawn: these tests need none). */
function seedGame(data = mkdtempSync(join(tmpdir(), 'baako-recover-'))): { data: string; game: GameRow } {
  const store = new Store(data);
  const game: GameRow = { id: newId(), hostKey: newId(), setupId: 'test', seed: 'recover', side: 'A', paper: 'a4', cards: ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road'], players: ['Ana', 'Ben'], createdAt: Date.now() };
  for (const sub of ['photos', 'land']) mkdirSync(join(store.gameDir(game.id), sub), { recursive: true });
  writeFileSync(join(store.gameDir(game.id), 'game.json'), '{}');
  store.insertGame(game);
  store.close();
  return { data, game };
}

describe('after kill -9', () => {
  it('an acknowledged photo not yet read is read after the restart', async () => {
    const { data, game } = seedGame();
    // A scan that takes ten minutes: the kill comes while the photo waits for it.
    let server = await startServerProcess(data, { env: { BAAKO_FAKE_SCAN_MS: '600000' } });
    let id: string;
    try {
      const res = await fetch(`${server.base}/api/games/${game.id}/sheets?player=2`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: TINY_JPEG });
      expect(res.status).toBe(202);
      const answer = (await res.json()) as SheetAnswer;
      expect(answer).toMatchObject({ status: 'queued', position: 0 });
      id = answer.id;
    } finally {
      await server.kill();
    }
    expect(readdirSync(join(data, 'games', game.id, 'photos'))).toEqual([`${id}.jpg`]);
    server = await startServerProcess(data);
    try {
      const { status, json: sheet } = await waitForSheet(server.base, game.id, id);
      expect(status).toBe(201);
      expect(sheet).toMatchObject({ id, player: 2, status: 'review' });
    } finally {
      await server.kill();
    }
  }, 120_000);
});

describe('a start after a crash', () => {
  it('removes a photo no record points to, a game folder without its game, and what tmp/ holds', async () => {
    const { data, game } = seedGame();
    const srv = { data };
    const orphanPhoto = join(srv.data, 'games', game.id, 'photos', `${newId()}.jpg`);
    writeFileSync(orphanPhoto, TINY_JPEG);
    const orphanLand = join(srv.data, 'games', game.id, 'land', `${newId()}.jpg`);
    writeFileSync(orphanLand, TINY_JPEG);
    const halfGame = join(srv.data, 'games', newId());
    mkdirSync(join(halfGame, 'photos'), { recursive: true });
    writeFileSync(join(halfGame, 'sheets.pdf'), '%PDF-');
    writeFileSync(join(srv.data, 'tmp', `${newId()}.part`), 'cut off');
    mkdirSync(join(srv.data, 'tmp', `${newId()}.game`));

    const again = await startServer({ data: srv.data, scanner: fake });
    try {
      expect(existsSync(orphanPhoto)).toBe(false);
      expect(existsSync(orphanLand)).toBe(false);
      expect(existsSync(halfGame)).toBe(false);
      expect(readdirSync(join(srv.data, 'tmp'))).toEqual([]);
      expect(existsSync(join(srv.data, 'games', game.id, 'game.json'))).toBe(true);
      expect(again.logs.join('\n')).toMatch(/recovered: 0 photos moved into place, 5 files without a record removed/);
    } finally {
      await again.app.close();
    }
  });

  it('moves into place a photo whose record was written, and reads it', async () => {
    const { data, game } = seedGame();
    const srv = { data };
    // The moment between the record and the rename.
    const store = new Store(srv.data);
    const id = newId();
    store.insertUpload({ id, gameId: game.id, player: 1, photo: `${id}.jpg`, clientKey: null, bytes: TINY_JPEG.length, receivedAt: Date.now() });
    store.close();
    writeFileSync(join(srv.data, 'tmp', `${id}.part`), TINY_JPEG);

    const again = await startServer({ data: srv.data, scanner: fake });
    try {
      const { status } = await waitForSheet(again.base, game.id, id);
      expect(status).toBe(201);
      expect(readdirSync(join(srv.data, 'tmp'))).toEqual([]);
      expect(again.logs.join('\n')).toMatch(/recovered: 1 photos moved into place/);
    } finally {
      await again.app.close();
    }
  });

  it('leaves game folders alone when the database is new (not a crash: a database deleted by hand)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'baako-newdb-'));
    const old = join(data, 'games', newId());
    mkdirSync(join(old, 'photos'), { recursive: true });
    writeFileSync(join(old, 'photos', `${newId()}.jpg`), TINY_JPEG);
    const srv = await startServer({ data, scanner: fake });
    await srv.app.close();
    expect(readdirSync(join(old, 'photos'))).toHaveLength(1);
    expect(srv.logs.join('\n')).toMatch(/1 game folders .* have no game in the new database: left as they are/);
  });
});

/** The server's scanner runs with `env` (the workers take the environment they start with). */
async function startServerWith(env: Record<string, string>, data: string) {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await startServer({ data, scanner: fake });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Waits until `file` exists (a scan in a worker wrote it). */
async function waitForFile(file: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > end) throw new Error(`${file} never written`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a scan whose result comes late', () => {
  it('a stop leaves no land without its sheet: the photo stays queued and is read on the next start', async () => {
    const { data, game } = seedGame();
    // The land is written, its result held back until the stop.
    const srv = await startServerWith({ BAAKO_FAKE_SCAN_LATE_MS: '600000' }, data);
    const landDir = join(data, 'games', game.id, 'land');
    let id: string;
    try {
      const res = await fetch(`${srv.base}/api/games/${game.id}/sheets?player=1`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: TINY_JPEG });
      expect(res.status).toBe(202);
      id = ((await res.json()) as SheetAnswer).id;
      await waitForFile(join(landDir, `${id}.jpg`));
    } finally {
      await srv.app.close();
    }
    expect(readdirSync(landDir)).toEqual([]);
    const store = new Store(data);
    expect(store.queuedUploads().map((u) => u.id)).toEqual([id]);
    store.close();

    const again = await startServer({ data, scanner: fake });
    try {
      expect((await waitForSheet(again.base, game.id, id)).status).toBe(201);
      expect(readdirSync(landDir)).toEqual([`${id}.jpg`]);
    } finally {
      await again.app.close();
    }
  }, 60_000);

  it('a scan past its time limit is refused and its land removed, though the worker had written it', async () => {
    const { data, game } = seedGame();
    const srv = await startServerWith({ BAAKO_FAKE_SCAN_LATE_MS: '600000' }, data);
    srv.app.queue.maxScanMs = 500;
    const landDir = join(data, 'games', game.id, 'land');
    try {
      const res = await fetch(`${srv.base}/api/games/${game.id}/sheets?player=1`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: TINY_JPEG });
      const id = ((await res.json()) as SheetAnswer).id;
      const { status, json } = await waitForSheet(srv.base, game.id, id);
      expect(status).toBe(422);
      expect(json.error).toMatch(/took too long/);
      expect(readdirSync(landDir)).toEqual([]);
      expect(readdirSync(join(data, 'games', game.id, 'photos'))).toEqual([]);
    } finally {
      await srv.app.close();
    }
  }, 60_000);
});
