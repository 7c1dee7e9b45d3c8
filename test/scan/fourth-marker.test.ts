import { describe, expect, it } from 'vitest';
import { fourthMarkerCandidates } from '../../src/scan/fourth-marker.js';
import { loadPhoto } from '../../src/scan/image.js';
import { findMarkers, pickFour } from '../../src/scan/markers.js';

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
