/**
 * The cut-out pages (A4 or Letter, portrait): character discs and fold-over standees, Clue tokens, player aids and
 * bills, laid out section after section; a section that does not fit goes on (row by row) on the next page.
 */
import type { BoardData } from '../../data/board.js';
import { finish, newDoc, type Doc } from '../pdf.js';
import { cropMarks, cutFoldLegend, scaleBar } from './marks.js';
import { fitError, type BoardContext } from './panel.js';
import { AID, bill, BILL, CLUE, characterDisc, clueToken, DISC, playerAid, STANDEE, standee } from './pieces.js';
import { INK, mm, MUTED } from './style.js';
import { textAt } from './type.js';

export type TokenPaper = 'a4' | 'letter';

export const TOKEN_PAPERS: Record<TokenPaper, { width: number; height: number; label: string }> = {
  a4: { width: mm(210), height: mm(297), label: 'A4' },
  letter: { width: 8.5 * 72, height: 11 * 72, label: 'Letter' },
};

const MARGIN = mm(12);
const HEAD = mm(16);
const FOOT = mm(14);
const SECTION_HEAD = mm(7);
const SECTION_GAP = mm(6);

interface Section {
  title: string;
  note: string;
  count: number;
  w: number;
  h: number;
  gap: number;
  /** Draw item i with its box's top-left at (x, y). */
  draw: (doc: Doc, i: number, x: number, y: number) => void;
  /** Crop marks around each block of the grid (items sharing cut lines). */
  crop?: boolean;
}

function sections(ctx: BoardContext): Section[] {
  const b: BoardData = ctx.board;
  const chars = b.characters;
  const out: Section[] = [
    {
      title: 'Characters: discs',
      note: 'one each; a disc covers its circle on the board',
      count: chars.length,
      w: DISC,
      h: DISC,
      gap: mm(4),
      draw: (doc, i, x, y) => characterDisc(doc, chars[i], x + DISC / 2, y + DISC / 2),
    },
    {
      title: 'Characters: fold-over standees',
      note: 'or use these: fold in the middle, glue, bend the bases out',
      count: chars.length,
      w: STANDEE.w,
      h: 2 * STANDEE.panel + 2 * STANDEE.tab,
      gap: mm(2),
      draw: (doc, i, x, y) => standee(doc, chars[i], x, y),
    },
    {
      title: 'Clue tokens',
      note: `${b.tokens.clues}`,
      count: b.tokens.clues,
      w: CLUE,
      h: CLUE,
      gap: mm(3),
      draw: (doc, _i, x, y) => clueToken(doc, x + CLUE / 2, y + CLUE / 2),
    },
    {
      title: 'Player aids',
      note: 'one per player',
      count: b.tokens.aids,
      w: AID.w,
      h: AID.h,
      gap: 0,
      crop: true,
      draw: (doc, _i, x, y) => {
        if (!playerAid(doc, b, x, y)) throw fitError(ctx, 'limit', 'the player aid (limit, turn order, Laird)');
      },
    },
    {
      title: `${'$'}${b.tokens.bills.value} bills`,
      note: `${b.tokens.bills.count} for the Bank`,
      count: b.tokens.bills.count,
      w: BILL.w,
      h: BILL.h,
      gap: 0,
      crop: true,
      draw: (doc, _i, x, y) => bill(doc, b, b.tokens.bills.value, x, y),
    },
  ];
  return out.filter((s) => s.count > 0);
}

function pageFrame(doc: Doc, ctx: BoardContext, paper: { width: number; height: number; label: string }, page: number): void {
  const x = MARGIN;
  textAt(doc, `${ctx.board.title}: cut-outs`, x, MARGIN + mm(5), { font: 'title', size: 16, color: INK });
  textAt(doc, `page ${page}`, paper.width - MARGIN, MARGIN + mm(5), { font: 'semibold', size: 7.5, color: MUTED, align: 'right' });
  cutFoldLegend(doc, paper.width - MARGIN - mm(31), MARGIN + mm(10.2));
  scaleBar(doc, x, paper.height - MARGIN - mm(4));
}

export async function renderTokensPdf(ctx: BoardContext, paperName: TokenPaper): Promise<Buffer> {
  const paper = TOKEN_PAPERS[paperName];
  const doc = newDoc({ title: `${ctx.board.title} cut-outs (${paper.label})`, size: [paper.width, paper.height] });
  const usableW = paper.width - 2 * MARGIN;
  const top = MARGIN + HEAD;
  const bottom = paper.height - MARGIN - FOOT;
  let page = 0;
  let y = Infinity;
  const newPage = () => {
    doc.addPage({ size: [paper.width, paper.height], margin: 0 });
    page++;
    pageFrame(doc, ctx, paper, page);
    y = top;
  };
  for (const s of sections(ctx)) {
    const cols = Math.max(1, Math.floor((usableW + s.gap) / (s.w + s.gap)));
    const rows = Math.ceil(s.count / cols);
    const rowH = s.h + (s.gap || 0);
    let row = 0;
    while (row < rows) {
      const markRoom = s.crop ? mm(6) : 0;
      const room = bottom - y - SECTION_HEAD - 2 * markRoom;
      const fit = Math.floor((room + (s.gap || 0)) / rowH + 1e-9);
      if (fit < 1) {
        newPage();
        continue;
      }
      const n = Math.min(fit, rows - row);
      textAt(doc, row === 0 ? s.title : `${s.title} (continued)`, MARGIN, y + mm(4), { font: 'bold', size: 9, color: INK });
      if (row === 0) textAt(doc, s.note, paper.width - MARGIN, y + mm(4), { font: 'italic', size: 7, color: MUTED, align: 'right' });
      const gy = y + SECTION_HEAD + markRoom;
      const first = row * cols;
      const last = Math.min(s.count, (row + n) * cols);
      const usedCols = Math.min(cols, s.count - first);
      const gridW = usedCols * s.w + (usedCols - 1) * s.gap;
      const gx = MARGIN + (usableW - gridW) / 2;
      for (let i = first; i < last; i++) {
        const k = i - first;
        s.draw(doc, i, gx + (k % cols) * (s.w + s.gap), gy + Math.floor(k / cols) * rowH);
      }
      if (s.crop) {
        // Full rows as one block, a partly filled last row as another.
        const full = Math.floor((last - first) / cols);
        const rest = (last - first) % cols;
        if (full > 0) cropMarks(doc, { x: gx, y: gy, w: gridW, h: full * s.h }, undefined, mm(1.5), mm(3.5));
        if (rest > 0) cropMarks(doc, { x: gx, y: gy + full * s.h, w: rest * s.w, h: s.h }, undefined, mm(1.5), mm(3.5));
      }
      y = gy + n * rowH - (s.gap || 0) + markRoom + SECTION_GAP;
      row += n;
    }
  }
  return finish(doc);
}
