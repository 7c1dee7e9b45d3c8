/**
 * The CLI's start-up as a user meets it: whole `baako` processes (the built bin/baako.js, as installed), each
 * run several times, the runs of every command interleaved so that other work on the machine weighs on all alike.
 * Targets: `baako --help` <= 0.2 s, `baako score` of one sheet <= 0.25 s, `baako scan` of one 12 MP photo <= 2.5x
 * a process that only decodes the same photo with sharp. Wall time is what a user waits; the CPU time the process
 * used (its threads included; Linux only, to 10 ms) says what it costs where other work shares the cores.
 * BENCH_CLI_RUNS=N changes the runs (default 10).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from './report.js';
import { ensureBuilt } from '../tools/built.js';

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


/** CPU seconds (user + system) of this process's waited-for children, from /proc; NaN where there is none. */
function childrenCpu(): number {
  try {
    // fields after the command's name (in parentheses): cutime and cstime are the 14th and 15th, in clock ticks
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

/** Runs every case `runs` times, interleaved; returns each case's wall and CPU times in seconds. */
export function measure(runs: number): Map<string, { wall: number[]; cpu: number[] }> {
  const times = new Map(cases.map((c) => [c.name, { wall: [] as number[], cpu: [] as number[] }]));
  for (let i = 0; i < runs + 1; i++) {
    for (const c of cases) {
      const cpu = childrenCpu();
      const t = performance.now();
      const r = spawnSync(process.execPath, c.args, { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1' } });
      const s = (performance.now() - t) / 1000;
      if (!c.ok.includes(r.status ?? -1)) throw new Error(`${c.name} failed (exit ${r.status}): ${r.stderr.trim().split('\n')[0]}`);
      if (i === 0) continue; // the first round warms the disk cache and leaves each command's compiled code (src/cli/code-cache.ts)
      times.get(c.name)!.wall.push(s);
      times.get(c.name)!.cpu.push(childrenCpu() - cpu);
    }
  }
  return times;
}

export function bench(report: Report): void {
  ensureBuilt(() => console.log('dist/ is older than src/: building first (npm run build)'));
  const runs = Number(process.env.BENCH_CLI_RUNS ?? 10);
  const load = loadavg()[0];
  const times = measure(runs);
  const targets: Record<string, string> = { 'baako --help': '<= 0.2 s', [`baako score ${SHEET}`]: '<= 0.25 s' };
  const s = (x: number) => `${x.toFixed(3)} s`;
  for (const [name, t] of times) {
    const cpu = Number.isNaN(t.cpu[0]) ? '' : `; CPU ${median(t.cpu).toFixed(2)} s`;
    const label = name.startsWith('baako') ? `\`${name}\`` : name;
    report.row(label, `${s(median(t.wall))} (fastest ${s(Math.min(...t.wall))})${cpu}`, targets[name]);
  }
  const scan = times.get(`baako scan ${PHOTO}`)!;
  const decode = times.get('sharp decoding the same photo')!;
  const cpuRatio = Number.isNaN(scan.cpu[0]) ? '' : `; in CPU time ${(median(scan.cpu) / median(decode.cpu)).toFixed(2)}x`;
  report.row('scan / sharp decode', `${(median(scan.wall) / median(decode.wall)).toFixed(2)}x (fastest runs ${(Math.min(...scan.wall) / Math.min(...decode.wall)).toFixed(2)}x)${cpuRatio}`, '<= 2.5x');
  report.note(
    `Whole processes of the built \`baako\` (bin/baako.js, as installed), ${runs} runs each after one not counted (which leaves each command's compiled code for the next, as any first run does), interleaved: wall time median (fastest), and the CPU time the process used, its threads included.` +
      (load > cpus().length ? ` The machine was busy (load ${load.toFixed(1)} on ${cpus().length} cores): the fastest runs and the CPU times are nearer an idle machine's.` : ''),
  );
}
