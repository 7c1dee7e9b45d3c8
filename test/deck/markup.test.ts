/** Markup in text cells: bold, italic, colour spans and inline icons on the baseline, wrapping with the words. */
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/errors.js';
import { hasMarkup, parseParagraph } from '../../src/render/deck/markup.js';
import { ICON_DROP_EM, ICON_EM } from '../../src/render/deck/text.js';
import { mm } from '../../src/geometry/sheet-layout.js';
import { matchGolden } from '../helpers/golden.js';
import { rasterize, type Raster } from '../helpers/raster.js';
import { loadLayout } from '../../src/data/deck.js';
import { readDeckData } from '../../src/data/deck-data.js';
import { renderDeckSinglePdf } from '../../src/render/deck/render.js';
import { pageText, render, simpleLayout, write } from './helpers.js';

/** The card alone on its page, its top-left corner the page's (no bleed): page points are card points. */
async function card(name: string, layout: Record<string, unknown>) {
  const l = loadLayout(write(`${name}.layout.json`, layout));
  return renderDeckSinglePdf(l, readDeckData(l, write(`${name}.csv`, 'name\na\n')), { bleedMm: 0 });
}

const ICONS = { sq: 'M0 0h24v24H0z', coin: 'M12 2a10 10 0 1 0 0.01 0z', bolt: 'M13.6 1.6 L4 13.8 H11 L9.8 22.4 L20 9.4 H13 Z' };

/** A big single card with one text element, on a white ground without the helper's black box. */
function textCard(text: string, box: { x: number; y: number; w: number; h: number }, extra: Record<string, unknown> = {}) {
  return simpleLayout({
    size: '100x60mm',
    icons: ICONS,
    colors: { fire: '#c0392b' },
    columns: { name: 'text' },
    front: { background: '#ffffff', elements: [{ kind: 'text', text, ...box, size: 24, minSize: 24, color: '#000000', ...extra }] },
    back: undefined,
  });
}

/** Bounding boxes (pixels) of the pixels matching `pick`, grouped into blobs by rows of the raster. */
function rowsOf(r: Raster, pick: (red: number, g: number, b: number) => boolean, within: { x0: number; y0: number; x1: number; y1: number }) {
  const rows: { y0: number; y1: number; x0: number; x1: number }[] = [];
  let cur: (typeof rows)[number] | null = null;
  for (let y = within.y0; y < within.y1; y++) {
    let x0 = Infinity;
    let x1 = -Infinity;
    for (let x = within.x0; x < within.x1; x++) {
      const i = (y * r.width + x) * 4;
      if (pick(r.data[i], r.data[i + 1], r.data[i + 2])) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
      }
    }
    if (x1 >= x0) {
      if (cur && cur.y1 === y - 1) {
        cur.y1 = y;
        cur.x0 = Math.min(cur.x0, x0);
        cur.x1 = Math.max(cur.x1, x1);
      } else rows.push((cur = { y0: y, y1: y, x0, x1 }));
    }
  }
  return rows;
}

const red = (r: number, g: number, b: number) => r > 150 && g < 90 && b < 90;
const dark = (r: number, g: number, b: number) => r < 90 && g < 90 && b < 90;

