/**
 * Fits one edge pair on photos with conditions drawn, photos without freehand and plain photos (no condition drawn),
 * each with a twin read through a moved grid, its temperatures on validation photos of both kinds. The shipped
 * ensemble's fourth pair in reading order was fitted so (CONTRIBUTING.md); put it in with ensemble-models.ts:
 *
 *   node --import tsx tools/sim/fit-plain-pair.ts --out /tmp/pair.json [--photos 300] [--without-freehand 200] [--plain 300]
 *   node --import tsx tools/sim/ensemble-models.ts shipped:1,3,4 /tmp/pair.json --val 200 --val-plain 100
 *
 * The photos: train-3000 on with conditions drawn, train-0 on without freehand, train-6000 on plain.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SetConditions } from './photo-cache.js';
import { MOVED_GRID, trainingEvidence, trainModels, validationEvidence, withTwins } from './train-models.js';

const { values: o } = parseArgs({
  options: {
    out: { type: 'string' },
    photos: { type: 'string', default: '300' },
    'without-freehand': { type: 'string', default: '200' },
    plain: { type: 'string', default: '300' },
    val: { type: 'string', default: '200' },
    'val-plain': { type: 'string', default: '100' },
  },
});
if (!o.out) {
  process.stderr.write('fit-plain-pair: give --out FILE.json for the fitted pair\n');
  process.exit(2);
}

/** A group of training photos with their twins, cut to whole blocks of three so the next group's folds line up. */
async function group(count: number, c: SetConditions | undefined, from: number) {
  const { located, twins } = await trainingEvidence(count, c, MOVED_GRID, undefined, from);
  const whole = located.length - (located.length % 3);
  return withTwins(located.slice(0, whole), twins.slice(0, whole));
}

const train = [
  ...(await group(Number(o.photos), undefined, 3000)),
  ...(await group(Number(o['without-freehand']), { exclude: ['freehand'] }, 0)),
  ...(await group(Number(o.plain), { draw: 'none' }, 6000)),
];
const val = await validationEvidence(Number(o.val), Number(o['val-plain']));
const { models } = trainModels(train, val, `${train.length / 2} simulator-v6 photos, each with a twin (train-3000 with conditions drawn, train-0 without freehand, train-6000 plain)`, (s) => console.log(s));
writeFileSync(o.out, JSON.stringify(models));
console.log(`wrote ${o.out}`);
