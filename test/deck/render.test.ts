import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLayout } from '../../src/data/deck.js';
import { builtinDecks } from '../../src/data/deck-builtin.js';
import { readDeckData } from '../../src/data/deck-data.js';
import { backSlot, BLEED } from '../../src/render/imposition.js';
import { renderDeckPdf } from '../../src/render/deck/render.js';
import { deckSheet, parseDeckSize, type DeckPaper } from '../../src/render/deck/sizes.js';
import { mm } from '../../src/geometry/sheet-layout.js';
import { matchGolden } from '../helpers/golden.js';
import { grey, pageCount, rasterize } from '../helpers/raster.js';
import { csv, pageText, render, simpleLayout, tmp } from './helpers.js';

describe('deck sizes and imposition', () => {
  const expected: [string, DeckPaper, number][] = [
    ['poker', 'a4', 9],
    ['poker', 'letter', 9],
    ['poker', 'a3', 18],
    ['bridge', 'a4', 9],
    ['bridge', 'letter', 8],
    ['tarot', 'a4', 4],
    ['square', 'a4', 8],
    ['30x30mm', 'a4', 54],
    ['190x130mm', 'a4', 2],
  ];
  for (const [size, paper, n] of expected) {
    it(`fits ${n} ${size} cards on ${paper}, bleed and crop marks inside the page`, () => {
      const s = deckSheet(parseDeckSize(size), paper);
      expect(s.perPage).toBe(n);
      const { block, page } = s;
      // The bleed plus 4 mm (where the crop marks run) stays on the page on every side.
      expect(block.x - BLEED - mm(4)).toBeGreaterThanOrEqual(-1e-6);
      expect(block.y - BLEED - mm(4)).toBeGreaterThanOrEqual(-1e-6);
      expect(page.width - (block.x + block.w) - BLEED - mm(4)).toBeGreaterThanOrEqual(-1e-6);
      expect(page.height - (block.y + block.h) - BLEED - mm(4)).toBeGreaterThanOrEqual(-1e-6);
      const card = parseDeckSize(size);
      if (card.kind === 'card') expect(s.slots[0].cut.w).toBeCloseTo(mm(card.w), 6);
    });
  }

  it('mirrors backs left-right for any grid (60 mm tiles, 3 across)', () => {
    const s = deckSheet(parseDeckSize('60x60mm'), 'a4');
    expect(s.cols).toBe(3);
    for (const slot of s.slots) {
      const b = backSlot(s, slot);
      expect(b.col).toBe(s.cols - 1 - slot.col);
      expect(b.cut.x + b.cut.w / 2).toBeCloseTo(s.page.width - (slot.cut.x + slot.cut.w / 2), 6);
    }
  });
});

describe('renderDeckPdf', () => {
  it('paginates 1, 9, 10 and 18 cards into 1, 1, 2 and 2 pages: no blank page, no dropped last page', async () => {
    for (const [n, pages] of [
      [1, 1],
      [9, 1],
      [10, 2],
      [18, 2],
    ] as const) {
      const r = await render(`count${n}`, simpleLayout(), csv(n));
      expect(r.cards).toBe(n);
      expect(pageCount(r.pdf), `${n} cards`).toBe(pages);
      const d = await render(`count${n}d`, simpleLayout(), csv(n), { duplex: true });
      expect(pageCount(d.pdf), `${n} cards duplex`).toBe(pages * 2);
    }
    // The 10th card alone on page 2 sits in the first slot; the other slots stay white.
    const r = await render('ten', simpleLayout(), csv(10));
    const s = r.sheet;
    const img = rasterize(r.pdf, 1, 30);
    const k = 30 / 72;
    const dark = (i: number) => grey(img, (s.slots[i].cut.x + s.slots[i].cut.w / 2) * k, (s.slots[i].cut.y + s.slots[i].cut.h / 2) * k) < 80;
    expect(s.slots.map((_, i) => dark(i))).toEqual(s.slots.map((_, i) => i === 0));
  });

  it('refuses a deck of 0 cards', async () => {
    await expect(render('zero', simpleLayout(), csv(0))).rejects.toThrow(/no cards to print/);
    await expect(render('zeroCopies', simpleLayout(), 'name,copies\na,0\nb,0\n')).rejects.toThrow(/no cards to print/);
  });

  it('puts each back behind its front when the sheet is flipped on the long edge, shifted by the offset', async () => {
    // Four cards: a back page whose first row has three backs and second row one, mirrored.
    const r = await render('duplex', simpleLayout(), csv(4), { duplex: true, backOffset: { x: 2, y: -1 } });
    const s = r.sheet;
    const dpi = 40;
    const k = dpi / 72;
    const back = rasterize(r.pdf, 1, dpi);
    for (let i = 0; i < s.perPage; i++) {
      const b = backSlot(s, s.slots[i], { x: 2, y: -1 });
      // The back's 20 mm black square sits 5 mm in from the back's cut corner.
      const v = grey(back, (b.cut.x + mm(15)) * k, (b.cut.y + mm(15)) * k);
      expect(v < 80, `slot ${i}`).toBe(i < 4);
      expect(b.cut.x).toBeCloseTo(s.page.width - s.slots[i].cut.x - s.slots[i].cut.w + mm(2), 6);
    }
  });

  it('gives the same bytes twice and embeds its fonts', async () => {
    const l = loadLayout(resolve('templates/waka/tasks.layout.json'));
    const d = readDeckData(l, resolve(l.dir, l.data!));
    const a = await renderDeckPdf(l, d, { paper: 'letter' });
    const b = await renderDeckPdf(l, d, { paper: 'letter' });
    expect(a.pdf.equals(b.pdf)).toBe(true);
    const f = join(tmp, 'fonts.pdf');
    writeFileSync(f, a.pdf);
    const out = execFileSync('pdffonts', [f], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(out.length).toBeGreaterThanOrEqual(2);
    for (const line of out) expect(line).toMatch(/ yes +yes +yes /);
  });

  // The first page of every built-in deck, at 40 dpi.
  for (const deck of builtinDecks()) {
    it(`draws ${deck.name} as before (golden), no text under 6 pt`, async () => {
      const l = loadLayout(deck.layout);
      const d = readDeckData(l, l.data ? resolve(l.dir, l.data) : undefined);
      const r = await renderDeckPdf(l, d, { paper: 'a4', duplex: Boolean(l.back) });
      const { sizes } = pageText(r.pdf, 0);
      expect(sizes.length).toBeGreaterThan(0);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(5.99);
      const res = matchGolden(`deck-${deck.name}`, r.pdf, { dpi: 40, maxDiffRatio: 0.002 });
      expect(res.diffRatio, `${deck.name}: ${res.diffPixels} pixels differ`).toBeLessThanOrEqual(0.002);
    });
  }
});
