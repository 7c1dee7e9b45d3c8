/** The edge models as an ensemble: several fitted pairs whose log-odds the reading averages. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { checkModels, defaultModels, edgePairs, type EdgePair, type ScanModels } from '../../src/scan/models.js';
import { edgeLogits, readSheet, type SheetEvidence } from '../../src/scan/read.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { BORDERLINE, LOCAL_INPUTS, OUTSIDE } from '../../src/scan/edge-inputs.js';
import { PATCH_ACROSS, PATCH_ALONG } from '../../src/scan/stroke.js';

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

describe('edge inputs', () => {
  it("lays out each edge's row as LOCAL_INPUTS names it, the band's picture last, each row its own", () => {
    expect(ev.local).toHaveLength(ev.edges.length);
    for (const row of ev.local) expect(row).toHaveLength(LOCAL_INPUTS.length);
    const patch = PATCH_ACROSS * PATCH_ALONG;
    ev.strokes.forEach((s, i) => {
      const tail = Array.from(ev.local[i].subarray(LOCAL_INPUTS.length - patch));
      // scaled by the sheet's stroke level (and capped), so zero exactly where the picture is
      expect(tail.map((v) => v === 0)).toEqual(s.patch.map((v) => v === 0));
    });
    // rows share one buffer: writing one leaves its neighbour as it was
    const [first, next] = [Array.from(ev.local[0]), Array.from(ev.local[1])];
    ev.local[0].fill(7);
    expect(Array.from(ev.local[1])).toEqual(next);
    ev.local[0].set(first);
  });

  it("looks up, at each end of an edge, every other unit edge touching that vertex: straight on first, the borderline and the outside told apart", () => {
    const { idx, edges } = ev;
    // a unit edge by its place: an interior one's index, a borderline one (fenced) or none (past the land)
    const place = (kind: 'h' | 'v', row: number, col: number) => {
      const j = idx.at(kind, row, col);
      if (j >= 0) return j;
      const inLand = kind === 'h' ? row >= 0 && row <= idx.rows && col >= 0 && col < idx.cols : col >= 0 && col <= idx.cols && row >= 0 && row < idx.rows;
      return inLand ? BORDERLINE : OUTSIDE;
    };
    edges.forEach((e, i) => {
      const ends: [number, number][] = e.kind === 'h' ? [[e.row, e.col], [e.row, e.col + 1]] : [[e.row, e.col], [e.row + 1, e.col]];
      ends.forEach(([r, c], end) => {
        const touching: ['h' | 'v', number, number][] = [['h', r, c - 1], ['h', r, c], ['v', r - 1, c], ['v', r, c]];
        const others = touching.filter(([k, rr, cc]) => !(k === e.kind && rr === e.row && cc === e.col));
        const straight = others.find(([k]) => k === e.kind)!;
        const got = Array.from(idx.meeting.subarray(i * 6 + end * 3, i * 6 + end * 3 + 3));
        expect(got[0], `${e.kind}${e.row},${e.col} end ${end}`).toBe(place(...straight));
        expect([...got].sort(), `${e.kind}${e.row},${e.col} end ${end}`).toEqual(others.map((o) => place(...o)).sort());
      });
    });
    // a corner edge: its outer end meets nothing straight on (past the land) and the borderline across
    const corner = edges.findIndex((e) => e.kind === 'h' && e.row === 1 && e.col === 0);
    expect(idx.meeting[corner * 6]).toBe(OUTSIDE);
    expect([idx.meeting[corner * 6 + 1], idx.meeting[corner * 6 + 2]]).toEqual([BORDERLINE, BORDERLINE]);
  });
});
