/**
 * Printer's marks for tiles and cut-out pages: crop marks, half registration targets on a join, a scale bar that
 * says "print at 100%", and the cut/fold legend. Every mark stays at least 5 mm inside the page.
 */
import type { Doc } from '../pdf.js';
import { INK, mm, MUTED } from './style.js';
import { textAt } from './type.js';

/** No mark closer to a page edge than this (printers' unprintable border). */
export const PAGE_SAFE = mm(5);
export const CUT = '#3a3a3a';
export const FOLD = '#6b6b6b';

/** A registration target (circle and cross) of diameter `d` centred on (x, y). */
export function target(doc: Doc, x: number, y: number, d = mm(5)): void {
  const r = d / 2;
  doc.save().lineWidth(1.6).strokeColor('#ffffff');
  doc.circle(x, y, r * 0.62).stroke();
  doc.lineWidth(0.5).strokeColor(INK);
  doc.circle(x, y, r * 0.62).stroke();
  doc.moveTo(x - r, y).lineTo(x + r, y).stroke();
  doc.moveTo(x, y - r).lineTo(x, y + r).stroke();
  doc.restore();
}

/**
 * Crop marks at the corners of a rectangle: short lines continuing its edges, starting `gap` away from it.
 * `sides` picks which edges get marks (a tile only marks the edges to trim).
 */
export function cropMarks(
  doc: Doc,
  b: { x: number; y: number; w: number; h: number },
  sides: { left?: boolean; right?: boolean; top?: boolean; bottom?: boolean } = { left: true, right: true, top: true, bottom: true },
  gap = mm(2),
  len = mm(5),
): void {
  doc.save().lineWidth(0.5).strokeColor(CUT);
  const xs: number[] = [];
  if (sides.left) xs.push(b.x);
  if (sides.right) xs.push(b.x + b.w);
  for (const x of xs) {
    doc.moveTo(x, b.y - gap).lineTo(x, b.y - gap - len).stroke();
    doc.moveTo(x, b.y + b.h + gap).lineTo(x, b.y + b.h + gap + len).stroke();
  }
  const ys: number[] = [];
  if (sides.top) ys.push(b.y);
  if (sides.bottom) ys.push(b.y + b.h);
  for (const y of ys) {
    doc.moveTo(b.x - gap, y).lineTo(b.x - gap - len, y).stroke();
    doc.moveTo(b.x + b.w + gap, y).lineTo(b.x + b.w + gap + len, y).stroke();
  }
  doc.restore();
}

/** A 50 mm scale bar with 10 mm ticks and "print at 100%" beside it; (x, y) is its left end, on the bar. */
export function scaleBar(doc: Doc, x: number, y: number): number {
  const len = mm(50);
  doc.save().lineWidth(0.6).strokeColor(INK);
  doc.rect(x, y - mm(1), len, mm(1)).fill(INK);
  for (let i = 0; i <= 5; i++) {
    const tx = x + mm(10) * i;
    doc.moveTo(tx, y - mm(2.2)).lineTo(tx, y + mm(0.8)).stroke();
    if (i % 5 === 0) textAt(doc, `${i * 10}`, tx, y + mm(3.6), { font: 'text', size: 6, color: MUTED, align: 'center' });
  }
  doc.restore();
  const w = textAt(doc, 'This bar is 50 mm: print at 100% (actual size, no "fit to page")', x + len + mm(3), y + mm(0.4), { font: 'semibold', size: 7, color: INK });
  return len + mm(3) + w;
}

/** "—— cut   - - - fold" */
export function cutFoldLegend(doc: Doc, x: number, y: number): void {
  doc.save().lineWidth(0.6).strokeColor(CUT).moveTo(x, y).lineTo(x + mm(8), y).stroke();
  textAt(doc, 'cut', x + mm(9.5), y + mm(0.9), { font: 'text', size: 7, color: INK });
  doc.lineWidth(0.6).strokeColor(FOLD).dash(2, { space: 1.5 }).moveTo(x + mm(17), y).lineTo(x + mm(25), y).stroke().undash();
  textAt(doc, 'fold', x + mm(26.5), y + mm(0.9), { font: 'text', size: 7, color: INK });
  doc.restore();
}
