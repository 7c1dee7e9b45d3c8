import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { OptionError } from '../../src/errors.js';
import { applyAnswers, parseAnswer } from '../../src/scan/answers.js';
import type { Reading } from '../../src/scan/read.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { baako } from '../cli/run.js';
import { scannedPdf, tempFile } from '../helpers/inputs.js';

/** A 2 x 2 land: interior edges h1,0 h1,1 v0,1 v1,1 and four cells, with two doubts. */
function reading(): Reading {
  const items: Reading['items'] = [
    { kind: 'h', row: 1, col: 0, value: 1, chance: 0.3 },
    { kind: 'h', row: 1, col: 1, value: 0, chance: 0.001 },
    { kind: 'v', row: 0, col: 1, value: 0, chance: 0.1 },
    { kind: 'v', row: 1, col: 1, value: 1, chance: 0.001 },
    { kind: 'hole', row: 0, col: 0, value: 0, chance: 0.002 },
    { kind: 'hole', row: 1, col: 1, value: 1, chance: 0.002 },
  ];
  const alone = [0.4, 0.001, 0.2, 0.001, 0.002, 0.002];
  return {
    fences: { h: ['11', '10', '11'], v: ['101', '111'] },
    holes: [[1, 1]],
    items,
    uncertain: [items[0], items[2]],
    alone,
    confidence: alone.reduce((c, a) => c * (1 - a), 1),
  };
}

describe('parseAnswer', () => {
  it('reads the spots as the scan names them, and what the paper shows there', () => {
    expect(parseAnswer('h4,7=fenced')).toEqual({ kind: 'h', row: 4, col: 7, value: 1 });
    expect(parseAnswer('v3,2=open')).toEqual({ kind: 'v', row: 3, col: 2, value: 0 });
    expect(parseAnswer('4,7=hole')).toEqual({ kind: 'hole', row: 4, col: 7, value: 1 });
    expect(parseAnswer('cell 4,7=blank')).toEqual({ kind: 'hole', row: 4, col: 7, value: 0 });
    expect(parseAnswer(' H10, 11 = Open ')).toEqual({ kind: 'h', row: 10, col: 11, value: 0 });
  });

  it('refuses anything else with a line saying how to write it', () => {
    for (const bad of ['h4,7', 'h4=open', 'x4,7=open', '4,7=fenced', 'h4,7=hole', 'h-1,2=open']) {
      expect(() => parseAnswer(bad)).toThrow(OptionError);
    }
    expect(() => parseAnswer('h4,7')).toThrow(/h4,7=fenced, v3,2=open, 4,7=hole/);
  });
});

describe('applyAnswers', () => {
  it('sets each answered spot, takes it out of the doubts and out of what the confidence counts against', () => {
    const r = reading();
    const a = applyAnswers(r, [parseAnswer('h1,0=open'), parseAnswer('v0,1=fenced'), parseAnswer('0,0=hole'), parseAnswer('1,1=blank')]);
    expect(a.fences).toEqual({ h: ['11', '00', '11'], v: ['111', '111'] });
    expect(a.holes).toEqual([[0, 0]]);
    expect(a.uncertain).toEqual([]);
    expect(a.items.filter((it) => it.chance === 0).length).toBe(4);
    expect(a.confidence).toBeCloseTo(0.999 * 0.999, 6);
    // the reading given is left as it was
    expect(r.fences.h[1]).toBe('10');
    expect(r.uncertain.length).toBe(2);
  });

  it('an answer that agrees with the reading only makes it sure', () => {
    const a = applyAnswers(reading(), [parseAnswer('h1,0=fenced')]);
    expect(a.fences).toEqual(reading().fences);
    expect(a.uncertain.map((u) => `${u.kind}${u.row},${u.col}`)).toEqual(['v0,1']);
    expect(a.confidence).toBeGreaterThan(reading().confidence);
  });

  it('refuses a spot the scanner does not read, and one answered both ways', () => {
    expect(() => applyAnswers(reading(), [parseAnswer('h0,1=open')])).toThrow(/edge h0,1 is not a spot the scanner reads/);
    expect(() => applyAnswers(reading(), [parseAnswer('5,5=hole')])).toThrow(OptionError);
    expect(() => applyAnswers(reading(), [parseAnswer('h1,0=open'), parseAnswer('h1,0=fenced')])).toThrow(/answered both ways/);
  });
});

