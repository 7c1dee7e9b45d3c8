/**
 * Text in a box: word-wrapped (explicit line breaks kept, also "\n" typed in a spreadsheet cell), shrunk until it
 * fits down to its minimum size (never under 6 pt); text that still does not fit is an error naming the row and
 * column to shorten. Measured with the font's metrics (no pdfkit flowing). Text may hold markup (markup.ts):
 * bold and italic spans, colour spans and the layout's icons inline, placed on the line like a capital letter and
 * wrapping with the words.
 */
import { MAX_TEXT_CHARS, type TextElement } from '../../data/deck-elements/text.js';
import type { Doc } from '../pdf.js';
import type { Box } from '../../geometry/sheet-layout.js';
import { color, fail, fill, INK, type CardCtx } from './context.js';
import { paintIcon } from './icon.js';
import { hasMarkup, parseParagraph, PLAIN, type Style, type Word } from './markup.js';

const STEP = 0.25;
/** An inline icon is this many ems tall, its bottom this far below the baseline: centred on the capitals. */
export const ICON_EM = 0.9;
export const ICON_DROP_EM = 0.1;
/** Space either side of an inline icon, in ems. */
const ICON_SIDE_EM = 0.06;

type IconDef = CardCtx['layout']['icons'][string];

/** A run of a line: text in one font and colour, or an icon. */
type Run = { kind: 'text'; text: string; font: string; color: string } | { kind: 'icon'; def: IconDef; color: string; name: string };

interface Fonts {
  regular: string;
  bold: string;
  italic: string;
}

function ascender(doc: Doc): number {
  return (doc as unknown as { _font: { ascender: number } })._font.ascender / 1000;
}

/** Where a text's words come from and how they look: the parsed paragraphs with their styles resolved. */
interface Rich {
  paras: Word[][];
  fonts: Fonts;
  /** Resolved colours of the spans, by what was written (null: "none", the element's colour). */
  colors: Map<string, string | null>;
  base: string;
  icons: Map<string, IconDef>;
}

function fontOf(st: Style, fonts: Fonts): string {
  return st.bold ? fonts.bold : st.italic ? fonts.italic : fonts.regular;
}

/** The runs of a line of words: neighbouring text in the same font and colour is one run (so kerning is kept). */
function runsOf(line: Word[], rich: Rich): Run[] {
  const runs: Run[] = [];
  const colorOf = (st: Style) => (st.color === null ? rich.base : (rich.colors.get(st.color) ?? rich.base));
  const pushText = (text: string, font: string, c: string) => {
    const last = runs[runs.length - 1];
    if (last && last.kind === 'text' && last.font === font && last.color === c) last.text += text;
    else runs.push({ kind: 'text', text, font, color: c });
  };
  line.forEach((word, w) => {
    if (w > 0) {
      // The space between two words takes the style of the text before it (or after it, after an icon).
      const prev = runs[runs.length - 1];
      if (prev.kind === 'text') prev.text += ' ';
      else {
        const next = word[0];
        pushText(' ', next.kind === 'text' ? fontOf(next.style, rich.fonts) : rich.fonts.regular, next.kind === 'text' ? colorOf(next.style) : rich.base);
      }
    }
    for (const p of word) {
      if (p.kind === 'text') pushText(p.text, fontOf(p.style, rich.fonts), colorOf(p.style));
      else runs.push({ kind: 'icon', def: rich.icons.get(p.name)!, color: colorOf(p.style), name: p.name });
    }
  });
  return runs;
}

function iconWidth(def: IconDef, size: number): number {
  const [, , vw, vh] = def.viewBox;
  return size * (ICON_EM * (vw / vh) + 2 * ICON_SIDE_EM);
}

/** Width of a line's runs at the current size; characters are spaced by `spacing`, also across runs. */
function runsWidth(doc: Doc, runs: Run[], size: number, spacing: number): number {
  let w = 0;
  runs.forEach((r, i) => {
    if (i > 0) w += spacing;
    if (r.kind === 'icon') w += iconWidth(r.def, size);
    else w += doc.font(r.font).widthOfString(r.text, { characterSpacing: spacing });
  });
  return w;
}

