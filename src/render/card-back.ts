/** Card backs, one per type: the same dark ground and dotted grid on all (so neighbours' bleeds match), the type's emblem in the middle. */
import type { CardTypeDef, GameData } from '../engine/types.js';
import { BACK_BG, BACK_DOTS, GOLD_LINE, PAPER_CREAM, typeColor } from './card-style.js';
import { categoryIcon } from './icons.js';
import type { Doc } from './pdf.js';
import { mm, type Box } from '../geometry/sheet-layout.js';
import { line } from './text.js';

const W = 63;
const H = 88;

/** The dark ground of the backs: painted once under a whole block of backs, so no seam shows between cards. */
export function drawBackGround(doc: Doc, box: Box): void {
  doc.save().rect(box.x, box.y, box.w, box.h).fill(BACK_BG).restore();
}

/**
 * A card back with its cut box at (x, y). `clip` is what its artwork may cover (the bleed); `ground: false` when
 * drawBackGround already painted under it.
 */
export function drawCardBack(doc: Doc, game: GameData, type: CardTypeDef, x: number, y: number, opts: { clip?: Box; ground?: boolean } = {}): void {
  const c = opts.clip ?? { x, y, w: mm(W), h: mm(H) };
  doc.save();
  doc.rect(c.x, c.y, c.w, c.h).clip();
  if (opts.ground !== false) doc.rect(c.x, c.y, c.w, c.h).fill(BACK_BG);
  // Dots: 11 across and 15 down each card, half a step in from the cut, so the pattern runs on across neighbours.
  const sx = mm(W) / 11;
  const sy = mm(H) / 15;
  doc.lineWidth(mm(0.7)).lineCap('round').strokeColor(BACK_DOTS);
  for (let i = Math.floor((c.x - x) / sx); x + (i + 0.5) * sx <= c.x + c.w; i++) {
    for (let j = Math.floor((c.y - y) / sy); y + (j + 0.5) * sy <= c.y + c.h; j++) {
      const px = x + (i + 0.5) * sx;
      const py = y + (j + 0.5) * sy;
      doc.moveTo(px, py).lineTo(px, py);
    }
  }
  doc.stroke();
  doc.translate(x, y);
  // Inner frame.
  doc.lineWidth(1).roundedRect(mm(5), mm(5), mm(W - 10), mm(H - 10), mm(2.5)).stroke(GOLD_LINE);
  // Title.
  doc.roundedRect(mm(12), mm(13), mm(W - 24), mm(11), mm(2)).fill(BACK_BG);
  line(doc, 'BAAKO', mm(W / 2), mm(13.4), { font: 'title', size: 22, color: PAPER_CREAM, align: 'center', spacing: 2 });
  // Emblem.
  const cx = mm(W / 2);
  const cy = mm(H / 2 + 2);
  doc.circle(cx, cy, mm(15)).fill(PAPER_CREAM);
  doc.lineWidth(2).circle(cx, cy, mm(13.2)).stroke(typeColor(type.id));
  categoryIcon(doc, type.category, cx, cy, mm(16), typeColor(type.id));
  // Type.
  const label = type.label.toUpperCase();
  doc.roundedRect(mm(8), mm(66), mm(W - 16), mm(13), mm(2)).fill(BACK_BG);
  line(doc, label, cx, mm(67.2), { font: 'bold', size: 10, color: PAPER_CREAM, align: 'center', spacing: 1.5 });
  line(doc, 'discovery card', cx, mm(75), { font: 'italic', size: 7.5, color: GOLD_LINE, align: 'center' });
  void game;
  doc.restore();
}
