import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the CLI from source (as `baako ARGS`), returning its exit code and output. */
export function baako(args: string[], opts: { cwd?: string; input?: string } = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${root}/src/cli/main.ts`, ...args], {
    cwd: opts.cwd ?? root,
    input: opts.input,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** tsx's loader by absolute URL: the commands may run in a temporary folder, outside the project. */
const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** Runs `baako ARGS` from source in `cwd` without blocking, so several runs can go at once. */
export function baakoIn(cwd: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', tsx, join(root, 'src/cli/main.ts'), ...args], { cwd, env: { ...process.env, CI: '1' } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Exit 2 and exactly one line on stderr, no stack trace. */
export function oneLineError(r: Run, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.trim().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0], r.stderr).toMatch(/^baako: /);
  expect(lines[0], r.stderr).toMatch(pattern);
}
