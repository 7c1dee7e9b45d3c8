/**
 * The table's dice on `baako serve`: the host rolls (injected dice here, node:crypto otherwise), a double 1 is
 * rolled again on sheet A, pages are told live, Undo keeps the history, the rolls live in the database, game.json
 * and the exports, survive a restart, and two games rolled at once never mix. A sheet read against the rolls.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGameFile } from '../../src/data/game-file.js';
import { loadGame } from '../../src/data/load.js';
import { checkRolls } from '../../src/engine/rolls.js';
import type { Roll } from '../../src/engine/rolls.js';
import type { DiceState, GameInfo, HostInfo, SheetView } from '../../src/server/protocol.js';
import { fadedPhoto, LIGHT_X, trueRolls } from '../helpers/fade.js';
import { createGameFor, fixture, scriptedDice, startServer, upload, type Running } from './helpers.js';

const json = (method: string, body?: unknown) => ({ method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const game = loadGame();

let srv: Running;
const dice = scriptedDice();

beforeAll(async () => {
  srv = await startServer({ dice: dice.next });
});
afterAll(() => srv?.app.close());

async function newGame(players: string[] | number, side?: 'A' | 'B'): Promise<HostInfo> {
  const res = await fetch(`${srv.base}/api/games`, json('POST', { players, side }));
  expect(res.status).toBe(201);
  return (await res.json()) as HostInfo;
}

async function rollAs(path: string, turn?: number): Promise<{ status: number; body: DiceState & { error?: string } }> {
  const res = await fetch(srv.base + path, json('POST', turn === undefined ? {} : { turn }));
  return { status: res.status, body: (await res.json()) as DiceState & { error?: string } };
}

/** Reads a game's event stream into a list until stopped. */
function listen(base: string, gameId: string) {
  const events: { event: string; data: unknown }[] = [];
  const ctl = new AbortController();
  const done = (async () => {
    try {
      const res = await fetch(`${base}/api/games/${gameId}/events`, { signal: ctl.signal });
      const reader = res.body!.getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += Buffer.from(value).toString('utf8');
        let cut;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const ev = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (ev && data) events.push({ event: ev, data: JSON.parse(data) });
        }
      }
    } catch {
      /* stopped */
    }
  })();
  return {
    events,
    async stop() {
      ctl.abort();
      await done;
    },
  };
}

