/** Card images (--png), shop presets, Tabletop Simulator sheets, proof sheets and their file names. */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { loadLayout } from '../../src/data/deck.js';
import { readDeckData } from '../../src/data/deck-data.js';
import { renderCardImages, type CardImage, type CardImageOptions } from '../../src/render/deck/images.js';
import { cardBaseNames, slug } from '../../src/render/deck/names.js';
import { findPreset, presetSize, SHOP_PRESETS } from '../../src/render/deck/presets.js';
import { renderProof } from '../../src/render/deck/proof.js';
import { parseDeckSize } from '../../src/render/deck/sizes.js';
import { renderTtsSheets, ttsCell, ttsGrid, ttsSheets, TTS_PER_SHEET } from '../../src/render/deck/tts.js';
import { csv, simpleLayout, write } from './helpers.js';

function deck(name: string, layout: Record<string, unknown>, data: string) {
  const l = loadLayout(write(`${name}.layout.json`, layout));
  return { l, d: readDeckData(l, write(`${name}.csv`, data)) };
}

async function images(name: string, layout: Record<string, unknown>, data: string, opts: CardImageOptions): Promise<CardImage[]> {
  const { l, d } = deck(name, layout, data);
  const out: CardImage[] = [];
  await renderCardImages(l, d, opts, (img) => void out.push(img));
  return out;
}

/** A PNG's pixel size and recorded resolution. */
async function pngInfo(png: Buffer): Promise<{ width: number; height: number; density?: number }> {
  const m = await sharp(png).metadata();
  return { width: m.width!, height: m.height!, density: m.density };
}

/** Mean grey of a square of pixels of a PNG around (x, y). */
async function greyAt(png: Buffer, x: number, y: number, r = 3): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let n = 0;
  for (let j = y - r; j <= y + r; j++) {
    for (let i = x - r; i <= x + r; i++) {
      const k = (j * info.width + i) * info.channels;
      sum += (data[k] + data[k + 1] + data[k + 2]) / 3;
      n++;
    }
  }
  return sum / n;
}

