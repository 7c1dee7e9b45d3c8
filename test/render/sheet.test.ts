import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { createSetup, decodeSheetTag } from '../../src/engine/setup.js';
import { renderSheetPdf, writeSheetPdf } from '../../src/render/sheet.js';
import { mm, sheetGeometry, sheetLayout, type SheetGeometry } from '../../src/geometry/sheet-layout.js';
import { matchGolden } from '../helpers/golden.js';
import { decodeQr, grey, pageCount, rasterize, type Raster } from '../helpers/raster.js';

const game = loadGame();
const DPI = 150;
const px = (pt: number) => (pt * DPI) / 72;

describe('sheetGeometry', () => {
  for (const paper of ['a4', 'letter'] as const) {
    it(`keeps the contract on ${paper}`, () => {
      const g = sheetGeometry('A', paper);
      expect(g.grid).toMatchObject({ rows: 12, cols: 12 });
      expect(g.grid.cell).toBeCloseTo(mm(11), 1);
      expect(g.markers).toHaveLength(4);
      for (const m of g.markers) expect(m.size).toBeCloseTo(mm(10), 1);
      const [tl, tr, br, bl] = g.markers;
      expect(tl.x).toBeCloseTo(mm(8), 1);
      expect(tl.y).toBeCloseTo(mm(8), 1);
      expect(g.page.width - (tr.x + tr.size)).toBeCloseTo(mm(8), 1);
      expect(g.page.height - (br.y + br.size)).toBeCloseTo(mm(8), 1);
      expect(bl.x).toBe(tl.x);
      expect(br.x).toBe(tr.x);
      // The land, the QR and the markers' 3 mm clear zones do not overlap; all stay on the page.
      const land = { x: g.grid.x, y: g.grid.y, w: 12 * g.grid.cell, h: 12 * g.grid.cell };
      const qr = { x: g.qr.x, y: g.qr.y, w: g.qr.size, h: g.qr.size };
      const overlap = (a: typeof land, b: typeof land) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      const grow = (b: typeof land, d: number) => ({ x: b.x - d, y: b.y - d, w: b.w + 2 * d, h: b.h + 2 * d });
      expect(overlap(grow(land, mm(4)), qr)).toBe(false);
      for (const m of g.markers) {
        const mb = grow({ x: m.x, y: m.y, w: m.size, h: m.size }, mm(3));
        expect(overlap(mb, grow(land, mm(4)))).toBe(false);
        expect(overlap(mb, qr)).toBe(false);
      }
      expect(land.x + land.w).toBeLessThan(g.page.width);
      expect(land.y + land.h).toBeLessThan(g.page.height);
      expect(g.qr.size).toBeGreaterThanOrEqual(mm(24));
      expect(g.center).toEqual({ x: +(g.grid.x + 6 * g.grid.cell).toFixed(2), y: +(g.grid.y + 6 * g.grid.cell).toFixed(2) });
    });
  }

  it('puts the land at the same place and size on A4 and Letter, sides A and B alike', () => {
    const a = sheetGeometry('A', 'a4');
    const l = sheetGeometry('B', 'letter');
    expect(l.grid.cell).toBe(a.grid.cell);
    expect(l.grid.y).toBe(a.grid.y);
    expect(sheetGeometry('B', 'a4').grid).toEqual(a.grid);
  });
});

