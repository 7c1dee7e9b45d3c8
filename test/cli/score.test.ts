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

describe('baako score against the rolls', () => {
  // The sample photo's sheet and the rolls it was played from (5 holes, 117 fence edges).
  const truth = require_('fixtures/photos/sample.truth.json');
  const state = { side: truth.side, cards: truth.cards, fences: truth.fences, holes: truth.holes };
  const rolls = trueRolls('sample');
  const text = rolls.map((r) => r.join(',')).join(' ');

  it('--rolls: "checked against 15 rolls" with the holes and the fence edges, exit 0', () => {
    const file = join(tmp, 'sample.json');
    writeFileSync(file, JSON.stringify(state));
    const r = baako(['score', file, '--rolls', text]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').pop()).toBe('  checked against 15 rolls: holes 5 of 5, fence edges 117 (expected 115-118)');
    const json = JSON.parse(baako(['score', file, '--rolls', text, '--json']).stdout);
    expect(json.total).toBe(truth.score);
    expect(json.rollsCheck).toMatchObject({ agrees: true, holes: 5, fences: 117, expected: { turns: 15, holes: 5, fences: { min: 115, max: 118 } } });
    expect(scoreSchema.safeParse(json).success).toBe(true);
  });

  it("the state's rolls key, in JSON or the notation: what disagrees, exit 3", () => {
    const file = join(tmp, 'missing-hole.json');
    writeFileSync(file, JSON.stringify({ ...state, holes: state.holes.slice(1), rolls }));
    const r = baako(['score', file]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/\n {2}does not agree with 15 rolls: holes 4 of 5 \(1 missing\), fence edges 117 \(expected 115-118\)\n$/);
    const notation = join(tmp, 'sample.txt');
    const written = writeNotation({ ...state, rolls }, { printedMap: game.sheets.A.map });
    expect(written).toContain(`rolls: ${text}\n`);
    writeFileSync(notation, written);
    expect(baako(['score', notation]).stdout).toMatch(/checked against 15 rolls: holes 5 of 5/);
    // --rolls wins over the key.
    expect(baako(['score', file, '--rolls', '3,4']).stdout).toMatch(/does not agree with 1 roll: holes 4 of 0 \(4 too many\)/);
  });

  it('bad rolls: one line naming the turn, exit 2', () => {
    const file = join(tmp, 'bad-rolls.json');
    writeFileSync(file, JSON.stringify({ ...state, rolls: [[3, 4], [1, 1]] }));
    for (const [args, pattern] of [
      [['score', file], /bad-rolls\.json: rolls: roll 2: a double 1 is rolled again, so it is never a turn/],
      [['score', 'fixtures/sheets/example-a.txt', '--rolls', '3,4 9,2'], /--rolls: roll 2: expected two dice from 1 to 6, found \[9,2\]/],
      [['score', 'fixtures/sheets/example-b.txt', '--rolls', Array(13).fill('2,3').join(' ')], /--rolls: 13 rolls, but sheet B has 12 turns/],
      [['score', 'fixtures/sheets/example-a.txt', '--rolls', ' '], /--rolls: no rolls given/],
    ] as const) {
      const r = baako([...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { writeNotation } from '../../src/engine/notation.js';
import { scoreSchema } from '../../src/data/formats.js';
import { trueRolls } from '../helpers/fade.js';
const game = loadGame();
function require_(p: string) {
  return JSON.parse(readFileSync(p, 'utf8'));
}
