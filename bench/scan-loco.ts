/**
 * Leave one family out: for each family of the simulator's conditions, the scanner's models are trained on photos
 * simulated without it, then read photos with it forced on. This, not the benchmark's in-distribution figure, is
 * what predicts photos unlike any the models saw. Slow (a training and a photo set per family): run it by name,
 * `npm run bench -- scan-loco`. BENCH_LOCO_TRAIN (default 400) and BENCH_LOCO_EVAL (default 40) set the counts,
 * BENCH_LOCO_FAMILIES a comma-separated subset.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAMILIES } from '../tools/sim/conditions.js';
import { SIM_VERSION } from '../tools/sim/simulate-photo.js';
import { evidenceOf, trainModels } from '../tools/sim/train-models.js';
import type { Report } from './report.js';
import { readSet, summary } from './scan.js';

/** Not part of a plain `npm run bench`: it takes hours on two cores. */
export const explicitOnly = true;

export async function bench(report: Report): Promise<void> {
  const trainCount = Number(process.env.BENCH_LOCO_TRAIN ?? 400);
  const evalCount = Number(process.env.BENCH_LOCO_EVAL ?? 40);
  const families = process.env.BENCH_LOCO_FAMILIES?.split(',') ?? [...FAMILIES];
  for (const family of families) {
    const models = join(tmpdir(), `baako-loco-v${SIM_VERSION}-without-${family}-${trainCount}.json`);
    if (!existsSync(models)) {
      const train = await evidenceOf('train', trainCount, { exclude: [family] });
      const val = await evidenceOf('val', Math.round(trainCount / 4), { exclude: [family] });
      const { models: m } = trainModels(train, val, `${train.length} simulated photos without ${family}`);
      writeFileSync(models, JSON.stringify(m));
    }
    const left = await readSet('bench', evalCount, { force: [family] }, models);
    const seen = await readSet('bench', evalCount, { force: [family] });
    report.row(`${family}: left out of training`, summary(left.outcomes), '>= 90% exact');
    report.row(`${family}: trained on`, summary(seen.outcomes));
  }
  report.note(`Left out: models fitted on ${trainCount} training photos simulated without the family (temperatures and sheet scale on ${Math.round(trainCount / 4)} validation photos without it). Trained on: the shipped models. Both read the same ${evalCount} benchmark photos with the family forced on.`);
}
