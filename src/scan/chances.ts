import { sigmoid } from './mlp.js';

/**
 * How a sheet's own doubts make its items' chances sharper or softer. The models answer for an edge alone, and
 * their chances come true over all photos; but on a sheet where almost nothing is in doubt an item read 8% likely
 * wrong is wrong far less often than that, and on a smeared, folded sheet full of doubts about as often as said.
 * So each item's log-odds are multiplied by exp(base + perDoubt * ln(1 + D)), D the sheet's items at `doubtFrom`
 * or more before it. Fitted on validation photos by the trainer (tools/sim/fit.ts), like the temperatures.
 */
export interface SheetScale {
  doubtFrom: number;
  base: number;
  perDoubt: number;
}

/**
 * Each item's certainty: |log-odds| over its model's temperature and the photo's softening, the edges first, then
 * the cells (what the scanner reads and the trainer fits on).
 */
export function certaintyOf(edges: ArrayLike<number>, holes: ArrayLike<number>, temperature: { edge: number; hole: number }, soften: number): Float64Array {
  const out = new Float64Array(edges.length + holes.length);
  for (let i = 0; i < edges.length; i++) out[i] = Math.abs(edges[i]) / (temperature.edge * soften);
  for (let i = 0; i < holes.length; i++) out[edges.length + i] = Math.abs(holes[i]) / (temperature.hole * soften);
  return out;
}

/** The sheet's items at `doubtFrom` or more likely wrong as read alone. */
export function doubtsOf(certainty: Float64Array, doubtFrom: number): number {
  let doubts = 0;
  for (const k of certainty) if (sigmoid(-k) >= doubtFrom) doubts++;
  return doubts;
}

/** The factor a sheet with `doubts` items in doubt multiplies its log-odds by. */
export const sheetFactor = (s: SheetScale, doubts: number): number => Math.exp(s.base + s.perDoubt * Math.log(1 + doubts));

/**
 * Each item's chance of being wrong from its certainty (|log-odds| over its temperature, as read alone), and the same
 * sharpened or softened by the sheet's count of doubts where the models carry a scale.
 */
export function sheetChances(certainty: Float64Array, scale?: SheetScale): { alone: Float64Array; chances: Float64Array } {
  const alone = certainty.map((k) => sigmoid(-k));
  if (!scale) return { alone, chances: alone };
  const f = sheetFactor(scale, doubtsOf(certainty, scale.doubtFrom));
  return { alone, chances: certainty.map((k) => sigmoid(-k * f)) };
}
