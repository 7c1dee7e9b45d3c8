/** The edge models as an ensemble: several fitted pairs whose log-odds the reading averages. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { checkModels, defaultModels, edgePairs, type EdgePair, type ScanModels } from '../../src/scan/models.js';
import { edgeLogits, readSheet, type SheetEvidence } from '../../src/scan/read.js';
import { scanPhoto } from '../../src/scan/scan.js';

const game = loadGame();
const photo = readFileSync(join(import.meta.dirname, '../../fixtures/photos/03-easy-a-letter-hb.jpg'));
/** The shipped models' first pair alone. */
const single = (): ScanModels => ({ ...defaultModels(), edgeMore: [] });
/** A pair whose context model says `d` more log-odds of a fence on every edge. */
const shifted = (pair: EdgePair, d: number): EdgePair => ({ edgeLocal: pair.edgeLocal, edgeContext: { ...pair.edgeContext, b: pair.edgeContext.b + d } });

let ev: SheetEvidence;
beforeAll(async () => {
  await scanPhoto(photo, game, { collect: (e) => (ev = e) });
}, 60_000);

describe('edge ensemble', () => {
  it('averages the pairs\' log-odds: the same pair twice reads as once, a pair 4 higher moves every edge by 2', () => {
    const one = edgeLogits(ev, single());
    const twice = edgeLogits(ev, { ...single(), edgeMore: [single()] });
    twice.forEach((z, i) => expect(z).toBeCloseTo(one[i], 12));
    const moved = edgeLogits(ev, { ...single(), edgeMore: [shifted(single(), 4)] });
    moved.forEach((z, i) => expect(z).toBeCloseTo(one[i] + 2, 9));
    expect(edgePairs({ ...single(), edgeMore: [single(), single()] })).toHaveLength(3);
  });

  it('reads with every pair: a pair that disagrees makes the edges it disagrees on doubtful', () => {
    const alone = readSheet(ev, single());
    // a second pair certain that every edge is blank: fences read alone as sure become doubtful or blank
    const doubted = readSheet(ev, { ...single(), edgeMore: [shifted(single(), -30)] });
    const fencesOf = (r: ReturnType<typeof readSheet>) => r.items.filter((it) => it.kind !== 'hole' && it.value === 1).length;
    expect(fencesOf(alone)).toBeGreaterThan(20);
    expect(fencesOf(doubted)).toBeLessThan(fencesOf(alone));
  });

  it('refuses a pair fitted on other inputs than the code computes', () => {
    const pair = single();
    const stale: EdgePair = { edgeLocal: { ...pair.edgeLocal, inputs: pair.edgeLocal.inputs.slice(1) }, edgeContext: pair.edgeContext };
    expect(() => checkModels({ ...single(), edgeMore: [stale] })).toThrow(/local edge model was trained on other inputs/);
  });
});
