import { describe, expect, it } from 'vitest';
import { fourthMarkerCandidates } from '../../src/scan/fourth-marker.js';
import { loadPhoto } from '../../src/scan/image.js';
import { findMarkers, mergeHits, pickFour } from '../../src/scan/markers.js';

describe('the fourth corner square, when only three are listed', () => {
  it('is found again where the other three say it must be, whichever one is missing', async () => {
    const photo = await loadPhoto('fixtures/photos/19-hard-b-letter-tilt-34.jpg');
    const four = pickFour(findMarkers(photo.grey, photo.width, photo.height, { shrink: 2, block: 31 }))!;
    expect(four).toHaveLength(4);
    for (let missing = 0; missing < 4; missing++) {
      const three = four.filter((_, i) => i !== missing);
      const want = four[missing].center;
      const candidates = fourthMarkerCandidates(photo, three, ['a4', 'letter']);
      const found = candidates.some((c) => c.some((m) => Math.hypot(m.center.x - want.x, m.center.y - want.y) < 3));
      expect(found, `marker ${missing} at (${want.x.toFixed(0)}, ${want.y.toFixed(0)})`).toBe(true);
    }
  });
});

describe('corner squares found by different searches', () => {
  it('make one set of four, each square once with its better fit', async () => {
    const photo = await loadPhoto('fixtures/photos/19-hard-b-letter-tilt-34.jpg');
    const four = pickFour(findMarkers(photo.grey, photo.width, photo.height, { shrink: 2, block: 31 }))!;
    const worse = (m: (typeof four)[number]) => ({ ...m, center: { x: m.center.x + 2, y: m.center.y - 1 }, misfit: m.misfit + 0.3 });
    // one search saw the first three (the third poorly), another the last two and the third well
    const merged = mergeHits([[four[0], four[1], worse(four[2])], [four[2], worse(four[3])]]);
    expect(merged).toHaveLength(4);
    expect(merged.find((m) => Math.hypot(m.center.x - four[2].center.x, m.center.y - four[2].center.y) < 5)).toBe(four[2]);
    expect(merged.map((m) => m.misfit)).toEqual([...merged.map((m) => m.misfit)].sort((a, b) => a - b));
    expect(pickFour(merged)!.map((m) => Math.round(m.center.x))).toEqual(four.map((m) => Math.round(m.center.x + (m === four[3] ? 2 : 0))));
  });
});
