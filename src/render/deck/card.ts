/** One side of a card: its background through the bleed, then each element whose `when` holds, in order. */
import type { Element, Section } from '../../data/deck.js';
import type { DeckCard } from '../../data/deck-data.js';
import type { Box } from '../../geometry/sheet-layout.js';
import { drawEllipse, drawLine, drawRect } from './box.js';
import { color, elementBox, shown, type CardCtx, type DeckDoc } from './context.js';
import { drawGrid } from './grid-shape.js';
import { drawIcon } from './icon.js';
import { drawImage } from './image.js';
import { drawText } from './text.js';
import { drawTrack } from './track.js';

function drawElement(ctx: CardCtx, e: Element, box: Box): void {
  switch (e.kind) {
    case 'text':
      return drawText(ctx, e, box);
    case 'rect':
    case 'box':
      return drawRect(ctx, e, box);
    case 'ellipse':
    case 'circle':
      return drawEllipse(ctx, e, box);
    case 'line':
      return drawLine(ctx, e, box);
    case 'icon':
    case 'svg':
      return drawIcon(ctx, e, box);
    case 'image':
      return drawImage(ctx, e, box);
    case 'grid':
    case 'grid-shape':
      return drawGrid(ctx, e, box);
    case 'track':
      return drawTrack(ctx, e, box);
  }
}

/**
 * Draws `section` for `card` with its cut box at `cut` (page points); nothing leaves `clip` (the cut box plus the
 * bleed on the block's outer edges). `W` x `H` is the card in millimetres.
 */
export function drawCardSide(dd: DeckDoc, part: 'front' | 'back', section: Section, card: DeckCard, cut: Box, clip: Box, W: number, H: number): void {
  const { doc } = dd;
  const ctx: CardCtx = { ...dd, card, part, W, H, index: -1 };
  doc.save();
  // Edges shared with a neighbour (no bleed there) reach a hair over the cut line, so no seam shows between cards.
  const hair = 0.3;
  const l = clip.x >= cut.x ? hair : 0;
  const t = clip.y >= cut.y ? hair : 0;
  const r = clip.x + clip.w <= cut.x + cut.w ? hair : 0;
  const b = clip.y + clip.h <= cut.y + cut.h ? hair : 0;
  clip = { x: clip.x - l, y: clip.y - t, w: clip.w + l + r, h: clip.h + t + b };
  doc.rect(clip.x, clip.y, clip.w, clip.h).clip();
  const bg = section.background !== undefined ? color({ ...ctx, index: -1 }, 'background', section.background) : null;
  if (bg) doc.rect(clip.x, clip.y, clip.w, clip.h).fill(bg);
  doc.translate(cut.x, cut.y);
  section.elements.forEach((e, i) => {
    ctx.index = i;
    if (!shown(ctx, e.when)) return;
    const box = elementBox(ctx, e);
    doc.save();
    if (e.opacity !== undefined) doc.opacity(e.opacity);
    if (e.rotate) doc.rotate(e.rotate, { origin: [box.x + box.w / 2, box.y + box.h / 2] });
    drawElement(ctx, e, box);
    doc.restore();
  });
  doc.restore();
}
