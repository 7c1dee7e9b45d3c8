/**
 * `kill -9` during uploads, scans, confirmations and game creation (crash-loop.ts): after every restart, each
 * acknowledged upload is there (read, or back in line and then read), no file is left without a record, and each
 * leaderboard equals its confirmed sheets. A few rounds here; `npm run bench -- server` runs fifty.
 */
import { describe, expect, it } from 'vitest';
import { crashLoop } from './crash-loop.js';

describe('kill -9 at random moments', () => {
  it('loses nothing acknowledged and leaves nothing behind, round after round', async () => {
    const stats = await crashLoop({ rounds: Number(process.env.BAAKO_CRASH_ROUNDS ?? 6), seed: Number(process.env.BAAKO_CRASH_SEED ?? 25) });
    console.log(`crash loop: ${JSON.stringify({ ...stats, startMs: undefined })}`);
    expect(stats.uploads).toBeGreaterThan(10);
    expect(stats.games).toBeGreaterThan(1);
    expect(stats.confirms).toBeGreaterThan(0);
    // Every kill came with an upload under way: each round stalls one half-way through its body (unless the server,
    // busy on a loaded machine, turned it away first).
    expect(stats.cutOff.uploads + stats.stalledTurnedAway).toBeGreaterThanOrEqual(stats.rounds);
    expect(stats.cutOff.uploads).toBeGreaterThan(0);
  }, 180_000);
});
