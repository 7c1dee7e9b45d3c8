import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { cardsPageCount, renderCalibrationPdf, renderCardsPdf } from '../../src/render/cards.js';
import { backSlot, BLEED, CARD_H, CARD_W, cardPage, paginate } from '../../src/render/imposition.js';
import { mm } from '../../src/geometry/sheet-layout.js';
import { matchGolden } from '../helpers/golden.js';
import { grey, pageCount, rasterize, type Raster } from '../helpers/raster.js';

const game = loadGame();

describe('imposition', () => {
  it('paginates 0, 1, 9, 10, 18 and 19 cards into 0, 1, 1, 2, 2 and 3 pages', () => {
    const counts = [0, 1, 9, 10, 18, 19].map((n) => paginate(Array.from({ length: n }, (_, i) => i)).map((p) => p.length));
    expect(counts).toEqual([[], [1], [9], [9, 1], [9, 9], [9, 9, 1]]);
    expect([0, 1, 9, 10, 18].map((n) => cardsPageCount(n, true))).toEqual([0, 2, 2, 4, 4]);
  });

  for (const paper of ['a4', 'letter'] as const) {
    it(`puts nine 63 x 88 mm cards on ${paper} with their bleed and crop marks on the page`, () => {
      const s = cardPage(paper);
      expect(s.slots).toHaveLength(9);
      for (const slot of s.slots) {
        expect(slot.cut.w).toBeCloseTo(mm(63), 6);
        expect(slot.cut.h).toBeCloseTo(mm(88), 6);
      }
      // The block is centred and its bleed plus 1 mm (where the crop marks start) stays on the page.
      expect(s.block.x).toBeCloseTo((s.page.width - 3 * CARD_W) / 2, 6);
      expect(s.block.y - BLEED - mm(1)).toBeGreaterThan(mm(1.5));
      expect(s.block.x - BLEED - mm(1)).toBeGreaterThan(mm(1.5));
      // Cards touch at the cut lines; only the block's outer edges get bleed.
      expect(s.slots[1].cut.x).toBeCloseTo(s.slots[0].cut.x + CARD_W, 6);
      expect(s.slots[0].clip).toEqual({ x: s.slots[0].cut.x - BLEED, y: s.slots[0].cut.y - BLEED, w: CARD_W + BLEED, h: CARD_H + BLEED });
      expect(s.slots[4].clip).toEqual(s.slots[4].cut);
    });
  }

  it('mirrors backs left-right for long-edge flipping and shifts them by the offset', () => {
    const s = cardPage('a4');
    for (const slot of s.slots) {
      const b = backSlot(s, slot);
      expect(b.row).toBe(slot.row);
      expect(b.col).toBe(2 - slot.col);
      // Mirror image about the page's vertical centre line.
      expect(b.cut.x + b.cut.w / 2).toBeCloseTo(s.page.width - (slot.cut.x + slot.cut.w / 2), 6);
      const o = backSlot(s, slot, { x: 1.5, y: -2 });
      expect(o.cut.x - b.cut.x).toBeCloseTo(mm(1.5), 6);
      expect(o.cut.y - b.cut.y).toBeCloseTo(mm(-2), 6);
    }
  });
});

/** Mean grey of a box (PDF points) in a raster at `dpi`. */
function meanGrey(r: Raster, x: number, y: number, w: number, h: number, dpi: number): number {
  const k = dpi / 72;
  let sum = 0;
  let n = 0;
  for (let py = Math.round(y * k); py < (y + h) * k; py += 2) {
    for (let px = Math.round(x * k); px < (x + w) * k; px += 2) {
      sum += grey(r, px, py);
      n++;
    }
  }
  return sum / n;
}

describe('renderCardsPdf', () => {
  it('prints the deck on 2 pages, 4 with backs, and the partly filled last page like the full ones', async () => {
    const pdf = await renderCardsPdf({ paper: 'a4', game });
    expect(pageCount(pdf)).toBe(2);
    const duplex = await renderCardsPdf({ paper: 'a4', duplex: true, game });
    expect(pageCount(duplex)).toBe(4);
    const s = cardPage('a4');
    // Page 2 holds cards 10-15: rows 0 and 1 filled, row 2 empty; its backs (page 4) the same rows, mirrored.
    const front = rasterize(duplex, 2, 50);
    const back = rasterize(duplex, 3, 50);
    for (const slot of s.slots) {
      const c = slot.cut;
      const filled = slot.row < 2;
      expect(meanGrey(front, c.x + mm(5), c.y + mm(20), c.w - mm(10), c.h - mm(30), 50) < 252, `front slot ${slot.index}`).toBe(filled);
      expect(meanGrey(back, c.x + mm(5), c.y + mm(20), c.w - mm(10), c.h - mm(30), 50) < 200, `back slot ${slot.index}`).toBe(filled);
    }
    expect(matchGolden('cards-a4-front', duplex, { page: 0, dpi: 50 }).diffRatio).toBeLessThanOrEqual(0.001);
    expect(matchGolden('cards-a4-back', duplex, { page: 1, dpi: 50 }).diffRatio).toBeLessThanOrEqual(0.001);
  });

  it('prints chosen cards only, on Letter too', async () => {
    const pdf = await renderCardsPdf({ paper: 'letter', cards: ['Gold', 'Road', 'Mammothus'], game });
    expect(pageCount(pdf)).toBe(1);
    expect(matchGolden('cards-letter-three', pdf, { dpi: 50 }).diffRatio).toBeLessThanOrEqual(0.001);
  });

  it('gives the same bytes twice', async () => {
    const a = await renderCardsPdf({ paper: 'a4', duplex: true, backOffset: { x: 1, y: -1 }, game });
    const b = await renderCardsPdf({ paper: 'a4', duplex: true, backOffset: { x: 1, y: -1 }, game });
    expect(a.equals(b)).toBe(true);
  });

  it('makes a two-page calibration whose back scales move with the offset', async () => {
    const pdf = await renderCalibrationPdf({ paper: 'a4' });
    expect(pageCount(pdf)).toBe(2);
    expect(matchGolden('calibration-a4-back', pdf, { page: 1, dpi: 50 }).diffRatio).toBeLessThanOrEqual(0.001);
    // With an offset of +2 mm in X the whole back moves 2 mm right: compare the column profile of the page.
    const shifted = await renderCalibrationPdf({ paper: 'a4', backOffset: { x: 2, y: 0 } });
    const dpi = 150;
    const a = rasterize(pdf, 1, dpi);
    const b = rasterize(shifted, 1, dpi);
    const profile = (r: Raster) => Array.from({ length: r.width }, (_, x) => {
      let s = 0;
      for (let y = Math.round(r.height * 0.4); y < r.height * 0.6; y += 2) s += 255 - grey(r, x, y);
      return s;
    });
    const pa = profile(a);
    const pb = profile(b);
    let best = 0;
    let bestScore = -Infinity;
    for (let d = -20; d <= 20; d++) {
      let s = 0;
      for (let x = 30; x < pa.length - 30; x++) s += pa[x] * pb[x + d];
      if (s > bestScore) {
        bestScore = s;
        best = d;
      }
    }
    expect(Math.abs(best - (2 / 25.4) * dpi)).toBeLessThanOrEqual(1);
  });
});
