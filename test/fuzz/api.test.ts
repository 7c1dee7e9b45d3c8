/**
 * Fuzzed API bodies (api-cases.ts) against a server with the cheap scan job (and the real scanner for the few
 * real photos): only 2xx or 4xx with a one-line error (503 "busy" aside), each within 5 s, the server up and
 * its memory bounded after. `BAAKO_FUZZ_SEED` replays another set; `npm run bench -- server` runs more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzApi } from './api-cases.js';
import { fixture, startServer, type Running } from '../server/helpers.js';

const seed = Number(process.env.BAAKO_FUZZ_SEED ?? 25);
let srv: Running;

beforeAll(async () => {
  srv = await startServer({ workers: 1, maxWaiting: 64, scanner: new URL('../helpers/fake-scanner.ts', import.meta.url).href });
});
afterAll(() => srv?.app.close());

describe('the API, fuzzed', () => {
  it('answers every body with 2xx or a one-line 4xx, in bounded time', async () => {
    const rss = process.memoryUsage().rss;
    const r = await fuzzApi(srv.base, { seed, photo: fixture('sample').bytes });
    console.log(`api fuzz: ${r.requests} requests (seed ${seed}): ${JSON.stringify(r.byStatus)}; slowest ${Math.round(r.slowestMs)} ms; rss +${Math.round((process.memoryUsage().rss - rss) / 1e6)} MB`);
    expect(r.problems, `seed ${seed}`).toEqual([]);
    expect(r.requests).toBeGreaterThan(100);
    expect(Object.keys(r.byStatus).some((s) => Number(s) >= 400)).toBe(true);
    expect((await fetch(`${srv.base}/`)).status).toBe(200);
    expect(process.memoryUsage().rss - rss).toBeLessThan(500e6);
  }, 180_000);
});
