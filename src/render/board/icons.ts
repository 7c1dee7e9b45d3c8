/** Small vector icons of the dig-bag game: a cube, a shovel, a coin, a magnifying glass, a bag, a dollar bill. */
import type { Doc } from '../pdf.js';
import { GOLD, INK, shade, tint } from './style.js';
import { capsCentered } from './type.js';

/** An isometric cube of width `s` centred on (cx, cy), three faces shaded from `color`. */
export function cubeIcon(doc: Doc, cx: number, cy: number, s: number, color: string): void {
  const h = s / 2;
  const q = s / 4;
  const top: [number, number][] = [
    [cx, cy - h],
    [cx + h, cy - q],
    [cx, cy],
    [cx - h, cy - q],
  ];
  const left: [number, number][] = [
    [cx - h, cy - q],
    [cx, cy],
    [cx, cy + h],
    [cx - h, cy + q],
  ];
  const right: [number, number][] = [
    [cx, cy],
    [cx + h, cy - q],
    [cx + h, cy + q],
    [cx, cy + h],
  ];
  doc.save().lineWidth(0.6).lineJoin('round').strokeColor(INK);
  doc.polygon(...top).fillAndStroke(tint(color, 0.3), INK);
  doc.polygon(...left).fillAndStroke(color, INK);
  doc.polygon(...right).fillAndStroke(shade(color, 0.28), INK);
  doc.restore();
}

/** A shovel, blade down, `s` tall. */
export function shovelIcon(doc: Doc, cx: number, cy: number, s: number, color = INK): void {
  doc.save().translate(cx, cy).rotate(-30);
  doc.lineWidth(s * 0.09).lineCap('round').strokeColor(color);
  doc.moveTo(0, -s * 0.5).lineTo(0, s * 0.12).stroke();
  doc.moveTo(-s * 0.11, -s * 0.5).lineTo(s * 0.11, -s * 0.5).stroke();
  doc.moveTo(-s * 0.14, s * 0.08).lineTo(s * 0.14, s * 0.08).lineTo(s * 0.12, s * 0.38).lineTo(0, s * 0.5).lineTo(-s * 0.12, s * 0.38).closePath().fill(color);
  doc.restore();
}

/** A gold coin of diameter `d` with a text in it (a cost). */
export function coin(doc: Doc, cx: number, cy: number, d: number, label: string, caption?: string): void {
  const r = d / 2;
  doc.save();
  doc.fillOpacity(0.2).circle(cx + 0.8, cy + 1.1, r).fill('#000000').fillOpacity(1);
  doc.circle(cx, cy, r).fillAndStroke(GOLD, INK);
  doc.lineWidth(0.6).circle(cx, cy, r * 0.84).stroke('#8a6a1c');
  if (caption) {
    capsCentered(doc, caption, cx, cy - r * 0.42, { font: 'bold', size: 6, color: '#3a2a08', spacing: 0.4 });
    capsCentered(doc, label, cx, cy + r * 0.12, { font: 'bold', size: Math.min(d * 0.3, (d * 1.2) / Math.max(3, label.length)), color: '#1f1604' });
  } else {
    capsCentered(doc, label, cx, cy, { font: 'bold', size: Math.min(d * 0.34, (d * 1.3) / Math.max(3, label.length)), color: '#1f1604' });
  }
  doc.restore();
}

/** A magnifying glass (a Clue), `s` across. */
export function magnifier(doc: Doc, cx: number, cy: number, s: number, color = INK): void {
  const r = s * 0.3;
  const ox = cx - s * 0.1;
  const oy = cy - s * 0.1;
  doc.save();
  doc.fillOpacity(0.75).circle(ox, oy, r).fill('#ffffff').fillOpacity(1);
  doc.lineWidth(s * 0.08).circle(ox, oy, r).stroke(color);
  doc.lineWidth(s * 0.13).lineCap('round').moveTo(ox + r * 0.75, oy + r * 0.75).lineTo(cx + s * 0.42, cy + s * 0.42).stroke(color);
  doc.restore();
}

/** A drawstring bag, `s` tall. */
export function bagIcon(doc: Doc, cx: number, cy: number, s: number, fill = '#7b5a3a'): void {
  const w = s * 0.8;
  doc.save().lineWidth(0.8).lineJoin('round').strokeColor(INK);
  const neck = cy - s * 0.28;
  doc
    .moveTo(cx - w * 0.2, neck)
    .bezierCurveTo(cx - w * 0.65, cy, cx - w * 0.6, cy + s * 0.5, cx, cy + s * 0.5)
    .bezierCurveTo(cx + w * 0.6, cy + s * 0.5, cx + w * 0.65, cy, cx + w * 0.2, neck)
    .closePath()
    .fillAndStroke(fill, INK);
  doc.polygon([cx - w * 0.2, neck], [cx - w * 0.32, cy - s * 0.5], [cx, cy - s * 0.36], [cx + w * 0.32, cy - s * 0.5], [cx + w * 0.2, neck]).fillAndStroke(fill, INK);
  doc.lineWidth(1.1).moveTo(cx - w * 0.24, neck).lineTo(cx + w * 0.24, neck).stroke('#e2c48a');
  doc.restore();
}
