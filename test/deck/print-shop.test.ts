/**
 * PDFs a print shop takes as they are: one card a page at trim size plus bleed with TrimBox and BleedBox set, read
 * back with poppler's `pdfinfo -box` and checked with `qpdf --check`; the 9-up sheets and the discovery cards set
 * the boxes round their block of cards; the board (no bleed) keeps them equal to the page.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadLayout } from '../../src/data/deck.js';
import { readDeckData } from '../../src/data/deck-data.js';
import { renderBoardPdf } from '../../src/render/board/index.js';
import { renderCardsPdf } from '../../src/render/cards.js';
import { presetSize, findPreset } from '../../src/render/deck/presets.js';
import { renderDeckPdf, renderDeckSinglePdf } from '../../src/render/deck/render.js';
import { mm } from '../../src/geometry/sheet-layout.js';
import { BLEED } from '../../src/render/imposition.js';
import { csv, simpleLayout, tmp, write } from './helpers.js';

type Rect = [number, number, number, number];
interface Boxes {
  media: Rect;
  trim: Rect;
  bleed: Rect;
}

/** The page boxes of every page, as `pdfinfo -box` reads them. */
function pdfBoxes(pdf: Buffer, name: string): Boxes[] {
  const f = join(tmp, `${name}.pdf`);
  writeFileSync(f, pdf);
  const out = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '9999', f], { encoding: 'utf8' });
  const pages: Boxes[] = [];
  for (const m of out.matchAll(/^Page\s+(\d+)\s+(MediaBox|TrimBox|BleedBox):\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/gm)) {
    const p = Number(m[1]) - 1;
    pages[p] ??= {} as Boxes;
    const key = m[2] === 'MediaBox' ? 'media' : m[2] === 'TrimBox' ? 'trim' : 'bleed';
    pages[p][key] = [Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])];
  }
  return pages;
}

function qpdfCheck(pdf: Buffer, name: string): void {
  const f = join(tmp, `${name}-q.pdf`);
  writeFileSync(f, pdf);
  const r = spawnSync('qpdf', ['--check', f], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/No syntax or stream encoding errors found/);
}

const size = (r: Rect) => [r[2] - r[0], r[3] - r[1]];
const pt = (mmv: number) => mm(mmv);

function potions() {
  const l = loadLayout(resolve('templates/examples/potions.layout.json'));
  return { l, d: readDeckData(l, resolve(l.dir, l.data!)) };
}

describe('print-shop PDFs', () => {
  it('--single: one card a page, TrimBox the card exactly, BleedBox 3 mm round it, qpdf clean', async () => {
    const { l, d } = potions();
    const r = await renderDeckSinglePdf(l, d, { backs: true });
    const pages = pdfBoxes(r.pdf, 'single');
    expect(pages).toHaveLength(22);
    for (const p of pages) {
      expect(size(p.trim)[0]).toBeCloseTo(pt(63), 1);
      expect(size(p.trim)[1]).toBeCloseTo(pt(88), 1);
      expect(p.trim[0]).toBeCloseTo(pt(3), 1);
      expect(p.trim[1]).toBeCloseTo(pt(3), 1);
      expect(p.bleed).toEqual(p.media);
      expect(size(p.media)[0]).toBeCloseTo(pt(69), 1);
      expect(size(p.media)[1]).toBeCloseTo(pt(94), 1);
    }
    qpdfCheck(r.pdf, 'single');
  });

  it('--single --preset tgc-poker: 2.5 x 3.5 in trimmed, 1/8 in bleed', async () => {
    const { l, d } = potions();
    const { size: s, bleedMm } = presetSize(findPreset('tgc-poker'));
    const r = await renderDeckSinglePdf(l, d, { size: s, bleedMm });
    const [p] = pdfBoxes(r.pdf, 'tgc');
    expect(size(p.trim)).toEqual([180, 252]);
    expect(size(p.media)).toEqual([198, 270]);
    expect(p.trim.slice(0, 2)).toEqual([9, 9]);
    qpdfCheck(r.pdf, 'tgc');
  });

  it('embeds every font and places images at their full resolution', async () => {
    const { l, d } = potions();
    const r = await renderDeckSinglePdf(l, d, { backs: true });
    const f = join(tmp, 'single-fonts.pdf');
    writeFileSync(f, r.pdf);
    const fonts = execFileSync('pdffonts', [f], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const line of fonts) expect(line).toMatch(/ yes +yes +yes /);
    const meta = await sharp(resolve('templates/examples/flask.png')).metadata();
    const images = execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThan(0);
    for (const line of images.filter((x) => / image /.test(x))) {
      const [, , , w, h] = line.trim().split(/\s+/);
      expect([Number(w), Number(h)]).toEqual([meta.width, meta.height]);
    }
  });

  it('9-up deck sheets: TrimBox the block of cards, BleedBox 3 mm round it; backs move with the offset', async () => {
    const { l, d } = potions();
    const r = await renderDeckPdf(l, d, { paper: 'a4', duplex: true, backOffset: { x: 1, y: -0.5 } });
    const pages = pdfBoxes(r.pdf, 'sheet');
    const [front, back] = pages;
    const block = r.sheet.block;
    expect(size(front.trim)[0]).toBeCloseTo(block.w, 1);
    expect(size(front.trim)[1]).toBeCloseTo(block.h, 1);
    expect(front.trim[0]).toBeCloseTo(block.x, 1);
    expect(front.trim[3]).toBeCloseTo(r.sheet.page.height - block.y, 1);
    expect(front.bleed[0]).toBeCloseTo(block.x - BLEED, 1);
    expect(back.trim[0] - front.trim[0]).toBeCloseTo(pt(1), 1);
    // -0.5 mm is up the page: PDF boxes count from the bottom.
    expect(back.trim[1] - front.trim[1]).toBeCloseTo(pt(0.5), 1);
    qpdfCheck(r.pdf, 'sheet');
  });

  it('discovery cards set the boxes round their 3 x 3 block; the board and whole-page components, without bleed, keep them the page', async () => {
    const cards = pdfBoxes(await renderCardsPdf({ paper: 'a4', duplex: true }), 'cards');
    for (const p of cards) {
      expect(size(p.trim)[0]).toBeCloseTo(pt(3 * 63), 1);
      expect(size(p.trim)[1]).toBeCloseTo(pt(3 * 88), 1);
      expect(size(p.bleed)[0]).toBeCloseTo(pt(3 * 63 + 6), 1);
    }
    const [board] = pdfBoxes(await renderBoardPdf({ paper: 'a3' }), 'board');
    expect(board.trim).toEqual(board.media);
    const page = loadLayout(write('wholepage.layout.json', simpleLayout({ size: 'a4' })));
    const whole = await renderDeckPdf(page, readDeckData(page, write('wholepage.csv', csv(2))), { paper: 'a4' });
    for (const p of pdfBoxes(whole.pdf, 'wholepage')) expect(p.trim).toEqual(p.media);
    // A 120 x 90 mm tile is cut from its sheet: the boxes are set round it.
    const tile = loadLayout(resolve('templates/waka/overview.layout.json'));
    const [t] = pdfBoxes((await renderDeckPdf(tile, readDeckData(tile, undefined), { paper: 'a4' })).pdf, 'overview');
    expect(size(t.trim)[0]).toBeCloseTo(pt(120), 1);
  });
});
