/** Boxes (rounded, through the bleed when asked), ellipses and lines. */
import type { EllipseElement, LineElement, RectElement } from '../../data/deck-elements/box.js';
import type { Doc } from '../pdf.js';
import { mm, type Box } from '../../geometry/sheet-layout.js';
import { color, INK, type CardCtx } from './context.js';

type Paint = { fill?: string; stroke?: string; strokeWidth?: number; dash?: number };

/** Fills and/or strokes the current path; a box with neither colour is drawn with a thin ink outline. */
export function paint(ctx: CardCtx, doc: Doc, e: Paint, outlineByDefault = true): void {
  const f = color(ctx, 'fill', e.fill);
  let s = color(ctx, 'stroke', e.stroke);
  if (!f && !s && e.fill === undefined && e.stroke === undefined && outlineByDefault) s = INK;
  if (s) {
    doc.lineWidth(e.strokeWidth ?? 1).strokeColor(s);
    if (e.dash) doc.dash(mm(e.dash), { space: mm(e.dash) });
  }
  if (f && s) doc.fillColor(f).fillAndStroke();
  else if (f) doc.fill(f);
  else if (s) doc.stroke();
  else doc.addContent('n'); // nothing to paint: end the path
  if (s && e.dash) doc.undash();
}

/** The box, with its edges that lie on the card's cut line pushed out through the bleed. */
function bleedBox(ctx: CardCtx, b: Box): Box {
  const eps = 0.01;
  const W = mm(ctx.W);
  const H = mm(ctx.H);
  const l = b.x <= eps ? ctx.bleed : 0;
  const t = b.y <= eps ? ctx.bleed : 0;
  const r = b.x + b.w >= W - eps ? ctx.bleed : 0;
  const btm = b.y + b.h >= H - eps ? ctx.bleed : 0;
  return { x: b.x - l, y: b.y - t, w: b.w + l + r, h: b.h + t + btm };
}

export function drawRect(ctx: CardCtx, e: RectElement, box: Box): void {
  const { doc } = ctx;
  const b = e.bleed ? bleedBox(ctx, box) : box;
  const f = color(ctx, 'fill', e.fill);
  const s = color(ctx, 'stroke', e.stroke);
  if (!f && !s && (e.fill !== undefined || e.stroke !== undefined)) return;
  if (e.radius) doc.roundedRect(b.x, b.y, b.w, b.h, mm(e.radius));
  else doc.rect(b.x, b.y, b.w, b.h);
  paint(ctx, doc, e);
}

export function drawEllipse(ctx: CardCtx, e: EllipseElement, box: Box): void {
  const f = color(ctx, 'fill', e.fill);
  const s = color(ctx, 'stroke', e.stroke);
  if (!f && !s && (e.fill !== undefined || e.stroke !== undefined)) return;
  ctx.doc.ellipse(box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2);
  paint(ctx, ctx.doc, e);
}

/** A line from the box's top-left corner to its bottom-right one (h 0: horizontal, w 0: vertical). */
export function drawLine(ctx: CardCtx, e: LineElement, box: Box): void {
  const s = color(ctx, 'stroke', e.stroke ?? e.fill, INK);
  if (!s) return;
  const { doc } = ctx;
  doc.moveTo(box.x, box.y).lineTo(box.x + box.w, box.y + box.h).lineWidth(e.strokeWidth ?? 1).strokeColor(s);
  if (e.dash) doc.dash(mm(e.dash), { space: mm(e.dash) });
  doc.stroke();
  if (e.dash) doc.undash();
}