describe('card images (--png)', () => {
  const plain = simpleLayout({ back: undefined });

  it('is the card plus its bleed at the asked dpi, or the trim alone with --trim', async () => {
    // Poker 63 x 88 mm with 3 mm bleed: 69 x 94 mm.
    const cases: [number, boolean, number, number][] = [
      [300, false, 815, 1110],
      [300, true, 744, 1039],
      [150, false, 407, 555],
      [600, true, 1488, 2079],
    ];
    for (const [dpi, trim, w, h] of cases) {
      const [img] = await images(`px${dpi}${trim}`, plain, csv(1), { dpi, trim });
      expect(await pngInfo(img.png), `${dpi} dpi${trim ? ' trimmed' : ''}`).toMatchObject({ width: w, height: h, density: dpi });
    }
  });

  it('puts the artwork through the bleed and cuts it off with --trim', async () => {
    // A black page background: with bleed the image's corner is black too; white cards only inside.
    const l = simpleLayout({ back: undefined, front: { background: '#000000', elements: [{ kind: 'rect', x: 3, y: 3, w: '100%-6', h: '100%-6', fill: '#ffffff' }] } });
    const [bled] = await images('bleedcorner', l, csv(1), { dpi: 100 });
    expect(await greyAt(bled.png, 3, 3)).toBeLessThan(20);
    // 3 mm bleed + 3 mm black border = 6 mm = 23.6 px at 100 dpi; the white starts after it.
    expect(await greyAt(bled.png, 30, 30)).toBeGreaterThan(235);
    const [cut] = await images('trimcorner', l, csv(1), { dpi: 100, trim: true });
    expect(await greyAt(cut.png, 5, 5)).toBeLessThan(20);
    expect(await greyAt(cut.png, 17, 17)).toBeGreaterThan(235);
  });

  it('writes each card a front and a -back image, in deck order, named safely', async () => {
    const l = simpleLayout({ columns: { name: 'text' } });
    const out = await images('names', l, 'name,copies\nFire in a Bottle!,2\nÆther / Ærø: ½,1\nCON,1\n', { dpi: 72 });
    expect(out.map((i) => i.file).sort()).toEqual(
      ['001-fire-in-a-bottle.png', '001-fire-in-a-bottle-back.png', '002-fire-in-a-bottle.png', '002-fire-in-a-bottle-back.png', '003-aether-aero-1-2.png', '003-aether-aero-1-2-back.png', '004-con.png', '004-con-back.png'].sort(),
    );
  });

  it('makes names safe for every file system', () => {
    expect(slug('Fire in a Bottle!')).toBe('fire-in-a-bottle');
    expect(slug('../../etc/passwd')).toBe('etc-passwd');
    expect(slug('Crème brûlée: "deluxe" <v2>')).toBe('creme-brulee-deluxe-v2');
    expect(slug('日本語')).toBe('');
    expect(slug('a'.repeat(100))).toHaveLength(40);
    expect(slug('word '.repeat(20))).toMatch(/^(word-)*word$/);
    const { l, d } = deck('pad', simpleLayout(), csv(1200));
    const names = cardBaseNames(l, d);
    expect(names[0]).toBe('0001-card-1');
    expect(names[1199]).toBe('1200-card-1200');
  });

  it('matches each shop preset\'s published pixel size at 300 dpi', async () => {
    for (const p of SHOP_PRESETS) {
      const { size, bleedMm } = presetSize(p);
      const [img] = await images(`preset-${p.name}`, plain, csv(1), { size, bleedMm, dpi: p.dpi });
      expect(await pngInfo(img.png), p.name).toMatchObject({ width: p.px.w, height: p.px.h, density: 300 });
    }
    expect(findPreset('TGC-Poker').px).toEqual({ w: 825, h: 1125 });
    expect(() => findPreset('tgc-jumbo')).toThrow(/preset: unknown preset "tgc-jumbo" \(expected tgc-poker, /);
  });
});

describe('Tabletop Simulator sheets (--tts)', () => {
  it('lays out up to 10 x 7 with the last slot for the hidden face, at least 2 x 2', () => {
    expect(ttsGrid(69)).toEqual({ columns: 10, rows: 7 });
    expect(ttsGrid(11)).toEqual({ columns: 10, rows: 2 });
    expect(ttsGrid(9)).toEqual({ columns: 10, rows: 2 });
    expect(ttsGrid(5)).toEqual({ columns: 6, rows: 2 });
    expect(ttsGrid(1)).toEqual({ columns: 2, rows: 2 });
    expect(ttsSheets(69)).toEqual([{ first: 0, cards: 69 }]);
    expect(ttsSheets(70)).toEqual([
      { first: 0, cards: 69 },
      { first: 69, cards: 1 },
    ]);
    expect(ttsSheets(139).map((s) => s.cards)).toEqual([69, 69, 1]);
  });

  it('keeps every sheet within the largest side, and cards at most at the asked dpi', () => {
    const poker = ttsCell({ w: 63, h: 88 }, 10, 7, 4096, 300);
    expect(poker).toEqual({ width: 409, height: 571 });
    expect(poker.height * 7).toBeLessThanOrEqual(4096);
    const tarot = ttsCell({ w: 70, h: 120 }, 10, 7, 4096, 300);
    expect(tarot.height * 7).toBeLessThanOrEqual(4096);
    expect(tarot.width * 10).toBeLessThanOrEqual(4096);
    expect(ttsCell({ w: 63, h: 88 }, 2, 2, 4096, 300)).toEqual({ width: 744, height: 1039 });
    expect(ttsCell({ w: 63, h: 88 }, 10, 7, 2048, 300).width).toBe(204);
  });

  it('splits 70 cards onto two sheets, the hidden face (the back) in each last slot, empty slots white', async () => {
    const { l, d } = deck('tts70', simpleLayout(), csv(70));
    const r = await renderTtsSheets(l, d, { name: 'tts70', dpi: 100 });
    expect(r.sheets.map((s) => [s.columns, s.rows, s.cards, s.first, s.last])).toEqual([
      [10, 7, 69, 1, 69],
      [2, 2, 1, 70, 70],
    ]);
    expect(r.manifest).toMatchObject({ cards: 70, back: 'tts70-back.png', uniqueBacks: false });
    expect(r.files.map((f) => f.file)).toEqual(['tts70-1.png', 'tts70-2.png', 'tts70-back.png', 'tts70-tts.json']);
    const cell = r.card;
    const [first, second] = r.files;
    expect(await pngInfo(first.data)).toMatchObject({ width: 10 * cell.width, height: 7 * cell.height });
    expect(Math.max(10 * cell.width, 7 * cell.height)).toBeLessThanOrEqual(4096);
    // Fronts: a black box from 5 mm in; backs: a 20 mm black square 5 mm in, white elsewhere.
    const px = (mmv: number) => Math.round((mmv / 63) * cell.width);
    const at = (col: number, row: number, x: number, y: number) => [col * cell.width + px(x), row * cell.height + px(y)] as const;
    expect(await greyAt(first.data, ...at(0, 0, 30, 45))).toBeLessThan(30);
    expect(await greyAt(first.data, ...at(8, 6, 30, 45))).toBeLessThan(30);
    expect(await greyAt(first.data, ...at(9, 6, 15, 15))).toBeLessThan(30);
    expect(await greyAt(first.data, ...at(9, 6, 30, 45))).toBeGreaterThan(225);
    expect(await greyAt(second.data, ...at(0, 0, 30, 45))).toBeLessThan(30);
    expect(await greyAt(second.data, ...at(1, 0, 30, 45))).toBeGreaterThan(225);
    expect(await greyAt(second.data, ...at(1, 1, 15, 15))).toBeLessThan(30);
    expect(JSON.parse(r.files[3].data.toString()).sheets[1]).toMatchObject({ file: 'tts70-2.png', columns: 2, rows: 2, cards: 1 });
  });

  it('gives backs that change from card to card a sheet of their own', async () => {
    const l = simpleLayout({ back: { background: '{name}', elements: [] }, columns: { name: 'text' } });
    const { l: lay, d } = deck('ttsbacks', l, 'name\n#ff0000\n#0000ff\n');
    const r = await renderTtsSheets(lay, d, { name: 'ttsbacks', dpi: 50 });
    expect(r.back).toBeNull();
    expect(r.files.map((f) => f.file)).toEqual(['ttsbacks-1.png', 'ttsbacks-1-backs.png', 'ttsbacks-tts.json']);
    expect(r.sheets[0].backs).toBe('ttsbacks-1-backs.png');
  });
});

describe('proof sheet (--proof)', () => {
  it('shows each data row once with the back, at a size to look at', async () => {
    const { l, d } = deck('proof', simpleLayout(), 'name,copies\na,3\nb,1\nc,2\n');
    const r = await renderProof(l, d);
    expect(r.cards).toBe(3);
    const info = await pngInfo(r.png);
    expect(info.width).toBe(r.width);
    expect(r.width).toBeGreaterThan(300);
    expect(Math.max(r.width, r.height)).toBeLessThanOrEqual(8000);
  });

  it('keeps the whole-page size of a component', async () => {
    const { l, d } = deck('proofpage', simpleLayout({ size: 'a4' }), csv(2));
    const r = await renderProof(l, d, { size: parseDeckSize('a4') });
    expect(r.width).toBeGreaterThan(r.height);
  });
});
