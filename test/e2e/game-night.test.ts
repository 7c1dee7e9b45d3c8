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
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { applyToggles, LIKELY_RIGHT, type ReviewItem } from '../../src/engine/review.js';
import { scoreState } from '../../src/engine/score.js';
import type { SheetView } from '../../src/server/protocol.js';
import { checkRolls } from '../../src/engine/rolls.js';
import type { DiceState } from '../../src/server/protocol.js';
import { fadedPhoto, LIGHT_X, trueRolls } from '../helpers/fade.js';
import { TINY_JPEG } from '../helpers/fake-scanner.js';
import { createGameFor, fixture, photoWithDoubtfulEdge, scriptedDice, startServer, type FixturePhoto, type Running } from '../server/helpers.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const have = existsSync(CHROMIUM);
if (!have && process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
const out = fileURLToPath(new URL('../__output__/', import.meta.url));

let srv: Running;
let photo: FixturePhoto;
let ctx: BrowserContext;
/** A laptop's browser (1366 x 768): the host's page and the big screen. */
let laptop: BrowserContext;
let profile: string;
let laptopProfile: string;
const dice = scriptedDice();
const problems: string[] = [];
/** The pages a test opened: closed when it ends, so none keeps polling a server a later describe has shut. */
const opened: Page[] = [];

function watch(page: Page): Page {
  opened.push(page);
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
  laptopProfile = mkdtempSync(join(tmpdir(), 'baako-chromium-'));
  const browserArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  [srv, photo, ctx, laptop] = await Promise.all([
    startServer({ workers: 1, dice: dice.next }),
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
    chromium.launchPersistentContext(laptopProfile, { executablePath: CHROMIUM, headless: true, args: browserArgs, viewport: { width: 1366, height: 768 } }),
  ]);
});

beforeEach(() => {
  problems.length = 0;
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()));
});

