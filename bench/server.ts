/**
 * `baako serve` under load and faults, at full size (the tests run them scaled down):
 * - a game night of 100 players whose photos (real ones, read by the real scanner) arrive within one minute, with
 *   a line of 10: all read, the places phones saw, the leaderboard's answer times, the server's memory after;
 * - `kill -9` at random moments, 50 times: what was acknowledged, cut off, put back in line;
 * - the CLI's inputs and the API's bodies fuzzed, four times the tests' count.
 * The server runs in a child process (test/helpers/serve-child.ts) with the cheap scan job for the placeholder
 * photos of the crash loop and the real scanner for real photos.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostInfo } from '../src/server/protocol.js';
import { startServerProcess } from '../test/helpers/server-process.js';
import { crashLoop } from '../test/server/crash-loop.js';
import { crowd, percentile } from '../test/server/crowd.js';
import { fixture } from '../test/server/helpers.js';
import { fuzzApi } from '../test/fuzz/api-cases.js';
import { cliCases } from '../test/fuzz/cli-cases.js';
import { cliProblem, runCliCases } from '../test/fuzz/fuzz-cli-run.js';
import type { Report } from './report.js';

const ms = (x: number) => `${Math.round(x)} ms`;

async function gameNight(report: Report): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'baako-bench-serve-'));
  const server = await startServerProcess(data, { maxWaiting: 10 });
  try {
    const photo = fixture('16-medium-a-a4-light-table');
    const names = Array.from({ length: 100 }, (_, i) => `Player ${i + 1}`);
    const res = await fetch(`${server.base}/api/games`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ players: names, seed: photo.truth.seed, side: photo.truth.side, paper: photo.truth.paper }),
    });
    const host = (await res.json()) as HostInfo;
    await server.stats();
    const run = await crowd(server.base, host.id, { players: 100, spreadMs: 60_000, seed: 7, streams: 20, photo: () => photo.bytes });
    const stats = await server.stats();
    const read = run.phones.filter((p) => p.no !== undefined && p.confirmed).length;
    const told = run.phones.filter((p) => p.busy.length > 0).length;
    const saw = run.phones.filter((p) => p.places.length > 0).length;
    const firstPlaces = run.phones.map((p) => p.places[0] ?? 0);
    report.row('100 players, real 9 MP photos arriving within 60 s, line of 10: photos read and confirmed', `${read} of 100 in ${(run.wallMs / 1000).toFixed(0)} s`, '100');
    report.row('phones told to wait (503) / answers 503', `${told} / ${run.phones.reduce((n, p) => n + p.busy.length, 0)}`);
    report.row('phones that saw their place in line', `${saw} of 100 (first place seen: up to ${Math.max(...firstPlaces)})`, '100');
    report.row('leaderboard while scanning: p50 / p99 / max', `${ms(percentile(run.boardMs, 50))} / ${ms(percentile(run.boardMs, 99))} / ${ms(run.boardMs[run.boardMs.length - 1])} (${run.boardMs.length} reads)`, 'p99 < 100 ms');
    report.row("server's event loop held up, p99 / max", `${ms(stats.eventLoopMs.p99)} / ${ms(stats.eventLoopMs.max)}`);
    const before = stats.heapUsed;
    await crowd(server.base, host.id, { players: 100, spreadMs: 5_000, seed: 8, photo: () => photo.bytes });
    const after = await server.stats();
    report.row('server heap after the night / after a second burst of 100', `${(before / 1e6).toFixed(1)} MB / ${(after.heapUsed / 1e6).toFixed(1)} MB (rss ${(after.rss / 1e6).toFixed(0)} MB)`, 'flat');
    report.row('scans', `${JSON.stringify(after.intake)}`);
  } finally {
    await server.kill();
    rmSync(data, { recursive: true, force: true });
  }
}

async function crashes(report: Report): Promise<void> {
  const t = performance.now();
  let stats;
  try {
    stats = await crashLoop({ rounds: 50, seed: 2025 });
  } catch (e) {
    report.row('kill -9 at random moments, 50 rounds', `FAILED: ${(e as Error).message}`, 'nothing lost, nothing left');
    return;
  }
  const starts = [...stats.startMs].sort((a, b) => a - b);
  report.row(
    'kill -9 at random moments, 50 rounds: acknowledged and all found after restarts',
    `${stats.uploads} uploads, ${stats.confirms} confirmations, ${stats.games} games (${((performance.now() - t) / 1000).toFixed(0)} s)`,
    'nothing lost, nothing left',
  );
  report.row('requests under way when killed (creations / uploads / confirmations)', `${stats.cutOff.games} / ${stats.cutOff.uploads} / ${stats.cutOff.confirms}`);
  report.row('photos found waiting after a restart, then read', `${stats.requeued}`);
  report.row('restart to listening, median', ms(starts[starts.length >> 1]));
}

async function fuzz(report: Report): Promise<void> {
  for (const seed of [101, 102]) {
    const cases = cliCases(seed, 4);
    const run = await runCliCases(cases, 900_000);
    const problems = run.outcomes.map((o) => cliProblem(o, 5000)).filter(Boolean);
    const slowest = [...run.outcomes].sort((a, b) => b.cpuMs - a.cpuMs)[0];
    report.row(
      `CLI inputs fuzzed (seed ${seed}): refused in one line / accepted / problems`,
      `${run.outcomes.filter((o) => o.code === 2).length} / ${run.outcomes.filter((o) => o.code !== 2).length} / ${run.hung ? `hung on ${run.hung}` : problems.length}; slowest ${slowest.name} ${ms(slowest.cpuMs)} CPU; peak ${Math.round(run.maxRssMb)} MB`,
      '0 problems, < 5 s, < 500 MB',
    );
    for (const p of problems.slice(0, 5)) report.note(`Problem: ${p}`);
  }
  const data = mkdtempSync(join(tmpdir(), 'baako-bench-fuzz-'));
  const server = await startServerProcess(data, { maxWaiting: 64 });
  try {
    const r = await fuzzApi(server.base, { seed: 103, scale: 4, photo: fixture('sample').bytes });
    const stats = await server.stats();
    report.row('API bodies fuzzed: requests / problems', `${r.requests} / ${r.problems.length} (${JSON.stringify(r.byStatus)}); slowest ${ms(r.slowestMs)}; server rss ${(stats.rss / 1e6).toFixed(0)} MB`, '0 problems, < 5 s');
    for (const p of r.problems.slice(0, 5)) report.note(`Problem: ${p}`);
  } finally {
    await server.kill();
    rmSync(data, { recursive: true, force: true });
  }
}

export async function bench(report: Report): Promise<void> {
  await gameNight(report);
  await crashes(report);
  await fuzz(report);
  report.note(
    'The server runs in a process of its own (test/helpers/serve-child.ts, one scan worker), the phones in the benchmark process, on loopback. ' +
      'The game night sends a real photo (a 9 MP, 1.2 MB fixture) for every player; the crash loop and the fuzzed uploads use a placeholder JPEG read by a cheap scan job (test/helpers/fake-scanner.ts) and a few real photos. ' +
      'What the server guarantees: docs/server-guarantees.md.',
  );
}
