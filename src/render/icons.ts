/** Small vector icons: card types, condition targets, die faces. Drawn in greys that survive black-and-white print. */
import type { Card, Category, CardType, Condition } from '../engine/types.js';
import { drawEgg } from './land.js';
import type { Doc } from './pdf.js';

export const INK = '#1a1a1a';

/** A gem (treasure): a cut diamond seen from the side. */
export function gemIcon(doc: Doc, cx: number, cy: number, size: number, color = INK): void {
  const w = size * 0.9;
  const h = size * 0.8;
  const top = cy - h * 0.45;
  const girdle = cy - h * 0.12;
  const bottom = cy + h * 0.55;
  doc.save();
  doc.lineWidth(Math.max(0.5, size * 0.07)).lineJoin('round').strokeColor(color);
  doc
    .moveTo(cx - w * 0.28, top)
    .lineTo(cx + w * 0.28, top)
    .lineTo(cx + w / 2, girdle)
    .lineTo(cx, bottom)
    .lineTo(cx - w / 2, girdle)
    .closePath()
    .fillAndStroke('#ffffff', color);
  doc.moveTo(cx - w / 2, girdle).lineTo(cx + w / 2, girdle).stroke();
  doc.moveTo(cx - w * 0.12, girdle).lineTo(cx, bottom).lineTo(cx + w * 0.12, girdle).stroke();
  doc.restore();
}

/** A bone (fossil). */
export function boneIcon(doc: Doc, cx: number, cy: number, size: number, color = INK): void {
  const len = size * 0.95;
  const r = size * 0.14;
  const shaft = size * 0.15;
  doc.save();
  doc.translate(cx, cy).rotate(-35);
  doc.fillColor(color);
  doc.rect(-len / 2 + r, -shaft / 2, len - 2 * r, shaft).fill();
  for (const sx of [-1, 1]) {
    doc.circle(sx * (len / 2 - r), -r * 0.85, r).fill();
    doc.circle(sx * (len / 2 - r), r * 0.85, r).fill();
  }
  doc.restore();
}

/** A ruin: a pediment over two columns. */
export function ruinIcon(doc: Doc, cx: number, cy: number, size: number, color = INK): void {
  const w = size * 0.9;
  const h = size * 0.85;
  const x0 = cx - w / 2;
  const y0 = cy - h / 2;
  doc.save();
  doc.fillColor(color);
  doc.moveTo(x0, y0 + h * 0.28).lineTo(cx, y0).lineTo(x0 + w, y0 + h * 0.28).closePath().fill();
  const colW = w * 0.16;
  for (const f of [0.14, 0.42, 0.7]) doc.rect(x0 + w * f, y0 + h * 0.34, colW, h * 0.5).fill();
  doc.rect(x0, y0 + h * 0.88, w, h * 0.12).fill();
  doc.restore();
}

export function categoryIcon(doc: Doc, cat: Category, cx: number, cy: number, size: number, color = INK): void {
  if (cat === 'treasure') gemIcon(doc, cx, cy, size, color);
  else if (cat === 'fossil') boneIcon(doc, cx, cy, size, color);
  else ruinIcon(doc, cx, cy, size, color);
}

export function categoryOfType(t: CardType): Category {
  return t === 'treasure' ? 'treasure' : t === 'ruin' ? 'ruin' : 'fossil';
}

/** The center point: a corner of four cells with the bold dot. */
function centerIcon(doc: Doc, cx: number, cy: number, size: number): void {
  const h = size * 0.42;
  doc.save();
  doc.lineWidth(Math.max(0.4, size * 0.05)).strokeColor('#8a8a8a').dash(size * 0.06, { space: size * 0.06 });
  doc.moveTo(cx - h, cy).lineTo(cx + h, cy).stroke();
  doc.moveTo(cx, cy - h).lineTo(cx, cy + h).stroke();
  doc.undash();
  doc.circle(cx, cy, size * 0.14).fill(INK);
  doc.restore();
}

/** The borderline: a cell in the corner of a solid border. */
function borderIcon(doc: Doc, cx: number, cy: number, size: number): void {
  const h = size * 0.42;
  doc.save();
  doc.rect(cx - h + size * 0.12, cy - h + size * 0.12, h * 0.95, h * 0.95).fill('#bdbdbd');
  doc.lineWidth(Math.max(0.8, size * 0.12)).strokeColor(INK).lineCap('square');
  doc.moveTo(cx + h, cy - h).lineTo(cx - h, cy - h).lineTo(cx - h, cy + h).stroke();
  doc.restore();
}

function holeIcon(doc: Doc, cx: number, cy: number, size: number): void {
  doc.save();
  doc.circle(cx, cy, size * 0.36).fill('#555555');
  doc.lineWidth(size * 0.07).circle(cx, cy, size * 0.24).stroke('#a8a8a8');
  doc.restore();
}

/** What a condition looks at, crossed through when the condition is negated ("not adjacent", "doesn't touch"). */
export function conditionIcon(doc: Doc, cond: Condition, cx: number, cy: number, size: number): void {
  const to = cond.to;
  if (to === 'egg') drawEgg(doc, cx, cy, size * 1.9, { width: Math.max(0.5, size * 0.06), fill: '#f0f0f0', stroke: '#555555' });
  else if (to === 'hole') holeIcon(doc, cx, cy, size);
  else if (to === 'center') centerIcon(doc, cx, cy, size);
  else if (to === 'borderline') borderIcon(doc, cx, cy, size);
  else categoryIcon(doc, to, cx, cy, size * 0.9);
  if (cond.negate) {
    doc.save();
    doc.lineWidth(Math.max(0.8, size * 0.1)).lineCap('round').strokeColor(INK);
    doc.moveTo(cx - size * 0.45, cy + size * 0.45).lineTo(cx + size * 0.45, cy - size * 0.45).stroke();
    doc.restore();
  }
}

/** A die face with its pips. */
export function dieFace(doc: Doc, face: number, x: number, y: number, size: number): void {
  const r = size * 0.09;
  const at: Record<number, [number, number][]> = {
    1: [[0.5, 0.5]],
    2: [[0.27, 0.27], [0.73, 0.73]],
    3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
    4: [[0.28, 0.28], [0.72, 0.28], [0.28, 0.72], [0.72, 0.72]],
    5: [[0.26, 0.26], [0.74, 0.26], [0.5, 0.5], [0.26, 0.74], [0.74, 0.74]],
    6: [[0.28, 0.24], [0.72, 0.24], [0.28, 0.5], [0.72, 0.5], [0.28, 0.76], [0.72, 0.76]],
  };
  doc.save();
  doc.lineWidth(Math.max(0.5, size * 0.06)).roundedRect(x, y, size, size, size * 0.18).stroke(INK);
  for (const [px, py] of at[face] ?? []) doc.circle(x + px * size, y + py * size, r).fill(INK);
  doc.restore();
}

/** Points as printed on a card: "1 + 1" for fossils, "1" or "7" for treasures and ruins. */
export function pointsText(card: Card): string {
  return card.base > 0 ? `${card.base} + ${card.bonus}` : `${card.bonus}`;
}
