/**
 * Where the chance under which an item is not asked should lie: the photos of a cached set are read once (the
 * doubtful readings kept), then their doubts are rated again at each chance, with what each asks, refuses for too
 * many spots, and leaves wrong after the answers. Chosen on the validation photos, reported on the benchmark's.
 *   node --import tsx tools/diag/ask-policy.ts [val|bench|val-plain|bench-plain] [COUNT] [MODELS.json | shipped] [FROM]
 * A `-plain` set is the set's photos simulated with no conditions drawn; FROM: the first photo's number (0), to read
 * photos held out of every choice (bench 1000 on). With BAAKO_READINGS=FILE the readings are saved there, and read
 * back from it on the next run (a rule tried again in seconds, not minutes; delete the file after changing the models).
 */
import { loadGame } from '../../src/data/load.js';
import { modelsFromFile } from '../../src/scan/models.js';
import { median, quantile } from '../../bench/scan.js';
import type { PhotoSet } from '../sim/photo-cache.js';
import { askAgain, readingsOf } from './asked-again.js';

const CHANCES = [0.06, 0.05, 0.04, 0.03, 0.025, 0.02, 0.015, 0.01];

const [setName = 'val', countText = '200', modelsFile = 'shipped', fromText = '0'] = process.argv.slice(2);
const set = setName.replace(/-plain$/, '') as PhotoSet;
const conditions = setName.endsWith('-plain') ? { draw: 'none' as const } : undefined;
const game = loadGame();
const models = modelsFile === 'shipped' ? undefined : modelsFromFile(modelsFile);

const readings = await readingsOf(game, { set, from: Number(fromText), count: Number(countText), conditions, models, saved: process.env.BAAKO_READINGS });

console.log(`${setName}, ${readings.length} photos`);
console.log('not asked under  exact  refused  asked on exact: median, p90, most  wrong after the answers (nothing asked)  wrong items not asked');
for (const likelyRight of CHANCES) {
  const { exact, refused, wrongAfter, wrongSilent, wrongUnasked, askedExact } = askAgain(game, readings, likelyRight);
  const asked = `${median(askedExact)}, ${quantile(askedExact, 0.9)}, ${Math.max(0, ...askedExact)}`;
  console.log([String(likelyRight).padStart(15), String(exact).padStart(5), String(refused).padStart(7), asked.padStart(35), `${wrongAfter} (${wrongSilent})`.padStart(37), String(wrongUnasked).padStart(21)].join('  '));
}