describe('markup', () => {
  it('parses bold, italic, colour spans, icons and escapes into words', () => {
    const words = parseParagraph('Pay :coin:2, **gain** *one* [color=fire]hot :bolt:[/color] \\*x\\: 10:30');
    const flat = words.map((w) => w.map((p) => (p.kind === 'icon' ? `<${p.name}>` : `${p.text}${p.style.bold ? '/b' : ''}${p.style.italic ? '/i' : ''}${p.style.color ? `/${p.style.color}` : ''}`)).join('+'));
    expect(flat).toEqual(['Pay', '<coin>+2,', 'gain/b', 'one/i', 'hot/fire', '<bolt>', '*x:', '10:30']);
  });

  it('keeps lone stars, colons and brackets as they are', () => {
    expect(hasMarkup('Deal 3 damage. Draw a card.')).toBe(false);
    const words = parseParagraph('2*3 = 6 [Action] a: b');
    expect(words.map((w) => w.map((p) => (p.kind === 'text' ? p.text : '?')).join(''))).toEqual(['2*3', '=', '6', '[Action]', 'a:', 'b']);
  });

  it('places an inline icon on the baseline at the text size', async () => {
    // "H:sq:H" at 24 pt: the H's bottom is the baseline, its height the cap height.
    const l = textCard('H[color=#ff0000]:sq:[/color]H', { x: 10, y: 10, w: 80, h: 40 });
    const r = await card('iconbase', l);
    const dpi = 288;
    const k = dpi / 72;
    const img = rasterize(r.pdf, 0, dpi);
    const area = { x0: Math.round(mm(5) * k), y0: Math.round(mm(5) * k), x1: Math.round(mm(95) * k), y1: Math.round(mm(50) * k) };
    const [sq] = rowsOf(img, red, area);
    const [h] = rowsOf(img, dark, area);
    const em = 24 * k;
    expect((sq.y1 - sq.y0 + 1) / em).toBeCloseTo(ICON_EM, 1);
    // Its bottom a tenth of an em below the baseline, so it centres on the capitals.
    expect((sq.y1 - h.y1) / em).toBeCloseTo(ICON_DROP_EM, 1);
    const capMid = (h.y0 + h.y1) / 2;
    expect(Math.abs((sq.y0 + sq.y1) / 2 - capMid) / em).toBeLessThan(0.05);
    // Between the two H's, not over them.
    const hs = rowsOf(img, dark, { ...area, x1: sq.x0 });
    expect(hs[0].x1).toBeLessThan(sq.x0);
  });

  it('wraps icons with the words they touch', async () => {
    const l = textCard('one[color=#ff0000]:sq:[/color] two[color=#ff0000]:sq:[/color] three[color=#ff0000]:sq:[/color]', { x: 5, y: 5, w: 35, h: 50 });
    const r = await card('iconwrap', l);
    const dpi = 144;
    const k = dpi / 72;
    const img = rasterize(r.pdf, 0, dpi);
    const area = { x0: 0, y0: 0, x1: img.width, y1: img.height };
    const squares = rowsOf(img, red, area);
    expect(squares).toHaveLength(3);
    for (const s of squares) {
      // Each square ends its own line, right after its word, inside the box.
      const words = rowsOf(img, dark, { x0: 0, y0: s.y0, x1: s.x0, y1: s.y1 + 1 });
      expect(words.length).toBeGreaterThan(0);
      expect(s.x0 - Math.max(...words.map((w) => w.x1))).toBeLessThan(6 * k);
      expect(s.x1).toBeLessThan(mm(40) * k);
    }
    expect(new Set(squares.map((s) => Math.round(s.y0 / 10))).size).toBe(3);
  });

  it('draws bold, italic and coloured words in their fonts (golden)', async () => {
    const l = textCard('Pay :coin: 2, gain :bolt: **twice**, then *discard* a card and [color=fire]burn :bolt: it[/color].', { x: 5, y: 5, w: 90, h: 50 }, { size: 14, minSize: 10 });
    const r = await card('richgolden', l);
    const fonts = pageText(r.pdf).text;
    expect(fonts).toContain('twice');
    const res = matchGolden('deck-inline-icons', r.pdf, { dpi: 100, maxDiffRatio: 0.002 });
    expect(res.diffRatio, `${res.diffPixels} pixels differ`).toBeLessThanOrEqual(0.002);
  });

  it('names the unknown icon, row and column; a literal one names the layout field', async () => {
    const l = simpleLayout({ icons: ICONS, columns: { name: 'text', text: 'text' }, front: { elements: [{ kind: 'text', field: 'text', w: 50, h: 20 }] } });
    const err = await render('badicon', l, 'name,text\na,Pay :coin: 2\nb,Gain :star: now\n').catch((e) => e);
    expect(err).toBeInstanceOf(UserError);
    expect(err.message).toMatch(/badicon\.csv row 3, column 'text': unknown icon ":star:" in the text \(the layout's icons: sq, coin, bolt; write \\: for a plain colon\)/);
    const lit = simpleLayout({ icons: ICONS, front: { elements: [{ kind: 'text', text: '{name} :star:', w: 50, h: 20 }] } });
    const err2 = await render('literalicon', lit, 'name\na\n').catch((e) => e);
    expect(err2.message).toMatch(/literalicon\.layout\.json: front\.elements\[0\]\.text: unknown icon ":star:"/);
    const col = simpleLayout({ colors: { fire: '#c0392b' }, columns: { name: 'text', text: 'text' }, front: { elements: [{ kind: 'text', field: 'text', w: 50, h: 20 }] } });
    const err3 = await render('badspan', col, 'name,text\na,[color=ice]cold[/color]\n').catch((e) => e);
    expect(err3.message).toMatch(/badspan\.csv row 2, column 'text': unknown colour "ice" \(expected "#rrggbb" or one of fire\)/);
  });
});
