/**
 * A score track: numbered spaces run clockwise round a box from its top-left corner (from..to), every n-th space
 * highlighted. Spaces are as square as the box allows; extra spaces at the end stay blank.
 */
import type { TrackElement } from '../../data/deck-elements/track.js';
import type { Box } from '../../geometry/sheet-layout.js';
import { color, INK, type CardCtx } from './context.js';

/** The spaces' boxes, in order round the track. */
export function trackSpaces(box: Box, count: number): Box[] {
  const half = Math.ceil((count + 4) / 2);
  let a = Math.round((half * box.w) / (box.w + box.h));
  a = Math.min(Math.max(a, 2), half - 2);
  const b = half - a;
  const cw = box.w / a;
  const ch = box.h / b;
  const out: Box[] = [];
  for (let i = 0; i < a; i++) out.push({ x: box.x + i * cw, y: box.y, w: cw, h: ch });
  for (let j = 1; j < b; j++) out.push({ x: box.x + (a - 1) * cw, y: box.y + j * ch, w: cw, h: ch });
  for (let i = a - 2; i >= 0; i--) out.push({ x: box.x + i * cw, y: box.y + (b - 1) * ch, w: cw, h: ch });
  for (let j = b - 2; j >= 1; j--) out.push({ x: box.x, y: box.y + j * ch, w: cw, h: ch });
  return out;
}

export function drawTrack(ctx: CardCtx, e: TrackElement, box: Box): void {
  const { doc } = ctx;
  const n = e.to - e.from + 1;
  const spaces = trackSpaces(box, n);
  const f = color(ctx, 'fill', e.fill);
  const mark = color(ctx, 'markFill', e.markFill, '#e6dcc6');
  const s = color(ctx, 'stroke', e.stroke, INK) ?? INK;
  const ink = color(ctx, 'color', e.color, INK) ?? INK;
  const every = e.every ?? 5;
  const cell = Math.min(spaces[0].w, spaces[0].h);
  const size = e.size ?? Math.max(6, Math.min(14, cell * 0.42));
  doc.save();
  spaces.forEach((sp, i) => {
    const v = e.from + i;
    const marked = i < n && v % every === 0;
    const bg = marked ? mark : f;
    if (bg) doc.rect(sp.x, sp.y, sp.w, sp.h).fill(bg);
  });
  doc.lineWidth(e.strokeWidth ?? 0.8).strokeColor(s);
  for (const sp of spaces) doc.rect(sp.x, sp.y, sp.w, sp.h);
  doc.stroke();
  doc.font(e.font ?? 'bold').fontSize(size).fillColor(ink);
  const asc = (doc as unknown as { _font: { ascender: number } })._font.ascender / 1000;
  spaces.slice(0, n).forEach((sp, i) => {
    const t = String(e.from + i);
    const w = doc.widthOfString(t);
    doc.text(t, sp.x + (sp.w - w) / 2, sp.y + sp.h / 2 + size * 0.36 - asc * size, { lineBreak: false });
  });
  doc.restore();
}
