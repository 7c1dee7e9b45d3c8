/**
 * How well the scanner's own "still wrong after the asked spots" chance separates readings a person can fix from
 * those they cannot: the photos of a cached set are read (bench/_scan-child.ts) and, for thresholds from 0.1 to
 * 0.9, what refusing above each would refuse and what it would leave wrong after the answers.
 *   node --import tsx tools/diag/still-wrong.ts [val|bench] [COUNT] [MODELS.json]
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/data/load.js';
import type { PhotoOutcome } from '../../bench/_scan-child.js';
import { photoDir } from '../sim/photo-cache.js';

const [set = 'val', countText = '200', models] = process.argv.slice(2);
const r = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'bench/_scan-child.ts'), photoDir(set as 'val' | 'bench'), set, countText, ...(models ? [models] : [])], {
  encoding: 'utf8',
  maxBuffer: 1 << 28,
});
if (r.status !== 0) throw new Error(r.stderr);
const outcomes = (JSON.parse(r.stdout.trim().split('\n').pop()!) as { outcomes: PhotoOutcome[] }).outcomes;
const read = outcomes.filter((o) => !o.refused);
const wrongAfter = read.filter((o) => !o.rightAfterAnswers);
console.log(`${set}: ${outcomes.length} photos, ${outcomes.length - read.length} refused, ${read.length} read, ${wrongAfter.length} wrong after the answers`);
console.log('threshold  refused more  of them wrong after answers  wrong after answers left');
for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const out = read.filter((o) => (o.stillWrong ?? 0) > t);
  const caught = out.filter((o) => !o.rightAfterAnswers).length;
  console.log(`${t.toFixed(1).padStart(9)}  ${String(out.length).padStart(12)}  ${String(caught).padStart(26)}  ${String(wrongAfter.length - caught).padStart(24)}`);
}
// Calibration: the stated chance against what happened, in bins.
for (const [lo, hi] of [[0, 0.1], [0.1, 0.3], [0.3, 0.6], [0.6, 1.01]]) {
  const bin = read.filter((o) => (o.stillWrong ?? 0) >= lo && (o.stillWrong ?? 0) < hi);
  const mean = bin.reduce((s, o) => s + (o.stillWrong ?? 0), 0) / Math.max(1, bin.length);
  console.log(`stated ${lo}-${Math.min(1, hi)}: ${bin.length} readings, stated ${mean.toFixed(2)}, wrong after answers ${(bin.filter((o) => !o.rightAfterAnswers).length / Math.max(1, bin.length)).toFixed(2)}`);
}
