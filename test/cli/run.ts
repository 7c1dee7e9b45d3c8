import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
