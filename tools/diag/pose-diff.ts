/**
 * Whether a change to how the sheet is found (corner squares, pose, land, grid) moves it on any photo: each photo of
 * the given folders is read, and the pose and grid it is read under reduced to a short hash with its total (or the
 * refusal). With a file of a run before, the photos whose pose or grid moved are listed.
 *   node --import tsx tools/diag/pose-diff.ts OUT.json DIR... [--before BEFORE.json]
 * e.g. `... /tmp/before.json /tmp/baako-bench-photos-v6 fixtures/photos`, the change made, then
 * `... /tmp/after.json /tmp/baako-bench-photos-v6 fixtures/photos --before /tmp/before.json`.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame } from '../../src/data/load.js';
import { scanPhoto } from '../../src/scan/scan.js';

const args = process.argv.slice(2);
const at = args.indexOf('--before');
const before = at >= 0 ? (JSON.parse(readFileSync(args[at + 1], 'utf8')) as Record<string, string>) : undefined;
const [out, ...dirs] = at >= 0 ? args.filter((_, i) => i !== at && i !== at + 1) : args;
if (!out || dirs.length === 0) {
  process.stderr.write('usage: pose-diff.ts OUT.json DIR... [--before BEFORE.json]\n');
  process.exit(2);
}
const game = loadGame();
const found: Record<string, string> = {};
for (const dir of dirs) {
  for (const f of readdirSync(dir).filter((f) => /\.(jpe?g|png)$/i.test(f)).sort()) {
    const key = join(dir, f);
    try {
      // doubts kept: a reading refused for its spots is still a pose found
      const r = await scanPhoto(readFileSync(key), game, { keepDoubtful: true });
      const h = createHash('sha1').update(JSON.stringify(r.pose)).update(Buffer.from(r.grid.xs.buffer)).update(Buffer.from(r.grid.ys.buffer));
      found[key] = `${h.digest('hex').slice(0, 12)} total ${r.score.total}`;
    } catch (e) {
      found[key] = `refused: ${(e as Error).message}`;
    }
    if (process.stderr.isTTY) process.stderr.write(`\r${Object.keys(found).length} read`);
  }
}
if (process.stderr.isTTY) process.stderr.write('\n');
writeFileSync(out, JSON.stringify(found, null, 1));
if (before) {
  const keys = Object.keys(found).filter((k) => k in before);
  const moved = keys.filter((k) => before[k] !== found[k]);
  for (const k of moved) console.log(`${k}\n  before: ${before[k]}\n  after:  ${found[k]}`);
  console.log(`${keys.length - moved.length} of ${keys.length} photos read under the same pose and grid; ${moved.length} moved`);
} else {
  console.log(`${Object.keys(found).length} photos: ${out}`);
}
