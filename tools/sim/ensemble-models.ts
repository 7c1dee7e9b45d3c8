/**
 * Averages the edge models of several trained models files (read.ts: their log-odds averaged) and fits the
 * temperatures again on the validation photos; the hole model and photo ranges are the first file's.
 *
 *   node --import tsx tools/sim/ensemble-models.ts FIRST.json OTHER.json... [--val M] [--val-plain P] [--sim-version V] [--out FILE.json]
 *
 * FIRST may be `shipped` (the weights in src/scan/models.weights.ts), or `shipped:1,2,4` (those of its edge pairs,
 * counted from 1 in the order the reading averages them: to replace a pair). `--val-plain P` adds P validation photos
 * with no condition drawn, so that the chances also come true on plain photos. Without `--out` the result is shipped.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { edgePairs, modelsFromFile, type EdgePair, type ScanModels } from '../../src/scan/models.js';
import { MODELS } from '../../src/scan/models.weights.js';
import { SIM_VERSION } from './simulate-photo.js';
import { ensembleModels, validationEvidence, writeShipped } from './train-models.js';

/** The shipped models, or (`shipped:1,2,4`) only some of their edge pairs, the hole model and the rest kept. */
function shipped(spec: string): ScanModels {
  if (spec === 'shipped') return MODELS;
  const all = edgePairs(MODELS);
  const keep = spec.slice('shipped:'.length).split(',').map(Number);
  if (!keep.length || keep.some((k) => !Number.isInteger(k) || k < 1 || k > all.length) || new Set(keep).size !== keep.length) {
    process.stderr.write(`ensemble-models: "${spec}" should name the shipped edge pairs to keep, each once, from 1 to ${all.length} (e.g. shipped:1,2,4)\n`);
    process.exit(2);
  }
  const [head, ...more] = keep.map((k) => all[k - 1]);
  const edge = (p: EdgePair): EdgePair => ({ edgeLocal: p.edgeLocal, edgeContext: p.edgeContext });
  return { ...MODELS, ...edge(head), edgeMore: more.map(edge), about: `${MODELS.about}; of its ${all.length} edge pairs ${keep.join(', ')} kept` };
}

const { values: o, positionals: args } = parseArgs({
  allowPositionals: true,
  options: { val: { type: 'string', default: '200' }, 'val-plain': { type: 'string', default: '0' }, 'sim-version': { type: 'string', default: String(SIM_VERSION) }, out: { type: 'string' } },
});
const valCount = Number(o.val);
const version = Number(o['sim-version']);
const { out } = o;
if (args.length < 2) {
  process.stderr.write('ensemble-models: give two models files or more (the first may be "shipped"), e.g. shipped /tmp/new.json\n');
  process.exit(2);
}
const [first, ...others] = args.map((f): ScanModels => (f.startsWith('shipped') ? shipped(f) : modelsFromFile(f)));
const val = await validationEvidence(valCount, Number(o['val-plain']), version);
const models = ensembleModels(first, others, val, (s) => console.log(s));
if (out) writeFileSync(out, JSON.stringify(models));
else writeShipped(models);
console.log(`wrote ${out || 'src/scan/models.weights.ts'}`);
