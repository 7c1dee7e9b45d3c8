/** A panel's action box: the dig value "base + extra", or the Interpretive Centre's trade options. */
import type { Location } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import type { Box } from './layout.js';
import { shovelIcon } from './icons.js';
import { INK, MUTED, mm, PARCHMENT } from './style.js';
import { drawParas, fit, fitParas, measureParas, textAt, type Para } from './type.js';

type Dig = Extract<Location['action'], { kind: 'dig' }>;
type Trade = Extract<Location['action'], { kind: 'trade' }>;

export const DIG_BOX_H = mm(15);

function plural(n: number, w: string): string {
  return `${n} ${w}${n === 1 ? '' : 's'}`;
}

/** The dig value as printed: "2 + 2". */
export function digValue(a: Dig): string {
  return `${a.base} + ${a.extra}`;
}

function boxBg(doc: Doc, b: Box): void {
  doc.save().roundedRect(b.x, b.y, b.w, b.h, mm(1.5)).fill(PARCHMENT);
  doc.lineWidth(0.5).roundedRect(b.x, b.y, b.w, b.h, mm(1.5)).stroke('#cdb98f');
  doc.restore();
}

export function drawDigBox(doc: Doc, a: Dig, b: Box): void {
  boxBg(doc, b);
  const cy = b.y + b.h / 2;
  shovelIcon(doc, b.x + mm(5), cy, mm(9), '#5b4a38');
  textAt(doc, 'DIG', b.x + mm(9.5), cy - mm(2.6), { font: 'bold', size: 6.5, color: MUTED, spacing: 0.6 });
  const value = digValue(a);
  const vw = textAt(doc, value, b.x + mm(9.5), cy + mm(4.2), { font: 'title', size: 21, color: INK });
  const tx = b.x + mm(9.5) + Math.max(vw, mm(8)) + mm(3);
  const tw = b.x + b.w - mm(2) - tx;
  const l1 = `${plural(a.base, 'cube')} from the bag`;
  const l2 = a.extra > 0 ? `+1 per Clue token, up to ${a.extra} more` : 'no extra cubes for Clues';
  const st = fit(doc, l2.length > l1.length ? l2 : l1, tw, { font: 'semibold', size: 7.5, color: INK });
  textAt(doc, l1, tx, cy - mm(0.6), st);
  textAt(doc, l2, tx, cy + mm(3.2), { ...st, font: 'text', color: MUTED });
}

function tradeParas(a: Trade): Para[] {
  const paras: Para[] = [{ text: 'TRADE, INSTEAD OF DIGGING', st: { font: 'bold', size: 6.5, color: MUTED, spacing: 0.5 } }];
  a.options.forEach((o, i) => {
    if (i > 0) paras.push({ text: 'OR', st: { font: 'bold', size: 7, color: '#a5493a' }, before: 1 });
    paras.push({ text: o, st: { font: 'semibold', size: 8, color: INK }, before: 1.5 });
  });
  if (a.note) paras.push({ text: a.note, st: { font: 'italic', size: 7, color: MUTED }, before: 2 });
  return paras;
}

/** Height a trade box needs at full size. */
export function tradeBoxHeight(doc: Doc, a: Trade, width: number): number {
  return measureParas(doc, tradeParas(a), width - mm(5)) + mm(4.5);
}

/** Draws the trade box; false if its text does not fit even at the smallest size. */
export function drawTradeBox(doc: Doc, a: Trade, b: Box): boolean {
  boxBg(doc, b);
  const paras = tradeParas(a);
  const scale = fitParas(doc, paras, b.w - mm(5), b.h - mm(4));
  if (scale === null) return false;
  drawParas(doc, paras, b.x + mm(2.5), b.y + mm(2), b.w - mm(5), scale);
  return true;
}
