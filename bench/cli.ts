/**
 * The CLI's start-up as a user meets it: whole `baako` processes (the built bin/baako.js, as installed), each
 * run several times, the runs of every command interleaved so that other work on the machine weighs on all alike.
 * Targets: `baako --help` <= 0.2 s, `baako score` of one sheet <= 0.25 s, `baako scan` of one 12 MP photo <= 2.5x
 * a process that only decodes the same photo with sharp. BENCH_CLI_RUNS=N changes the runs (default 10).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PHOTO = 'fixtures/photos/07-easy-b-letter-12mp.jpg';
const SHEET = 'fixtures/sheets/example-a.txt';

interface Case {
  name: string;
  args: string[];
  /** Exit codes that count as a run (scan exits 3 when it lists doubts). */
  ok: number[];
}

const baako = (...args: string[]) => [join(root, 'bin', 'baako.js'), ...args];

const cases: Case[] = [
  { name: 'baako --help', args: baako('--help'), ok: [0] },
  { name: 'baako --version', args: baako('--version'), ok: [0] },
  { name: `baako score ${SHEET}`, args: baako('score', SHEET), ok: [0] },
  { name: `baako scan ${PHOTO}`, args: baako('scan', PHOTO), ok: [0, 3] },
  {
    name: 'sharp decoding the same photo',
    args: ['--input-type=module', '-e', `import sharp from 'sharp'; await sharp(${JSON.stringify(PHOTO)}).raw().toBuffer();`],
    ok: [0],
  },
];

/** Newest modification time under a folder (to tell a stale build). */
function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function ensureBuilt(): void {
  const main = join(root, 'dist', 'cli', 'main.js');
  if (existsSync(main) && statSync(main).mtimeMs >= newest(join(root, 'src'))) return;
  console.log('dist/ is older than src/: building first (npm run build)');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

/** Runs every case `runs` times, interleaved; returns each case's wall times in seconds. */
export function measure(runs: number): Map<string, number[]> {
  const times = new Map(cases.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < runs + 1; i++) {
    for (const c of cases) {
      const t = performance.now();
      const r = spawnSync(process.execPath, c.args, { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1' } });
      const s = (performance.now() - t) / 1000;
      if (!c.ok.includes(r.status ?? -1)) throw new Error(`${c.name} failed (exit ${r.status}): ${r.stderr.trim().split('\n')[0]}`);
      if (i > 0) times.get(c.name)!.push(s); // the first round warms the disk cache
    }
  }
  return times;
}

export function bench(): void {
  ensureBuilt();
  const runs = Number(process.env.BENCH_CLI_RUNS ?? 10);
  const load = loadavg()[0];
  const times = measure(runs);
  const med = (name: string) => median(times.get(name)!);
  const targets: Record<string, number> = { 'baako --help': 0.2, [`baako score ${SHEET}`]: 0.25 };
  console.log(`whole processes, median (fastest) of ${runs} runs; ${cpus().length} cores, load average ${load.toFixed(1)} at the start`);
  for (const [name, ts] of times) {
    const target = targets[name] !== undefined ? `  (target <= ${targets[name].toFixed(2)} s)` : '';
    console.log(`  ${name.padEnd(58)} ${median(ts).toFixed(3)} s (${Math.min(...ts).toFixed(3)})${target}`);
  }
  const scan = med(`baako scan ${PHOTO}`);
  const decode = med('sharp decoding the same photo');
  console.log(`  scan / sharp decode: ${(scan / decode).toFixed(2)}x (target <= 2.5x)`);
  if (load > cpus().length) console.log(`  (the machine was busy: load ${load.toFixed(1)} on ${cpus().length} cores; the fastest runs are nearer an idle machine's)`);
}
