/**
 * `kill -9` at random moments, in a loop: a server in a child process (cheap scanner) takes uploads, scans,
 * confirmations and game creations at once, and is killed after a random delay; after each restart, everything
 * it acknowledged must be there, nothing else may be, and each leaderboard must equal its confirmed sheets.
 * Shared by test/server/crash.test.ts (a few rounds) and bench/server.ts (fifty).
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Board, SheetAnswer } from '../../src/server/protocol.js';
import { TINY_JPEG } from '../helpers/fake-scanner.js';
import { random } from '../helpers/random.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

export interface CrashStats {
  rounds: number;
  seed: number;
  /** Acknowledged before a kill, in all. */
  games: number;
  uploads: number;
  confirms: number;
  /** Requests of each kind under way when a kill came, in all (they may or may not have been recorded). */
  cutOff: { games: number; uploads: number; confirms: number };
  /** Photos found waiting for the scanner just after a restart (scans cut off or not started), in all. */
  requeued: number;
  /** Rounds whose stalled upload was turned away (503, the server busy) before the kill came. */
  stalledTurnedAway: number;
  /** Milliseconds from spawn to listening, each round. */
  startMs: number[];
}

/** A broken promise of the server (as opposed to a request cut off by the kill). */
class CheckError extends Error {}

const json = (body: unknown) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export async function crashLoop(opts: { rounds: number; seed?: number; maxWaiting?: number; log?: (line: string) => void }): Promise<CrashStats> {
  const seed = opts.seed ?? (Date.now() % 1e9);
  const rand = random(seed);
  const log = opts.log ?? (() => undefined);
  const data = mkdtempSync(join(tmpdir(), 'baako-crash-'));
  const fail = (round: number, what: string) => new CheckError(`round ${round} (seed ${seed}, data ${data}): ${what}`);

  const games = new Map<string, { players: number }>();
  const uploads = new Map<string, { game: string; player: number }>();
  const confirms = new Map<string, { game: string }>();
  const stats: CrashStats = { rounds: opts.rounds, seed, games: 0, uploads: 0, confirms: 0, cutOff: { games: 0, uploads: 0, confirms: 0 }, requeued: 0, stalledTurnedAway: 0, startMs: [] };

  // Two games to start with (drawing a pack takes longer than most rounds last).
  const first = await startServerProcess(data, { maxWaiting: opts.maxWaiting });
  try {
    for (const i of [1, 2]) {
      const res = await fetch(`${first.base}/api/games`, json({ players: 3, seed: `crash-${seed}-0-${i}` }));
      games.set(((await res.json()) as { id: string }).id, { players: 3 });
    }
  } finally {
    await first.kill();
  }

  for (let round = 1; round <= opts.rounds; round++) {
    const child = await startServerProcess(data, { maxWaiting: opts.maxWaiting });
    stats.startMs.push(child.startMs);
    try {
      const inReview = await check(round, child);
      await workload(round, child, inReview);
    } finally {
      await child.kill();
    }
  }
  // And once more after the last kill.
  const child = await startServerProcess(data, { maxWaiting: opts.maxWaiting });
  try {
    await check(opts.rounds + 1, child);
  } finally {
    await child.kill();
  }
  stats.games = games.size;
  stats.uploads = uploads.size;
  stats.confirms = confirms.size;
  return stats;

  /** The invariants, just after a start; returns the sheets in review (to confirm some next). */
  async function check(round: number, child: ServerProcess): Promise<{ game: string; id: string }[]> {
    const base = child.base;
    for (const id of games.keys()) {
      const res = await fetch(`${base}/api/games/${id}`);
      if (res.status !== 200) throw fail(round, `acknowledged game ${id} answers ${res.status}`);
      if (!existsSync(join(data, 'games', id, 'game.json'))) throw fail(round, `game ${id} lost its game.json`);
    }
    // Every acknowledged upload is there, read or waiting; then all of them get read.
    let waiting = [...uploads.keys()];
    let first = true;
    const deadline = Date.now() + 60_000;
    while (waiting.length) {
      const still: string[] = [];
      for (const id of waiting) {
        const res = await fetch(`${base}/api/games/${uploads.get(id)!.game}/sheets/${id}`);
        const a = (await res.json()) as SheetAnswer;
        if (res.status !== 200 || a.status === 'refused') throw fail(round, `acknowledged upload ${id}: ${res.status} ${JSON.stringify(a).slice(0, 200)}`);
        if (a.status === 'queued') still.push(id);
      }
      if (first) stats.requeued += still.length;
      first = false;
      waiting = still;
      if (waiting.length && Date.now() > deadline) throw fail(round, `${waiting.length} uploads never read`);
      if (waiting.length) await new Promise((r) => setTimeout(r, 100));
    }
    // Uploads recorded but never acknowledged (the kill came before the answer) are read too, and the files are
    // checked once the scanner is done: a scan under way has written its land and not yet its sheet's row.
    while ((await child.stats()).pending > 0) {
      if (Date.now() > deadline) throw fail(round, `${(await child.stats()).pending} recorded uploads never read`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const db = new Database(join(data, 'baako.db'), { readonly: true, fileMustExist: true });
    try {
      const integrity = db.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw fail(round, `database: ${integrity}`);
      for (const [id, c] of confirms) {
        const row = db.prepare('SELECT status FROM sheets WHERE game_id = ? AND id = ?').get(c.game, id) as { status: string } | undefined;
        if (!row || !['confirmed', 'replaced'].includes(row.status)) throw fail(round, `acknowledged confirmation of ${id} lost (${row?.status})`);
      }
      for (const id of games.keys()) {
        const board = (await (await fetch(`${base}/api/games/${id}/board`)).json()) as Board;
        const confirmed = (db.prepare("SELECT no FROM sheets WHERE game_id = ? AND status = 'confirmed' ORDER BY no").all(id) as { no: number }[]).map((r) => r.no);
        const shown = board.entries.map((e) => e.no).sort((a, b) => a - b);
        if (JSON.stringify(shown) !== JSON.stringify(confirmed)) throw fail(round, `game ${id}: the leaderboard shows sheets ${shown}, the confirmed ones are ${confirmed}`);
      }
      // No file without a record, no record without its file.
      const tmp = readdirSync(join(data, 'tmp'));
      if (tmp.length) throw fail(round, `left in tmp/: ${tmp.join(', ')}`);
      const known = new Set((db.prepare('SELECT id FROM games').all() as { id: string }[]).map((r) => r.id));
      for (const dir of readdirSync(join(data, 'games'))) {
        if (!known.has(dir)) throw fail(round, `game folder ${dir} has no game`);
        const photos = new Set((db.prepare("SELECT photo FROM sheets WHERE game_id = ? UNION SELECT photo FROM uploads WHERE game_id = ? AND status = 'queued'").all(dir, dir) as { photo: string }[]).map((r) => r.photo));
        const lands = new Set((db.prepare('SELECT id FROM sheets WHERE game_id = ?').all(dir) as { id: string }[]).map((r) => `${r.id}.jpg`));
        const onDisk = new Set(readdirSync(join(data, 'games', dir, 'photos')));
        const landsOnDisk = new Set(readdirSync(join(data, 'games', dir, 'land')));
        for (const f of onDisk) if (!photos.has(f)) throw fail(round, `orphan photo ${dir}/photos/${f}`);
        for (const f of photos) if (!onDisk.has(f)) throw fail(round, `photo ${dir}/photos/${f} missing`);
        for (const f of landsOnDisk) if (!lands.has(f)) throw fail(round, `orphan land ${dir}/land/${f}`);
        for (const f of lands) if (!landsOnDisk.has(f)) throw fail(round, `land ${dir}/land/${f} missing`);
      }
      return db.prepare("SELECT game_id AS game, id FROM sheets WHERE status = 'review'").all() as { game: string; id: string }[];
    } finally {
      db.close();
    }
  }

  /** Game creations, uploads and confirmations at once, cut short by a kill after 10 ms to 4 s. */
  async function workload(round: number, child: ServerProcess, inReview: { game: string; id: string }[]): Promise<void> {
    const live = { games: 0, uploads: 0, confirms: 0 };
    let killed = false;
    const ops: Promise<void>[] = [];
    const broken: Error[] = [];
    const track = (kind: keyof typeof live, run: () => Promise<void>) => {
      live[kind]++;
      ops.push(
        run()
          .catch((e) => {
            if (e instanceof CheckError) broken.push(e);
          })
          .finally(() => live[kind]--),
      );
    };
    if (rand() < 0.6) {
      track('games', async () => {
        const res = await fetch(`${child.base}/api/games`, json({ players: 3, seed: `crash-${seed}-${round}` }));
        if (res.status === 201) games.set(((await res.json()) as { id: string }).id, { players: 3 });
        else if (res.status !== 503) throw fail(round, `game creation answered ${res.status}: ${await res.text()}`);
      });
    }
    const ids = [...games.keys()];
    const n = 4 + Math.floor(rand() * 10);
    for (let i = 0; i < n && ids.length; i++) {
      const game = ids[Math.floor(rand() * ids.length)];
      const player = 1 + Math.floor(rand() * games.get(game)!.players);
      // A valid JPEG of 1-60 KB (bytes after its end marker): some take a while to send.
      const body = Buffer.concat([TINY_JPEG, Buffer.alloc(Math.floor(rand() * 60_000), 0x20)]);
      const key = `key-${seed}-${round}-${i}`;
      track('uploads', async () => {
        const res = await fetch(`${child.base}/api/games/${game}/sheets?player=${player}`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg', 'Idempotency-Key': key }, body });
        if (res.status === 202) uploads.set(((await res.json()) as { id: string }).id, { game, player });
        else if (res.status !== 503) throw fail(round, `upload answered ${res.status}: ${await res.text()}`);
      });
    }
    // One upload a round sends half its body and then stalls, so every kill lands while an upload is under way
    // (the rest finish in milliseconds): the server must keep nothing of it, however far it got.
    if (ids.length) {
      const game = ids[Math.floor(rand() * ids.length)];
      track('uploads', async () => {
        const half = TINY_JPEG.subarray(0, Math.floor(TINY_JPEG.length / 2));
        const body = new ReadableStream({ start: (c) => c.enqueue(new Uint8Array(half)) });
        const init = { method: 'POST', headers: { 'Content-Type': 'image/jpeg', 'Idempotency-Key': `stalled-${seed}-${round}` }, body, duplex: 'half' };
        const res = await fetch(`${child.base}/api/games/${game}/sheets?player=1`, init as RequestInit);
        if (res.status !== 503) throw fail(round, `an upload stalled half-way was answered ${res.status}`);
        // (a server with too many photos waiting turns it away at once, under load: no kill lands on it then)
        if (!killed) stats.stalledTurnedAway++;
      });
    }
    for (const s of inReview) {
      if (rand() < 0.6) {
        track('confirms', async () => {
          const res = await fetch(`${child.base}/api/games/${s.game}/sheets/${s.id}/confirm`, json({ toggled: [] }));
          if (res.status === 200) confirms.set(s.id, { game: s.game });
          else throw fail(round, `confirmation answered ${res.status}: ${await res.text()}`);
        });
      }
    }
    // Mostly within a second; one round in four later, so that some game creations (a pack takes a second or
    // more to draw) are acknowledged before the kill.
    await new Promise((r) => setTimeout(r, rand() < 0.25 ? 1500 + rand() * 2500 : 10 + rand() * 1200));
    for (const k of Object.keys(live) as (keyof typeof live)[]) stats.cutOff[k] += live[k];
    killed = true;
    await child.kill();
    await Promise.all(ops);
    if (broken.length) throw broken[0];
    log(`round ${round}: ${games.size} games, ${uploads.size} uploads, ${confirms.size} confirmed; killed with ${live.games} creations, ${live.uploads} uploads, ${live.confirms} confirmations under way`);
  }
}
