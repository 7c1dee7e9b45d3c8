/** Checks shared by the simulator's tests. */
import sharp, { type OutputInfo } from 'sharp';
import { expect } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { validateState } from '../../src/data/state.js';
import { scoreState } from '../../src/engine/score.js';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';
import { apply, type Pt } from '../../tools/sim/homography.js';
import type { PhotoTruth } from '../../tools/sim/simulate-photo.js';

const game = loadGame();

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

/** Checks a simulated photo against its truth: a valid state, the JPEG's size and EXIF, the markers in the pixels. */
export async function checkTruth(jpeg: Buffer, truth: PhotoTruth): Promise<void> {
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
  // the homography maps the geometry to where the truth says: exactly on a flat sheet, within the curl with
  // one, within warpPx on a sheet that is not flat (its truth's points are exact, the homography the flat sheet's)
  const curl = Math.abs(truth.sim.knobs.photo.curl?.amount ?? 0);
  const tol = 0.02 + curl * 1.5 * scaleOf(truth) + truth.sim.warpPx;
  if (!truth.sim.knobs.photo.surface && !curl) expect(truth.sim.warpPx).toBe(0);
  const geo = sheetGeometry(truth.side, truth.paper);
  const { grid } = geo;
  const gc: Pt[] = [[grid.x, grid.y], [grid.x + grid.cols * grid.cell, grid.y], [grid.x + grid.cols * grid.cell, grid.y + grid.rows * grid.cell], [grid.x, grid.y + grid.rows * grid.cell]];
  gc.forEach((p, i) => {
    const q = apply(truth.sim.homography, p);
    expect(Math.hypot(q[0] - truth.sim.grid.corners[i][0], q[1] - truth.sim.grid.corners[i][1])).toBeLessThanOrEqual(tol + 0.01);
  });
  const v = truth.sim.grid.vertices;
  expect([v.length, v[0].length]).toEqual([grid.rows + 1, grid.cols + 1]);
  expect([v[0][0], v[0][grid.cols], v[grid.rows][grid.cols], v[grid.rows][0]]).toEqual(truth.sim.grid.corners);
  // the pixels agree: each marker's black core is darker than the white clear zone beside it (both from the
  // truth's marker boxes, which follow the sheet however it lies)
  const img = await sharp(jpeg).rotate().raw().toBuffer({ resolveWithObject: true });
  expect([img.info.width, img.info.height]).toEqual([W, H]);
  geo.markers.forEach((m, i) => {
    const box = truth.sim.markers[i];
    const core = centre(box);
    // toward the page's middle by 0.65 of the marker's size: along the box's top-to-bottom direction
    const down: Pt = [(box[3][0] + box[2][0] - box[0][0] - box[1][0]) / 2, (box[3][1] + box[2][1] - box[0][1] - box[1][1]) / 2];
    const k = m.y < geo.page.height / 2 ? 0.65 : -0.65;
    const clear: Pt = [core[0] + down[0] * k, core[1] + down[1] * k];
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
