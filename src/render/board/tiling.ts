/**
 * The A3 board at 1:1 over four A4 landscape pages (A1 A2 / B1 B2). Each tile prints its quarter of the board
 * plus a shared overlap strip on its inner edges; the tiles on the right (A2, B2) and at the bottom (B1, B2) are
 * trimmed on their left/top edges at the crop marks and laid over their neighbour's strip, where half
 * registration targets on the join line close into whole ones.
 */
import { captureForm, placeForm, type Form } from '../form.js';
import { finish, newDoc, type Doc } from '../pdf.js';
import { drawBoard } from './board.js';
import { BOARD_PAPERS, boardLayout, type Box } from './layout.js';
import { cropMarks, PAGE_SAFE, scaleBar, target } from './marks.js';
import type { BoardContext } from './panel.js';
import { INK, mm, MUTED } from './style.js';
import { textAt } from './type.js';

/** A4 landscape. */
export const TILE_PAGE = { width: mm(297), height: mm(210) };
/** Width of the strip two neighbouring tiles share. */
export const TILE_OVERLAP = mm(12);

export interface Tile {
  /** "A1", "A2", "B1", "B2": row letter, column number. */
  label: string;
  row: number;
  col: number;
  /** The part of the board (board coordinates, points) the tile prints. */
  region: Box;
  /** Where the region's top-left corner lands on the tile's page. */
  origin: { x: number; y: number };
  /** Edges trimmed and laid over the neighbour. */
  trim: { left: boolean; top: boolean };
}

export interface Tiling {
  board: { width: number; height: number };
  page: { width: number; height: number };
  /** x of the vertical join line and y of the horizontal one (where the over tiles are trimmed), board coordinates. */
  joinX: number;
  joinY: number;
  tiles: Tile[];
  /** Half registration targets: centres on the join lines, board coordinates. */
  targets: { x: number; y: number }[];
}

export function tiling(): Tiling {
  const W = BOARD_PAPERS.a3.width;
  const H = BOARD_PAPERS.a3.height;
  const ov = TILE_OVERLAP;
  const joinX = W / 2 - ov / 2;
  const joinY = H / 2 - ov / 2;
  const tw = W / 2 + ov / 2;
  const th = H / 2 + ov / 2;
  const origin = { x: (TILE_PAGE.width - tw) / 2, y: mm(30) };
  const tiles: Tile[] = [];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 2; col++) {
      tiles.push({
        label: `${'AB'[row]}${col + 1}`,
        row,
        col,
        region: { x: col === 0 ? 0 : joinX, y: row === 0 ? 0 : joinY, w: tw, h: th },
        origin,
        trim: { left: col === 1, top: row === 1 },
      });
    }
  }
  const m = mm(5);
  const near = mm(8);
  const targets = [
    { x: joinX, y: m },
    { x: joinX, y: joinY - near },
    { x: joinX, y: joinY + ov + near },
    { x: joinX, y: H - m },
    { x: m, y: joinY },
    { x: joinX - near, y: joinY },
    { x: joinX + ov + near, y: joinY },
    { x: W - m, y: joinY },
  ];
  return { board: { width: W, height: H }, page: TILE_PAGE, joinX, joinY, tiles, targets };
}

function inside(b: Box, p: { x: number; y: number }): boolean {
  return p.x >= b.x - mm(3) && p.x <= b.x + b.w + mm(3) && p.y >= b.y - mm(3) && p.y <= b.y + b.h + mm(3);
}

function miniMap(doc: Doc, t: Tile, x: number, y: number): void {
  const cw = mm(9);
  const ch = mm(6.4);
  doc.save().lineWidth(0.6);
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 2; c++) {
      const me = r === t.row && c === t.col;
      doc.rect(x + c * cw, y + r * ch, cw, ch).fillAndStroke(me ? INK : '#ffffff', INK);
      textAt(doc, `${'AB'[r]}${c + 1}`, x + c * cw + cw / 2, y + r * ch + ch / 2 + mm(1), { font: 'bold', size: 6.5, color: me ? '#ffffff' : MUTED, align: 'center' });
    }
  }
  doc.restore();
}

