import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baako } from './run.js';

const tmp = mkdtempSync(join(tmpdir(), 'baako-score-'));

describe('baako score', () => {
  it('prints a readable breakdown of notation and JSON sheets alike', () => {
    const a = baako(['score', 'fixtures/sheets/example-a.txt']);
    const b = baako(['score', 'fixtures/sheets/example-a.json']);
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/^fixtures\/sheets\/example-a\.txt: sheet A, total 20/);
    expect(a.stdout).toMatch(/Mammothus\s+\d+\s+\d+ found; if it touches the center/);
    expect(a.stdout).toMatch(/penalties\s+-?\d+/);
    expect(b.stdout.split('\n').slice(1)).toEqual(a.stdout.split('\n').slice(1));
  });

  it('one-cell discoveries of equal worth share a line; --verbose lists each on its own', () => {
    const short = baako(['score', 'fixtures/sheets/example-a.txt']);
    expect(short.stdout).toMatch(/^ {4}22 x 1 {2}at 2,3 3,3 3,4 .* 9,7 \(condition met, 1 egg inside at 8,4\)$/m);
    expect(short.stdout.split('\n').filter((l) => /^\s+1 {2}at /.test(l))).toHaveLength(0);
    const long = baako(['score', '--verbose', 'fixtures/sheets/example-a.txt']);
    expect(long.stdout.split('\n').filter((l) => /^\s+1 {2}at \d+,\d+ \(condition met/.test(l))).toHaveLength(22);
    expect(long.stdout).toMatch(/^ {5}1 {2}at 8,4 \(condition met, 1 egg inside\)$/m);
    // a discovery of several cells keeps its own line
    expect(baako(['score', 'fixtures/sheets/example-b.txt']).stdout).toMatch(/^ {5}2 {2}at 6,5 7,5 \(condition met\)$/m);
  });

  it('--json prints the score JSON, an array in the order given for several files', () => {
    const one = JSON.parse(baako(['score', '--json', 'fixtures/sheets/example-b.txt']).stdout);
    expect(one.total).toBe(7);
    expect(one.title).toBe('Student');
    expect(one.total).toBe(Object.values(one.cards as Record<string, number>).reduce((x, y) => x + y, 0) - one.penalties);
    const two = JSON.parse(baako(['score', '--json', 'fixtures/sheets/example-b.txt', 'fixtures/sheets/example-a.json']).stdout);
    expect(two.map((s: { total: number }) => s.total)).toEqual([7, 20]);
  });

  it('bad input: one line, exit code 2, no stack trace', () => {
    const bad = join(tmp, 'bad.json');
    const state = JSON.parse(JSON.stringify(require_('fixtures/sheets/example-a.json')));
    state.cards[2] = 'Unicorn';
    writeFileSync(bad, JSON.stringify(state));
    for (const [args, pattern] of [
      [['score', bad], /cards\[2\]: unknown card "Unicorn"/],
      [['score', join(tmp, 'missing.json')], /missing\.json: cannot read \(ENOENT\)/],
      [['score'], /Not enough non-option arguments|files/],
      [['scor', 'x'], /Unknown argument|Did you mean/],
    ] as const) {
      const r = baako([...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

import { readFileSync } from 'node:fs';
function require_(p: string) {
  return JSON.parse(readFileSync(p, 'utf8'));
}
