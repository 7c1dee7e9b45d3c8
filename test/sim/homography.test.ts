import { describe, expect, it } from 'vitest';
import { placeSheet } from '../../tools/sim/camera.js';
import { apply, fromPoints, invert, localScale, multiply, type Pt } from '../../tools/sim/homography.js';

describe('homography', () => {
  it('maps four points where asked, and its inverse maps them back', () => {
    const from: Pt[] = [[0, 0], [595, 0], [595, 842], [0, 842]];
    const to: Pt[] = [[310, 220], [2650, 410], [2480, 3700], [150, 3390]];
    const h = fromPoints(from, to);
    const hi = invert(h);
    from.forEach((p, i) => {
      const q = apply(h, p);
      expect(q[0]).toBeCloseTo(to[i][0], 6);
      expect(q[1]).toBeCloseTo(to[i][1], 6);
      const back = apply(hi, q);
      expect(back[0]).toBeCloseTo(p[0], 6);
      expect(back[1]).toBeCloseTo(p[1], 6);
    });
    const id = multiply(h, hi).map((v, i) => v / multiply(h, hi)[8] - (i % 4 === 0 ? 1 : 0));
    for (const v of id) expect(Math.abs(v)).toBeLessThan(1e-9);
    expect(localScale(fromPoints(from, from.map(([x, y]) => [2 * x, 2 * y] as Pt)), [100, 100])).toBeCloseTo(2, 9);
  });

  it('places a tilted, rotated sheet with the kept points inside the frame', () => {
    const page = { width: 595.28, height: 841.89 };
    const keep: Pt[] = [[23, 23], [572, 23], [572, 819], [23, 819]];
    for (const rotationDeg of [0, 90, 180, -135]) {
      for (const tiltDeg of [0, 20, 35]) {
        const cam = placeSheet(page, { width: 3000, height: 4000 }, { tiltDeg, tiltAzimuthDeg: 30, rotationDeg, fill: 1, focalMm: 26, offset: [1, -1], wholePage: false }, keep, 40);
        for (const p of keep) {
          const [x, y] = apply(cam.homography, p);
          expect(x).toBeGreaterThanOrEqual(39);
          expect(x).toBeLessThanOrEqual(3000 - 39);
          expect(y).toBeGreaterThanOrEqual(39);
          expect(y).toBeLessThanOrEqual(4000 - 39);
        }
        // upright sheets keep their top-left corner top-left; upside-down ones bottom-right
        const [x0, y0] = apply(cam.homography, [0, 0]);
        const [x1, y1] = apply(cam.homography, [page.width, page.height]);
        if (rotationDeg === 0) expect(x0 < x1 && y0 < y1).toBe(true);
        if (rotationDeg === 180) expect(x0 > x1 && y0 > y1).toBe(true);
      }
    }
  });
});
