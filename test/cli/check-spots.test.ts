import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { checkSpots, linePrompter, readReply, spotExcerpt } from '../../src/cli/check-spots.js';
import { closedHoles } from '../../src/engine/review.js';
import { closedHoleLines } from '../../src/cli/run/scan.js';
import { loadGame } from '../../src/data/load.js';
import { readNotation } from '../../src/engine/notation.js';
import type { ScanResult } from '../../src/scan/scan.js';
import { spotPlace } from '../../src/scan/answers.js';
import { baako } from './run.js';

describe('readReply', () => {
  it('reads y or n, the words of --answer, a skip and a stop; anything else is asked again', () => {
    expect(readReply('y', 'h')).toBe(1);
    expect(readReply(' YES ', 'hole')).toBe(1);
    expect(readReply('n', 'v')).toBe(0);
    expect(readReply('fenced', 'v')).toBe(1);
    expect(readReply('open', 'h')).toBe(0);
    expect(readReply('hole', 'hole')).toBe(1);
    expect(readReply('blank', 'hole')).toBe(0);
    expect(readReply('', 'h')).toBe('skip');
    expect(readReply('s', 'hole')).toBe('skip');
    expect(readReply('q', 'h')).toBe('stop');
    expect(readReply('hole', 'h')).toBeUndefined();
    expect(readReply('fenced', 'hole')).toBeUndefined();
    expect(readReply('maybe', 'v')).toBeUndefined();
  });
});

describe('linePrompter', () => {
  /** A terminal as readline sees one: a TTY stream it sets raw, keys written to it. */
  function terminal() {
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => input });
    const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
    return { input, output };
  }

  it('reads a line typed at a terminal, and null once the input ends', async () => {
    const { input, output } = terminal();
    const p = linePrompter(input, output);
    const first = p.ask('Is there a fence on the paper? ');
    input.write('y\r');
    expect(await first).toBe('y');
    const second = p.ask('Is there a fence on the paper? ');
    input.end();
    expect(await second).toBeNull();
    p.close();
  });

  it('Ctrl-C at a question stops the command with exit code 130', async () => {
    const { input, output } = terminal();
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    try {
      const p = linePrompter(input, output);
      void p.ask('Is there a fence on the paper? ');
      input.write('\x03');
      await new Promise((r) => setImmediate(r));
      expect(exit).toHaveBeenCalledWith(130);
      p.close();
    } finally {
      exit.mockRestore();
    }
  });
});

describe('spotPlace', () => {
  it('names a spot by rows and columns counted from 1, as a player counts them on the paper', () => {
    expect(spotPlace({ kind: 'hole', row: 4, col: 7 })).toBe('the cell in row 5, column 8');
    expect(spotPlace({ kind: 'h', row: 4, col: 7 })).toBe('the edge between rows 4 and 5, in column 8');
    expect(spotPlace({ kind: 'v', row: 7, col: 5 })).toBe('the edge between columns 5 and 6, in row 8');
  });
});

describe('spotExcerpt', () => {
  const game = loadGame();
  const state = readNotation(readFileSync('fixtures/sheets/example-a.txt', 'utf8'), { printedMap: game.sheets.A.map });

  it('shows the reading a cell around the spot, the spot marked: -?- an edge read fenced, " ? " one read open, [?] a cell', () => {
    // h2,3 and v2,4 are fenced on this sheet (a vertical edge shows as a lone ?)
    expect(spotExcerpt(state, game, { kind: 'h', row: 2, col: 3 })).toEqual(['+---+---+---+', '', '+   +   +   +', '      e', '+   +-?-+   +', '    |   |', '+   +---+---+', '    |   |   |', '+---+---+---+']);
    expect(spotExcerpt(state, game, { kind: 'v', row: 2, col: 4 })).toEqual(['+   +   +   +   +', '      e', '+   +---+   +   +', '    |   ?', '+   +---+---+   +', '    |   |   |   |', '+---+---+---+   +']);
  });

  it('stops at the land\'s borderline, and shows the centre point as *', () => {
    expect(spotExcerpt(state, game, { kind: 'hole', row: 0, col: 0 })).toEqual(['+---+---+', '|[?]', '+   +   +', '|', '+   +   +']);
    expect(spotExcerpt(state, game, { kind: 'h', row: 6, col: 6 })[4]).toBe('+---*-?-+   +');
  });
});

