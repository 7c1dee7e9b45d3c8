import sharp, { type OutputInfo } from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { validateState } from '../../src/data/state.js';
import { scoreState } from '../../src/engine/score.js';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';
import { DIFFICULTIES, type SimKnobs } from '../../tools/sim/difficulty.js';
import { apply, type Pt } from '../../tools/sim/homography.js';
import { simulatePhoto, type PhotoTruth } from '../../tools/sim/simulate-photo.js';

const game = loadGame();
// small photos keep the tests fast; the fixtures and the benchmark use 8-12 MP
const small = { sizes: [[1600, 1200]] as [number, number][] };

/** Mean of the green channel in a (2r+1)^2 window of a decoded, upright photo. */
function mean(img: { data: Buffer; info: OutputInfo }, [x, y]: Pt, r: number): number {
  let sum = 0;
  let n = 0;
  for (let j = Math.round(y) - r; j <= Math.round(y) + r; j++) {
    for (let i = Math.round(x) - r; i <= Math.round(x) + r; i++) {
      sum += img.data[(j * img.info.width + i) * img.info.channels + 1];
      n++;
    }
  }
  return sum / n;
}

function centre(box: Pt[]): Pt {
  return [(box[0][0] + box[1][0] + box[2][0] + box[3][0]) / 4, (box[0][1] + box[1][1] + box[2][1] + box[3][1]) / 4];
}

async function checkTruth(jpeg: Buffer, truth: PhotoTruth): Promise<void> {
  // a valid sheet state that the engine scores as the truth says
  const state = validateState(game, truth, 'truth');
  expect(scoreState(game, state).total).toBe(truth.score);
  expect(truth.player).toBeGreaterThanOrEqual(1);
  expect(truth.player).toBeLessThanOrEqual(truth.players);
  // the JPEG's stored size and EXIF orientation
  const meta = await sharp(jpeg).metadata();
  expect(meta.format).toBe('jpeg');
  expect([meta.width, meta.height]).toEqual([truth.sim.photo.storedWidth, truth.sim.photo.storedHeight]);
  expect(meta.orientation ?? 1).toBe(truth.sim.photo.exifOrientation);
  // the markers lie inside the (displayed) photo
  const { width: W, height: H } = truth.sim.photo;
  for (const box of truth.sim.markers) for (const [x, y] of box) expect(x >= 0 && x <= W && y >= 0 && y <= H).toBe(true);
  // the homography maps the geometry to where the truth says (exactly without a curl, within the curl with one)
  const curl = Math.abs(truth.sim.knobs.photo.curl?.amount ?? 0);
  const tol = 0.02 + curl * 1.5 * scaleOf(truth);
  const geo = sheetGeometry(truth.side, truth.paper);
  const { grid } = geo;
  const gc: Pt[] = [[grid.x, grid.y], [grid.x + grid.cols * grid.cell, grid.y], [grid.x + grid.cols * grid.cell, grid.y + grid.rows * grid.cell], [grid.x, grid.y + grid.rows * grid.cell]];
  gc.forEach((p, i) => {
    const q = apply(truth.sim.homography, p);
    expect(Math.hypot(q[0] - truth.sim.grid.corners[i][0], q[1] - truth.sim.grid.corners[i][1])).toBeLessThanOrEqual(tol);
  });
  // the pixels agree: each marker's black core is darker than the white clear zone beside the marker
  const img = await sharp(jpeg).rotate().raw().toBuffer({ resolveWithObject: true });
  expect([img.info.width, img.info.height]).toEqual([W, H]);
  const Hm = truth.sim.homography;
  geo.markers.forEach((m, i) => {
    const core = centre(truth.sim.markers[i]);
    // a point of the white clear zone around the marker, toward the page's middle
    const inward: Pt = [m.x + m.size / 2, m.y + m.size / 2 + (m.y < geo.page.height / 2 ? 0.65 : -0.65) * m.size];
    const clear = apply(Hm, inward);
    const r = Math.max(1, Math.floor(scaleOf(truth) * m.size * 0.08));
    expect(mean(img, core, r)).toBeLessThan(mean(img, clear, r) - 25);
  });
}

/** Photo pixels per page point at the page centre. */
function scaleOf(t: PhotoTruth): number {
  const a = apply(t.sim.homography, [t.sim.page.width / 2, t.sim.page.height / 2]);
  const b = apply(t.sim.homography, [t.sim.page.width / 2 + 1, t.sim.page.height / 2]);
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

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