/** Whether a paragraph is plain words in the element's own font and colour (most are: measured as strings). */
function isPlain(words: Word[]): boolean {
  return words.every((w) => w.length === 1 && w[0].kind === 'text' && w[0].style === PLAIN);
}

/** Greedy wrap of one paragraph; `null` when a single word is wider than the box. */
function wrapParagraph(doc: Doc, words: Word[], rich: Rich, width: number, size: number, spacing: number): Word[][] | null {
  const lines: Word[][] = [];
  if (isPlain(words)) {
    // Plain text: each candidate line measured as one string, as it will be drawn.
    doc.font(rich.fonts.regular);
    const opts = { characterSpacing: spacing };
    let cur = '';
    let start = 0;
    for (let i = 0; i < words.length; i++) {
      const w = (words[i][0] as { text: string }).text;
      if (doc.widthOfString(w, opts) > width) return null;
      const next = cur ? `${cur} ${w}` : w;
      if (cur && doc.widthOfString(next, opts) > width) {
        lines.push(words.slice(start, i));
        start = i;
        cur = w;
      } else cur = next;
    }
    lines.push(words.slice(start));
    return lines;
  }
  let cur: Word[] = [];
  for (const w of words) {
    if (runsWidth(doc, runsOf([w], rich), size, spacing) > width) return null;
    const next = [...cur, w];
    if (cur.length && runsWidth(doc, runsOf(next, rich), size, spacing) > width) {
      lines.push(cur);
      cur = [w];
    } else cur = next;
  }
  lines.push(cur);
  return lines;
}

/** The lines of the text at `size`, or null if they do not fit `box`. */
function layoutAt(doc: Doc, rich: Rich, box: Box, size: number, leading: number, spacing: number, wrap: boolean): Word[][] | null {
  doc.fontSize(size);
  let lines: Word[][] = [];
  for (const p of rich.paras) {
    if (wrap) {
      const l = wrapParagraph(doc, p, rich, box.w, size, spacing);
      if (!l) return null;
      lines = lines.concat(l);
    } else {
      if (runsWidth(doc, runsOf(p, rich), size, spacing) > box.w) return null;
      lines.push(p);
    }
  }
  // From the first line's cap height to the last line's descender.
  const height = (lines.length - 1) * size * leading + size * 0.98;
  return height <= box.h + 0.01 ? lines : null;
}

/** Parses the paragraphs and resolves their colours and icons, failing with the row and column of a bad one. */
function richText(ctx: CardCtx, e: TextElement, s: string, template: string, field: string): Rich {
  const fonts: Fonts = { regular: e.font ?? 'text', bold: e.boldFont ?? 'bold', italic: e.italicFont ?? 'italic' };
  const rich: Rich = { paras: [], fonts, colors: new Map(), base: INK, icons: new Map() };
  for (const p of s.split(/\r?\n|\\n/).map((x) => x.trim())) {
    if (!hasMarkup(p)) {
      const words = p.split(/[ \t]+/).filter(Boolean);
      rich.paras.push(words.map((w) => [{ kind: 'text', text: e.upper ? w.toUpperCase() : w, style: PLAIN }]));
      continue;
    }
    const words = parseParagraph(p);
    for (const word of words) {
      for (const piece of word) {
        if (piece.kind === 'text' && e.upper) piece.text = piece.text.toUpperCase();
        if (piece.style.color !== null && !rich.colors.has(piece.style.color)) {
          const literal = template.includes(`=${piece.style.color}]`);
          rich.colors.set(piece.style.color, color(ctx, field, piece.style.color, null, literal ? undefined : template));
        }
        if (piece.kind === 'icon' && !rich.icons.has(piece.name)) {
          const def = ctx.layout.icons[piece.name] ?? ctx.layout.icons[piece.name.toLowerCase()];
          if (!def) {
            // A literal icon in the layout's own text is the layout's error; one from a cell is the cell's.
            const fromLayout = template.includes(`:${piece.name}:`);
            fail(ctx, field, fromLayout ? undefined : template, `unknown icon ":${piece.name}:" in the text (the layout's icons: ${Object.keys(ctx.layout.icons).join(', ') || 'none'}; write \\: for a plain colon)`);
          }
          rich.icons.set(piece.name, def);
        }
      }
    }
    rich.paras.push(words);
  }
  return rich;
}

