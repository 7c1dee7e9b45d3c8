/**
 * A game night's crowd: N phones send their photo within a spread of time to a server whose line is shorter than
 * the crowd, retry on 503 as the page does (src/web/retry.ts), watch their place in the line, then confirm; a
 * leaderboard is read over and over meanwhile. Shared by test/server/load.test.ts (scaled down) and
 * bench/server.ts (full size).
 */
import { isRead, type Board, type BusyAnswer, type SheetAnswer } from '../../src/server/protocol.js';
import { retryDelayMs } from '../../src/web/retry.js';
import { random } from '../helpers/random.js';

export interface CrowdOptions {
  /** Players (1..N of the game), one photo each. */
  players: number;
  /** The photos arrive at random moments within this many ms. */
  spreadMs: number;
  /** The body each player sends (the index is the player's, from 0). */
  photo: (i: number) => Buffer;
  seed?: number;
  /** Leaderboard streams kept open meanwhile (the host's screen, players' phones). */
  streams?: number;
}

export interface PhoneLog {
  player: number;
  /** 503 answers before the photo was accepted: the photos ahead each told. */
  busy: number[];
  /** Places in the line seen, from the 202 and each poll (0: being read). */
  places: number[];
  /** Connections that failed and were tried again. */
  dropped: number;
  /** The sheet's number once read, or the refusal. */
  no?: number;
  refused?: string;
  confirmed: boolean;
}

export interface CrowdRun {
  phones: PhoneLog[];
  /** Leaderboard answers' times, ms, sorted, and reads whose connection failed. */
  boardMs: number[];
  boardFailures: number;
  wallMs: number;
}

/**
 * fetch, tried again when the connection fails (a keep-alive connection the server closed as it was reused):
 * the page does the same, safely, since uploads carry their key.
 */
async function fetchAgain(url: string, init?: RequestInit, log?: { dropped: number }): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      return await fetch(url, init);
    } catch (e) {
      if (i >= 5) throw e;
      if (log) log.dropped++;
      await sleep(200 * (i + 1));
    }
  }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function crowd(base: string, gameId: string, opts: CrowdOptions): Promise<CrowdRun> {
  const rand = random(opts.seed ?? 100);
  const t0 = performance.now();
  let running = true;
  const boardMs: number[] = [];
  let boardFailures = 0;
  const controllers = Array.from({ length: opts.streams ?? 0 }, () => new AbortController());
  const streams = controllers.map(async (c) => {
    try {
      const res = await fetch(`${base}/api/games/${gameId}/events`, { signal: c.signal });
      const reader = res.body!.getReader();
      for (;;) if ((await reader.read()).done) break;
    } catch {
      /* closed at the end */
    }
  });
  const watcher = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(`${base}/api/games/${gameId}/board`);
        if (!res.ok) throw new Error(`board answered ${res.status}`);
        (await res.json()) as Board;
        boardMs.push(performance.now() - t);
      } catch {
        boardFailures++;
      }
      await sleep(10);
    }
  })();

  const phones = await Promise.all(
    Array.from({ length: opts.players }, async (_, i): Promise<PhoneLog> => {
      const log: PhoneLog = { player: i + 1, busy: [], places: [], confirmed: false, dropped: 0 };
      await sleep(rand() * opts.spreadMs);
      const key = `crowd-${opts.seed ?? 100}-${i}`;
      let answer: SheetAnswer | undefined;
      for (let attempt = 0; !answer; attempt++) {
        const res = await fetchAgain(`${base}/api/games/${gameId}/sheets?player=${i + 1}`, { method: 'POST', headers: { 'Content-Type': 'image/jpeg', 'Idempotency-Key': key }, body: opts.photo(i) }, log);
        if (res.status === 503) {
          const busy = (await res.json()) as BusyAnswer;
          log.busy.push(busy.ahead);
          await sleep(retryDelayMs(attempt, Number(res.headers.get('retry-after')), rand()));
        } else if (res.status === 202) {
          answer = (await res.json()) as SheetAnswer;
        } else throw new Error(`player ${i + 1}: upload answered ${res.status}: ${await res.text()}`);
      }
      while (!isRead(answer)) {
        if (answer.status === 'refused') {
          log.refused = answer.error;
          return log;
        }
        if (answer.position !== undefined) log.places.push(answer.position);
        // (as often as the page asks)
        await sleep(1000);
        answer = (await (await fetchAgain(`${base}/api/games/${gameId}/sheets/${answer.id}`, undefined, log)).json()) as SheetAnswer;
      }
      log.no = answer.no;
      const res = await fetchAgain(`${base}/api/games/${gameId}/sheets/${answer.id}/confirm`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"toggled":[]}' }, log);
      // (409 "already confirmed": a confirmation sent again after a lost answer)
      log.confirmed = res.status === 200 || (res.status === 409 && /already confirmed/.test(await res.text()));
      return log;
    }),
  );
  const wallMs = performance.now() - t0;
  running = false;
  await watcher;
  for (const c of controllers) c.abort();
  await Promise.all(streams);
  return { phones, boardMs: boardMs.sort((a, b) => a - b), boardFailures, wallMs };
}