describe('renderSheetPdf', () => {
  const setup = createSetup(game, 'golden', 'A', 3);
  const setupB = createSetup(game, 'golden', 'B', 1);
  let pdfA: Buffer;
  let pdfB: Buffer;
  let rA: Raster;
  beforeAll(async () => {
    pdfA = await renderSheetPdf({ side: 'A', paper: 'a4', setup });
    pdfB = await renderSheetPdf({ side: 'B', paper: 'letter', setup: setupB });
    rA = rasterize(pdfA, 1, DPI);
  });

  it('has one page per player', () => {
    expect(pageCount(pdfA)).toBe(3);
    expect(pageCount(pdfB)).toBe(1);
  });

  it('carries the setup and the player number in a QR code that decodes', async () => {
    const texts = await decodeQr(rA);
    expect(texts).toHaveLength(1);
    const tag = decodeSheetTag(texts[0], game.cards.map((c) => c.name));
    expect(tag).toEqual({ game: setup.id, side: 'A', paper: 'a4', player: 2, cards: setup.cards });
    const tb = decodeSheetTag((await decodeQr(rasterize(pdfB, 0, DPI)))[0] ?? '', game.cards.map((c) => c.name));
    expect(tb).toMatchObject({ side: 'B', paper: 'letter', player: 1, cards: setupB.cards });
  });

  it('draws the borderline, center point and markers where the geometry says (within 1 px at 150 dpi)', () => {
    const g = sheetGeometry('A', 'a4');
    checkGrid(rA, g);
    checkGrid(rasterize(pdfB, 0, DPI), sheetGeometry('B', 'letter'));
  });


  it.each([
    ['A', 'letter'],
    ['B', 'a4'],
  ] as const)('keeps the clear zones on side %s, %s too', async (side, paper) => {
    const pdf = await renderSheetPdf({ side, paper, setup: createSetup(game, 'zones', side, 1) });
    checkClearZones(rasterize(pdf, 0, DPI), sheetGeometry(side, paper));
  });

  it('keeps them on A4 side A and Letter side B', () => {
    for (const [r, g] of [
      [rA, sheetGeometry('A', 'a4')],
      [rasterize(pdfB, 0, DPI), sheetGeometry('B', 'letter')],
    ] as const) checkClearZones(r, g);
  });

  it('gives the same bytes for the same setup', async () => {
    const again = await renderSheetPdf({ side: 'A', paper: 'a4', setup });
    expect(again.equals(pdfA)).toBe(true);
  });

  it('embeds every font (pdffonts)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-fonts-'));
    const f = join(dir, 'a.pdf');
    writeFileSync(f, pdfA);
    const out = execFileSync('pdffonts', [f], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(out.length).toBeGreaterThanOrEqual(3);
    for (const l of out) expect(l).toMatch(/ yes +yes +yes /);
  });

  it('matches the golden images', () => {
    for (const [name, pdf] of [
      ['sheet-a-a4', pdfA],
      ['sheet-b-letter', pdfB],
    ] as const) {
      const res = matchGolden(name, pdf, { dpi: 60, maxDiffRatio: 0.002 });
      expect(res.diffRatio, `${name}: ${res.diffPixels} pixels differ`).toBeLessThanOrEqual(0.002);
    }
  });

  it('writes the PDF and its geometry JSON side by side', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-sheet-'));
    const path = join(dir, 'sheet.pdf');
    const g = await writeSheetPdf(path, { side: 'B', paper: 'a4', setup: setupB });
    expect(JSON.parse(readFileSync(join(dir, 'sheet.geometry.json'), 'utf8'))).toEqual(g);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

/** 4 mm outside the borderline and 3 mm around each marker stay white. */
function checkClearZones(r: Raster, g: SheetGeometry): void {
  const { x, y, cell } = g.grid;
  const W = 12 * cell;
  // The ring from just outside the borderline's stroke out to 4 mm.
  const dark = countDark(r, x - mm(4), y - mm(4), W + mm(8), W + mm(8), { x: x - 1.6, y: y - 1.6, w: W + 3.2, h: W + 3.2 });
  expect(dark, 'dark pixels near the borderline').toBe(0);
  for (const m of g.markers) {
    const d = countDark(r, m.x - mm(3), m.y - mm(3), m.size + mm(6), m.size + mm(6), { x: m.x - 1, y: m.y - 1, w: m.size + 2, h: m.size + 2 });
    expect(d, `dark pixels around the marker at ${m.x}, ${m.y}`).toBe(0);
  }
}

/** Counts dark pixels in a box (PDF points), except inside `hole`. */
function countDark(r: Raster, x: number, y: number, w: number, h: number, hole: { x: number; y: number; w: number; h: number }): number {
  let n = 0;
  for (let py = Math.floor(px(y)); py <= Math.ceil(px(y + h)); py++) {
    for (let qx = Math.floor(px(x)); qx <= Math.ceil(px(x + w)); qx++) {
      const X = (qx * 72) / DPI;
      const Y = (py * 72) / DPI;
      if (X > hole.x && X < hole.x + hole.w && Y > hole.y && Y < hole.y + hole.h) continue;
      if (grey(r, qx, py) < 200) n++;
    }
  }
  return n;
}

/** Centre (in pixels) of the dark run crossing `at` along a row or a column, searched within +-6 px. */
function darkCentre(r: Raster, horizontal: boolean, fixed: number, at: number): number {
  let sum = 0;
  let wsum = 0;
  for (let d = -6; d <= 6; d++) {
    const p = Math.round(at) + d;
    const v = horizontal ? grey(r, p, fixed) : grey(r, fixed, p);
    const w = Math.max(0, 160 - v);
    sum += w * p;
    wsum += w;
  }
  expect(wsum, `no dark line near ${at}`).toBeGreaterThan(0);
  return sum / wsum;
}

function checkGrid(r: Raster, g: SheetGeometry): void {
  const { x, y, cell } = g.grid;
  const W = 12 * cell;
  // Borderline: left/right edges along a row half a cell below the top, top/bottom along a column.
  const rowY = px(y + 0.5 * cell + 2);
  const colX = px(x + 0.5 * cell + 2);
  const centrePx = (v: number) => px(v) - 0.5; // pixel k covers [k, k+1): its centre is k + 0.5
  expect(Math.abs(darkCentre(r, true, rowY, px(x)) - centrePx(x))).toBeLessThanOrEqual(1);
  expect(Math.abs(darkCentre(r, true, rowY, px(x + W)) - centrePx(x + W))).toBeLessThanOrEqual(1);
  expect(Math.abs(darkCentre(r, false, colX, px(y)) - centrePx(y))).toBeLessThanOrEqual(1);
  expect(Math.abs(darkCentre(r, false, colX, px(y + W)) - centrePx(y + W))).toBeLessThanOrEqual(1);
  // Center point.
  expect(Math.abs(darkCentre(r, true, px(g.center.y), px(g.center.x)) - centrePx(g.center.x))).toBeLessThanOrEqual(1);
  expect(Math.abs(darkCentre(r, false, px(g.center.x), px(g.center.y)) - centrePx(g.center.y))).toBeLessThanOrEqual(1);
  // Interior vertices: the centroid of each light vertex dot (within +-5 px) sits on the vertex.
  for (const [i, j] of [[1, 1], [3, 9], [9, 3], [11, 11], [6, 2]]) {
    const vx = px(x + j * cell) - 0.5;
    const vy = px(y + i * cell) - 0.5;
    let sx = 0;
    let sy = 0;
    let sw = 0;
    for (let dy = -5; dy <= 5; dy++) {
      for (let dx = -5; dx <= 5; dx++) {
        const w = Math.max(0, 235 - grey(r, vx + dx, vy + dy));
        sx += w * (Math.round(vx) + dx);
        sy += w * (Math.round(vy) + dy);
        sw += w;
      }
    }
    expect(sw, `no dot at vertex ${i},${j}`).toBeGreaterThan(0);
    expect(Math.abs(sx / sw - vx), `vertex ${i},${j} x`).toBeLessThanOrEqual(1);
    expect(Math.abs(sy / sw - vy), `vertex ${i},${j} y`).toBeLessThanOrEqual(1);
  }
  // Markers: black outer ring, white ring, black core.
  for (const m of g.markers) {
    const c = (k: number) => ({ x: px(m.x + k * m.size), y: px(m.y + m.size / 2) });
    for (const [k, dark] of [[0.08, true], [0.25, false], [0.5, true], [0.75, false], [0.92, true]] as const) {
      const p = c(k);
      expect(grey(r, p.x, p.y) < 128, `marker at ${m.x},${m.y}: ${k}`).toBe(dark);
    }
  }
}

describe('sheetLayout', () => {
  for (const side of ['A', 'B'] as const) {
    for (const paper of ['a4', 'letter'] as const) {
      it(`keeps every box of side ${side} on ${paper} on the page and off the land, the QR and the markers`, () => {
        const L = sheetLayout(side, paper, game.sheets[side]);
        const g = L.geometry;
        type B = { x: number; y: number; w: number; h: number };
        const overlap = (a: B, b: B) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        const grow = (b: B, d: number) => ({ x: b.x - d, y: b.y - d, w: b.w + 2 * d, h: b.h + 2 * d });
        const land = grow({ x: g.grid.x, y: g.grid.y, w: 12 * g.grid.cell, h: 12 * g.grid.cell }, mm(4));
        const qr = { x: g.qr.x, y: g.qr.y, w: g.qr.size, h: g.qr.size };
        const markers = g.markers.map((m) => grow({ x: m.x, y: m.y, w: m.size, h: m.size }, mm(3)));
        const boxes: [string, B][] = [
          ['title', L.title],
          ['sideBox', L.sideBox],
          ['nameField', { x: g.nameField.x, y: g.nameField.y, w: g.nameField.width, h: g.nameField.height }],
          ['pauseLegend', L.pauseLegend],
          ...L.turns.map((t) => [`turn ${t.turn}`, { x: t.x - t.r, y: t.y - t.r, w: 2 * t.r, h: 2 * t.r }] as [string, B]),
          ...L.specials.map((s, i) => [`special ${i + 1}`, s] as [string, B]),
          ...L.cards.map((c, i) => [`card ${i + 1}`, c] as [string, B]),
          ...L.score.map((c, i) => [`score ${i + 1}`, c] as [string, B]),
          ['notes', { x: L.footer.x, y: L.notesY, w: L.footer.w, h: mm(5) }],
          ...(L.titles ? [['titles', L.titles] as [string, B]] : []),
        ];
        if (side === 'B') expect(L.titles).not.toBeNull();
        for (const [name, b] of boxes) {
          expect(b.x >= 0 && b.y >= 0 && b.x + b.w <= g.page.width && b.y + b.h <= g.page.height, `${name} on the page`).toBe(true);
          expect(overlap(b, land), `${name} off the land`).toBe(false);
          expect(overlap(b, qr), `${name} off the QR`).toBe(false);
          markers.forEach((m, i) => expect(overlap(b, m), `${name} off marker ${i}`).toBe(false));
        }
      });
    }
  }
});
