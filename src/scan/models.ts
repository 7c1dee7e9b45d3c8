import { readFileSync } from 'node:fs';
import type { SheetScale } from './chances.js';
import { CONTEXT_INPUTS, LOCAL_INPUTS } from './edge-inputs.js';
import { HOLE_INPUTS } from './cell-inputs.js';
import { MODELS } from './models.weights.js';
import type { Mlp } from './mlp.js';

/** A local and a context edge model fitted together. */
export interface EdgePair {
  edgeLocal: Mlp;
  edgeContext: Mlp;
}

/**
 * The scanner's learnt models, fitted on simulated photos by tools/sim/train-models.ts: the edge models (local,
 * then with what the local model read around each edge) and the hole model, each with the temperature that makes
 * its probabilities come true on photos it was not fitted on, and the ranges of what the training photos held,
 * so that a photo outside them is known to be (see ood.ts).
 */
export interface ScanModels extends EdgePair {
  /**
   * Further edge pairs fitted on other photos, whose log-odds are averaged with the first pair's: two fits differ
   * most where the photos leave an edge undecided, and their average errs less than either.
   */
  edgeMore?: EdgePair[];
  hole: Mlp;
  /** Log-odds are divided by these before they become chances (fitted on held-out photos). */
  temperature: { edge: number; hole: number };
  /** How the sheet's own count of doubts sharpens or softens its chances (chances.ts; fitted on held-out photos). */
  sheet?: SheetScale;
  /** What the training photos held: per photo measure, the 1st and 99th percentiles. */
  ranges: Record<string, [number, number]>;
  /** What they were trained on (photo count, left-out families), for the record. */
  about: string;
}

function check(m: Mlp, names: readonly string[], what: string): void {
  if (m.inputs.length !== names.length || m.inputs.some((n, i) => n !== names[i])) {
    throw new Error(`the ${what} model was trained on other inputs than this code computes: run npm run train:models`);
  }
}

export function checkModels(m: ScanModels): ScanModels {
  for (const pair of edgePairs(m)) {
    check(pair.edgeLocal, LOCAL_INPUTS, 'local edge');
    check(pair.edgeContext, CONTEXT_INPUTS, 'edge context');
  }
  check(m.hole, HOLE_INPUTS, 'hole');
  return m;
}

/** Every edge pair of the models, the first pair first. */
export const edgePairs = (m: EdgePair & { edgeMore?: EdgePair[] }): EdgePair[] => [m, ...(m.edgeMore ?? [])];

let built: ScanModels | undefined;

/** The models shipped with the scanner. */
export function defaultModels(): ScanModels {
  return (built ??= checkModels(MODELS));
}

/** Models from a JSON file written by the trainer (leave-one-family-out runs). */
export function modelsFromFile(file: string): ScanModels {
  return checkModels(JSON.parse(readFileSync(file, 'utf8')) as ScanModels);
}
