/**
 * A `baako serve` in a process of its own, with the cheap scanner (fake-scanner.ts), for the tests and the
 * benchmark that load it from outside or kill it: `node --expose-gc --import tsx test/helpers/serve-child.ts DATA
 * [MAX_WAITING] [WORKERS]`. Prints `ready PORT` once it listens. Over IPC (when spawned with one), answers
 * 'stats' with the intake's counters and the heap after a full collection.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createBaakoServer } from '../../src/server/app.js';

const [data, maxWaiting = '8', workers = '1'] = process.argv.slice(2);
const app = createBaakoServer({
  data,
  port: 0,
  host: '127.0.0.1',
  workers: Number(workers),
  maxWaiting: Number(maxWaiting),
  scanner: new URL('./fake-scanner.ts', import.meta.url).href,
});
const { port } = await app.listen();
process.stdout.write(`ready ${port}\n`);

// How long the event loop was held up (a request waits at least that long), since the last 'stats'.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
// Gone with the process that started it (a test stopped half-way leaves no server behind).
process.on('disconnect', () => process.exit(0));

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (msg) => {
  if (msg !== 'stats') return;
  const eventLoopMs = { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  loop.reset();
  gc?.();
  gc?.();
  const mem = process.memoryUsage();
  process.send?.({ intake: app.intake.stats, pending: app.intake.pending, capacity: app.intake.capacity, events: app.events.count, heapUsed: mem.heapUsed, rss: mem.rss, eventLoopMs });
});
