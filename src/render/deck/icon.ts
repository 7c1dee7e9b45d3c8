/** Icons: SVG path data (the layout's named icons or an inline path) scaled into a box, keeping their proportions. */
import type { Layout } from '../../data/deck.js';
import { MAX_ICON_NAME_CHARS, MAX_PATH_CHARS, type IconElement } from '../../data/deck-elements/icon.js';
import type { Doc } from '../pdf.js';
import type { Box } from '../../geometry/sheet-layout.js';
import { color, fail, fill, INK, type CardCtx } from './context.js';

type IconDef = Layout['icons'][string];

/** Draws an icon centred in `box`; `stroke` is in points whatever the icon's scale. */
export function paintIcon(doc: Doc, def: IconDef, box: Box, fillColor: string | null, strokeColor: string | null, strokeWidth = 1.2): void {
  const [vx, vy, vw, vh] = def.viewBox;
  const s = Math.min(box.w / vw, box.h / vh);
  doc.save();
  doc.translate(box.x + (box.w - vw * s) / 2 - vx * s, box.y + (box.h - vh * s) / 2 - vy * s).scale(s);
  const rule = def.evenOdd ? 'even-odd' : 'non-zero';
  for (const p of def.paths) {
    doc.path(p);
    if (def.outline) {
      doc.lineWidth(strokeWidth / s).lineCap('round').lineJoin('round').stroke(strokeColor ?? fillColor ?? INK);
    } else if (fillColor && strokeColor) {
      doc.lineWidth(strokeWidth / s).lineJoin('round').fillColor(fillColor).strokeColor(strokeColor).fillAndStroke(fillColor, strokeColor, rule);
    } else if (strokeColor) doc.lineWidth(strokeWidth / s).lineJoin('round').stroke(strokeColor);
    else doc.fill(fillColor ?? INK, rule);
  }
  doc.restore();
}

/** The named icon (templated), failing with the row and column when the data names an unknown one. */
export function iconNamed(ctx: CardCtx, field: string, template: string): IconDef | null {
  const name = fill(ctx, template).trim();
  if (name === '' || name.toLowerCase() === 'none') return null;
  if (name.length > MAX_ICON_NAME_CHARS) fail(ctx, field, template, `an icon name of ${name.length.toLocaleString('en')} characters; at most ${MAX_ICON_NAME_CHARS}`);
  const def = ctx.layout.icons[name] ?? ctx.layout.icons[name.toLowerCase()];
  if (!def) fail(ctx, field, template, `unknown icon "${name}" (the layout's icons: ${Object.keys(ctx.layout.icons).join(', ') || 'none'})`);
  return def;
}

export function drawIcon(ctx: CardCtx, e: IconElement, box: Box): void {
  let def: IconDef | null;
  if (e.path !== undefined) {
    const path = fill(ctx, e.path);
    if (path.length > MAX_PATH_CHARS) fail(ctx, 'path', e.path, `${path.length.toLocaleString('en')} characters of path data; at most ${MAX_PATH_CHARS.toLocaleString('en')}`);
    def = { paths: [path], viewBox: e.viewBox ?? [0, 0, 24, 24], outline: false, evenOdd: false };
  } else def = iconNamed(ctx, 'icon', e.icon!);
  if (!def) return;
  const f = color(ctx, 'fill', e.fill, e.stroke === undefined ? INK : null);
  const s = color(ctx, 'stroke', e.stroke);
  if (!f && !s) return;
  paintIcon(ctx.doc, def, box, f, s, e.strokeWidth);
}