describe('checkSpots', () => {
  const game = loadGame();
  const state = readNotation(readFileSync('fixtures/sheets/example-a.txt', 'utf8'), { printedMap: game.sheets.A.map });
  /** A reading of example-a.txt asking about `asked`. */
  const reading = (...asked: { kind: 'h' | 'v'; row: number; col: number }[]) =>
    ({ state, uncertain: asked.map((a) => ({ ...a, value: Number(state.fences[a.kind][a.row][a.col]), chance: 0.2, likely: false, points: 2 })) }) as unknown as ScanResult;
  /** A prompter answering `replies` in turn, keeping what it was told. */
  const scripted = (replies: string[]) => {
    const said: string[] = [];
    return { said, ask: async (q: string) => (said.push(q), replies.shift() ?? null), say: (l: string) => void said.push(l), close: () => undefined };
  };

  it('asks in turn a spot that matters only once another is answered, and reads again with every answer so far', async () => {
    const given: string[] = [];
    const readings = [reading({ kind: 'v', row: 2, col: 4 }), reading()];
    const p = scripted(['n', 'y']);
    const out = await checkSpots(reading({ kind: 'h', row: 2, col: 3 }), async (a) => (given.push(a.map((x) => `${x.kind}${x.row},${x.col}=${x.value}`).join(' ')), readings.shift()!), p, { game });
    expect(given).toEqual(['h2,3=0', 'h2,3=0 v2,4=1']);
    expect(out.stopped).toBe(false);
    expect(out.result.uncertain).toEqual([]);
    expect(p.said).toContain('1 spot to check on the paper (y or n; Enter skips, q stops):');
    expect(p.said).toContain('  with those answers, one more spot matters:');
    expect(p.said).toContain('  the edge between columns 4 and 5, in row 3 (v2,4), read fenced:');
  });

  it('reads again with the answers given before a stop, and says it stopped', async () => {
    const given: number[] = [];
    const p = scripted(['y', 'q']);
    const out = await checkSpots(reading({ kind: 'h', row: 2, col: 3 }, { kind: 'v', row: 2, col: 4 }), async (a) => (given.push(a.length), reading()), p, { game });
    expect(given).toEqual([1]);
    expect(out.stopped).toBe(true);
  });
});

describe('a printed hole read closed all round', () => {
  const game = loadGame();
  // example-b.txt with its printed hole at 8,2 closed on its right side too (its other three sides are fenced)
  const open = readNotation(readFileSync('fixtures/sheets/example-b.txt', 'utf8'), { printedMap: game.sheets.B.map });
  const line = open.fences.v[8];
  const state = { ...open, fences: { ...open.fences, v: open.fences.v.map((l, r) => (r === 8 ? `${line.slice(0, 3)}1${line.slice(4)}` : l)) } };
  const spot = (kind: 'h' | 'v', row: number, col: number) => ({ kind, row, col, value: Number(state.fences[kind][row][col]) as 0 | 1, chance: 0.2, likely: false, points: 2 });
  const [top, bottom, left, other] = [spot('h', 8, 2), spot('h', 9, 2), spot('v', 8, 2), spot('v', 2, 4)];
  const reading = (...asked: ReturnType<typeof spot>[]) => ({ state, uncertain: asked }) as unknown as ScanResult;
  const scripted = (replies: string[]) => {
    const said: string[] = [];
    return { said, ask: async (q: string) => (said.push(q), replies.shift() ?? null), say: (l: string) => void said.push(l), close: () => undefined };
  };

  it('takes two or more of its sides to check together, and not a hole read open on a side or one side alone', () => {
    const holes = game.sheets.B.map.holes;
    expect(closedHoles(state, holes, [top, other, bottom, left])).toEqual([{ row: 8, col: 2, sides: [top, bottom, left] }]);
    expect(closedHoles(state, holes, [top, other])).toEqual([]);
    expect(closedHoles(open, holes, [top, bottom, left])).toEqual([]);
  });

  it('is named in the list of spots to check, by the numbers the overlay gives its sides', () => {
    expect(closedHoleLines(game, state, [top, other, bottom, left])).toEqual(['  spots 1, 3, 4 are sides of the printed hole in row 9, column 3, read closed all round: one look at it settles them']);
    expect(closedHoleLines(game, state, [other, top])).toEqual([]);
  });

  it('asks once whether it is closed all round: yes answers every side, no asks them side by side', async () => {
    const given: string[] = [];
    const rescan = async (a: { kind: string; row: number; col: number; value: number }[]) => (given.push(a.map((x) => `${x.kind}${x.row},${x.col}=${x.value}`).join(' ')), reading());
    const yes = scripted(['y', 'n']);
    await checkSpots(reading(top, bottom, left, other), rescan, yes, { game });
    expect(given.pop()).toBe('h8,2=1 h9,2=1 v8,2=1 v2,4=0');
    expect(yes.said[0]).toBe('4 spots to check on the paper, in 2 questions (y or n; Enter skips, q stops):');
    expect(yes.said).toContain('  1-3. the printed hole in row 9, column 3, read closed all round (its sides h8,2 h9,2 v8,2):');
    // the hole's cell and a cell around it, its sides to check marked (its right side, read surely, drawn as read)
    expect(yes.said).toContain('        +---+-?-+   +');
    expect(yes.said).toContain('        |   ? o |');
    expect(yes.said).toContain('  4. the edge between columns 4 and 5, in row 3 (v2,4), read open:');
    const no = scripted(['n', 'y', 'n', 'y', 'y']);
    await checkSpots(reading(top, other, bottom, left), rescan, no, { game });
    expect(given.pop()).toBe('h8,2=1 h9,2=0 v8,2=1 v2,4=1');
    expect(no.said).toContain('  1, 3, 4. the printed hole in row 9, column 3, read closed all round (its sides h8,2 h9,2 v8,2):');
    expect(no.said).toContain('     its bottom side (h9,2): is there a fence on the paper? ');
    // Enter skips every side, which stay to check
    await checkSpots(reading(top, bottom, left, other), rescan, scripted(['', 'y']), { game });
    expect(given.pop()).toBe('v2,4=1');
  });
});

