/**
 * Text on the board placed by its baseline (pdfkit places a line by its top; the board centres letters in circles
 * and lines up labels on baselines). Nothing here flows onto a new page.
 */
import type { FontName } from '../fonts.js';
import type { Doc } from '../pdf.js';
import { textWidth, wrap, type TextStyle } from '../text.js';

export type { TextStyle };

/** No text on the board or its cut-outs is smaller than this (points). */
export const MIN_TEXT = 6;

interface FontMetrics {
  ascender: number;
  descender: number;
  capHeight: number;
}

function metrics(doc: Doc, font: FontName, size: number): { asc: number; desc: number; cap: number } {
  doc.font(font).fontSize(size);
  const f = (doc as unknown as { _font: FontMetrics })._font;
  return { asc: (f.ascender / 1000) * size, desc: (f.descender / 1000) * size, cap: (f.capHeight / 1000) * size };
}

export function capHeight(doc: Doc, st: TextStyle): number {
  return metrics(doc, st.font ?? 'text', st.size).cap;
}

/** One line whose baseline is at `y`; `x` is the left edge, centre or right edge after `align`. Returns the width. */
export function textAt(doc: Doc, s: string, x: number, y: number, st: TextStyle): number {
  if (st.size < MIN_TEXT - 1e-6) throw new Error(`text "${s}" at ${st.size} pt is under ${MIN_TEXT} pt`);
  const m = metrics(doc, st.font ?? 'text', st.size);
  doc.fillColor(st.color ?? '#1a1a1a');
  // Vollkorn's default figures are old-style ("1" looks like "I"): ask for lining figures.
  const opts = { lineBreak: false, characterSpacing: st.spacing ?? 0, ...(st.font === 'title' ? { features: ['lnum' as const] } : {}) };
  const w = doc.widthOfString(s, opts);
  const left = st.align === 'center' ? x - w / 2 : st.align === 'right' ? x - w : x;
  doc.text(s, left, y - m.asc, opts);
  return w;
}

/** A line whose capital letters are vertically centred on `cy`. */
export function capsCentered(doc: Doc, s: string, cx: number, cy: number, st: TextStyle): number {
  const cap = capHeight(doc, st);
  return textAt(doc, s, cx, cy + cap / 2, { ...st, align: st.align ?? 'center' });
}

/** The largest size from `st.size` down to `min` (never under MIN_TEXT) at which `s` fits `width`. */
export function fit(doc: Doc, s: string, width: number, st: TextStyle, min = MIN_TEXT): TextStyle {
  let size = st.size;
  const floor = Math.max(min, MIN_TEXT);
  while (size > floor && textWidth(doc, s, { ...st, size }) > width) size = Math.max(floor, size - 0.25);
  return { ...st, size };
}

export interface Para {
  text: string;
  st: TextStyle;
  /** Space before the paragraph (points). */
  before?: number;
  /** Hanging bullet or number drawn left of the text. */
  bullet?: string;
  indent?: number;
}

const LEADING = 1.22;

/** Height of paragraphs wrapped to `width` (first baseline offset by the first size's cap height). */
export function measureParas(doc: Doc, paras: Para[], width: number, scale = 1): number {
  let h = 0;
  paras.forEach((p, i) => {
    const st = { ...p.st, size: Math.max(MIN_TEXT, p.st.size * scale) };
    const lines = wrap(doc, p.text, width - (p.indent ?? 0), st);
    h += (i === 0 ? 0 : (p.before ?? 0) * scale) + lines.length * st.size * LEADING;
  });
  return h;
}

/** Draws paragraphs from the top `y`; returns the height used. */
export function drawParas(doc: Doc, paras: Para[], x: number, y: number, width: number, scale = 1): number {
  let top = y;
  paras.forEach((p, i) => {
    const st = { ...p.st, size: Math.max(MIN_TEXT, p.st.size * scale) };
    if (i > 0) top += (p.before ?? 0) * scale;
    const indent = p.indent ?? 0;
    const lines = wrap(doc, p.text, width - indent, st);
    const lh = st.size * LEADING;
    if (p.bullet) textAt(doc, p.bullet, x, top + lh * 0.8, { ...st, font: 'bold' });
    lines.forEach((l, k) => textAt(doc, l, x + indent, top + lh * (k + 0.8), st));
    top += lines.length * lh;
  });
  return top - y;
}

/**
 * The largest scale (1 down to the point where every paragraph is at MIN_TEXT; none goes under it) at which the
 * paragraphs fit `height`; null if they do not fit even then.
 */
export function fitParas(doc: Doc, paras: Para[], width: number, height: number): number | null {
  const largest = Math.max(...paras.map((p) => p.st.size));
  const floor = MIN_TEXT / largest;
  for (let s = 1; s >= floor - 1e-9; s -= 0.025) {
    if (measureParas(doc, paras, width, s) <= height) return s;
  }
  return null;
}
