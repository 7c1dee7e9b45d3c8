/**
 * Fits the sheet scale (src/scan/chances.ts) of a models file on validation photos, the models kept as they are:
 * how much a sheet's own count of doubts sharpens or softens its chances. The trainer fits it with the temperatures;
 * this refits it alone, on the photos given.
 *
 *   node --import tsx tools/sim/fit-sheet-scale.ts [MODELS.json | shipped] [--val M] [--val-plain P] [--sim-version V] [--without FAMILY] [--out FILE.json]
 *
 * `--val-plain`: that many more validation photos with no conditions drawn, as the shipped models' scale was fitted.
 * `--without`: validation photos simulated without that family, as a leave-one-out run's models were fitted (plain
 * ones hold no family).
 * Without `--out` the result is shipped (src/scan/models.weights.ts).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { modelsFromFile } from '../../src/scan/models.js';
import { MODELS } from '../../src/scan/models.weights.js';
import { SIM_VERSION } from './simulate-photo.js';
import { sheetScaleOn, validationEvidence, writeShipped } from './train-models.js';

const { values: o, positionals } = parseArgs({
  allowPositionals: true,
  options: { val: { type: 'string', default: '200' }, 'val-plain': { type: 'string', default: '0' }, 'sim-version': { type: 'string', default: String(SIM_VERSION) }, without: { type: 'string' }, out: { type: 'string' } },
});
const valCount = Number(o.val);
const version = Number(o['sim-version']);
const { out, without } = o;
const source = positionals[0] ?? 'shipped';
const models = source === 'shipped' ? { ...MODELS } : modelsFromFile(source);
const val = await validationEvidence(valCount, Number(o['val-plain']), version, without ? { exclude: [without] } : undefined);
models.sheet = sheetScaleOn(val, models);
models.about = `${models.about.replace(/; sheet scale fitted on .*$/, '')}; sheet scale fitted on ${val.length} validation photos (simulator v${version})`;
console.log(`sheet scale on ${val.length} validation photos (simulator v${version}): log-odds times exp(${models.sheet.base} + ${models.sheet.perDoubt} ln(1 + items at ${models.sheet.doubtFrom} or more))`);
if (out) writeFileSync(out, JSON.stringify(models));
else writeShipped(models);
console.log(`wrote ${out || 'src/scan/models.weights.ts'}`);
