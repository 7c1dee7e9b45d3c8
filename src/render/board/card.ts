/** The board's boxes: a white card with a rounded frame and a dark title banner (panels, War Room, bag, summary). */
import type { Doc } from '../pdf.js';
import type { Box } from './layout.js';
import { mm } from './style.js';
import { BANNER, FRAME, PAPER } from './style.js';
import { fit, textAt } from './type.js';

export const RADIUS = mm(2.5);
export const BANNER_H = mm(10);

export interface CardOptions {
  title: string;
  /** Smaller text right of the title (e.g. "55 cubes"). */
  note?: string;
  fill?: string;
  banner?: string;
  /** Keep this much of the banner's right end free (a coin sits there). */
  reserveRight?: number;
}

/** Draws the card and its banner; returns the box under the banner. */
export function card(doc: Doc, b: Box, opts: CardOptions): Box {
  doc.save();
  doc.roundedRect(b.x + 1.2, b.y + 1.6, b.w, b.h, RADIUS).fill('#d8c8a6');
  doc.roundedRect(b.x, b.y, b.w, b.h, RADIUS).fill(opts.fill ?? PAPER);
  doc.save();
  doc.roundedRect(b.x, b.y, b.w, b.h, RADIUS).clip();
  doc.rect(b.x, b.y, b.w, BANNER_H).fill(opts.banner ?? BANNER);
  doc.restore();
  doc.lineWidth(1).roundedRect(b.x, b.y, b.w, b.h, RADIUS).stroke(FRAME);
  const pad = mm(3);
  let avail = b.w - 2 * pad - (opts.reserveRight ?? 0);
  let noteW = 0;
  if (opts.note) {
    noteW = textAt(doc, opts.note, b.x + b.w - pad, b.y + BANNER_H * 0.68, { font: 'semibold', size: 7.5, color: '#e8dcc2', align: 'right' });
    avail -= noteW + mm(2);
  }
  const st = fit(doc, opts.title, avail, { font: 'title', size: 17, color: '#ffffff' }, 9);
  textAt(doc, opts.title, b.x + pad, b.y + BANNER_H * 0.72, st);
  doc.restore();
  return { x: b.x, y: b.y + BANNER_H, w: b.w, h: b.h - BANNER_H };
}

/** A small-caps label between two hairlines, centred on cx: "── TWO OF ──". */
export function rule(doc: Doc, label: string, cx: number, y: number, width: number, color = '#8a7a62'): void {
  const st = { font: 'bold' as const, size: 6.5, color, spacing: 0.6, align: 'center' as const };
  const w = textAt(doc, label, cx, y + 2.3, st);
  doc.save().lineWidth(0.5).strokeColor(color);
  const half = width / 2;
  doc.moveTo(cx - half, y).lineTo(cx - w / 2 - 3, y).stroke();
  doc.moveTo(cx + w / 2 + 3, y).lineTo(cx + half, y).stroke();
  doc.restore();
}
