/** The whole dig-bag board on one page: frame, title, location panels, Dirt Pile, Bank, War Room, bag, summary. */
import type { Doc } from '../pdf.js';
import { drawBank, drawDirtPile } from './areas.js';
import { drawBag } from './bag.js';
import { drawCompass } from './compass.js';
import { cubeIcon, shovelIcon } from './icons.js';
import type { BoardLayout, Box } from './layout.js';
import { drawPanel, type BoardContext } from './panel.js';
import { drawSummary } from './summary.js';
import { FRAME, INK, mm, MUTED, PARCHMENT, PARCHMENT_DARK } from './style.js';
import { fit, textAt } from './type.js';

function drawFrame(doc: Doc, l: BoardLayout): void {
  const f = l.frame;
  doc.save();
  doc.roundedRect(f.x, f.y, f.w, f.h, mm(4)).fill(PARCHMENT);
  doc.lineWidth(2).roundedRect(f.x, f.y, f.w, f.h, mm(4)).stroke(FRAME);
  doc.lineWidth(0.5).roundedRect(f.x + mm(1.3), f.y + mm(1.3), f.w - mm(2.6), f.h - mm(2.6), mm(3)).stroke(FRAME);
  doc.restore();
}

function drawHeader(doc: Doc, ctx: BoardContext, l: BoardLayout): void {
  const h = l.header;
  const b = ctx.board;
  const base = h.y + h.h * 0.74;
  const x = h.x + mm(1);
  const yellow = b.cubes.find((c) => c.goesTo === 'win')?.color ?? '#f4c518';
  cubeIcon(doc, x + mm(5.5), h.y + h.h * 0.5, mm(10), yellow);
  const site: Box = { x: h.x + h.w - mm(78), y: h.y + mm(1.5), w: mm(78), h: h.h - mm(3) };
  drawDigSite(doc, site);
  const tst = fit(doc, b.title.toUpperCase(), h.w * 0.3, { font: 'title', size: 40, color: INK, spacing: 1.5 }, 20);
  const tw = textAt(doc, b.title.toUpperCase(), x + mm(13), base, tst);
  const sx = x + mm(13) + tw + mm(5);
  const sw = site.x - mm(4) - sx;
  doc.save().lineWidth(0.8).moveTo(sx - mm(2.5), h.y + h.h * 0.2).lineTo(sx - mm(2.5), h.y + h.h * 0.86).stroke(FRAME).restore();
  textAt(doc, b.subtitle, sx, h.y + h.h * 0.48, fit(doc, b.subtitle, sw, { font: 'title', size: 15, color: '#5b4a38' }, 9));
  textAt(doc, b.tagline, sx, h.y + h.h * 0.8, fit(doc, b.tagline, sw, { font: 'italic', size: 9, color: MUTED }));
}

/** Where dug cubes land before they are sorted (the rulebook's "middle of the board"). */
function drawDigSite(doc: Doc, b: Box): void {
  doc.save();
  doc.roundedRect(b.x, b.y, b.w, b.h, b.h / 2).fill(PARCHMENT_DARK);
  doc.lineWidth(1).dash(3, { space: 2 }).roundedRect(b.x, b.y, b.w, b.h, b.h / 2).stroke(FRAME).undash();
  doc.restore();
  shovelIcon(doc, b.x + b.h * 0.55, b.y + b.h / 2, b.h * 0.62, '#5b4a38');
  const tx = b.x + b.h * 1.05;
  textAt(doc, 'DIG SITE', tx, b.y + b.h * 0.47, { font: 'bold', size: 10.5, color: INK, spacing: 0.8 });
  textAt(doc, 'dug cubes land here, then sort them', tx, b.y + b.h * 0.78, { font: 'italic', size: 7.5, color: MUTED });
}

export function drawBoard(doc: Doc, ctx: BoardContext, l: BoardLayout): void {
  drawFrame(doc, l);
  drawHeader(doc, ctx, l);
  l.panels.forEach((p, i) => drawPanel(doc, ctx, i, p));
  drawDirtPile(doc, ctx.board, l.dirtPile);
  drawBank(doc, ctx.board, l.bank);
  drawCompass(doc, ctx.board, l.compass);
  drawBag(doc, ctx.board, l.bag);
  drawSummary(doc, ctx, l.summary);
}
