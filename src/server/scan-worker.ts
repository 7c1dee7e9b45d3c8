/** A scanner thread: runs the jobs the ScanQueue sends, one at a time. */
import { parentPort, workerData } from 'node:worker_threads';
import type { JobResult, ScanJob } from './scan-job.js';

const port = parentPort;
if (!port) throw new Error('scan-worker.ts runs as a worker thread');
const runner = (workerData as { runner?: string } | null)?.runner;
const { runScanJob } = (await import(runner ?? './scan-job.js')) as { runScanJob: (job: ScanJob) => Promise<JobResult> };
port.on('message', async (msg: { seq: number; job: ScanJob }) => {
  try {
    port.postMessage({ seq: msg.seq, result: await runScanJob(msg.job) });
  } catch (e) {
    port.postMessage({ seq: msg.seq, crash: (e as Error)?.stack ?? String(e) });
  }
});
port.postMessage({ ready: true });