export function drawText(ctx: CardCtx, e: TextElement, box: Box): void {
  const { doc } = ctx;
  const template = e.field !== undefined ? `{${e.field}}` : e.text!;
  const s = fill(ctx, template);
  const field = e.field !== undefined ? 'field' : 'text';
  if (s.length > MAX_TEXT_CHARS) fail(ctx, field, template, `${s.length.toLocaleString('en')} characters of text; a text element takes at most ${MAX_TEXT_CHARS.toLocaleString('en')}`);
  const rich = richText(ctx, e, s, template, field);
  if (rich.paras.every((p) => p.length === 0)) return;
  rich.base = color(ctx, 'color', e.color, INK) ?? INK;
  const size = e.size ?? 9;
  const min = Math.min(e.minSize ?? 6, size);
  const leading = e.leading ?? 1.2;
  const spacing = e.spacing ?? 0;
  const wrap = e.wrap !== false;
  doc.font(rich.fonts.regular);
  let at = size;
  let lines = layoutAt(doc, rich, box, at, leading, spacing, wrap);
  while (!lines && at - STEP >= min - 1e-9) {
    at -= STEP;
    lines = layoutAt(doc, rich, box, at, leading, spacing, wrap);
  }
  if (!lines) {
    const shown = s.length > 40 ? `${s.slice(0, 37)}...` : s;
    fail(ctx, field, template, `"${shown}" does not fit its ${Math.round((box.w / 72) * 25.4)} x ${Math.round((box.h / 72) * 25.4)} mm box even at ${min} pt (shorten it, or enlarge the box)`);
  }
  doc.fontSize(at);
  const lh = at * leading;
  const n = lines.length;
  // Baselines: caps touch the top, descenders the bottom, or the block's visual centre on the box's centre.
  const valign = e.valign ?? 'top';
  let base0: number;
  if (valign === 'top') base0 = box.y + at * 0.74;
  else if (valign === 'bottom') base0 = box.y + box.h - at * 0.24 - (n - 1) * lh;
  else base0 = box.y + box.h / 2 - ((n - 1) * lh) / 2 + at * 0.36;
  const opts = { lineBreak: false, characterSpacing: spacing } as const;
  lines.forEach((line, i) => {
    const runs = runsOf(line, rich);
    const w = runsWidth(doc, runs, at, spacing) - (spacing && runs.length ? spacing : 0);
    let x = e.align === 'center' ? box.x + (box.w - w) / 2 : e.align === 'right' ? box.x + box.w - w : box.x;
    const baseline = base0 + i * lh;
    runs.forEach((r, k) => {
      if (k > 0) x += spacing;
      if (r.kind === 'icon') {
        const iw = iconWidth(r.def, at);
        const ih = at * ICON_EM;
        const side = at * ICON_SIDE_EM;
        paintIcon(doc, r.def, { x: x + side, y: baseline + at * ICON_DROP_EM - ih, w: iw - 2 * side, h: ih }, r.color, null);
        x += iw;
        return;
      }
      doc.font(r.font).fillColor(r.color);
      doc.text(r.text, x, baseline - ascender(doc) * at, opts);
      x += doc.widthOfString(r.text, opts);
    });
  });
}

/** Where the inline icons of a drawn text sit (for tests): exported pieces of the layout maths. */
export const inlineIcon = { em: ICON_EM, dropEm: ICON_DROP_EM, sideEm: ICON_SIDE_EM };
