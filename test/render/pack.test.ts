import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { createSetup, decodeSheetTag } from '../../src/engine/setup.js';
import { UserError } from '../../src/errors.js';
import { renderPack, writePack, type Pack } from '../../src/render/pack.js';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';
import { matchGolden } from '../helpers/golden.js';
import { decodeQr, pageCount, rasterize } from '../helpers/raster.js';

const game = loadGame();
const file = (p: Pack, name: string) => p.files.find((f) => f.name === name)!.data;

describe('game-night pack', () => {
  let big: Pack;
  beforeAll(async () => {
    big = await renderPack({ seed: 'night-100', players: 100, side: 'A', paper: 'a4', game });
  });

  it('holds 100 sheets under 100 KB a page, each with its own player number in the QR code', async () => {
    const sheets = file(big, 'sheets.pdf') as Buffer;
    expect(pageCount(sheets)).toBe(100);
    expect(sheets.length / 100).toBeLessThan(100 * 1024);
    for (const page of [0, 41, 99]) {
      const tag = decodeSheetTag((await decodeQr(rasterize(sheets, page, 150)))[0] ?? '', game.cards.map((c) => c.name));
      expect(tag).toEqual({ game: big.setup.id, side: 'A', paper: 'a4', player: page + 1, cards: big.setup.cards });
    }
  });

  it('writes the setup as game.json and the sheets geometry beside sheets.pdf', () => {
    const setup = createSetup(game, 'night-100', 'A', 100);
    expect(JSON.parse(file(big, 'game.json') as string)).toEqual({ ...setup, paper: 'a4' });
    expect(JSON.parse(file(big, 'sheets.geometry.json') as string)).toEqual(sheetGeometry('A', 'a4'));
  });

  it('gives the same bytes for the same seed, and another setup for another seed', async () => {
    const a = await renderPack({ seed: 'same', players: 3, side: 'A', paper: 'letter', game });
    const b = await renderPack({ seed: 'same', players: 3, side: 'A', paper: 'letter', game });
    for (const f of a.files) expect(Buffer.from(f.data).equals(Buffer.from(file(b, f.name))), f.name).toBe(true);
    const seeds = ['same', 'other', 'x1', 'x2', 'x3'].map((s) => createSetup(game, s, 'A', 3).cards.join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it("writes the game's rolls into game.json when they are known, and no key otherwise", async () => {
    const played = await renderPack({ seed: 'same', players: 3, side: 'A', paper: 'letter', game, rolls: [[3, 4], [1, 6]] });
    expect(JSON.parse(file(played, 'game.json') as string).rolls).toEqual([[3, 4], [1, 6]]);
    const fresh = await renderPack({ seed: 'same', players: 3, side: 'A', paper: 'letter', game });
    expect(JSON.parse(file(fresh, 'game.json') as string)).not.toHaveProperty('rolls');
  });

  it('embeds every font of every PDF (pdffonts)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-fonts-'));
    for (const name of ['sheets.pdf', 'cards.pdf', 'host.pdf']) {
      const f = join(dir, name);
      writeFileSync(f, file(big, name));
      const rows = execFileSync('pdffonts', [f], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(rows.length, name).toBeGreaterThanOrEqual(3);
      for (const row of rows) expect(row, name).toMatch(/ yes +yes +yes /);
    }
  });

  it('has a one-page host sheet that matches its golden image', () => {
    const host = file(big, 'host.pdf') as Buffer;
    expect(pageCount(host)).toBe(1);
    expect(matchGolden('host-a4', host, { dpi: 50 }).diffRatio).toBeLessThanOrEqual(0.001);
  });

  it('writes through temporary names and leaves none behind when a write fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-pack-'));
    await writePack(join(dir, 'ok'), { seed: 'w', players: 2, side: 'A', paper: 'a4', game });
    expect(readdirSync(join(dir, 'ok')).sort()).toEqual(['cards.pdf', 'game.json', 'host.pdf', 'sheets.geometry.json', 'sheets.pdf']);
    // A folder where game.json should go: the write fails with one line and no temporary file stays.
    const blocked = join(dir, 'blocked');
    mkdirSync(join(blocked, 'game.json'), { recursive: true });
    await expect(writePack(blocked, { seed: 'w', players: 1, side: 'B', paper: 'a4', game })).rejects.toBeInstanceOf(UserError);
    expect(readdirSync(blocked).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // Under a file: nothing is created.
    writeFileSync(join(dir, 'file'), 'x');
    await expect(writePack(join(dir, 'file', 'sub'), { seed: 'w', players: 1, side: 'B', paper: 'a4', game })).rejects.toBeInstanceOf(UserError);
    expect(existsSync(join(dir, 'file', 'sub'))).toBe(false);
  });
});
