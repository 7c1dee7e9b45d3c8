/**
 * A game night in Debian's Chromium at phone size (390 x 844), driven by playwright-core (no browser download:
 * /usr/bin/chromium, which .ci/run installs): the host creates a game, a player uploads a photo, switches a
 * doubted edge (the score follows at once, computed in the page), confirms, and the open leaderboard updates.
 * Screenshots land in test/__output__/ for a person to look at.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { applyToggles, type ReviewItem } from '../../src/engine/review.js';
import { scoreState } from '../../src/engine/score.js';
import type { SheetView } from '../../src/server/protocol.js';
import { TINY_JPEG } from '../helpers/fake-scanner.js';
import { photoWithDoubtfulEdge, startServer, type FixturePhoto, type Running } from '../server/helpers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
if (!have && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
const out = fileURLToPath(new URL('../__output__/', import.meta.url));

let srv: Running;
let photo: FixturePhoto;
let ctx: BrowserContext;
let profile: string;
const problems: string[] = [];

function watch(page: Page): Page {
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    // The browser logs every 4xx answer (and the busy scanner's 503); those the tests provoke are checked on the page instead.
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of (4\d\d|503)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  return page;
}

beforeAll(async () => {
  if (!have) return;
  mkdirSync(out, { recursive: true });
  profile = mkdtempSync(join(tmpdir(), 'baako-chromium-'));
  [srv, photo, ctx] = await Promise.all([
    startServer({ workers: 1 }),
    photoWithDoubtfulEdge(),
    chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    }),
  ]);
});

afterAll(async () => {
  await ctx?.close();
  await srv?.app.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

describe.skipIf(!have)('game night in a phone browser', () => {
  it('create a game, upload a photo, switch a doubted edge, confirm, see the leaderboard', async () => {
    const names = Array.from({ length: photo.truth.players }, (_, i) => ['Ana', 'Ben', 'Chloé', 'Dev', 'Eli', 'Fay'][i]);

    // The host creates the game of the photo's sheet.
    const host = watch(ctx.pages()[0] ?? (await ctx.newPage()));
    await host.goto(srv.base + '/');
    await host.fill('#players', names.join('\n'));
    await host.fill('#seed', photo.truth.seed);
    await host.click(`.seg label:has(input[value="${photo.truth.side}"])`);
    await host.click(`.seg label:has(input[value="${photo.truth.paper}"])`);
    await host.screenshot({ path: join(out, 'e2e-1-create.png') });
    await host.click('button[type=submit]');
    await host.waitForURL(/\/host\/[A-Za-z0-9_-]{22}$/);
    await host.waitForSelector('img.qr');
    await host.waitForFunction('document.querySelector("img.qr").naturalWidth > 0');
    const joinUrl = await host.textContent('code.url');
    expect(joinUrl).toMatch(new RegExp(`^${srv.base}/g/[A-Za-z0-9_-]{22}$`));
    expect(await host.locator('a.file').count()).toBe(4);
    await host.screenshot({ path: join(out, 'e2e-2-host.png'), fullPage: true });
    const gameId = joinUrl!.split('/').pop()!;

    // An open leaderboard, to see it update by itself.
    const board = watch(await ctx.newPage());
    await board.goto(`${srv.base}/g/${gameId}/board`);
    await board.waitForSelector('.live.on');
    expect(await board.textContent('.board-box')).toMatch(/No confirmed sheet yet/);

    // A player joins, picks a name, photographs the sheet.
    const phone = watch(await ctx.newPage());
    await phone.bringToFront();
    await phone.goto(joinUrl!);
    await phone.tap('.name-btn:has-text("Ben")');
    await phone.screenshot({ path: join(out, 'e2e-3-join.png') });
    await phone.setInputFiles('#photo-camera', photo.file);
    await phone.waitForURL(/\/s\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
    await phone.waitForSelector('svg.overlay g.doubt');
    const sheetId = phone.url().split('/').pop()!;
    const sheet = (await (await fetch(`${srv.base}/api/games/${gameId}/sheets/${sheetId}`)).json()) as SheetView;
    expect(await phone.textContent('.big-total')).toBe(String(sheet.score.total));
    // The doubts the scanner is likely right about are folded away after the others (this photo's all are).
    const likely = sheet.uncertain.filter((u) => u.likely).length;
    expect(likely).toBeGreaterThan(0);
    expect(await phone.textContent('.likely-doubts summary')).toMatch(new RegExp(`^${likely} (more )?spots? the scanner is fairly sure of, or that change no points$`));
    expect(await phone.locator('.likely-doubts .doubt-btn').count()).toBe(likely);
    expect(await phone.locator('.doubt-btn').count()).toBe(sheet.uncertain.length);
    expect(await phone.locator('svg.overlay:not(.doubt-zoom svg) g.doubt.likely').count()).toBe(likely);
    await phone.screenshot({ path: join(out, 'e2e-4-review.png') });

    // Tap a doubted edge on the overlay: the page rescores with the engine, no server round trip.
    const edge = sheet.uncertain.find((u) => u.kind !== 'hole') as ReviewItem;
    const expected = scoreState(loadGame(), applyToggles(sheet.scanned, [edge])).total;
    const requests: string[] = [];
    phone.on('request', (r) => requests.push(r.url()));
    await phone.tap(`svg.overlay:not(.doubt-zoom svg) g.doubt[data-item="${edge.kind}:${edge.row}:${edge.col}"] .hit`);
    await phone.waitForSelector(`svg.overlay g.doubt.switched[data-item="${edge.kind}:${edge.row}:${edge.col}"]`);
    expect(await phone.textContent('.big-total')).toBe(String(expected));
    expect(await phone.textContent('.bottom-bar .btn')).toBe(`Confirm · ${expected} points`);
    expect(requests).toEqual([]);
    await phone.screenshot({ path: join(out, 'e2e-5-switched.png') });

    await phone.tap('.bottom-bar .btn');
    await phone.waitForSelector('.msg.ok:has-text("Confirmed")');
    await phone.screenshot({ path: join(out, 'e2e-6-confirmed.png') });

    // The leaderboard shows it without a reload.
    await board.waitForSelector('.entry');
    await board.bringToFront();
    expect(await board.textContent('.entry .name')).toBe('Ben');
    expect(await board.textContent('.entry .total')).toBe(String(expected));
    expect(await board.textContent('.entry .rank')).toBe('1');
    await board.tap('.entry summary');
    await board.waitForSelector('.entry-details svg.overlay');
    await board.screenshot({ path: join(out, 'e2e-7-board.png'), fullPage: true });
    // And the host's page too.
    await host.bringToFront();
    await host.waitForSelector('.board .entry');
    expect(await host.textContent('.board .entry .total')).toBe(String(expected));

    expect(problems).toEqual([]);
  });

  it('shows a bad upload as a message on the page', async () => {
    const phone = watch(await ctx.newPage());
    const res = await fetch(`${srv.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ players: ['Ana', 'Ben'] }) });
    const { id } = (await res.json()) as { id: string };
    await phone.goto(`${srv.base}/g/${id}`);
    await phone.tap('.name-btn:has-text("Ana")');
    await phone.setInputFiles('#photo-gallery', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await phone.waitForSelector('.msg.error');
    expect(await phone.textContent('.msg.error')).toMatch(/not a photo/);
    await phone.setInputFiles('#photo-gallery', photo.file);
    await phone.waitForSelector('.msg.error:has-text("another game")', { timeout: 30_000 });
    await phone.screenshot({ path: join(out, 'e2e-8-error.png') });
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!have)('a busy scanner, on the phone', () => {
  let busy: Running;
  // One worker, no room in line, the cheap scan job held until this file exists: the second photo finds the
  // line full for as long as the test needs.
  const gate = join(mkdtempSync(join(tmpdir(), 'baako-gate-')), 'open');
  beforeAll(async () => {
    process.env.BAAKO_FAKE_SCAN_GATE = gate;
    try {
      busy = await startServer({ workers: 1, maxWaiting: 0, scanner: new URL('../helpers/fake-scanner.ts', import.meta.url).href });
    } finally {
      delete process.env.BAAKO_FAKE_SCAN_GATE;
    }
  });
  afterAll(() => busy?.app.close());

  it('keeps the photo, says it waits for the scanner with the photos ahead, and sends it again by itself', async () => {
    const res = await fetch(`${busy.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ players: ['Ana', 'Ben'] }) });
    const { id } = (await res.json()) as { id: string };
    const first = await fetch(`${busy.base}/api/games/${id}/sheets?player=1`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: TINY_JPEG });
    expect(first.status).toBe(202);

    const phone = watch(await ctx.newPage());
    const answers: number[] = [];
    phone.on('response', (r) => {
      if (r.request().method() === 'POST' && /\/sheets\?/.test(r.url())) answers.push(r.status());
    });
    await phone.goto(`${busy.base}/g/${id}`);
    await phone.tap('.name-btn:has-text("Ben")');
    await phone.setInputFiles('#photo-gallery', { name: 'sheet.jpg', mimeType: 'image/jpeg', buffer: TINY_JPEG });
    await phone.waitForSelector('.msg.waiting:has-text("Waiting for the scanner")');
    expect(await phone.textContent('.msg.waiting')).toMatch(/1 photo ahead of yours\. Your photo is kept and will be sent again in \d+ s/);
    // The photo is still chosen: nothing to take again.
    expect(await phone.$eval('#photo-gallery', (el) => (el as unknown as { files: { length: number } }).files.length)).toBe(1);
    await phone.screenshot({ path: join(out, 'e2e-9-busy.png') });
    // Once the first photo is read, this one is sent again, accepted, read, and shown.
    writeFileSync(gate, '');
    await phone.waitForURL(/\/s\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
    await phone.waitForSelector('.big-total');
    expect(answers[0]).toBe(503);
    expect(answers[answers.length - 1]).toBe(202);
    expect(problems).toEqual([]);
  });
});
