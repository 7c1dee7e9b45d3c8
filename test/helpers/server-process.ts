/** Starts serve-child.ts in a child process: the server apart from the test's own work, as phones would see it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  proc: ChildProcess;
  base: string;
  /** Milliseconds from spawn to listening. */
  startMs: number;
  /** The intake's counters and the heap (after a full collection), from the server itself. */
  stats(): Promise<ServerStats>;
  /** SIGKILL, and resolves once it is gone. */
  kill(): Promise<void>;
}

export interface ServerStats {
  intake: Record<string, number>;
  pending: number;
  capacity: number;
  events: number;
  heapUsed: number;
  rss: number;
  /** The event loop's delays since the last stats(), ms (a request waits at least that long). */
  eventLoopMs: { p50: number; p99: number; max: number };
}

export async function startServerProcess(data: string, opts: { maxWaiting?: number; workers?: number; env?: Record<string, string> } = {}): Promise<ServerProcess> {
  const t = performance.now();
  const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'test/helpers/serve-child.ts'), data, String(opts.maxWaiting ?? 8), String(opts.workers ?? 1)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, ...opts.env },
  });
  let out = '';
  proc.stderr!.on('data', (d) => (out += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 60_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /ready (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server stopped (${code}): ${out}`));
    });
  });
  return {
    proc,
    base: `http://127.0.0.1:${port}`,
    startMs: performance.now() - t,
    stats: () =>
      new Promise((resolve) => {
        proc.once('message', (m) => resolve(m as ServerStats));
        proc.send('stats');
      }),
    kill: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGKILL');
      }),
  };
}
