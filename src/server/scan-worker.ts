/** A scanner thread: runs the jobs the ScanQueue sends, one at a time. */
import { parentPort } from 'node:worker_threads';
import { runPdfCheck, runScanJob, type PdfCheckJob, type ScanJob } from './scan-job.js';

const port = parentPort;
if (!port) throw new Error('scan-worker.ts runs as a worker thread');
port.on('message', async (msg: { seq: number; job: ScanJob | PdfCheckJob }) => {
  try {
    const result = 'checkPdf' in msg.job ? await runPdfCheck(msg.job) : await runScanJob(msg.job);
    port.postMessage({ seq: msg.seq, result });
  } catch (e) {
    port.postMessage({ seq: msg.seq, crash: (e as Error)?.stack ?? String(e) });
  }
});
port.postMessage({ ready: true });
