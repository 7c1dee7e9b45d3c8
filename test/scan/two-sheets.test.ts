import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame, projectRoot } from '../../src/data/load.js';
import type { SheetState } from '../../src/engine/types.js';
import { loadPhoto } from '../../src/scan/image.js';
import { findMarkers, quadCandidates } from '../../src/scan/markers.js';
import { findPose, poseFor, sizesAgree } from '../../src/scan/orient.js';
import { markerSearches, scanPhoto } from '../../src/scan/scan.js';
import { evaluate } from '../../tools/evaluate.js';
import { simulatePhoto } from '../../tools/sim/simulate-photo.js';

// Players lay their sheets side by side and one photo takes in two. Four corner squares from two sheets give a pose
// too, and the sheets' alike print can show some borderline where it expects one: such a photo was refused as too
// hard to read (or read as a sheet that is not there), not read as the sheet it plainly holds.
const game = loadGame();
const dir = join(projectRoot, 'fixtures/photos');
const A = '01-easy-a-a4-pen';
const B = '04-easy-b-a4-pen';
const truth = (f: string) => JSON.parse(readFileSync(join(dir, `${f}.truth.json`), 'utf8')) as SheetState;

/**
 * Two photos side by side at the same height on a table-brown background, as one JPEG; `shown`: the share of the
 * right one in the frame, its left part (half: the neighbour's sheet half in the frame, two of its corner squares).
 */
async function sideBySide(left: string, right: string, shown = 1): Promise<Buffer> {
  const [l, r] = await Promise.all([left, right].map((f) => sharp(join(dir, `${f}.jpg`)).resize({ height: 3000 }).toBuffer({ resolveWithObject: true })));
  const width = Math.round(r.info.width * shown);
  const part = shown < 1 ? await sharp(r.data).extract({ left: 0, top: 0, width, height: 3000 }).toBuffer() : r.data;
  return sharp({ create: { width: l.info.width + width, height: 3000, channels: 3, background: '#5a4030' } })
    .composite([{ input: l.data, left: 0, top: 0 }, { input: part, left: l.info.width, top: 0 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

let pair: Buffer;
let swapped: Buffer;
let halfIn: Buffer;
beforeAll(async () => {
  [pair, swapped, halfIn] = await Promise.all([sideBySide(A, B), sideBySide(B, A), sideBySide(A, B, 0.5)]);
});

describe('two sheets in one photo', () => {
  it("reads the sheet with its neighbour's half in the frame exactly", async () => {
    const r = await scanPhoto(halfIn, game);
    const e = evaluate(truth(A), r.state, r.uncertain, game);
    expect(e.edgeErrors).toEqual([]);
    expect(e.holeErrors).toEqual([]);
    expect(r.state.side).toBe('A');
  });

  it.each([['A then B', () => pair], ['B then A', () => swapped]])('reads one of them exactly (%s)', async (_, photo) => {
    const r = await scanPhoto(photo(), game);
    const t = truth(r.state.side === 'A' ? A : B);
    const e = evaluate(t, r.state, r.uncertain, game);
    expect(e.edgeErrors).toEqual([]);
    expect(e.holeErrors).toEqual([]);
    expect(r.state.cards).toEqual(t.cards);
  });

  it('reads a simulated photo with a neighbour\'s sheet beside it (the neighbour-sheet condition) exactly', async () => {
    // (the scanner before read this one with 123 edges wrong and 10 spots asked, within what it shows)
    const sim = await simulatePhoto('neighbour-5', 'easy', { sizes: [[4000, 3000]], conditions: { draw: 'none', force: ['neighbour-sheet'] } });
    const r = await scanPhoto(sim.jpeg, game);
    const e = evaluate(sim.truth, r.state, r.uncertain, game);
    expect(e.edgeErrors).toEqual([]);
    expect(e.holeErrors).toEqual([]);
    expect(r.player).toBe(sim.truth.player);
  });

  it('takes no pose from the outer corner squares of both sheets: they draw the corner squares far too large', async () => {
    const photo = await loadPhoto(pair);
    const hits = findMarkers(photo.grey, photo.width, photo.height, markerSearches[0]);
    expect(hits.length).toBe(8);
    // the largest four: the outer corners of the two sheets together
    const outer = quadCandidates(hits)[0];
    const xs = outer.map((m) => m.center.x).sort((a, b) => a - b);
    expect(xs[1] < photo.width / 4 && xs[2] > (photo.width * 3) / 4).toBe(true);
    expect(findPose(photo, outer)).toBeNull();
    for (const r of [0, 1, 2, 3]) expect(sizesAgree(poseFor(outer, r, 'a4')!, outer)).toBe(false);
    // each sheet's own four agree with the pose they give
    for (const half of [(x: number) => x < photo.width / 2, (x: number) => x > photo.width / 2]) {
      const own = quadCandidates(hits.filter((m) => half(m.center.x)))[0];
      const found = findPose(photo, own)!;
      expect(sizesAgree(found.best, own)).toBe(true);
    }
  });
});
