/**
 * Simulated 12 MP photos cached in the temp folder, keyed by the simulator's version: the benchmark's (seeds
 * `bench-N`, the mix of difficulties) and the models' training photos (seeds `train-N`: a third from the mix, a
 * third hard, a third extreme). Each photo is `<seed>.jpg` beside `<seed>.truth.json`; missing ones are simulated
 * in parallel, one process per core.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapInChildren } from './in-children.js';
import { simulatePhoto, SIM_VERSION } from './simulate-photo.js';

/** The benchmark's photos, the models' training photos, and the validation photos their chances are set on. */
export type PhotoSet = 'bench' | 'train' | 'val';

export const photoDir = (set: PhotoSet): string => join(tmpdir(), `baako-${set}-photos-v${SIM_VERSION}`);

/** The path of photo `i` without its extension. */
export const photoBase = (set: PhotoSet, i: number): string => join(photoDir(set), `${set}-${String(i).padStart(4, '0')}`);

/** Simulates the missing photos among the first `count`; returns how many it made. */
export async function cachePhotos(set: PhotoSet, count: number): Promise<number> {
  mkdirSync(photoDir(set), { recursive: true });
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !existsSync(`${photoBase(set, i)}.truth.json`));
  await mapInChildren({ module: import.meta.url, name: 'simulateOne' }, missing.map((i) => ({ set, i })), `simulating ${set} photos`);
  return missing.length;
}

/** One photo (the children's task). The truth is written last: its presence marks a complete photo. */
export async function simulateOne({ set, i }: { set: PhotoSet; i: number }): Promise<void> {
  // the models learn most from hard photos: two thirds of the training and validation photos are hard or extreme
  const difficulty = set === 'bench' ? 'mix' : i % 3 === 0 ? 'mix' : i % 3 === 1 ? 'hard' : 'extreme';
  const sim = await simulatePhoto(`${set}-${i}`, difficulty, { sizes: [[4000, 3000]] });
  writeFileSync(`${photoBase(set, i)}.jpg`, sim.jpeg);
  writeFileSync(`${photoBase(set, i)}.truth.json`, JSON.stringify(sim.truth));
}
