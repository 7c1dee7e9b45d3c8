import { beforeAll, describe, expect, it } from 'vitest';
import { loadBoard } from '../../src/data/board.js';
import { renderBoardPdf, tiling, TILE_OVERLAP } from '../../src/render/board/index.js';
import { mm } from '../../src/render/board/style.js';
import { matchGolden } from '../helpers/golden.js';
import { grey, pageCount, rasterize, type Raster } from '../helpers/raster.js';
import { pageSizes, pageText } from './helpers.js';

const DPI = 60;
const px = (pt: number) => (pt * DPI) / 72;

/** Mean absolute grey difference between a region of `a` and the same-sized region of `b` shifted by (dx, dy). */
function regionDiff(a: Raster, ax: number, ay: number, b: Raster, bx: number, by: number, w: number, h: number): number {
  let sum = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) sum += Math.abs(grey(a, ax + x, ay + y) - grey(b, bx + x, by + y));
  return sum / (w * h);
}

/** The shift of b (within +-3 px) that best matches a's region, and the remaining difference. */
function bestShift(a: Raster, ax: number, ay: number, b: Raster, bx: number, by: number, w: number, h: number) {
  let best = { dx: 0, dy: 0, diff: Infinity };
  for (let dy = -3; dy <= 3; dy++) {
    for (let dx = -3; dx <= 3; dx++) {
      const d = regionDiff(a, ax, ay, b, bx + dx, by + dy, w, h);
      if (d < best.diff) best = { dx, dy, diff: d };
    }
  }
  return best;
}

describe('the A3 board tiled over four A4 pages', () => {
  const tl = tiling();
  let pdf: Buffer;
  let r: Raster[];
  beforeAll(async () => {
    pdf = await renderBoardPdf({ board: loadBoard(), paper: 'a4-tiled' });
    r = [0, 1, 2, 3].map((p) => rasterize(pdf, p, DPI));
  });

  it('is four A4 landscape pages labelled A1, A2, B1, B2 with a scale bar', () => {
    expect(pageCount(pdf)).toBe(4);
    for (const s of pageSizes(pdf)) {
      expect(s.width).toBeCloseTo(mm(297), 0);
      expect(s.height).toBeCloseTo(mm(210), 0);
    }
    ['A1', 'A2', 'B1', 'B2'].forEach((label, p) => {
      const { text } = pageText(pdf, p);
      expect(text.startsWith(label) || text.includes(`\n${label}\n`)).toBe(true);
      expect(text).toContain('This bar is 50 mm: print at 100%');
    });
  });

  it('covers the whole board at 1:1, each tile inside its page with >= 5 mm clear at the edges', () => {
    const { board, page } = tl;
    expect(tl.tiles.map((t) => t.label)).toEqual(['A1', 'A2', 'B1', 'B2']);
    for (const t of tl.tiles) {
      expect(t.origin.x).toBeGreaterThan(mm(20));
      expect(t.origin.y).toBeGreaterThan(mm(20));
      expect(t.origin.x + t.region.w).toBeLessThan(page.width - mm(20));
      expect(t.origin.y + t.region.h).toBeLessThan(page.height - mm(20));
    }
    const [a1, a2, b1, b2] = tl.tiles.map((t) => t.region);
    expect(a1.x).toBe(0);
    expect(a2.x + a2.w).toBeCloseTo(board.width, 6);
    expect(b2.y + b2.h).toBeCloseTo(board.height, 6);
    // Neighbours share exactly one overlap strip.
    expect(a1.x + a1.w - a2.x).toBeCloseTo(TILE_OVERLAP, 6);
    expect(a1.y + a1.h - b1.y).toBeCloseTo(TILE_OVERLAP, 6);
    expect(b2.x).toBe(a2.x);
    for (const raster of r) {
      const m = Math.floor(px(mm(5)));
      for (let y = 0; y < raster.height; y += 2) {
        for (const x of [0, m - 1, raster.width - m, raster.width - 1]) expect(grey(raster, x, y)).toBeGreaterThan(245);
      }
      for (let x = 0; x < raster.width; x += 2) for (const y of [0, m - 1, raster.height - m, raster.height - 1]) expect(grey(raster, x, y)).toBeGreaterThan(245);
    }
  });

  it('prints the same pixels in the shared strips, with no offset (the overlaps line up)', () => {
    const [A1, A2, B1] = tl.tiles;
    const inset = 3;
    const check = (ia: number, ib: number, x0: number, y0: number, w: number, h: number) => {
      const ta = tl.tiles[ia];
      const tb = tl.tiles[ib];
      const ax = Math.round(px(ta.origin.x - ta.region.x + x0)) + inset;
      const ay = Math.round(px(ta.origin.y - ta.region.y + y0)) + inset;
      const bx = Math.round(px(tb.origin.x - tb.region.x + x0)) + inset;
      const by = Math.round(px(tb.origin.y - tb.region.y + y0)) + inset;
      const best = bestShift(r[ia], ax, ay, r[ib], bx, by, Math.floor(px(w)) - 2 * inset, Math.floor(px(h)) - 2 * inset);
      expect(best.dx, `${ta.label}/${tb.label}`).toBe(0);
      expect(best.dy, `${ta.label}/${tb.label}`).toBe(0);
      // Aligned strips differ only by anti-aliasing (sub-pixel phase): ~2-5 grey levels; 2 px off is ~20.
      expect(best.diff, `${ta.label}/${tb.label}`).toBeLessThan(8);
    };
    // Vertical strip between A1 and A2, and between B1 and B2; horizontal strip between A1/B1 and A2/B2.
    check(0, 1, tl.joinX, A1.region.y, TILE_OVERLAP, A1.region.h);
    check(2, 3, tl.joinX, B1.region.y, TILE_OVERLAP, B1.region.h);
    check(0, 2, A1.region.x, tl.joinY, A1.region.w, TILE_OVERLAP);
    check(1, 3, A2.region.x, tl.joinY, A2.region.w, TILE_OVERLAP);
  });

  it('prints half registration targets centred on every join line', () => {
    for (const t of tl.targets) {
      const onJoin = Math.abs(t.x - tl.joinX) < 1e-6 || Math.abs(t.y - tl.joinY) < 1e-6;
      expect(onJoin).toBe(true);
    }
    expect(tl.targets).toHaveLength(8);
  });

  it('matches the golden image of tile A1', () => {
    const g = matchGolden('board-a4-tile-a1', pdf, { dpi: 40, page: 0 });
    expect(g.diffRatio, `${g.diffPixels} pixels differ (see test/golden/.out/)`).toBeLessThanOrEqual(0.002);
  });
});
