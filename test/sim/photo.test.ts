import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, type SimKnobs } from '../../tools/sim/difficulty.js';
import { simulatePhoto } from '../../tools/sim/simulate-photo.js';
import { checkTruth } from '../helpers/sim-truth.js';
// small photos keep the tests fast; the fixtures and the benchmark use 8-12 MP
const small = { sizes: [[1600, 1200]] as [number, number][] };

describe('simulated photos', () => {
  for (const d of DIFFICULTIES) {
    it(`${d}: the truth is a valid state and matches the photo`, async () => {
      const { jpeg, truth } = await simulatePhoto(`test-${d}`, d, small);
      expect(truth.sim.difficulty).toBe(d);
      await checkTruth(jpeg, truth);
    });
  }

  it('stores rotated pixels with the EXIF tag that shows them upright', async () => {
    for (const exif of [3, 6, 8] as const) {
      const { jpeg, truth } = await simulatePhoto('exif', 'medium', { ...small, tweak: (k) => (k.photo.exif = exif) });
      expect(truth.sim.photo.exifOrientation).toBe(exif);
      await checkTruth(jpeg, truth);
    }
  });

  it('draws upside-down, strongly tilted and small sheets with the truth still right', async () => {
    const cases: ((k: SimKnobs) => void)[] = [
      (k) => ((k.camera.rotationDeg = 180), (k.photo.curl = null)),
      (k) => ((k.camera.tiltDeg = 35), (k.photo.curl = { edge: 2, amount: 6, band: 0.2 })),
      (k) => ((k.camera.fill = 0.3), (k.camera.wholePage = true)),
    ];
    for (const [i, tweak] of cases.entries()) {
      const { jpeg, truth } = await simulatePhoto(`case-${i}`, 'hard', { ...small, tweak });
      await checkTruth(jpeg, truth);
    }
  });

  it('is deterministic: the same seed gives the same bytes and truth', async () => {
    const a = await simulatePhoto('same', 'mix', small);
    const b = await simulatePhoto('same', 'mix', small);
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(JSON.stringify(a.truth)).toBe(JSON.stringify(b.truth));
    const c = await simulatePhoto('other', 'mix', small);
    expect(a.jpeg.equals(c.jpeg)).toBe(false);
  });
});
