import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BusyError, ScanQueue } from '../../src/server/scan-queue.js';
import type { ScanJob } from '../../src/server/scan-job.js';
import { fixture } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'baako-queue-'));
const photo = fixture('16-medium-a-a4-light-table');
const job = (n: number): ScanJob => ({
  photo: photo.file,
  land: join(dir, `land-${n}.jpg`),
  fallback: { side: 'A', cards: ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road'], game: 'x', paper: 'a4' },
  cell: 56,
  margin: 28,
});

let queue: ScanQueue | undefined;
afterEach(() => queue?.close());

describe('scan queue', () => {
  it('replaces a worker whose scan runs too long, and goes on scanning', async () => {
    queue = new ScanQueue({ workers: 1, maxScanMs: 1 });
    await queue.start();
    const slow = await queue.run(job(1));
    expect(slow).toEqual({ ok: false, status: 422, error: expect.stringMatching(/took too long/) });
    queue.maxScanMs = 60_000;
    const next = await queue.run(job(2));
    expect(next.ok).toBe(true);
    expect(queue.stats.restarts).toBe(1);
  });

  it('refuses a job when the workers and the queue are full, and everything waiting on close', async () => {
    queue = new ScanQueue({ workers: 1, maxWaiting: 1 });
    await queue.start();
    const running = queue.run(job(3));
    const waiting = queue.run(job(4));
    await expect(queue.run(job(5))).rejects.toBeInstanceOf(BusyError);
    expect(queue.load).toBe(2);
    expect((await running).ok).toBe(true);
    expect((await waiting).ok).toBe(true);
    const cut = queue.run(job(6)).catch((e) => e);
    const cut2 = queue.run(job(7)).catch((e) => e);
    await queue.close();
    expect(await cut).toBeInstanceOf(BusyError);
    expect(await cut2).toBeInstanceOf(BusyError);
  });
});
