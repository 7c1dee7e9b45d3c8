/** The round summary: the phases in order, the turn order, when a location is active, digging, the limit, the win. */
import type { BoardData } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import { card } from './card.js';
import type { Box } from './layout.js';
import { fitError, type BoardContext } from './panel.js';
import { INK, mm, MUTED } from './style.js';
import { drawParas, fitParas, type Para } from './type.js';

const RED = '#a5493a';

export function summaryParas(board: BoardData): Para[] {
  const r = board.round;
  const paras: Para[] = [];
  const indent = mm(4.2);
  r.phases.forEach((p, i) => {
    paras.push({ text: p.name.toUpperCase(), bullet: String(i + 1), indent, st: { font: 'bold', size: 8, color: INK, spacing: 0.4 }, before: 3 });
    p.lines.forEach((l) => paras.push({ text: l, indent, st: { font: 'text', size: 7.5, color: INK }, before: 0.5 }));
  });
  paras.push({ text: 'TURN ORDER', st: { font: 'bold', size: 6.5, color: MUTED, spacing: 0.5 }, before: 5 });
  paras.push({ text: r.turnOrder, st: { font: 'semibold', size: 7.5, color: INK }, before: 0.5 });
  paras.push({ text: 'ACTIVE LOCATIONS AND DIGGING', st: { font: 'bold', size: 6.5, color: MUTED, spacing: 0.5 }, before: 4 });
  paras.push({ text: r.active, st: { font: 'text', size: 7.5, color: INK }, before: 0.5 });
  paras.push({ text: r.dig, st: { font: 'text', size: 7.5, color: INK }, before: 1.5 });
  paras.push({ text: board.limit, st: { font: 'semibold', size: 7.5, color: RED }, before: 3 });
  paras.push({ text: r.win, st: { font: 'bold', size: 8, color: INK }, before: 3 });
  return paras;
}

export function drawSummary(doc: Doc, ctx: BoardContext, b: Box): void {
  const inner = card(doc, b, { title: 'Each Round', note: `${ctx.board.round.phases.length} PHASES` });
  const pad = mm(3);
  const paras = summaryParas(ctx.board);
  const w = inner.w - 2 * pad;
  const h = inner.h - mm(3);
  const scale = fitParas(doc, paras, w, h);
  if (scale === null) throw fitError(ctx, 'round', 'the round summary');
  drawParas(doc, paras, inner.x + pad, inner.y + mm(0.8), w, scale);
}
