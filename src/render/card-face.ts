/** The face of a discovery card (63 x 88 mm): type, name, shape on a small grid, points, condition with its icon. */
import { categoryOf } from '../engine/cards.js';
import type { Card, GameData } from '../engine/types.js';
import { typeColor } from './card-style.js';
import { categoryIcon, conditionIcon, INK, pointsText } from './icons.js';
import type { Doc } from './pdf.js';
import { drawShape, shapeSize } from './shape.js';
import { mm, type Box } from '../geometry/sheet-layout.js';
import { fitSize, line, wrap } from './text.js';

const W = 63;
const H = 88;

/** A five-pointed star (victory points). */
export function star(doc: Doc, cx: number, cy: number, r: number, color: string): void {
  doc.save();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    const x = cx + rr * Math.cos(a);
    const y = cy + rr * Math.sin(a);
    if (i === 0) doc.moveTo(x, y);
    else doc.lineTo(x, y);
  }
  doc.closePath().fill(color);
  doc.restore();
}

/**
 * Draws a card face with its cut box at (x, y), `scale` times poker size. `clip` (page coordinates) is what the
 * artwork may cover (the bleed); default the cut box.
 */
export function drawCardFace(doc: Doc, game: GameData, card: Card, x: number, y: number, opts: { scale?: number; clip?: Box } = {}): void {
  const s = opts.scale ?? 1;
  const color = typeColor(card.type);
  const label = game.types.find((t) => t.id === card.type)?.label ?? card.type;
  doc.save();
  const c = opts.clip ?? { x, y, w: mm(W) * s, h: mm(H) * s };
  doc.rect(c.x, c.y, c.w, c.h).clip();
  doc.rect(c.x, c.y, c.w, c.h).fill('#ffffff');
  doc.translate(x, y).scale(s);

  // Frame and type band, 3 mm inside the cut (the safe zone).
  const fx = mm(3);
  const fw = mm(W - 6);
  const fh = mm(H - 6);
  const r = mm(3);
  doc.save();
  doc.roundedRect(fx, fx, fw, fh, r).clip();
  doc.rect(fx, fx, fw, mm(11)).fill(color);
  doc.restore();
  doc.save().lineWidth(1.2).roundedRect(fx, fx, fw, fh, r).stroke(color).restore();
  categoryIcon(doc, categoryOf(game, card), mm(9.5), mm(8.5), mm(6), '#ffffff');
  line(doc, label.toUpperCase(), mm(14), mm(6.1), { font: 'bold', size: 9, color: '#ffffff', spacing: 1 });

  // Name.
  const nameSize = fitSize(doc, card.name, mm(W - 12), { font: 'title', size: 17 }, 9);
  line(doc, card.name, mm(W / 2), mm(16.2) + (17 - nameSize) * 0.35, { font: 'title', size: nameSize, align: 'center' });

  // Shape on a small grid.
  const { rows, cols } = shapeSize(card.shape);
  const cell = Math.min(mm(6.5), mm(W - 14) / (cols + 2), mm(30) / (rows + 2));
  drawShape(doc, card.shape, mm(W / 2), mm(43), cell, { pad: 1, fill: color, grid: '#c9c1b5' });

  // Points.
  const pts = pointsText(card);
  const ps = 20;
  doc.font('bold').fontSize(ps);
  const pw = doc.widthOfString(pts);
  const sr = mm(3.2);
  const total = sr * 2 + mm(2) + pw;
  const px0 = mm(W / 2) - total / 2;
  star(doc, px0 + sr, mm(64.6), sr, INK);
  line(doc, pts, px0 + sr * 2 + mm(2), mm(59.9), { font: 'bold', size: ps });

  // Condition: icon and wording.
  const by = mm(70);
  const bh = mm(12.5);
  doc.save().roundedRect(mm(6), by, mm(W - 12), bh, mm(2)).fill('#f1ece2').restore();
  conditionIcon(doc, card.condition, mm(11.5), by + bh / 2, mm(7));
  const tw = mm(W - 12 - 13);
  const st = { size: 8.5, font: 'semibold' } as const;
  let lines = wrap(doc, card.wording, tw, st);
  let size = 8.5;
  while (lines.length > 2 && size > 6.5) {
    size -= 0.5;
    lines = wrap(doc, card.wording, tw, { ...st, size });
  }
  const lh = size * 1.22;
  const top = by + bh / 2 - (lines.length * lh) / 2 - size * 0.12;
  lines.slice(0, 3).forEach((l, i) => line(doc, l, mm(17.5), top + i * lh, { ...st, size }));
  doc.restore();
}
