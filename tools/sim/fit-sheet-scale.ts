/**
 * Fits the sheet scale (src/scan/chances.ts) of a models file on validation photos, the models kept as they are:
 * how much a sheet's own count of doubts sharpens or softens its chances. The trainer fits it with the temperatures;
 * this refits it alone, on the photos given.
 *
 *   node --import tsx tools/sim/fit-sheet-scale.ts [MODELS.json | shipped] [--val M] [--sim-version V] [--without FAMILY] [--out FILE.json]
 *
 * `--without`: validation photos simulated without that family, as a leave-one-out run's models were fitted.
 * Without `--out` the result is shipped (src/scan/models.weights.ts).
 */
import { writeFileSync } from 'node:fs';
import { modelsFromFile } from '../../src/scan/models.js';
import { MODELS } from '../../src/scan/models.weights.js';
import { SIM_VERSION } from './simulate-photo.js';
import { evidenceOf, sheetScaleOn, writeShipped } from './train-models.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args.splice(i, 2)[1] : dflt;
};
const valCount = Number(opt('val', '200'));
const version = Number(opt('sim-version', String(SIM_VERSION)));
const out = opt('out', '');
const without = opt('without', '');
const source = args[0] ?? 'shipped';
const models = source === 'shipped' ? { ...MODELS } : modelsFromFile(source);
const val = await evidenceOf('val', valCount, without ? { exclude: [without] } : undefined, version);
models.sheet = sheetScaleOn(val, models);
models.about = `${models.about.replace(/; sheet scale fitted on .*$/, '')}; sheet scale fitted on ${val.length} validation photos (simulator v${version})`;
console.log(`sheet scale on ${val.length} validation photos (simulator v${version}): log-odds times exp(${models.sheet.base} + ${models.sheet.perDoubt} ln(1 + items at ${models.sheet.doubtFrom} or more))`);
if (out) writeFileSync(out, JSON.stringify(models));
else writeShipped(models);
console.log(`wrote ${out || 'src/scan/models.weights.ts'}`);
