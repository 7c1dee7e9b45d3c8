/**
 * The scan workers' job runner for load and crash tests (ServeOptions.scanner): a photo under 64 KB (the tests'
 * placeholder JPEG) is "read" as the game's blank sheet after `BAAKO_FAKE_SCAN_MS` ms of busy CPU (default 20),
 * with its land written as the scanner writes it; a real photo goes to the real scanner. So a crowd of a hundred
 * costs seconds, and the few real photos among them are still read for real. With `BAAKO_FAKE_SCAN_GATE`, a
 * scan waits until that file exists (a test holds the scanner busy as long as it needs). With
 * `BAAKO_FAKE_SCAN_LATE_MS`, the result comes that long after the land is written (a result on its way when the
 * server stops, or past the scan's time limit).
 */
import { existsSync, statSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { blankState } from '../../src/engine/board.js';
import { scoreState } from '../../src/engine/score.js';
import { writeFileDurable } from '../../src/server/durable.js';
import type { JobResult, ScanJob } from '../../src/server/scan-job.js';

export const FAKE_MAX_BYTES = 64_000;

/** A 1 x 1 grey JPEG: the placeholder photo, and the land the fake writes. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

const cpuMs = Number(process.env.BAAKO_FAKE_SCAN_MS ?? 20);
const gate = process.env.BAAKO_FAKE_SCAN_GATE;
const lateMs = Number(process.env.BAAKO_FAKE_SCAN_LATE_MS ?? 0);
const game = loadGame();

export async function runScanJob(job: ScanJob): Promise<JobResult> {
  if (statSync(job.photo).size > FAKE_MAX_BYTES) {
    const real = await import('../../src/server/scan-job.js');
    return real.runScanJob(job);
  }
  while (gate && !existsSync(gate)) await new Promise((r) => setTimeout(r, 50));
  const end = performance.now() + cpuMs;
  while (performance.now() < end) {
    /* a scan's CPU */
  }
  const state = blankState(job.fallback.side, job.fallback.cards);
  writeFileDurable(job.land, TINY_JPEG);
  if (lateMs) await new Promise((r) => setTimeout(r, lateMs));
  const score = scoreState(game, state);
  return {
    ok: true,
    outcome: {
      state,
      score,
      uncertain: [],
      range: [score.total, score.total],
      confidence: 1,
      game: job.fallback.game,
      paper: job.fallback.paper,
      setupFrom: 'fallback',
      land: { width: 1, height: 1, cell: job.cell, margin: job.margin, rows: 12, cols: 12 },
      timings: {},
    },
  };
}
