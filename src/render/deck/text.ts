/**
 * Text in a box: word-wrapped (explicit line breaks kept, also "\n" typed in a spreadsheet cell), shrunk until it
 * fits down to its minimum size (never under 6 pt); text that still does not fit is an error naming the row and
 * column to shorten. Measured with the font's metrics (no pdfkit flowing).
 */
import { MAX_TEXT_CHARS, type TextElement } from '../../data/deck-elements/text.js';
import type { Doc } from '../pdf.js';
import type { Box } from '../../geometry/sheet-layout.js';
import { color, fail, fill, INK, type CardCtx } from './context.js';

const STEP = 0.25;

function fontMetrics(doc: Doc): { ascender: number } {
  const f = (doc as unknown as { _font: { ascender: number } })._font;
  return { ascender: f.ascender / 1000 };
}

/** Greedy wrap of one paragraph; `null` when a single word is wider than the box. */
function wrapParagraph(doc: Doc, p: string, width: number, spacing: number): string[] | null {
  const words = p.split(/[ \t]+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  const opts = { characterSpacing: spacing };
  for (const w of words) {
    if (doc.widthOfString(w, opts) > width) return null;
    const next = cur ? `${cur} ${w}` : w;
    if (cur && doc.widthOfString(next, opts) > width) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  lines.push(cur);
  return lines;
}

/** The lines of `text` at `size`, or null if they do not fit `box`. */
function layoutAt(doc: Doc, paras: string[], box: Box, size: number, leading: number, spacing: number, wrap: boolean): string[] | null {
  doc.fontSize(size);
  let lines: string[] = [];
  for (const p of paras) {
    if (wrap) {
      const l = wrapParagraph(doc, p, box.w, spacing);
      if (!l) return null;
      lines = lines.concat(l);
    } else {
      if (doc.widthOfString(p, { characterSpacing: spacing }) > box.w) return null;
      lines.push(p);
    }
  }
  // From the first line's cap height to the last line's descender.
  const height = (lines.length - 1) * size * leading + size * 0.98;
  return height <= box.h + 0.01 ? lines : null;
}

export function drawText(ctx: CardCtx, e: TextElement, box: Box): void {
  const { doc } = ctx;
  const template = e.field !== undefined ? `{${e.field}}` : e.text!;
  let s = fill(ctx, template);
  const field = e.field !== undefined ? 'field' : 'text';
  if (s.length > MAX_TEXT_CHARS) fail(ctx, field, template, `${s.length.toLocaleString('en')} characters of text; a text element takes at most ${MAX_TEXT_CHARS.toLocaleString('en')}`);
  if (e.upper) s = s.toUpperCase();
  const paras = s.split(/\r?\n|\\n/).map((p) => p.trim());
  if (paras.every((p) => p === '')) return;
  const size = e.size ?? 9;
  const min = Math.min(e.minSize ?? 6, size);
  const leading = e.leading ?? 1.2;
  const spacing = e.spacing ?? 0;
  const wrap = e.wrap !== false;
  doc.font(e.font ?? 'text');
  let at = size;
  let lines = layoutAt(doc, paras, box, at, leading, spacing, wrap);
  while (!lines && at - STEP >= min - 1e-9) {
    at -= STEP;
    lines = layoutAt(doc, paras, box, at, leading, spacing, wrap);
  }
  if (!lines) {
    const short = s.length > 40 ? `${s.slice(0, 37)}...` : s;
    fail(ctx, e.field !== undefined ? 'field' : 'text', template, `"${short}" does not fit its ${Math.round((box.w / 72) * 25.4)} x ${Math.round((box.h / 72) * 25.4)} mm box even at ${min} pt (shorten it, or enlarge the box)`);
  }
  const c = color(ctx, 'color', e.color, INK) ?? INK;
  doc.fontSize(at).fillColor(c);
  const { ascender } = fontMetrics(doc);
  const lh = at * leading;
  const n = lines.length;
  // Baselines: caps touch the top, descenders the bottom, or the block's visual centre on the box's centre.
  const valign = e.valign ?? 'top';
  let base0: number;
  if (valign === 'top') base0 = box.y + at * 0.74;
  else if (valign === 'bottom') base0 = box.y + box.h - at * 0.24 - (n - 1) * lh;
  else base0 = box.y + box.h / 2 - ((n - 1) * lh) / 2 + at * 0.36;
  const opts = { lineBreak: false, characterSpacing: spacing } as const;
  lines.forEach((l, i) => {
    const w = doc.widthOfString(l, opts) - (spacing && l.length ? spacing : 0);
    const x = e.align === 'center' ? box.x + (box.w - w) / 2 : e.align === 'right' ? box.x + box.w - w : box.x;
    doc.text(l, x, base0 + i * lh - ascender * at, opts);
  });
}