describe('baako scan --check', () => {
  // Read 38 with two spots asked (v7,5 and h7,5); the paper says 36.
  const photo = 'fixtures/photos/08-medium-a-a4-faint.jpg';
  const truth = JSON.parse(readFileSync(photo.replace('.jpg', '.truth.json'), 'utf8'));
  const paper = (kind: 'h' | 'v', row: number, col: number) => (truth.fences[kind][row][col] === '1' ? 'y' : 'n');

  it('asks each spot on stderr, likeliest wrong first, and scores the sheet with the answers', () => {
    const r = baako(['scan', photo, '--check'], { input: `${paper('v', 7, 5)}\n${paper('h', 7, 5)}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('2 spots to check on the paper (y or n; Enter skips, q stops):\n');
    // each spot named, shown as read around it, then asked
    expect(r.stderr).toContain(
      [
        '  1. the edge between columns 5 and 6, in row 8 (v7,5), read open:',
        '        +   +---+---*---+',
        '            |   |   |   |',
        '        +---+---+---+   +',
        '        |   |   ? X     |',
        '        +---+---+---+   +',
        '        |   | e |   |   |',
        '        +   +---+---+---+',
        '     Is there a fence on the paper? ',
      ].join('\n'),
    );
    expect(r.stderr).toContain('  2. the edge between rows 7 and 8, in column 6 (h7,5), read fenced:\n');
    expect(r.stdout).toMatch(new RegExp(`^\\S+: player 2: sheet A, total ${truth.score}, confidence`));
    expect(r.stdout).toContain(`\n  answered: v7,5 ${paper('v', 7, 5) === 'y' ? 'fenced' : 'open'}, h7,5 ${paper('h', 7, 5) === 'y' ? 'fenced' : 'open'}\n`);
    expect(r.stdout).not.toContain('check 2 spots');
  }, 60_000);

  it('a spot skipped stays to check (exit 3); a reply it cannot read is asked again; q stops asking', () => {
    const skipped = baako(['scan', photo, '--check', '--json'], { input: `maybe\n${paper('v', 7, 5)}\n\n` });
    expect(skipped.code, skipped.stderr).toBe(3);
    expect(skipped.stderr).toContain('     please answer y (fenced), n (open), Enter to skip or q to stop: ');
    const j = JSON.parse(skipped.stdout);
    expect(j.answered).toEqual([{ kind: 'v', row: 7, col: 5, value: paper('v', 7, 5) === 'y' ? 1 : 0 }]);
    expect(j.uncertain.filter((u: { likely: boolean }) => !u.likely).map((u: { kind: string; row: number; col: number }) => `${u.kind}${u.row},${u.col}`)).toEqual(['h7,5']);
    // q, or the input ending, leaves the rest as read
    for (const input of ['q\n', '']) {
      const stopped = baako(['scan', photo, '--check'], { input });
      expect(stopped.code).toBe(3);
      expect(stopped.stdout).toMatch(/total 38 \(36 to 40 until you check 2 spots\)/);
      expect(stopped.stdout).not.toContain('answered:');
      expect(stopped.stdout).toContain('\n  answer them with --check (asked here in turn) or --answer v7,5=fenced|open\n');
    }
  }, 60_000);

  it('asks about several photos in turn, each under its name; q stops asking for them all', () => {
    const other = 'fixtures/photos/01-easy-a-a4-pen.jpg';
    const r = baako(['scan', photo, other, '--check'], { input: `${paper('v', 7, 5)}\n${paper('h', 7, 5)}\nq\n` });
    expect(r.stderr).toContain(`${photo}: 2 spots to check on the paper (y or n; Enter skips, q stops):\n`);
    expect(r.stderr).toContain(`${other}: 1 spot to check on the paper (y or n; Enter skips, q stops):\n  1. `);
    expect(r.stderr.endsWith('? q\n')).toBe(true);
    // the first sheet scored with its answers, the second as read (its spot still to check: exit 3)
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toMatch(new RegExp(`^${photo}: player 2: sheet A, total ${truth.score}, confidence`));
    expect(r.stdout).toMatch(/\n1 +2 +36 .*08-medium-a-a4-faint\.jpg\n/);
    expect(r.stdout).toMatch(/01-easy-a-a4-pen\.jpg \(1 spot to check\)\n/);
  }, 60_000);
});
