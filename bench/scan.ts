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

export async function bench(): Promise<void> {
  const count = Number(process.env.BENCH_PHOTOS ?? 200);
  const dir = photoDir('bench');
  const t0 = performance.now();
  const made = await cachePhotos('bench', count);
  if (made) console.log(`simulated ${made} photos in ${((performance.now() - t0) / 1000).toFixed(1)} s (cached in ${dir})`);

  const child = fileURLToPath(new URL('./_scan-child.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', child, dir, String(count)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    console.log(`scan benchmark failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
    return;
  }
  const m = JSON.parse(r.stdout);
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  console.log(`photos: ${m.photos} (12 MP, mixed: ${Object.entries(m.byDifficulty).map(([k, v]) => `${v} ${k}`).join(', ')})`);
  console.log(`edge accuracy ${pct(m.edgeAccuracy)} over ${m.edges} edges of read photos (target >= 99.9%)`);
  console.log(`sheets read exactly ${m.exact}/${m.photos} = ${pct(m.exact / m.photos)} (target >= 97%); scores exact ${pct(m.scoreExact / m.photos)}`);
  console.log(`confident-wrong sheets: ${m.confidentWrong} (target 0); flagged-but-wrong: ${m.flaggedWrong}; refused with advice: ${m.refused}`);
  for (const [d, s] of Object.entries(m.perDifficulty) as [string, { n: number; exact: number; refused: number }][]) {
    console.log(`  ${d.padEnd(8)} ${s.exact}/${s.n} exact, ${s.refused} refused`);
  }
  console.log(`median time per photo ${m.medianScanMs.toFixed(0)} ms; sharp alone decoding the same JPEG ${m.medianDecodeMs.toFixed(0)} ms; ratio ${(m.medianScanMs / m.medianDecodeMs).toFixed(2)}x (targets <= 700 ms, <= 3x)`);
  console.log(`peak memory of the scanning process ${(m.peakRssKb / 1024).toFixed(0)} MB (target < 700 MB)`);
}
