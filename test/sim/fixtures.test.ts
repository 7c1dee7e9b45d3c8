import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { validateState } from '../../src/data/state.js';
import { scoreState } from '../../src/engine/score.js';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';
import { apply, localScale, type Pt } from '../../tools/sim/homography.js';
import { FIXTURE_DIR, FIXTURES } from '../../tools/sim/fixtures.js';
import type { PhotoTruth } from '../../tools/sim/simulate-photo.js';

const game = loadGame();
const names = existsSync(FIXTURE_DIR) ? readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4)) : [];
const truths = new Map<string, PhotoTruth>(names.map((n) => [n, JSON.parse(readFileSync(join(FIXTURE_DIR, `${n}.truth.json`), 'utf8')) as PhotoTruth]));
const regenerate = 'run `npm run fixtures:photos` to regenerate the photo fixtures';

describe('committed photo fixtures (fixtures/photos)', () => {
  it('has the listed photos (at least 32 and sample.jpg), each with its truth, under 70 MB in all', () => {
    expect(names.sort(), regenerate).toEqual(FIXTURES.map((f) => f.name).sort());
    expect(names.length).toBeGreaterThanOrEqual(33);
    expect(names).toContain('sample');
    const bytes = readdirSync(FIXTURE_DIR).reduce((s, f) => s + statSync(join(FIXTURE_DIR, f)).size, 0);
    expect(bytes).toBeLessThan(70e6);
  });

  it('covers both sides and papers, several games and players, every difficulty, instrument and hard case', () => {
    const all = [...truths.values()];
    expect(new Set(all.map((t) => t.side))).toEqual(new Set(['A', 'B']));
    expect(new Set(all.map((t) => t.paper))).toEqual(new Set(['a4', 'letter']));
    expect(new Set(all.map((t) => t.cards.join())).size).toBeGreaterThanOrEqual(5);
    expect(all.some((t) => t.player > 1)).toBe(true);
    expect(new Set(all.map((t) => t.sim.difficulty))).toEqual(new Set(['easy', 'medium', 'hard', 'extreme']));
    expect(new Set(all.map((t) => t.sim.knobs.pencil.instrument))).toEqual(new Set(['pen', 'hb', 'faint']));
    expect(new Set(all.map((t) => t.sim.photo.exifOrientation)).size).toBeGreaterThanOrEqual(3);
    expect(all.some((t) => t.sim.photo.megapixels >= 11.9)).toBe(true);
    const k = all.map((t) => t.sim.knobs);
    expect(k.some((x) => x.pencil.instrument === 'faint' && x.photo.light.shadow)).toBe(true);
    expect(k.some((x) => x.camera.tiltDeg >= 33)).toBe(true);
    expect(k.some((x) => Math.abs(Math.abs(x.camera.rotationDeg) - 180) < 10)).toBe(true);
    expect(all.some((t) => t.sim.fill <= 0.35)).toBe(true);
    expect(k.some((x) => x.photo.table === 'dark-busy')).toBe(true);
  });

  for (const name of names) {
    it(`${name}: truth valid, made with the current sheet geometry, and matching the pixels`, async () => {
      const truth = truths.get(name)!;
      const state = validateState(game, truth, `${name}.truth.json`);
      expect(scoreState(game, state).total).toBe(truth.score);
      const geo = sheetGeometry(truth.side, truth.paper);
      expect({ grid: geo.grid, markers: geo.markers, qr: geo.qr }, `the sheet layout changed since ${name} was made: ${regenerate}`).toEqual(truth.sim.geometry);
      const jpeg = readFileSync(join(FIXTURE_DIR, `${name}.jpg`));
      const meta = await sharp(jpeg).metadata();
      expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([truth.sim.photo.storedWidth, truth.sim.photo.storedHeight, truth.sim.photo.exifOrientation]);
      const { width: W, height: H } = truth.sim.photo;
      for (const box of truth.sim.markers) for (const [x, y] of box) expect(x >= 0 && x <= W && y >= 0 && y <= H).toBe(true);
      // decode at 1/4 and compare each marker's black core with the white clear zone beside it
      const f = 4;
      const img = await sharp(jpeg).rotate().resize(Math.round(W / f), Math.round(H / f)).greyscale().raw().toBuffer({ resolveWithObject: true });
      const at = ([x, y]: Pt) => img.data[Math.round(y / f) * img.info.width + Math.round(x / f)];
      geo.markers.forEach((m, i) => {
        const core = apply(truth.sim.homography, [m.x + m.size / 2, m.y + m.size / 2]);
        // a point of the white clear zone around the marker, toward the page's middle
        const clear = apply(truth.sim.homography, [m.x + m.size / 2, m.y + m.size / 2 + (m.y < geo.page.height / 2 ? 0.65 : -0.65) * m.size]);
        const box = truth.sim.markers[i];
        const mid: Pt = [(box[0][0] + box[2][0]) / 2, (box[0][1] + box[2][1]) / 2];
        const curl = Math.abs(truth.sim.knobs.photo.curl?.amount ?? 0) * localScale(truth.sim.homography, [m.x, m.y]);
        expect(Math.hypot(core[0] - mid[0], core[1] - mid[1])).toBeLessThan(2 + curl * 1.2);
        expect(at(core)).toBeLessThan(at(clear) - 20);
      });
    });
  }
});
