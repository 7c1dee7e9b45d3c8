import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baako } from './run.js';

const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
const commands = ['score', 'sheet', 'cards', 'pack', 'scan', 'board', 'deck', 'serve'];

describe('baako', () => {
  it('--version and -v print the version of package.json', () => {
    for (const flag of ['--version', '-v']) {
      const r = baako([flag]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });

  it("every command's --help shows examples of its common cases", () => {
    const top = baako(['--help']);
    expect(top.code).toBe(0);
    for (const c of commands) {
      expect(top.stdout).toContain(`baako ${c}`);
      const r = baako([c, '--help']);
      expect(r.code, `${c}: ${r.stderr}`).toBe(0);
      const examples = r.stdout.split('Examples:')[1] ?? '';
      expect(examples.split('\n').filter((l) => l.trim().startsWith(`baako ${c}`)).length, c).toBeGreaterThanOrEqual(2);
    }
  });
});
