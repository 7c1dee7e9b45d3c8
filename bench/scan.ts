/**
 * Scanner benchmark: accuracy and speed on simulated 12 MP phone photos of mixed difficulty.
 *
 * Photos are generated once, on every core, into a cache (keyed by the simulator's version), then read by a
 * separate process so that its peak memory is the scanner's own. Prints edge accuracy, sheets and scores read
 * exactly, confident-wrong sheets (a misread item not flagged), refusals, and the median time per photo beside the
 * median time sharp alone takes to decode the same JPEGs. BENCH_PHOTOS=N changes the count (default 200).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cachePhotos, photoDir } from '../tools/sim/photo-cache.js';
import type { Report } from './report.js';

/** What bench/_scan-child.ts measures, as one JSON line. */
export interface ScanMeasures {
  photos: number;
  edges: number;
  edgeAccuracy: number;
  exact: number;
  scoreExact: number;
  confidentWrong: number;
  flaggedWrong: number;
  refused: number;
  byDifficulty: Record<string, number>;
  perDifficulty: Record<string, { n: number; exact: number; refused: number }>;
  medianScanMs: number;
  medianDecodeMs: number;
  peakRssKb: number;
}

export async function bench(report: Report): Promise<void> {
  const count = Number(process.env.BENCH_PHOTOS ?? 200);
  const dir = photoDir('bench');
  const t0 = performance.now();
  const made = await cachePhotos('bench', count);
  if (made) console.log(`simulated ${made} photos in ${((performance.now() - t0) / 1000).toFixed(1)} s (cached in ${dir})`);

  const child = fileURLToPath(new URL('./_scan-child.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', child, dir, String(count)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`scan benchmark failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  reportScan(report, JSON.parse(r.stdout) as ScanMeasures);
}

/** The measures as rows: accuracy first, then speed and memory. */
export function reportScan(report: Report, m: ScanMeasures): void {
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  const mix = Object.entries(m.byDifficulty).map(([k, v]) => `${v} ${k}`).join(', ');
  const per = Object.entries(m.perDifficulty).map(([d, s]) => `${d} ${s.exact}/${s.n}`).join(', ');
  report.row('photos', `${m.photos} simulated 12 MP photos (${mix})`);
  report.row('confident-wrong sheets (a misread edge or hole not flagged)', String(m.confidentWrong), '0');
  report.row('edge accuracy of the photos read', `${pct(m.edgeAccuracy)} of ${m.edges.toLocaleString('en')} edges`, '>= 99.9%');
  report.row('sheets read exactly', `${m.exact} / ${m.photos} = ${pct(m.exact / m.photos)} (${per})`, '>= 97%');
  report.row('scores exact', pct(m.scoreExact / m.photos), '>= 97%');
  report.row('read with every error flagged', String(m.flaggedWrong));
  report.row('refused with advice (exit 2)', String(m.refused));
  report.row(
    'median time per photo',
    `${m.medianScanMs.toFixed(0)} ms; sharp alone decoding the same JPEG ${m.medianDecodeMs.toFixed(0)} ms: ${(m.medianScanMs / m.medianDecodeMs).toFixed(2)}x`,
    '<= 700 ms, <= 3x',
  );
  report.row('peak memory of the scanning process', `${(m.peakRssKb / 1024).toFixed(0)} MB`, '< 700 MB');
  report.note('Sharp and the scan are timed photo by photo, side by side; the photos are read in a process of their own, so the peak memory is the scanner\'s.');
}