const until = async (test: () => boolean, ms = 5000) => {
  const t0 = Date.now();
  while (!test()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the host rolls the dice', () => {
  it('15 turns: a double 1 rolled again, a 1 to pass, pauses after 5, 10 and 15; live to every page; Undo keeps the history', async () => {
    const host = await newGame(['Ana', 'Ben', 'Chloé']);
    expect(host.dice).toMatchObject({ rolls: [], next: 1, turns: 15, pausesAfter: [5, 10, 15], playersRoll: false });
    const stream = listen(srv.base, host.id);
    await until(() => stream.events.some((e) => e.event === 'dice'));
    expect(stream.events.map((e) => e.event)).toEqual(['board', 'dice']);

    // Turn 1: 3+4. Turn 2: a double 1 first, then 1+6. Then 13 more.
    dice.push(3, 4, 1, 1, 1, 6, 2, 2, 5, 5, 6, 2, 4, 4, 3, 3, 2, 6, 2, 2, 5, 6, 6, 6, 3, 5, 4, 2, 2, 3, 4, 5);
    let state = (await rollAs(`/api/host/${host.hostKey}/rolls`, 1)).body;
    expect(state.rolls[0]).toMatchObject({ turn: 1, dice: [3, 4], rerolled: [], says: [] });
    const second = await rollAs(`/api/host/${host.hostKey}/rolls`, 2);
    expect(second.status).toBe(200);
    expect(second.body.rolls[1]).toMatchObject({ turn: 2, dice: [1, 6], rerolled: [[1, 1]], says: ['double 1: rolled again', 'a 1: pass your sheet left, your neighbour marks a hole'] });
    // A second tap on Roll for turn 2 rolls nothing.
    const twice = await rollAs(`/api/host/${host.hostKey}/rolls`, 2);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Turn 2 is already rolled');
    for (let turn = 3; turn <= 15; turn++) state = (await rollAs(`/api/host/${host.hostKey}/rolls`, turn)).body;
    expect(state.rolls.map((r) => r.turn)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(state.rolls.filter((r) => r.pause).map((r) => r.turn)).toEqual([5, 10, 15]);
    expect(state.rolls[14].says).toEqual(['pause: draw a special fence and cross it out', 'last turn: score your sheet']);
    expect(state.next).toBeNull();
    const over = await rollAs(`/api/host/${host.hostKey}/rolls`);
    expect(over.status).toBe(409);
    expect(over.body.error).toMatch(/All 15 turns are rolled: undo the last one/);

    // Every roll reached the open page, in order.
    await until(() => stream.events.filter((e) => e.event === 'dice').length === 16);
    const seen = stream.events.filter((e) => e.event === 'dice').map((e) => (e.data as DiceState).rolls.length);
    expect(seen).toEqual(Array.from({ length: 16 }, (_, i) => i));

    // Undo: only the last turn; it stays in the history, marked undone; the turn is rolled again.
    expect((await fetch(`${srv.base}/api/host/${host.hostKey}/rolls/14`, json('DELETE'))).status).toBe(409);
    const undone = (await (await fetch(`${srv.base}/api/host/${host.hostKey}/rolls/15`, json('DELETE'))).json()) as DiceState;
    expect(undone.rolls).toHaveLength(14);
    expect(undone.next).toBe(15);
    expect(undone.history.filter((h) => h.status === 'undone')).toEqual([expect.objectContaining({ turn: 15, dice: [4, 5] })]);
    expect(undone.history.filter((h) => h.status === 'rerolled')).toEqual([expect.objectContaining({ turn: 2, dice: [1, 1] })]);
    dice.push(5, 3);
    state = (await rollAs(`/api/host/${host.hostKey}/rolls`, 15)).body;
    expect(state.rolls[14].dice).toEqual([5, 3]);
    expect(state.history).toHaveLength(17);

    // Players see the dice; only the host rolls on sheet A.
    const info = (await (await fetch(`${srv.base}/api/games/${host.id}`)).json()) as GameInfo;
    expect(info.dice.rolls.map((r) => r.dice)).toEqual(state.rolls.map((r) => r.dice));
    const refused = await rollAs(`/api/games/${host.id}/rolls`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The host rolls the dice for this game');
    expect((await fetch(`${srv.base}/api/games/${host.id}/rolls/15`, json('DELETE'))).status).toBe(403);

    // The rolls are in game.json (for baako scan --game) and in the JSON export.
    const kept = state.rolls.map((r) => r.dice);
    expect(readGameFile(host.gameJson).rolls).toEqual(kept);
    const exported = (await (await fetch(`${srv.base}/g/${host.id}/results.json`)).json()) as { game: { rolls: Roll[] } };
    expect(exported.game.rolls).toEqual(kept);
    await stream.stop();
  });

  it('a solo game (sheet B): the player rolls on the phone; a double 1 is a turn', async () => {
    const host = await newGame(['Solo']);
    expect(host.side).toBe('B');
    expect(host.dice).toMatchObject({ turns: 12, pausesAfter: [4, 8, 12], playersRoll: true });
    dice.push(1, 1);
    const r = await rollAs(`/api/games/${host.id}/rolls`, 1);
    expect(r.status).toBe(200);
    expect(r.body.rolls[0]).toMatchObject({ dice: [1, 1], rerolled: [], says: [] });
    expect((await fetch(`${srv.base}/api/games/${host.id}/rolls/1`, json('DELETE'))).status).toBe(200);
  });

  it('two hosts rolling at once for two games never mix', async () => {
    const [a, b] = await Promise.all([newGame(2), newGame(3)]);
    const [sa, sb] = [listen(srv.base, a.id), listen(srv.base, b.id)];
    await until(() => sa.events.length >= 2 && sb.events.length >= 2);
    // The dice from here: the test source's own random numbers. Game a has two host pages tapping Roll for
    // every turn at once: exactly one tap of each pair rolls.
    const rollAll = async (h: HostInfo) => {
      let rolled = 0;
      for (let t = 1; t <= 15; t++) {
        const r = await rollAs(`/api/host/${h.hostKey}/rolls`, t);
        expect([200, 409]).toContain(r.status);
        if (r.status === 200) rolled++;
      }
      return rolled;
    };
    const [a1, a2, b1] = await Promise.all([rollAll(a), rollAll(a), rollAll(b)]);
    expect(a1 + a2).toBe(15);
    expect(b1).toBe(15);
    const [da, db] = (await Promise.all([a, b].map(async (h) => (await (await fetch(`${srv.base}/api/games/${h.id}/dice`)).json()) as DiceState))) as DiceState[];
    for (const [d, h] of [[da, a], [db, b]] as const) {
      expect(d.gameId).toBe(h.id);
      expect(d.rolls.map((r) => r.turn)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
      expect(d.history.filter((x) => x.status === 'kept')).toHaveLength(15);
      expect(readGameFile(h.gameJson).rolls).toEqual(d.rolls.map((r) => r.dice));
    }
    await until(() => sa.events.filter((e) => e.event === 'dice').length >= 16 && sb.events.filter((e) => e.event === 'dice').length >= 16);
    await Promise.all([sa.stop(), sb.stop()]);
    for (const [s, h, d] of [[sa, a, da], [sb, b, db]] as const) {
      const mine = s.events.filter((e) => e.event === 'dice').map((e) => e.data as DiceState);
      expect(mine.every((x) => x.gameId === h.id)).toBe(true);
      // Each stream's last state is its own game's dice, every earlier one a prefix of it.
      for (const x of mine) expect(x.rolls.map((r) => r.dice)).toEqual(d.rolls.slice(0, x.rolls.length).map((r) => r.dice));
    }
  });
});

describe('sheets read against the rolls', () => {
  it('a light X the scanner missed: the count flags it first, the host sees the note, confirming the switch agrees', async () => {
    const photo = fixture('sample');
    const host = await createGameFor(srv.base, photo);
    const rolls = trueRolls('sample');
    dice.push(...rolls.flat());
    for (let t = 1; t <= 15; t++) await rollAs(`/api/host/${host.hostKey}/rolls`, t);
    const sent = await upload(srv.base, host.id, 2, await fadedPhoto('sample', [{ kind: 'hole', row: 3, col: 10 }], LIGHT_X));
    expect(sent.status, sent.json.error).toBe(201);
    const sheet = sent.json as unknown as SheetView;
    // Asked first (not folded away as likely right), with the scanner's chance and what it moves.
    const light = sheet.uncertain.slice(0, 3).find((u) => u.kind === 'hole' && u.row === 3 && u.col === 10)!;
    expect(light).toMatchObject({ rolls: true });
    expect(light.likely).toBeUndefined();
    expect(light.chance).toBeGreaterThan(0);
    expect(sheet.uncertain.filter((u) => u.rolls)).toHaveLength(3);
    expect(sheet.uncertain.slice(0, 3).every((u) => u.rolls && !u.likely)).toBe(true);
    expect(sheet.rolls).toEqual({
      agrees: false,
      summary: 'does not agree with 15 rolls: holes 4 of 5 (1 missing), fence edges 117 (expected 115-118)',
      note: 'The rolls gave 5 holes; this sheet has 4.',
    });
    const before = (await (await fetch(`${srv.base}/api/host/${host.hostKey}`)).json()) as HostInfo;
    expect(before.sheets[0].rolls?.note).toBe('The rolls gave 5 holes; this sheet has 4.');
    // The host's list counts the spots asked, not every doubt listed.
    expect(before.sheets[0]).toMatchObject({ checks: sheet.uncertain.length, asked: sheet.uncertain.filter((u) => !u.likely).length });
    expect(before.sheets[0].asked).toBeGreaterThanOrEqual(3);

    const done = await fetch(`${srv.base}/api/games/${host.id}/sheets/${sheet.id}/confirm`, json('POST', { toggled: [{ kind: 'hole', row: 3, col: 10 }] }));
    expect(done.status).toBe(200);
    const confirmed = (await done.json()) as SheetView;
    expect(confirmed.rolls?.agrees).toBe(true);
    expect(checkRolls(game, confirmed.state, rolls).agrees).toBe(true);
    const after = (await (await fetch(`${srv.base}/api/host/${host.hostKey}`)).json()) as HostInfo;
    expect(after.sheets[0].rolls).toMatchObject({ agrees: true, note: null });
    const csv = await (await fetch(`${srv.base}/g/${host.id}/results.csv`)).text();
    expect(csv.split('\r\n')[0]).toMatch(/,rolls$/);
    expect(csv.split('\r\n')[1]).toMatch(/,agrees$/);
  });

  it('the rolls survive a restart, and game.json follows them', async () => {
    const host = await newGame(2);
    dice.push(2, 3, 6, 1);
    await rollAs(`/api/host/${host.hostKey}/rolls`, 1);
    await rollAs(`/api/host/${host.hostKey}/rolls`, 2);
    await srv.app.close();
    // A stop between the database's commit and game.json's rewrite: the start brings game.json in step.
    const stale = JSON.parse(readFileSync(host.gameJson, 'utf8'));
    writeFileSync(host.gameJson, JSON.stringify({ ...stale, rolls: [[2, 3]] }));
    writeFileSync(`${host.gameJson}.part`, '{"cut off');
    srv = await startServer({ data: srv.data, dice: dice.next });
    expect(existsSync(`${host.gameJson}.part`)).toBe(false);
    const d = (await (await fetch(`${srv.base}/api/games/${host.id}/dice`)).json()) as DiceState;
    expect(d.rolls.map((r) => r.dice)).toEqual([[2, 3], [6, 1]]);
    expect(d.rolls[1].says).toEqual(['a 1: pass your sheet left, your neighbour marks a hole']);
    expect(JSON.parse(readFileSync(host.gameJson, 'utf8')).rolls).toEqual([[2, 3], [6, 1]]);
  });

  it('a data folder from before the dice gets their table, and its games are rolled', async () => {
    const host = await newGame(2);
    await srv.app.close();
    // The database as a server without dice left it.
    const db = new Database(join(srv.data, 'baako.db'));
    db.exec('DROP TABLE rolls');
    db.close();
    srv = await startServer({ data: srv.data, dice: dice.next });
    expect(((await (await fetch(`${srv.base}/api/games/${host.id}/dice`)).json()) as DiceState).rolls).toEqual([]);
    dice.push(4, 5);
    const r = await rollAs(`/api/host/${host.hostKey}/rolls`, 1);
    expect(r.status).toBe(200);
    expect(r.body.rolls.map((x) => x.dice)).toEqual([[4, 5]]);
  });
});
