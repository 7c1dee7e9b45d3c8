import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBoard, type BoardData } from '../../src/data/board.js';
import { boardLayout, renderBoardPdf, renderTokensPdf } from '../../src/render/board/index.js';
import { inkOn, luminance, mm } from '../../src/render/board/style.js';
import { matchGolden } from '../helpers/golden.js';
import { grey, pageCount, rasterize, type Raster } from '../helpers/raster.js';
import { pageSizes, pageText, templateJson, tmp, writeBoardFile } from './helpers.js';

const board = loadBoard();
const GOLDEN_DPI = 40;

/** True when no pixel within `margin` points of the page's edges is darker than near-white. */
function clearBorder(r: Raster, dpi: number, margin: number): boolean {
  const m = Math.floor((margin * dpi) / 72);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (x >= m && x < r.width - m && y >= m && y < r.height - m) continue;
      if (grey(r, x, y) < 245) return false;
    }
  }
  return true;
}

describe('the board PDF', () => {
  let a3: Buffer;
  let tabloid: Buffer;
  let tokens: Buffer;
  beforeAll(async () => {
    [a3, tabloid, tokens] = await Promise.all([renderBoardPdf({ board, paper: 'a3' }), renderBoardPdf({ board, paper: 'tabloid' }), renderTokensPdf({ board, paper: 'a3' })]);
  });

  it('is one landscape page: A3 420 x 297 mm, Tabloid 17 x 11 in', () => {
    expect(pageSizes(a3)).toEqual([{ width: expect.closeTo(mm(420), 0) as number, height: expect.closeTo(mm(297), 0) as number }]);
    expect(pageSizes(tabloid)).toEqual([{ width: 1224, height: 792 }]);
  });

  it('matches its golden images (A3, Tabloid, first cut-out page)', () => {
    for (const [name, pdf] of [
      ['board-a3', a3],
      ['board-tabloid', tabloid],
      ['board-tokens-p1', tokens],
    ] as const) {
      const g = matchGolden(name, pdf, { dpi: GOLDEN_DPI });
      expect(g.diffRatio, `${name}: ${g.diffPixels} pixels differ (see test/golden/.out/)`).toBeLessThanOrEqual(0.002);
    }
  });

  it('shows every location, cost, dig value, character and cube call-out as text', () => {
    const { text } = pageText(a3);
    for (const l of board.locations) expect(text).toContain(l.name);
    for (const s of ['$0', '$100', '$200', '$400', '1 + 0', '1 + 1', '2 + 2', '4 + 3', 'War Room', 'Dig Bag', 'Dirt Pile', 'Bank', 'Each Round']) {
      expect(text).toContain(s);
    }
    for (const c of board.cubes) if (c.callout) expect(text).toContain(c.callout);
    for (const c of board.characters.filter((c) => c.startsAt === 'war-room')) expect(text).toContain(c.name);
    expect(text).toMatch(/LAIRD\s+starts here/);
  });

  it('has no text under 6 pt, on the board and the cut-outs', () => {
    for (const pdf of [a3, tabloid, tokens]) {
      for (let p = 0; p < pageCount(pdf); p++) expect(Math.min(...pageText(pdf, p).sizes)).toBeGreaterThanOrEqual(6);
    }
  });

  it('embeds every font (pdffonts)', () => {
    for (const [name, pdf] of [
      ['a3.pdf', a3],
      ['tokens.pdf', tokens],
    ] as const) {
      const f = join(tmp, name);
      writeFileSync(f, pdf);
      const rows = execFileSync('pdffonts', [f], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const l of rows) expect(l).toMatch(/ yes +yes +yes /);
    }
  });

  it('gives the same bytes for the same data', async () => {
    expect((await renderBoardPdf({ board, paper: 'a3' })).equals(a3)).toBe(true);
  });

  it('keeps the page edges clear (>= 5 mm) on the board and the cut-outs', () => {
    expect(clearBorder(rasterize(a3, 0, 30), 30, mm(5))).toBe(true);
    for (let p = 0; p < pageCount(tokens); p++) expect(clearBorder(rasterize(tokens, p, 30), 30, mm(5))).toBe(true);
  });

  it('puts the War Room top right and the panels in a grid inside the frame', () => {
    for (const paper of ['a3', 'tabloid'] as const) {
      const l = boardLayout(paper, 5);
      expect(l.compass.x + l.compass.w).toBeCloseTo(l.frame.x + l.frame.w - mm(4), 3);
      expect(l.compass.y).toBeLessThan(l.panels[0].y);
      const all = [...l.panels, l.dirtPile, l.bank, l.compass, l.bag, l.summary, l.header];
      for (const b of all) {
        expect(b.x).toBeGreaterThanOrEqual(l.frame.x);
        expect(b.y).toBeGreaterThanOrEqual(l.frame.y);
        expect(b.x + b.w).toBeLessThanOrEqual(l.frame.x + l.frame.w + 1e-6);
        expect(b.y + b.h).toBeLessThanOrEqual(l.frame.y + l.frame.h + 1e-6);
      }
    }
  });

  it('has the cut-outs: nine discs and standees, Clue tokens, aids and bills over a few pages', () => {
    const texts = Array.from({ length: pageCount(tokens) }, (_, p) => pageText(tokens, p).text).join('\n');
    expect(texts).toContain('Characters: discs');
    expect(texts).toContain('fold-over standees');
    expect(texts.match(/\bCLUE\b/g)?.length).toBe(board.tokens.clues);
    expect(texts.match(/DIG BAG BANK/g)?.length).toBe(board.tokens.bills.count);
    expect(texts).toContain(board.limit.slice(0, 30));
    expect(pageCount(tokens)).toBeLessThanOrEqual(4);
  });
});

describe('colours', () => {
  it('every circle letter reads on its colour in greyscale (luminance contrast >= 3)', () => {
    for (const c of board.characters) {
      const fill = luminance(c.color);
      const ink = luminance(inkOn(c.color));
      const ratio = (Math.max(fill, ink) + 0.05) / (Math.min(fill, ink) + 0.05);
      expect(ratio, c.name).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('from data', () => {
  it('a changed cost and dig value in a copied template show up in the PDF', async () => {
    const j = templateJson();
    j.locations[2].cost = 350;
    j.locations[2].action.base = 3;
    const p = writeBoardFile('changed-cost.json', j);
    const changed: BoardData = loadBoard(p);
    const { text } = pageText(await renderBoardPdf({ board: changed, paper: 'a3' }));
    expect(text).toContain('$350');
    expect(text).toContain('3 + 2');
    expect(text).not.toContain('2 + 2');
  });

  it('four locations fit too (the grid shrinks to the data)', async () => {
    const j = templateJson();
    j.locations.splice(1, 1);
    const pdf = await renderBoardPdf({ board: loadBoard(writeBoardFile('four.json', j)), paper: 'tabloid' });
    const { text } = pageText(pdf);
    expect(text.match(/\bCOST\b/g)?.length).toBe(4);
    expect(text).not.toContain('1 + 1');
  });

  it('text too long for its box is a one-line error naming the field', async () => {
    const j = templateJson();
    j.round.phases[0].lines = Array(5).fill('x'.repeat(108));
    j.round.phases[1].lines = Array(5).fill('y'.repeat(108));
    j.round.phases.push({ name: 'Episode 3', lines: Array(5).fill('z '.repeat(54)) });
    const b = loadBoard(writeBoardFile('long.json', j));
    await expect(renderBoardPdf({ board: b, paper: 'a3', source: 'long.json' })).rejects.toThrow(/^long\.json: round: the round summary does not fit on the A3 board at 6 pt: shorten it$/);
  });
});
