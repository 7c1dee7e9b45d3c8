import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGameFile } from '../../src/data/game-file.js';
import { loadGame } from '../../src/data/load.js';
import { applyToggles, itemValue } from '../../src/engine/review.js';
import { scoreState } from '../../src/engine/score.js';
import { scanPhoto } from '../../src/scan/scan.js';
import type { Board, GameInfo, HostInfo, SheetView } from '../../src/server/protocol.js';
import { createGameFor, fixture, photoWithDoubtfulEdge, raw, startServer, upload, type FixturePhoto, type Running } from './helpers.js';

let srv: Running;
let photo: FixturePhoto;
let host: HostInfo;
let sheet: SheetView;

beforeAll(async () => {
  [srv, photo] = await Promise.all([startServer(), photoWithDoubtfulEdge()]);
  host = await createGameFor(srv.base, photo);
});
afterAll(() => srv?.app.close());

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('games', () => {
  it('creates a game with its pack, under unguessable ids, visible to the CLI', async () => {
    expect(host.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(host.hostKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(host.hostKey).not.toBe(host.id);
    expect(host.setupId).toBe(photo.truth.game);
    expect(host.files.map((f) => f.name).sort()).toEqual(['cards.pdf', 'game.json', 'host.pdf', 'sheets.pdf']);
    expect(host.joinUrl).toMatch(new RegExp(`/g/${host.id}$`));
    // game.json for `baako scan --game`.
    expect(host.gameJson).toBe(join(srv.data, 'games', host.id, 'game.json'));
    const g = readGameFile(host.gameJson);
    expect(g).toMatchObject({ id: photo.truth.game, seed: photo.truth.seed, side: photo.truth.side, paper: photo.truth.paper, players: photo.truth.players });
    const pdf = await fetch(srv.base + host.files.find((f) => f.name === 'sheets.pdf')!.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/attachment/);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const qr = await fetch(`${srv.base}/host/${host.hostKey}/qr.svg`);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect(await qr.text()).toMatch(/^<svg/);
  });

  it('shows players the game (with the rules the page scores with) but not the host key', async () => {
    const res = await fetch(`${srv.base}/api/games/${host.id}`);
    const g = (await res.json()) as GameInfo & { hostKey?: string };
    expect(g.players).toEqual(host.players);
    expect(g.rules.cards.length).toBe(15);
    expect(g.hostKey).toBeUndefined();
    expect(JSON.stringify(g)).not.toContain(host.hostKey);
  });

  it('refuses bad games with a message', async () => {
    for (const [body, msg] of [
      [{ players: [] }, /1 to 100/],
      [{ players: 0 }, /1 to 100/],
      [{ players: ['Ana', 'ana'] }, /Two players are called/],
      [{ players: ['x'.repeat(41)] }, /too long/],
      [{ players: ['Ana'], seed: '../etc' }, /not a seed/],
      [{ players: ['Ana'], side: 'C' }, /side/i],
    ] as const) {
      const res = await fetch(`${srv.base}/api/games`, json(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(msg);
    }
    // an option's error names it as the page does, with a code to branch on
    const seed = await fetch(`${srv.base}/api/games`, json({ players: ['Ana'], seed: 'a|b' }));
    expect(await seed.json()).toEqual({ error: 'Seed: "a|b" is not a seed (1 to 40 letters, digits, "_" or "-")', code: 'invalid-option' });
    const form = await fetch(`${srv.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'players=3' });
    expect(form.status).toBe(415);
  });

  it('answers unknown and malformed ids with 404, never a page of another game', async () => {
    const other = 'A'.repeat(22);
    for (const path of [`/api/games/${other}`, `/api/games/${other}/board`, `/api/host/${host.id}`, `/api/games/${host.hostKey}`, `/g/${other}`, `/host/${host.id}`, `/api/games/short`, `/g/${host.id}/s/${other}`]) {
      const res = await fetch(srv.base + path);
      expect(res.status, path).toBe(404);
    }
    const api = (await (await fetch(`${srv.base}/api/games/${other}`)).json()) as { error: string };
    expect(api.error).toMatch(/No such game/);
  });

  it('refuses path traversal in every form', async () => {
    const key = host.hostKey;
    const attempts = [
      '/../../etc/passwd',
      `/g/${host.id}/../../baako.db`,
      `/g/${host.id}/land/..%2f..%2fbaako.db`,
      `/g/${host.id}/land/%2e%2e%2fbaako.db`,
      `/host/${key}/files/..%2fbaako.db`,
      `/host/${key}/files/../../../baako.db`,
      `/host/${key}/files/baako.db`,
      `/host/${key}/files/photos`,
      `/g/..%2f..%2f/board`,
      `/api/games/${host.id}/sheets/..%2f..%2f`,
      '/app.js/../baako.db',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..\\..\\etc\\passwd',
      '//etc/passwd',
    ];
    for (const path of attempts) {
      const res = await raw(srv.base, 'GET', path);
      expect([400, 404], path).toContain(res.status);
      expect(res.body.toString('latin1'), path).not.toMatch(/SQLite format|root:/);
    }
  });
});

describe('sheets', () => {
  it('scans an uploaded photo into a sheet to review, with its straightened land', async () => {
    const res = await upload(srv.base, host.id, 2, photo.bytes);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    sheet = res.json as unknown as SheetView;
    expect(sheet.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sheet.status).toBe('review');
    expect(sheet.player).toBe(2);
    expect(sheet.name).toBe(host.players[1]);
    expect(sheet.qrPlayer).toBe(photo.truth.player);
    expect(sheet.uncertain.some((u) => u.kind !== 'hole')).toBe(true);
    // the doubts as the scanner orders them, the likeliest wrong first, those it is likely right about marked
    const r = await scanPhoto(photo.bytes, loadGame());
    expect(sheet.uncertain).toEqual(r.uncertain.map(({ kind, row, col, likely, chance, points }) => ({ kind, row, col, chance: Math.round(chance * 1000) / 1000, points, ...(likely ? { likely: true } : {}) })));
    expect(sheet.score).toEqual(scoreState(loadGame(), sheet.scanned));
    const land = await fetch(srv.base + sheet.land.url);
    expect(land.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await land.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([sheet.land.width, sheet.land.height]);
    expect(sheet.land.width).toBe(sheet.land.cols * sheet.land.cell + 2 * sheet.land.margin);
    // Stored under a generated name, nothing left in tmp/.
    expect(existsSync(join(srv.data, 'games', host.id, 'photos', `${sheet.id}.jpg`))).toBe(true);
    expect(readFileSync(join(srv.data, 'games', host.id, 'photos', `${sheet.id}.jpg`)).equals(photo.bytes)).toBe(true);
    const again = (await (await fetch(`${srv.base}/api/games/${host.id}/sheets/${sheet.id}`)).json()) as SheetView;
    expect(again.scanned).toEqual(sheet.scanned);
  });

  it('refuses bad uploads with a clear message and stays up', async () => {
    const cases: [Buffer | string, string, number, RegExp][] = [
      ['hello, I am not a photo at all', 'image/jpeg', 415, /not a photo/],
      [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5000, 7)]), 'image/png', 415, /not a photo the scanner can read|JPEG, PNG or WebP/],
      [Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(200)]), 'image/heic', 422, /HEIC file holds no image/],
      [photo.bytes.subarray(0, 30_000), 'image/jpeg', 422, /damaged|truncated|no sheet|corner squares|blurry|dark/i],
      [await sharp({ create: { width: 900, height: 700, channels: 3, background: '#8a7' } }).jpeg().toBuffer(), 'image/jpeg', 422, /no sheet found/i],
      [await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } }).png().toBuffer(), 'image/png', 422, /too small/i],
      ['', 'image/jpeg', 400, /No photo/],
    ];
    for (const [body, type, status, msg] of cases) {
      const res = await upload(srv.base, host.id, 1, body, type);
      expect(res.status, `${type} ${body.length}: ${res.json.error}`).toBe(status);
      expect(res.json.error).toMatch(msg);
    }
    // the scanner's refusals come with its code, and their message without the file's name
    const blank = await upload(srv.base, host.id, 1, await sharp({ create: { width: 900, height: 700, channels: 3, background: '#8a7' } }).jpeg().toBuffer());
    expect(blank.json).toMatchObject({ code: 'no-sheet', error: expect.stringMatching(/^No sheet found: photograph the whole sheet/) });
    expect((await upload(srv.base, 'A'.repeat(22), 1, photo.bytes)).status).toBe(404);
    const noPlayer = await upload(srv.base, host.id, 0, photo.bytes);
    expect(noPlayer.status).toBe(400);
    expect(noPlayer.json.error).toMatch(/Pick your name/);
    expect((await upload(srv.base, host.id, 99, photo.bytes)).status).toBe(400);
    // Nothing half-stored.
    expect(readFileSync(join(srv.data, 'baako.db')).length).toBeGreaterThan(0);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(join(srv.data, 'tmp'))).toEqual([]);
    expect(readdirSync(join(srv.data, 'games', host.id, 'photos'))).toEqual([`${sheet.id}.jpg`]);
    expect((await fetch(`${srv.base}/api/games/${host.id}`)).status).toBe(200);
  });

  it('refuses a sheet of another game', async () => {
    const other = fixture('16-medium-a-a4-light-table').truth.game === host.setupId ? fixture('10-medium-a-letter-sideways') : fixture('16-medium-a-a4-light-table');
    const res = await upload(srv.base, host.id, 1, other.bytes);
    expect(res.status).toBe(422);
    expect(res.json.error).toMatch(/another game/);
    expect(res.json.code).toBe('another-game');
  });

  it('confirms only the doubted items the player switched, scored by the engine', async () => {
    const edge = sheet.uncertain.find((u) => u.kind !== 'hole')!;
    const url = `${srv.base}/api/games/${host.id}/sheets/${sheet.id}/confirm`;
    // Not a doubted item: refused.
    const certain = { kind: 'h', row: 0, col: 0 };
    expect((await fetch(url, json({ toggled: [certain] }))).status).toBe(400);
    expect((await fetch(url, json({ toggled: [edge, edge] }))).status).toBe(400);
    expect((await fetch(url, json({ toggled: [{ kind: 'x', row: 1, col: 1 }] }))).status).toBe(400);
    expect((await fetch(url, json({ toggled: 'all' }))).status).toBe(400);

    const res = await fetch(url, json({ toggled: [edge] }));
    expect(res.status).toBe(200);
    const done = (await res.json()) as SheetView;
    expect(done.status).toBe('confirmed');
    expect(done.toggled).toEqual([{ kind: edge.kind, row: edge.row, col: edge.col }]);
    expect(itemValue(done.state, edge)).toBe(!itemValue(sheet.scanned, edge));
    const expected = applyToggles(sheet.scanned, [edge]);
    expect(done.state).toEqual(expected);
    expect(done.score).toEqual(scoreState(loadGame(), expected));
    // Once confirmed, it stays so.
    expect((await fetch(url, json({ toggled: [] }))).status).toBe(409);

    const board = (await (await fetch(`${srv.base}/api/games/${host.id}/board`)).json()) as Board;
    expect(board.entries).toHaveLength(1);
    expect(board.entries[0]).toMatchObject({ rank: 1, no: sheet.no, player: 2, total: done.score.total, finds: done.score.discoveries.length });
    expect(board.waiting).not.toContain(host.players[1]);
  });

  it('replaces a player’s confirmed sheet with their next one, and lets the host remove sheets', async () => {
    const second = (await upload(srv.base, host.id, 2, photo.bytes)).json as unknown as SheetView;
    expect(second.notes.join(' ')).toMatch(/replaces/);
    await fetch(`${srv.base}/api/games/${host.id}/sheets/${second.id}/confirm`, json({ toggled: [] }));
    let board = (await (await fetch(`${srv.base}/api/games/${host.id}/board`)).json()) as Board;
    expect(board.entries.map((e) => e.no)).toEqual([second.no]);
    const old = (await (await fetch(`${srv.base}/api/games/${host.id}/sheets/${sheet.id}`)).json()) as SheetView;
    expect(old.status).toBe('replaced');

    expect((await fetch(`${srv.base}/api/host/${host.id}/sheets/${second.no}`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${srv.base}/api/host/${host.hostKey}/sheets/${second.no}`, { method: 'DELETE' })).status).toBe(200);
    board = (await (await fetch(`${srv.base}/api/games/${host.id}/board`)).json()) as Board;
    expect(board.entries).toEqual([]);
  });
});
