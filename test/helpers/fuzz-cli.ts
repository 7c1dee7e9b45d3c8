/**
 * Runs the CLI in-process on many inputs, one after another, in a process of its own (so that its memory is the
 * CLI's): `node --import tsx test/helpers/fuzz-cli.ts CASES.json`. Each case names the arguments and the files
 * to write in an empty folder first. Prints one JSON line per case (exit code, stderr, milliseconds) and a last
 * one with the process's peak memory; writes `start N` to stderr before case N, so a case that never ends is
 * known.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';

export interface CliCase {
  name: string;
  args: string[];
  /** File name -> contents, base64. */
  files: Record<string, string>;
}

export interface CliOutcome {
  name: string;
  code: number | 'crash';
  stderr: string;
  /** Wall time, and CPU time (all threads: less sensitive to a busy machine). */
  ms: number;
  cpuMs: number;
}

const cases = JSON.parse(readFileSync(process.argv[2], 'utf8')) as CliCase[];
const write = {
  out: process.stdout.write.bind(process.stdout),
  err: process.stderr.write.bind(process.stderr),
};
const home = process.cwd();
for (const [i, c] of cases.entries()) {
  write.err(`start ${i}\n`);
  const dir = mkdtempSync(join(tmpdir(), 'baako-fuzz-'));
  for (const [name, b64] of Object.entries(c.files)) writeFileSync(join(dir, name), Buffer.from(b64, 'base64'));
  process.chdir(dir);
  let stderr = '';
  process.stdout.write = (() => true) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  process.exitCode = undefined;
  const t = performance.now();
  const cpu = process.cpuUsage();
  let code: number | 'crash';
  try {
    code = await run(c.args);
  } catch (e) {
    code = 'crash';
    stderr += (e as Error)?.stack ?? String(e);
  }
  const ms = performance.now() - t;
  const used = process.cpuUsage(cpu);
  process.stdout.write = write.out;
  process.stderr.write = write.err;
  process.chdir(home);
  rmSync(dir, { recursive: true, force: true });
  const outcome: CliOutcome = { name: c.name, code, stderr, ms, cpuMs: (used.user + used.system) / 1000 };
  write.out(JSON.stringify(outcome) + '\n');
}
write.out(JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
process.exitCode = 0;
