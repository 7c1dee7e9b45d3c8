/** Runs fuzz cases through test/helpers/fuzz-cli.ts in a child process; shared by the test and the benchmark. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliCase, CliOutcome } from '../helpers/fuzz-cli.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface CliFuzzRun {
  outcomes: CliOutcome[];
  maxRssMb: number;
  /** The case under way when the child was stopped for taking too long, if it was. */
  hung?: string;
}

export function runCliCases(cases: CliCase[], timeoutMs: number): Promise<CliFuzzRun> {
  const file = join(mkdtempSync(join(tmpdir(), 'baako-fuzz-cases-')), 'cases.json');
  writeFileSync(file, JSON.stringify(cases));
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'test/helpers/fuzz-cli.ts'), file], { cwd: root, env: { ...process.env, CI: '1' } });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      const lines = out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as CliOutcome & { maxRssMb?: number });
      const last = lines[lines.length - 1];
      const started = [...err.matchAll(/start (\d+)/g)].map((m) => Number(m[1]));
      const done = last?.maxRssMb !== undefined;
      resolve({
        outcomes: lines.filter((l) => l.maxRssMb === undefined),
        maxRssMb: done ? last.maxRssMb! : NaN,
        hung: done ? undefined : cases[started[started.length - 1] ?? 0]?.name ?? `(no case started: ${err.slice(0, 500)})`,
      });
    });
  });
}

/** What is wrong with an outcome: not exit 0, 3 (doubts) or 2 with one line "baako: ...", or over `maxCpuMs`. */
export function cliProblem(o: CliOutcome, maxCpuMs: number): string | undefined {
  const lines = o.stderr.trim() ? o.stderr.trim().split('\n') : [];
  if (o.code === 'crash') return `${o.name}: crashed: ${o.stderr.slice(0, 400)}`;
  if (o.code === 2 && (lines.length !== 1 || !lines[0].startsWith('baako: '))) return `${o.name}: exit 2 with ${lines.length} lines: ${o.stderr.slice(0, 400)}`;
  if (o.code !== 0 && o.code !== 2 && o.code !== 3) return `${o.name}: exit ${o.code}: ${o.stderr.slice(0, 400)}`;
  if (o.cpuMs > maxCpuMs) return `${o.name}: ${Math.round(o.cpuMs)} ms of CPU`;
  return undefined;
}