describe('answers on a photo', () => {
  const photo = 'fixtures/photos/08-medium-a-a4-faint.jpg';
  const truth = JSON.parse(readFileSync(photo.replace('.jpg', '.truth.json'), 'utf8'));
  const truthOf = (u: { kind: 'h' | 'v' | 'hole'; row: number; col: number }) =>
    u.kind === 'hole' ? truth.holes.some(([r, c]: number[]) => r === u.row && c === u.col) : truth.fences[u.kind][u.row][u.col] === '1';

  it('the spots asked, answered as the paper shows them, give the sheet its true total, in the library and the CLI', async () => {
    const game = loadGame();
    const jpeg = readFileSync(photo);
    const first = await scanPhoto(jpeg, game);
    const asked = first.uncertain.filter((u) => !u.likely);
    expect(asked.length).toBeGreaterThan(0);
    // this photo is read off its true total until its spots are checked
    expect(first.score.total).not.toBe(truth.score);
    const answers = asked.map((u) => ({ kind: u.kind, row: u.row, col: u.col, value: truthOf(u) ? (1 as const) : (0 as const) }));
    const after = await scanPhoto(jpeg, game, { answers });
    expect(after.score.total).toBe(truth.score);
    expect(after.uncertain.filter((u) => !u.likely)).toEqual([]);
    expect(after.range).toEqual([truth.score, truth.score]);
    expect(after.answered).toEqual(answers);
    expect(after.confidence).toBeGreaterThan(first.confidence);

    const spot = (u: (typeof answers)[number]) => `${u.kind === 'hole' ? '' : u.kind}${u.row},${u.col}=${u.kind === 'hole' ? (u.value ? 'hole' : 'blank') : u.value ? 'fenced' : 'open'}`;
    const cli = baako(['scan', photo, '--answer', ...answers.map(spot)]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(new RegExp(`total ${truth.score}, confidence`));
    expect(cli.stdout).toMatch(/\n {2}answered: [hv]\d+,\d+ (open|fenced)/);
    const json = JSON.parse(baako(['scan', photo, '--json', '--answer', spot(answers[0])]).stdout);
    expect(json.answered).toEqual([answers[0]]);
  }, 60_000);

  it('a one-page scanned PDF takes answers too, and its line says so', async () => {
    const pdf = tempFile('answered.pdf', await scannedPdf([{ jpeg: readFileSync(photo) }]));
    const r = baako(['scan', pdf, '--answer', 'h7,5=open']);
    expect([0, 3], r.stderr).toContain(r.code);
    expect(r.stdout).toMatch(/^\S+answered\.pdf p1: player \d+, -?\d+ points.*; answered h7,5 open/);
  }, 60_000);

  it('a bad answer, or answers for several photos, fail in one line with exit 2', () => {
    const bad = baako(['scan', photo, '--answer', 'h7,5=maybe']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('baako: --answer: "h7,5=maybe": an edge is fenced or open\n');
    const border = baako(['scan', photo, '--answer', 'h0,5=open']);
    expect(border.code).toBe(2);
    expect(border.stderr).toMatch(/^baako: --answer: edge h0,5 is not a spot the scanner reads on this sheet/);
    const two = baako(['scan', photo, 'fixtures/photos/01-easy-a-a4-pen.jpg', '--answer', 'h7,5=open']);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe("baako: --answer: give one photo at a time: the spots answered are that sheet's\n");
  }, 60_000);
});
