/**
 * Command-line inputs that were taken wrongly or answered with a misleading message (issue #25, item 6):
 * numbers that JavaScript reads but a person did not mean (`0x10`, `1e2`, `abc` as NaN), an overlay into a
 * folder that does not exist yet, a photo cut short.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { baakoIn, oneLineError, type Run } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'baako-inputs-'));
const sample = fileURLToPath(new URL('../../fixtures/photos/sample.jpg', import.meta.url));
const runs: Record<string, Run> = {};

beforeAll(async () => {
  writeFileSync(join(dir, 'a-file'), 'not a folder');
  writeFileSync(join(dir, 'cut.jpg'), readFileSync(sample).subarray(0, 200_000));
  const jobs: Record<string, string[]> = {
    abc: ['pack', '--players', 'abc'],
    hex: ['pack', '--players', '0x10'],
    exp: ['pack', '--players', '1e2'],
    decimal: ['pack', '--players', '4.0'],
    sheetPlayer: ['sheet', '--player', '0x2'],
    workers: ['serve', '--workers', '1e0'],
    overlay: ['scan', sample, '--overlay', 'new/sub/sample.png'],
    overlayBlocked: ['scan', sample, '--overlay', 'a-file/x.png'],
    cut: ['scan', 'cut.jpg'],
  };
  const names = Object.keys(jobs);
  const results = await Promise.all(names.map((n) => baakoIn(dir, ...jobs[n])));
  names.forEach((n, i) => (runs[n] = results[i]));
}, 120_000);

describe('numbers in plain decimal only', () => {
  it('refuses abc, 0x10, 1e2 and 4.0 for --players, saying what a number of players is', () => {
    oneLineError(runs.abc, /^baako: --players: "abc" is not a number of players from 1 to 100 \(write it in digits, like 4\)$/);
    oneLineError(runs.hex, /--players: "0x10" is not a number of players/);
    oneLineError(runs.exp, /--players: "1e2" is not a number of players/);
    oneLineError(runs.decimal, /--players: "4.0" is not a number of players/);
    oneLineError(runs.sheetPlayer, /--player: "0x2" is not a number of players/);
    oneLineError(runs.workers, /--workers: "1e0" is not a whole number from 1 to 8/);
  });
});

describe('scan --overlay', () => {
  it('makes the folder it is asked to write into, and prints the reading', () => {
    expect([0, 3], runs.overlay.stderr).toContain(runs.overlay.code);
    expect(runs.overlay.stdout).toMatch(/sample\.jpg: player .*total/);
    expect(existsSync(join(dir, 'new', 'sub', 'sample.png'))).toBe(true);
  });

  it('prints the reading even when the overlay cannot be written, then says why in one line', () => {
    expect(runs.overlayBlocked.code).toBe(2);
    expect(runs.overlayBlocked.stdout).toMatch(/sample\.jpg: player .*total/);
    expect(runs.overlayBlocked.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^baako: .*sample\.jpg: no overlay: cannot create folder a-file/)]);
  });
});

describe('a photo cut short', () => {
  it('is said to be damaged or incomplete', () => {
    oneLineError(runs.cut, /^baako: cut\.jpg: the photo file is damaged or incomplete/);
  });
});
