import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostInfo, SheetView } from '../../src/server/protocol.js';
import { Store } from '../../src/server/store.js';
import { boxOf, paintOver } from '../helpers/paint.js';
import { createGameFor, fixture, startServer, upload, type Running } from './helpers.js';

let srv: Running;
let covered: Buffer;
const photo = fixture('01-easy-a-a4-pen');

beforeAll(async () => {
  srv = await startServer();
  // The photo with its QR code painted over: the server scores it with the game's cards, and its print checks them.
  covered = await paintOver(photo.bytes, boxOf((photo.truth as unknown as { sim: { qr: [number, number][] } }).sim.qr, 8));
});
afterAll(() => srv?.app.close());

describe('a sheet whose QR code cannot be read', () => {
  it("is scored with the game's cards, and the host is told when its print shows others", async () => {
    const own = await createGameFor(srv.base, photo);
    const mine = (await upload(srv.base, own.id, 1, covered)).json as unknown as SheetView;
    expect(mine.setupFrom).toBe('fallback');
    expect(mine.notes.join(' ')).toMatch(/QR code could not be read/);
    expect(mine.notes.join(' ')).not.toMatch(/print shows other cards/);

    const res = await fetch(`${srv.base}/api/games`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ players: ['Ana', 'Ben'], seed: 'another-night', side: photo.truth.side, paper: photo.truth.paper }),
    });
    const other = (await res.json()) as HostInfo;
    expect(other.cards).not.toEqual(own.cards);
    const theirs = (await upload(srv.base, other.id, 1, covered)).json as unknown as SheetView;
    expect(theirs.setupFrom).toBe('fallback');
    expect(theirs.notes.join(' ')).toContain(`But its print shows other cards (sheet ${photo.truth.side}: ${own.cards.join(', ')}): it may be another game’s sheet.`);
  }, 120_000);
});

describe('a data folder from before sheets were checked against their print', () => {
  it('gains the column when opened', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-old-'));
    new Store(dir).db.close();
    const old = new Database(join(dir, 'baako.db'));
    old.exec('ALTER TABLE sheets DROP COLUMN printed_otherwise');
    old.close();
    const store = new Store(dir);
    const columns = store.db.prepare('PRAGMA table_info(sheets)').all() as { name: string }[];
    expect(columns.map((c) => c.name)).toContain('printed_otherwise');
    store.close();
  });
});