/** Marks in the margin along an under edge: the overlap strip's extent and who goes over it. */
function underBracket(doc: Doc, a: { x: number; y: number }, b: { x: number; y: number }, label: string, vertical: boolean): void {
  doc.save().lineWidth(0.6).strokeColor(MUTED);
  doc.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke();
  const tick = mm(1.5);
  for (const p of [a, b]) {
    if (vertical) doc.moveTo(p.x - tick, p.y).lineTo(p.x + tick, p.y).stroke();
    else doc.moveTo(p.x, p.y - tick).lineTo(p.x, p.y + tick).stroke();
  }
  doc.restore();
  if (vertical) {
    doc.save().translate(a.x + mm(2.6), (a.y + b.y) / 2).rotate(90);
    textAt(doc, label, 0, 0, { font: 'italic', size: 6.5, color: MUTED, align: 'center' });
    doc.restore();
  } else textAt(doc, label, (a.x + b.x) / 2, a.y - mm(1.6), { font: 'italic', size: 6.5, color: MUTED, align: 'center' });
}

function drawTile(doc: Doc, ctx: BoardContext, tl: Tiling, t: Tile, board: Form): void {
  const { region: r, origin: o } = t;
  doc.save();
  doc.rect(o.x, o.y, r.w, r.h).clip();
  doc.translate(o.x - r.x, o.y - r.y);
  placeForm(doc, board);
  for (const p of tl.targets) if (inside(r, p)) target(doc, p.x, p.y);
  doc.restore();
  const toPage = (x: number, y: number) => ({ x: o.x - r.x + x, y: o.y - r.y + y });
  // Trim edges: crop marks and a hairline right at the edge.
  cropMarks(doc, { x: o.x, y: o.y, w: r.w, h: r.h }, { left: t.trim.left, top: t.trim.top });
  doc.save().lineWidth(0.3).strokeColor('#9a9a9a');
  if (t.trim.left) doc.moveTo(o.x, o.y).lineTo(o.x, o.y + r.h).stroke();
  if (t.trim.top) doc.moveTo(o.x, o.y).lineTo(o.x + r.w, o.y).stroke();
  doc.restore();
  if (t.trim.left) {
    doc.save().translate(o.x - mm(3.2), o.y + r.h / 2).rotate(-90);
    textAt(doc, `cut here, lay over ${'AB'[t.row]}1`, 0, 0, { font: 'semibold', size: 7, color: INK, align: 'center' });
    doc.restore();
  }
  if (t.trim.top) textAt(doc, `cut here, lay over ${'A'}${t.col + 1}`, o.x + r.w / 2, o.y - mm(2.2), { font: 'semibold', size: 7, color: INK, align: 'center' });
  // Under edges: the strip the neighbour covers.
  if (t.col === 0) {
    const a = toPage(tl.joinX, r.y);
    const b = toPage(r.x + r.w, r.y);
    underBracket(doc, { x: a.x, y: o.y - mm(3) }, { x: b.x, y: o.y - mm(3) }, `under ${'AB'[t.row]}2`, false);
  }
  if (t.row === 0) {
    const a = toPage(r.x, tl.joinY);
    const b = toPage(r.x, r.y + r.h);
    const x = t.col === 0 ? o.x + r.w + mm(3) : o.x + r.w + mm(3);
    underBracket(doc, { x, y: a.y }, { x, y: b.y }, `under B${t.col + 1}`, true);
  }
  // Page furniture, in the margins.
  const left = Math.max(PAGE_SAFE + mm(3), o.x - mm(32));
  textAt(doc, t.label, left, mm(17), { font: 'title', size: 30, color: INK });
  textAt(doc, `${ctx.board.title} board, tile ${tl.tiles.indexOf(t) + 1} of 4: the A3 board at 1:1 on A4`, left + mm(16), mm(12.5), { font: 'bold', size: 8.5, color: INK });
  textAt(doc, 'Cut the edges with crop marks, lay them over the strip marked "under", match the half targets into whole ones, tape from behind.', left + mm(16), mm(17), { font: 'text', size: 7, color: MUTED });
  miniMap(doc, t, TILE_PAGE.width - PAGE_SAFE - mm(3) - mm(18), mm(8.5));
  scaleBar(doc, o.x, o.y + r.h + mm(13));
}

/** The four tiles as a PDF. */
export async function renderTiledPdf(ctx: BoardContext): Promise<Buffer> {
  const tl = tiling();
  const doc = newDoc({ title: `${ctx.board.title} board (A3 tiled on A4)`, size: [tl.page.width, tl.page.height] });
  const l = boardLayout('a3', ctx.board.locations.length);
  let board: Form | undefined;
  for (const t of tl.tiles) {
    doc.addPage({ size: [tl.page.width, tl.page.height], margin: 0 });
    // The board is drawn once, as a Form XObject, before anything else on the first page; each tile paints it.
    board ??= captureForm(doc, 'Board', tl.board.width, tl.board.height, () => drawBoard(doc, ctx, l));
    drawTile(doc, ctx, tl, t, board);
  }
  return finish(doc);
}
