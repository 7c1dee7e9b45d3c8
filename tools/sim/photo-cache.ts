/**
 * Simulated 12 MP photos cached in the temp folder, keyed by the simulator's version: the benchmark's (seeds
 * `bench-N`, the mix of difficulties) and the models' training photos (seeds `train-N`: a third from the mix, a
 * third hard, a third extreme). Each photo is `<seed>.jpg` beside `<seed>.truth.json`; missing ones are simulated
 * in parallel, one process per core. The conditions are drawn at random on top of the presets (conditions.ts);
 * a set may exclude families (to train without them) or force them (to measure on them): each such set has
 * its own folder.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapInChildren } from './in-children.js';
import type { ConditionOptions } from './conditions.js';
import { simulatePhoto, SIM_VERSION } from './simulate-photo.js';

/** The benchmark's photos, the models' training photos, and the validation photos their chances are set on. */
export type PhotoSet = 'bench' | 'train' | 'val';

/** Which conditions a set of photos has: families or conditions left out, or forced on (conditions.ts). */
export interface SetConditions {
  exclude?: string[];
  force?: string[];
  /** 'none': only the forced conditions (default: each condition drawn at random) */
  draw?: 'random' | 'none';
}

/** The folder's suffix: '' for the default draw, e.g. '-without-freehand', '-with-fold-thirds-only'. */
function suffix(c: SetConditions = {}): string {
  const parts = [...(c.exclude ?? []).map((n) => `without-${n}`), ...(c.force ?? []).map((n) => `with-${n}`)];
  if (c.draw === 'none') parts.push('only');
  return parts.length ? `-${parts.join('-')}` : '';
}

/** The folder of a set's photos; `version`: an earlier simulator's photos, kept in the temp folder. */
export const photoDir = (set: PhotoSet, c?: SetConditions, version = SIM_VERSION): string => join(tmpdir(), `baako-${set}-photos-v${version}${suffix(c)}`);

/** The path of photo `i` without its extension. */
export const photoBase = (set: PhotoSet, i: number, c?: SetConditions, version = SIM_VERSION): string =>
  join(photoDir(set, c, version), `${set}-${String(i).padStart(4, '0')}`);

/** Simulates the missing photos among `count` from number `first`; returns how many it made. */
export async function cachePhotos(set: PhotoSet, count: number, c?: SetConditions, first = 0): Promise<number> {
  mkdirSync(photoDir(set, c), { recursive: true });
  const missing = Array.from({ length: count }, (_, i) => first + i).filter((i) => !existsSync(`${photoBase(set, i, c)}.truth.json`));
  await mapInChildren({ module: import.meta.url, name: 'simulateOne' }, missing.map((i) => ({ set, i, c })), `simulating ${set} photos`);
  return missing.length;
}

/** One photo (the children's task). The truth is written last: its presence marks a complete photo. */
export async function simulateOne({ set, i, c }: { set: PhotoSet; i: number; c?: SetConditions }): Promise<void> {
  // the models learn most from hard photos: two thirds of the training and validation photos are hard or extreme
  const difficulty = set === 'bench' ? 'mix' : i % 3 === 0 ? 'mix' : i % 3 === 1 ? 'hard' : 'extreme';
  const conditions: ConditionOptions = { draw: c?.draw ?? 'random', exclude: c?.exclude, force: c?.force };
  const sim = await simulatePhoto(`${set}-${i}`, difficulty, { sizes: [[4000, 3000]], conditions });
  writeFileSync(`${photoBase(set, i, c)}.jpg`, sim.jpeg);
  writeFileSync(`${photoBase(set, i, c)}.truth.json`, JSON.stringify(sim.truth));
}
