/**
 * Averages the edge models of several trained models files (read.ts: their log-odds averaged) and fits the
 * temperatures again on the validation photos; the hole model and photo ranges are the first file's.
 *
 *   node --import tsx tools/sim/ensemble-models.ts FIRST.json OTHER.json... [--val M] [--sim-version V] [--out FILE.json]
 *
 * FIRST may be `shipped` (the weights in src/scan/models.weights.ts). Without `--out` the result is shipped.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { modelsFromFile, type ScanModels } from '../../src/scan/models.js';
import { MODELS } from '../../src/scan/models.weights.js';
import { SIM_VERSION } from './simulate-photo.js';
import { ensembleModels, evidenceOf, writeShipped } from './train-models.js';

const { values: o, positionals: args } = parseArgs({
  allowPositionals: true,
  options: { val: { type: 'string', default: '200' }, 'sim-version': { type: 'string', default: String(SIM_VERSION) }, out: { type: 'string' } },
});
const valCount = Number(o.val);
const version = Number(o['sim-version']);
const { out } = o;
if (args.length < 2) {
  process.stderr.write('ensemble-models: give two models files or more (the first may be "shipped"), e.g. shipped /tmp/new.json\n');
  process.exit(2);
}
const [first, ...others] = args.map((f): ScanModels => (f === 'shipped' ? MODELS : modelsFromFile(f)));
const val = await evidenceOf('val', valCount, undefined, version);
const models = ensembleModels(first, others, val, (s) => console.log(s));
if (out) writeFileSync(out, JSON.stringify(models));
else writeShipped(models);
console.log(`wrote ${out || 'src/scan/models.weights.ts'}`);