afterAll(async () => {
  await ctx?.close();
  await laptop?.close();
  await srv?.app.close();
  for (const p of [profile, laptopProfile]) if (p) rmSync(p, { recursive: true, force: true });
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
    expect(await phone.textContent('.bottom-bar .btn')).toBe(`Confirm · ${expected} point${Math.abs(expected) === 1 ? '' : 's'}`);
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

  it('the host rolls 15 turns, every phone sees each roll, a hole the scanner missed is caught by the count and fixed', async () => {
    // The sample photo's game; its sheet was played from these rolls (5 turns with a 1). A double 1 comes first
    // at turn 3: the server rolls again.
    const sample = fixture('sample');
    const rolls = trueRolls('sample');
    const names = ['Ana', 'Ben', 'Chloé', 'Dev'];
    const res = await fetch(`${srv.base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ players: names, seed: sample.truth.seed, side: sample.truth.side, paper: sample.truth.paper }) });
    const { hostKey, id: gameId } = (await res.json()) as { hostKey: string; id: string };
    rolls.forEach((r, i) => dice.push(...(i === 2 ? [1, 1] : []), ...r));
    expect(rolls.filter((r) => r.includes(1)).length).toBe(5);

    const host = watch(laptop.pages()[0] ?? (await laptop.newPage()));
    await host.goto(`${srv.base}/host/${hostKey}`);
    await host.waitForSelector('.dice-panel .roll');
    const screen = watch(await laptop.newPage());
    await screen.goto(`${srv.base}/host/${hostKey}/table`);
    await screen.waitForSelector('.live.on');
    // Two players' phones on the game's page.
    const phones = [watch(await ctx.newPage()), watch(await ctx.newPage())];
    for (const p of phones) {
      await p.goto(`${srv.base}/g/${gameId}`);
      await p.waitForSelector('.dice-card .live.on');
      expect(await p.textContent('.dice-turn')).toBe('No roll yet');
      expect(await p.locator('.dice-card .roll').count()).toBe(0);
    }
    await phones[0].screenshot({ path: join(out, 'e2e-dice-0-phone-waiting.png'), animations: 'disabled' });

    const facesOf = (p: Page) => p.$$eval('.dice-faces .die', (els) => els.map((e) => Number(e.getAttribute('aria-label'))));
    for (let turn = 1; turn <= 15; turn++) {
      // Turns 1-12 from the host's page, 13-15 from the big screen's keyboard.
      if (turn <= 12) await host.click('.dice-panel .roll');
      else {
        await screen.bringToFront();
        await screen.keyboard.press('Space');
      }
      const kept = rolls[turn - 1];
      for (const p of [...phones, screen, host]) {
        await p.waitForSelector(`.dice-turn strong:text-is("${turn}")`);
        expect(await facesOf(p)).toEqual(kept);
        const says = await p.$$eval('.dice-says li', (els) => els.map((e) => e.className + ': ' + e.textContent));
        // A pause after turns 5, 10 and 15; the last turn says so; a 1 asks to pass the sheet; the double 1 is shown.
        expect(says.some((x) => x.startsWith('pause: ')), `turn ${turn}: ${says}`).toBe([5, 10, 15].includes(turn));
        expect(says.some((x) => x.startsWith('hole: A 1: pass your sheet left, your neighbour marks a hole'))).toBe(kept.includes(1));
        expect(says.some((x) => x === 'again: Double 1: rolled again')).toBe(turn === 3);
        expect(says.some((x) => x === 'last: Last turn: score your sheet')).toBe(turn === 15);
      }
      if (turn === 3) await phones[0].screenshot({ path: join(out, 'e2e-dice-1-phone-double.png'), animations: 'disabled' });
      if (turn === 5) {
        await phones[0].screenshot({ path: join(out, 'e2e-dice-2-phone-pause.png'), animations: 'disabled' });
        await screen.screenshot({ path: join(out, 'e2e-dice-3-screen-pause.png'), animations: 'disabled' });
      }
    }
    expect(await host.textContent('.dice-panel .roll')).toBe('All 15 turns rolled');
    expect(await host.locator('.dice-panel .roll').isDisabled()).toBe(true);
    await host.screenshot({ path: join(out, 'e2e-dice-4-host-laptop.png'), fullPage: true, animations: 'disabled' });
    await screen.screenshot({ path: join(out, 'e2e-dice-5-screen-laptop.png'), animations: 'disabled' });
    const state = (await (await fetch(`${srv.base}/api/games/${gameId}/dice`)).json()) as DiceState;
    expect(state.rolls.map((r) => r.dice)).toEqual(rolls);
    expect(state.history.filter((x) => x.status === 'rerolled')).toEqual([expect.objectContaining({ turn: 3, dice: [1, 1] })]);

    // Ben photographs his sheet: one X drawn so lightly the scanner reads the cell blank.
    const phone = phones[1];
    await phone.bringToFront();
    await phone.tap('.name-btn:has-text("Ben")');
    const light = join(out, 'light-x.jpg');
    writeFileSync(light, await fadedPhoto('sample', [{ kind: 'hole', row: 3, col: 10 }], LIGHT_X));
    await phone.setInputFiles('#photo-camera', light);
    await phone.waitForURL(/\/s\/[A-Za-z0-9_-]{22}$/, { timeout: 60_000 });
    await phone.waitForSelector('.count');
    expect(await phone.textContent('.count')).toMatch(/^The rolls gave 5 holes; 4 were read: is one of these a hole\?/);
    const missed = 'svg.overlay:not(.doubt-zoom svg) g.doubt[data-item="hole:3:10"]';
    expect(await phone.locator(missed).count()).toBe(1);
    // The close-up the count points at first is the missed hole.
    const first = phone.locator('.doubt-btn').first();
    expect(await first.locator('.doubt-count').textContent()).toBe('count');
    await phone.screenshot({ path: join(out, 'e2e-dice-6-phone-count.png'), animations: 'disabled' });
    // The host sees the same note, not a silent score.
    await host.bringToFront();
    await host.waitForSelector('.sheet .rolls-off');
    expect(await host.textContent('.sheet .rolls-off')).toBe('The rolls gave 5 holes; this sheet has 4.');

    // Ben taps the close-up: a hole; the count agrees at once (the engine in the page); he confirms.
    await phone.bringToFront();
    const sheetId = phone.url().split('/').pop()!;
    const view = (await (await fetch(`${srv.base}/api/games/${gameId}/sheets/${sheetId}`)).json()) as SheetView;
    const fixed = applyToggles(view.scanned, [{ kind: 'hole', row: 3, col: 10 }]);
    expect(checkRolls(loadGame(), fixed, rolls).agrees).toBe(true);
    const total = scoreState(loadGame(), fixed).total;
    await first.tap();
    await phone.waitForSelector('.count.ok');
    expect(await phone.textContent('.count')).toMatch(/^✓ The sheet agrees with the 15 rolls: holes 5 of 5/);
    // The other spots asked only for the count are settled by it; the scanner's own doubts stay to check.
    const settled = view.uncertain.filter((u) => u.rolls && !(u.kind === 'hole' && u.row === 3 && u.col === 10) && (u.chance ?? 1) < LIKELY_RIGHT);
    expect(settled.length).toBeGreaterThan(0);
    expect(await phone.locator('.right-as-read:has-text("Count agrees")').count()).toBe(settled.length);
    if (view.uncertain.every((u) => u.likely || u.rolls)) expect(await phone.textContent('.total-range')).toBe('');
    expect(await phone.textContent('.big-total')).toBe(String(total));
    await phone.screenshot({ path: join(out, 'e2e-dice-7-phone-fixed.png'), animations: 'disabled' });
    await phone.tap('.bottom-bar .btn');
    await phone.waitForSelector('.msg.ok:has-text("Confirmed")');

    // The leaderboard updates: the host's page and the big screen, with the sheet's count agreeing.
    await host.bringToFront();
    await host.waitForSelector('.board .entry .name:has-text("Ben")');
    expect(await host.textContent('.board .entry:has(.name:has-text("Ben")) .total')).toBe(String(total));
    await host.waitForSelector('.sheet .rolls-ok');
    await screen.bringToFront();
    await screen.waitForSelector('.table-board .entry .name:has-text("Ben")');
    await screen.screenshot({ path: join(out, 'e2e-dice-8-screen-board.png'), animations: 'disabled' });
    // The same pages at a phone's size.
    const small = watch(await ctx.newPage());
    await small.goto(`${srv.base}/host/${hostKey}/table`);
    await small.waitForSelector('.table-board .entry');
    await small.screenshot({ path: join(out, 'e2e-dice-9-screen-phone.png'), fullPage: true, animations: 'disabled' });
    await small.goto(`${srv.base}/host/${hostKey}`);
    await small.waitForSelector('.sheet .rolls-ok');
    await small.screenshot({ path: join(out, 'e2e-dice-10-host-phone.png'), fullPage: true, animations: 'disabled' });
    expect(problems).toEqual([]);
  }, 180_000);

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

describe.skipIf(!have)('a printed hole read closed all round, on the phone', () => {
  let srvB: Running;
  const sheetB = fixture('04-easy-b-a4-pen');
  beforeAll(async () => {
    srvB = await startServer({ workers: 1, scanner: new URL('../helpers/closed-hole-scanner.ts', import.meta.url).href });
  });
  afterAll(() => srvB?.app.close());

  it('asks its four sides as one question; "yes" answers them all, a side switched opens them one by one', async () => {
    const host = await createGameFor(srvB.base, sheetB);
    const phone = watch(await ctx.newPage());
    await phone.goto(`${srvB.base}/g/${host.id}`);
    await phone.tap(`.name-btn >> nth=${sheetB.truth.player - 1}`);
    await phone.setInputFiles('#photo-camera', sheetB.file);
    await phone.waitForURL(/\/s\/[A-Za-z0-9_-]{22}$/, { timeout: 60_000 });
    await phone.waitForSelector('.hole-question');
    const sheetId = phone.url().split('/').pop()!;
    const sheet = (await (await fetch(`${srvB.base}/api/games/${host.id}/sheets/${sheetId}`)).json()) as SheetView;
    const sides = sheet.uncertain.slice(0, 4);
    const asked = sheet.uncertain.filter((u) => !u.likely).length;

    // One card for the hole, numbered as the overlay numbers its sides; its sides folded inside it.
    expect(await phone.locator('.hole-question').count()).toBe(1);
    expect(await phone.textContent('.hole-question .hole-card .doubt-no')).toBe('1-4');
    expect(await phone.textContent('.hole-question .doubt-val')).toBe('closed');
    expect(await phone.locator('.hole-question .hole-sides .doubt-btn').count()).toBe(4);
    expect(await phone.isVisible('.hole-question .hole-sides .doubt-btn')).toBe(false);
    expect(await phone.textContent('.msg.warn')).toMatch(new RegExp(`^Check ${asked} spots \\(4 of them are sides of one printed hole: one look settles them\\)`));
    const base = sheet.score.total;
    const [lo, hi] = [Math.min(base, ...sides.map((s) => base + s.points!)), Math.max(base, ...sides.map((s) => base + s.points!))];
    expect(await phone.textContent('.total-range')).toMatch(new RegExp(`^${lo === hi ? '' : `${lo} to ${hi} `}until you check ${asked} spots$`));
    await phone.locator('.hole-question').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(out, 'e2e-10-hole-question.png') });
    // The card alone, for the docs (the fixed Confirm bar hidden while it is taken).
    await phone.evaluate("document.querySelector('.bottom-bar').style.visibility = 'hidden'");
    await phone.locator('.hole-question').screenshot({ path: join(out, 'e2e-10-hole-card.png') });
    await phone.evaluate("document.querySelector('.bottom-bar').style.visibility = ''");

    // "Yes": the four sides are answered at once, the total as read.
    await phone.tap('.hole-question button:has-text("Yes, closed")');
    await phone.waitForSelector('.hole-question button:has-text("Checked")');
    expect(await phone.textContent('.total-range')).toBe(asked > 4 ? `until you check ${asked - 4} spot${asked - 4 === 1 ? '' : 's'}` : '');
    expect(await phone.textContent('.big-total')).toBe(String(base));

    // A side switched instead: the hole reads open, its sides unfold, and "yes" is gone.
    await phone.reload();
    await phone.waitForSelector('.hole-question');
    await phone.locator('.hole-question summary').tap();
    await phone.locator('.hole-question .hole-sides .doubt-btn').first().tap();
    await phone.waitForSelector('.hole-question .doubt-val.off');
    expect(await phone.textContent('.hole-question .doubt-val')).toBe('open');
    expect(await phone.isVisible('.hole-question button:has-text("Yes, closed")')).toBe(false);
    expect(await phone.textContent('.big-total')).toBe(String(scoreState(loadGame(), applyToggles(sheet.scanned, [sides[0]])).total));
    expect(await phone.isVisible('.hole-question .hole-sides .right-as-read >> nth=1')).toBe(true);
    await phone.screenshot({ path: join(out, 'e2e-11-hole-side-switched.png') });
    expect(problems).toEqual([]);
  });
});
