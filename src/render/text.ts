/** Text helpers: single lines that never flow onto a new page, and fitting a line into a width. */
import type { FontName } from './fonts.js';
import type { Doc } from './pdf.js';

export interface TextStyle {
  font?: FontName;
  size: number;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Characters' extra spacing in points. */
  spacing?: number;
}

function setStyle(doc: Doc, st: TextStyle): void {
  doc.font(st.font ?? 'text').fontSize(st.size).fillColor(st.color ?? '#1a1a1a');
}

/** Width of a line of text. */
export function textWidth(doc: Doc, s: string, st: TextStyle): number {
  setStyle(doc, st);
  return doc.widthOfString(s, { characterSpacing: st.spacing ?? 0 });
}

/**
 * One line of text whose baseline-independent top is `y` (pdfkit's line box top). `x` is the left edge, the center
 * or the right edge depending on `align`.
 */
export function line(doc: Doc, s: string, x: number, y: number, st: TextStyle): number {
  setStyle(doc, st);
  const w = doc.widthOfString(s, { characterSpacing: st.spacing ?? 0 });
  const left = st.align === 'center' ? x - w / 2 : st.align === 'right' ? x - w : x;
  doc.text(s, left, y, { lineBreak: false, characterSpacing: st.spacing ?? 0 });
  return w;
}

/** The largest size (down to `min`) at which `s` fits in `width`. */
export function fitSize(doc: Doc, s: string, width: number, st: TextStyle, min: number): number {
  let size = st.size;
  while (size > min && textWidth(doc, s, { ...st, size }) > width) size -= 0.25;
  return size;
}

/** Greedy word wrap with the font's metrics (no pdfkit flowing, so nothing spills onto a new page). */
export function wrap(doc: Doc, s: string, width: number, st: TextStyle): string[] {
  setStyle(doc, st);
  const words = s.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && doc.widthOfString(next) > width) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** Wrapped lines, `leading` points apart; returns the height used. */
export function paragraph(doc: Doc, s: string, x: number, y: number, width: number, st: TextStyle, leading = st.size * 1.2): number {
  const lines = wrap(doc, s, width, st);
  lines.forEach((l, i) => line(doc, l, x, y + i * leading, st));
  return lines.length * leading;
}
