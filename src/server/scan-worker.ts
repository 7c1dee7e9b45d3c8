/** A scanner thread: runs the jobs the ScanQueue sends, one at a time. */
import { parentPort, workerData } from 'node:worker_threads';
import type { JobResult, PdfCheckJob, PdfCheckResult, ScanJob } from './scan-job.js';

const port = parentPort;
if (!port) throw new Error('scan-worker.ts runs as a worker thread');
// (tests give a runner of their own: a cheap stand-in for the scanner)
const runner = (workerData as { runner?: string } | null)?.runner;
// (the scanner's module named as written, so that the CLI's bundle carries it: a name computed at run time is
// looked for beside the bundled worker, where no scan-job.js is)
const { runScanJob, runPdfCheck } = (runner ? await import(runner) : await import('./scan-job.js')) as {
  runScanJob: (job: ScanJob) => Promise<JobResult>;
  runPdfCheck?: (job: PdfCheckJob) => Promise<PdfCheckResult>;
};
port.on('message', async (msg: { seq: number; job: ScanJob | PdfCheckJob }) => {
  try {
    const result = 'checkPdf' in msg.job ? await (runPdfCheck ?? (await import('./scan-job.js')).runPdfCheck)(msg.job) : await runScanJob(msg.job);
    port.postMessage({ seq: msg.seq, result });
  } catch (e) {
    port.postMessage({ seq: msg.seq, crash: (e as Error)?.stack ?? String(e) });
  }
});
port.postMessage({ ready: true });
