import { rng } from '../../src/engine/random.js';

/** A small seeded random generator (the engine's mulberry32), so that a failing run of a randomised test can be run again. */
export function random(seed: number): () => number {
  return rng(seed);
}
