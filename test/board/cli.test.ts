import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/main.js';
import { pageCount } from '../helpers/raster.js';
import { templateJson, tmp, writeBoardFile } from './helpers.js';

/** Runs `baako ARGS` in-process, capturing its output. */
async function baako(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  try {
    const code = await run(args);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('baako board', () => {
  it('writes the A3 board into a folder under its default name, and refuses to replace it without --force', async () => {
    const dir = join(tmp, 'out-a3');
    const r = await baako(['board', '--out', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote .*board-a3\.pdf \(1 page: the board, A3 landscape; 5 locations, 9 characters\)\n$/);
    const path = join(dir, 'board-a3.pdf');
    expect(pageCount(readFileSync(path))).toBe(1);
    const again = await baako(['board', '--out', dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^baako: .*board-a3\.pdf already exists: use --force to replace it\n$/);
    const forced = await baako(['board', '--out', dir, '--force']);
    expect(forced.code).toBe(0);
    // Atomic write: no temporary file left beside it.
    expect(readdirSync(dir)).toEqual(['board-a3.pdf']);
  });

  it('--tokens --paper tabloid writes the cut-outs on Letter to a named file', async () => {
    const file = join(tmp, 'my-tokens.pdf');
    const r = await baako(['board', '--tokens', '--paper', 'tabloid', '--out', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/my-tokens\.pdf \(\d pages: cut-outs on Letter;/);
    expect(statSync(file).size).toBeGreaterThan(10_000);
  });

  it('--data prints a changed copy of the template', async () => {
    const j = templateJson();
    j.locations[0].cost = 50;
    const data = writeBoardFile('cheap-lots.json', j);
    const file = join(tmp, 'cheap.pdf');
    expect((await baako(['board', '--data', data, '--out', file])).code).toBe(0);
    expect(readFileSync(file).length).toBeGreaterThan(10_000);
  });

  it('bad input: one line, exit code 2, no stack trace, nothing written', async () => {
    const j = templateJson();
    j.locations[3].requires[2].of[0] = 'marvin';
    const unknown = writeBoardFile('unknown.json', j);
    const broken = writeBoardFile('broken.json', '{"title": ');
    const j2 = templateJson();
    j2.locations[1].cost = -1;
    const negative = writeBoardFile('negative.json', j2);
    const target = join(tmp, 'never.pdf');
    for (const [args, pattern] of [
      [['--data', unknown], /unknown\.json: locations\[3\]\.requires\[2\]\.of\[0\]: unknown character "marvin"/],
      [['--data', broken], /broken\.json: malformed JSON/],
      [['--data', negative], /negative\.json: locations\[1\]\.cost: expected a cost of \$0 or more/],
      [['--data', join(tmp, 'missing.json')], /missing\.json: cannot read \(ENOENT\)/],
      [['--paper', 'a2'], /--paper: unknown paper "a2" \(expected a3, tabloid, a4-tiled\)/],
    ] as const) {
      const r = await baako(['board', ...args, '--out', target]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    }
    expect(existsSync(target)).toBe(false);
  });

  it('--out naming a folder that is a file is refused', async () => {
    const f = join(tmp, 'a-file');
    writeFileSync(f, 'x');
    const r = await baako(['board', '--out', join(f, 'x.pdf')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^baako: cannot create folder .*a-file \(.+\)\n$/);
  });
});
