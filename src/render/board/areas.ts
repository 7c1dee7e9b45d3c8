/** The Dirt Pile and the Bank: places to put cubes and bills, each with one line of what goes there. */
import type { BoardData } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import { card } from './card.js';
import { cubeIcon } from './icons.js';
import { BILL } from './pieces.js';
import type { Box } from './layout.js';
import { dollars, mm, MUTED } from './style.js';
import { fit, textAt } from './type.js';

/** A deterministic pseudo-random sequence (the dirt's speckles look the same in every print). */
function speckles(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function drawDirtPile(doc: Doc, board: BoardData, b: Box): void {
  const inner = card(doc, b, { title: 'Dirt Pile' });
  const pad = mm(3);
  const textY = inner.y + inner.h - mm(3);
  const area: Box = { x: inner.x + pad, y: inner.y + mm(2.5), w: inner.w - 2 * pad, h: textY - mm(4.5) - inner.y - mm(2.5) };
  const cx = area.x + area.w / 2;
  const base = area.y + area.h;
  doc.save();
  doc.moveTo(area.x, base).bezierCurveTo(area.x + area.w * 0.25, area.y - area.h * 0.05, area.x + area.w * 0.75, area.y - area.h * 0.05, area.x + area.w, base).closePath().fill('#dcc39a');
  doc.moveTo(area.x, base).bezierCurveTo(area.x + area.w * 0.25, area.y - area.h * 0.05, area.x + area.w * 0.75, area.y - area.h * 0.05, area.x + area.w, base).lineWidth(0.8).stroke('#9c7a4c');
  doc.restore();
  const rnd = speckles(7);
  doc.save();
  for (let i = 0; i < 140; i++) {
    const u = rnd();
    const x = area.x + area.w * (0.06 + 0.88 * u);
    const t = (x - area.x) / area.w;
    const top = base - (base - area.y) * 0.74 * 4 * t * (1 - t);
    const y = top + (base - top) * (0.12 + 0.84 * rnd());
    doc.circle(x, y, 0.5 + rnd() * 0.8).fill(rnd() < 0.5 ? '#a7834f' : '#8a6a3c');
  }
  doc.restore();
  const dirt = board.cubes.filter((c) => c.goesTo === 'dirt-pile');
  const brown = dirt.length ? dirt.reduce((a, c) => (c.count > a.count ? c : a)) : board.cubes[0];
  cubeIcon(doc, cx - mm(5), base - mm(4), mm(6), brown.color);
  cubeIcon(doc, cx + mm(3), base - mm(3.2), mm(6), brown.color);
  cubeIcon(doc, cx - mm(1), base - mm(8.4), mm(6), brown.color);
  textAt(doc, board.areas.dirtPile, cx, textY, fit(doc, board.areas.dirtPile, inner.w - 2 * pad, { font: 'text', size: 7.5, color: MUTED, align: 'center' }));
}

export function drawBank(doc: Doc, board: BoardData, b: Box): void {
  const inner = card(doc, b, { title: 'Bank', note: `${dollars(board.tokens.bills.value)} BILLS` });
  const pad = mm(3);
  const textY = inner.y + inner.h - mm(3);
  // A bill fits its place: the slot is a bill and a bit, or as much as the box allows.
  const slotH = Math.min(BILL.h + mm(2), textY - mm(5.5) - inner.y - mm(2.5));
  const slotW = Math.min(BILL.w + mm(2), inner.w - 2 * pad);
  const sx = inner.x + (inner.w - slotW) / 2;
  const sy = inner.y + mm(2.5);
  doc.save().roundedRect(sx, sy, slotW, slotH, mm(1.5)).fill('#eef3e6');
  doc.lineWidth(0.9).dash(3, { space: 2 }).roundedRect(sx, sy, slotW, slotH, mm(1.5)).stroke('#6f8a57').undash().restore();
  const label = dollars(board.tokens.bills.value);
  textAt(doc, label, sx + slotW / 2, sy + slotH / 2 + mm(3), { font: 'title', size: Math.min(26, slotH * 0.55), color: '#6f8a57', align: 'center' });
  textAt(doc, 'BILLS HERE', sx + slotW / 2, sy + slotH - mm(2.2), { font: 'bold', size: 6.5, color: '#6f8a57', align: 'center', spacing: 0.6 });
  textAt(doc, board.areas.bank, inner.x + inner.w / 2, textY, fit(doc, board.areas.bank, inner.w - 2 * pad, { font: 'text', size: 7.5, color: MUTED, align: 'center' }));
}
