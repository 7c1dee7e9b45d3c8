/** The dig-bag board and its cut-outs as PDF: the library's entry points. */
import { loadBoard, type BoardData } from '../../data/board.js';
import { OptionError } from '../../errors.js';
import { writeFileAtomic } from '../../files.js';
import { finish, newDoc } from '../pdf.js';
import { drawBoard } from './board.js';
import { BOARD_PAPERS, boardLayout, type BoardPaperOption } from './layout.js';
import type { BoardContext } from './panel.js';
import { renderTiledPdf } from './tiling.js';
import { renderTokensPdf as renderTokens, TOKEN_PAPERS, type TokenPaper } from './tokens.js';

export type { BoardPaperOption, TokenPaper };
export { boardLayout, BOARD_PAPERS } from './layout.js';
export { tiling, TILE_OVERLAP, TILE_PAGE } from './tiling.js';

export const BOARD_PAPER_OPTIONS: BoardPaperOption[] = ['a3', 'tabloid', 'a4-tiled'];

export interface BoardOptions {
  board?: BoardData;
  /** The data file as named in error messages (default "board.json"). */
  source?: string;
  paper: BoardPaperOption;
}

export function parseBoardPaper(v: unknown): BoardPaperOption {
  const s = String(v ?? '').toLowerCase();
  if (!(BOARD_PAPER_OPTIONS as string[]).includes(s)) throw new OptionError('paper', `unknown paper "${v}" (expected ${BOARD_PAPER_OPTIONS.join(', ')})`);
  return s as BoardPaperOption;
}

/** Cut-outs print on the small paper of the board's family: Letter beside Tabloid, A4 otherwise. */
export function tokenPaperFor(paper: BoardPaperOption): TokenPaper {
  return paper === 'tabloid' ? 'letter' : 'a4';
}

function context(opts: { board?: BoardData; source?: string }, paperLabel: string): BoardContext {
  return { board: opts.board ?? loadBoard(), source: opts.source ?? 'board.json', paperLabel };
}

/** The board as a one-page PDF (A3 or Tabloid, landscape), or tiled at 1:1 over four A4 pages. */
export async function renderBoardPdf(opts: BoardOptions): Promise<Buffer> {
  if (opts.paper === 'a4-tiled') return renderTiledPdf(context(opts, 'A3'));
  const ctx = context(opts, BOARD_PAPERS[opts.paper].label);
  const l = boardLayout(opts.paper, ctx.board.locations.length);
  const doc = newDoc({ title: `${ctx.board.title} board (${BOARD_PAPERS[opts.paper].label})`, size: [l.page.width, l.page.height] });
  doc.addPage({ size: [l.page.width, l.page.height], margin: 0 });
  drawBoard(doc, ctx, l);
  return finish(doc);
}

/** The cut-out pages (characters, Clue tokens, player aids, bills) on A4, or Letter for `paper` "tabloid". */
export async function renderTokensPdf(opts: BoardOptions): Promise<Buffer> {
  const tp = tokenPaperFor(opts.paper);
  return renderTokens(context(opts, TOKEN_PAPERS[tp].label), tp);
}

/** Renders the board (or with `tokens`, the cut-outs) and writes it atomically. */
export async function writeBoardPdf(path: string, opts: BoardOptions & { tokens?: boolean }): Promise<Buffer> {
  const pdf = opts.tokens ? await renderTokensPdf(opts) : await renderBoardPdf(opts);
  writeFileAtomic(path, pdf);
  return pdf;
}
