import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/data/load.js';
import { borderContrast } from '../../src/scan/grid.js';
import { loadPhoto } from '../../src/scan/image.js';
import { findMarkers, quadCandidates } from '../../src/scan/markers.js';
import { findPose, poseFor } from '../../src/scan/orient.js';
import { markerSearches, smallMarkers } from '../../src/scan/scan.js';

const dir = join(projectRoot, 'fixtures/photos');
const photos = readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort();

describe('pose search', () => {
  // The search looks at every pose with a few samples and measures only the best two in full: the pose it keeps
  // must be the one a full measure of all eight would keep.
  it.each(photos)('keeps the pose a full measure of every rotation and paper keeps: %s', async (f) => {
    const photo = await loadPhoto(join(dir, f));
    // the scanner's searches for corner squares, in its order: the first set of four found
    const searches = [...markerSearches, smallMarkers];
    const four = searches.map((s) => quadCandidates(findMarkers(photo.grey, photo.width, photo.height, s))[0]).find(Boolean)!;
    expect(four).toBeDefined();
    const found = findPose(photo, four)!;
    const all = (['a4', 'letter'] as const).flatMap((paper) => [0, 1, 2, 3].map((r) => poseFor(four, r, paper)!));
    const full = all.map((p) => borderContrast(photo, p));
    const best = all[full.indexOf(Math.max(...full))];
    expect([found.best.paper, found.best.rotation]).toEqual([best.paper, best.rotation]);
    expect(found.best.borderContrast).toBe(Math.max(...full));
  });
});
