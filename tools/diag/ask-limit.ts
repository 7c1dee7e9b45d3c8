/**
 * Where the limit on spots to check should lie: the photos of a cached set are read (bench/_scan-child.ts) and, for
 * limits from 5 to 20, what refusing past each would refuse and what it would leave wrong after the answers. The
 * limit is chosen on the validation photos and reported on the benchmark's.
 *   node --import tsx tools/diag/ask-limit.ts [val|bench] [COUNT] [MODELS.json]
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
console.log('asked over  refused more  of them wrong after answers  wrong after answers left');
for (const t of [5, 8, 10, 12, 15, 20]) {
  const out = read.filter((o) => (o.asked ?? 0) > t);
  const caught = out.filter((o) => !o.rightAfterAnswers).length;
  console.log(`${String(t).padStart(10)}  ${String(out.length).padStart(12)}  ${String(caught).padStart(26)}  ${String(wrongAfter.length - caught).padStart(24)}`);
}
