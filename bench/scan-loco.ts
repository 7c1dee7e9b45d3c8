/**
 * Leave one family out: for each family of the simulator's conditions, the scanner's models are trained on photos
 * simulated without it, then read photos with it forced on. This, not the benchmark's in-distribution figure, is
 * what predicts photos unlike any the models saw. Beside it, the same fit on as many plain photos and the shipped
 * models read the same photos: the first gap is the family's, the second the training set's size. Slow (a training
 * and a photo set per family): run it by name, `npm run bench -- scan-loco`. BENCH_LOCO_TRAIN (default 400) and
 * BENCH_LOCO_EVAL (default 40) set the counts, BENCH_LOCO_FAMILIES a comma-separated subset.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAMILIES } from '../tools/sim/conditions.js';
import { jitterTag } from '../tools/sim/evidence.js';
import { SIM_VERSION } from '../tools/sim/simulate-photo.js';
import { evidenceOf, MOVED_GRID, trainingEvidence, trainModels, withTwins } from '../tools/sim/train-models.js';
import type { SetConditions } from '../tools/sim/photo-cache.js';
import type { Report } from './report.js';
import { readSet, summary } from './scan.js';

/** Not part of a plain `npm run bench`: it takes hours on two cores. */
export const explicitOnly = true;

export async function bench(report: Report): Promise<void> {
  const trainCount = Number(process.env.BENCH_LOCO_TRAIN ?? 400);
  const evalCount = Number(process.env.BENCH_LOCO_EVAL ?? 40);
  const families = process.env.BENCH_LOCO_FAMILIES?.split(',') ?? [...FAMILIES];
  // The same fit on as many photos with every family (the plain training set): what the left-out models lack by
  // not seeing the family, apart from what they lack by being fitted on fewer photos than the shipped ones.
  const control = await fitted(`baako-loco-v${SIM_VERSION}-control-${trainCount}-${jitterTag(MOVED_GRID)}.json`, trainCount, undefined, 'with every family');
  for (const family of families) {
    const models = await fitted(`baako-loco-v${SIM_VERSION}-without-${family}-${trainCount}-${jitterTag(MOVED_GRID)}.json`, trainCount, { exclude: [family] }, `without ${family}`);
    const left = await readSet('bench', evalCount, { force: [family] }, models);
    const same = await readSet('bench', evalCount, { force: [family] }, control);
    const seen = await readSet('bench', evalCount, { force: [family] });
    report.row(`${family}: left out of training`, summary(left.outcomes), '>= 90% exact');
    report.row(`${family}: trained on, as many photos`, summary(same.outcomes));
    report.row(`${family}: trained on, the shipped models`, summary(seen.outcomes));
  }
  report.note(
    `Left out: models fitted on ${trainCount} training photos simulated without the family, each with a twin read through a grid moved up to ${MOVED_GRID} cell as the shipped models' are (temperatures and sheet scale on ${Math.round(trainCount / 4)} validation photos without it). ` +
      `Trained on, as many photos: the same fit on ${trainCount} plain training photos, every family among them. Trained on, the shipped models: fitted on more photos, several fits averaged (CONTRIBUTING.md). ` +
      `All three read the same ${evalCount} benchmark photos with the family forced on: left out against as many photos is what leaving the family out costs.`,
  );
}

/** A models file fitted on `count` training photos under `c` (kept in the temp folder, fitted once). */
async function fitted(name: string, count: number, c: SetConditions | undefined, about: string): Promise<string> {
  const models = join(tmpdir(), name);
  if (existsSync(models)) return models;
  // fitted as the shipped models are, each photo with its twin read through a moved grid
  const { located, twins } = await trainingEvidence(count, c, MOVED_GRID);
  const val = await evidenceOf('val', Math.round(count / 4), c);
  const { models: m } = trainModels(withTwins(located, twins), val, `${located.length} simulated photos ${about}, each with a twin read through a moved grid`);
  writeFileSync(models, JSON.stringify(m));
  return models;
}
