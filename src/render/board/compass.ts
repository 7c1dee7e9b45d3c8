/** The Compass / War Room: a compass rose with a spot for every character that starts a round there. */
import { WAR_ROOM, type BoardData } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import { card } from './card.js';
import { characterCircle } from './circles.js';
import type { Box } from './layout.js';
import { CIRCLE, INK, mm, MUTED } from './style.js';
import { capsCentered } from './type.js';

const ROSE_DARK = '#5b4a38';
const ROSE_LIGHT = '#e9dcc0';

/** The spots' centres (clockwise from just right of north), for `n` characters around (cx, cy) at radius r. */
export function spotCentres(n: number, cx: number, cy: number, r: number): { x: number; y: number; angle: number }[] {
  return Array.from({ length: n }, (_, k) => {
    const angle = -Math.PI / 2 + ((k + 0.5) * 2 * Math.PI) / n;
    return { x: cx + r * Math.cos(angle), y: cy + r * Math.sin(angle), angle };
  });
}

function point(doc: Doc, cx: number, cy: number, angle: number, len: number, half: number): void {
  const tip: [number, number] = [cx + len * Math.cos(angle), cy + len * Math.sin(angle)];
  const l: [number, number] = [cx + half * Math.cos(angle - Math.PI / 2), cy + half * Math.sin(angle - Math.PI / 2)];
  const r: [number, number] = [cx + half * Math.cos(angle + Math.PI / 2), cy + half * Math.sin(angle + Math.PI / 2)];
  doc.polygon([cx, cy], l, tip).fillAndStroke(ROSE_LIGHT, INK);
  doc.polygon([cx, cy], tip, r).fillAndStroke(ROSE_DARK, INK);
}

function rose(doc: Doc, cx: number, cy: number, r: number): void {
  doc.save().lineWidth(0.5).lineJoin('round');
  doc.circle(cx, cy, r).fill('#f7f0e1');
  doc.lineWidth(0.8).circle(cx, cy, r).stroke(ROSE_DARK);
  doc.lineWidth(0.4).circle(cx, cy, r * 0.93).stroke(ROSE_DARK);
  for (let i = 0; i < 72; i++) {
    const a = (i * Math.PI) / 36;
    const l = i % 9 === 0 ? r * 0.1 : i % 3 === 0 ? r * 0.06 : r * 0.035;
    doc.moveTo(cx + r * 0.93 * Math.cos(a), cy + r * 0.93 * Math.sin(a)).lineTo(cx + (r * 0.93 - l) * Math.cos(a), cy + (r * 0.93 - l) * Math.sin(a)).stroke();
  }
  doc.lineWidth(0.5);
  for (let k = 0; k < 4; k++) point(doc, cx, cy, Math.PI / 4 + (k * Math.PI) / 2, r * 0.42, r * 0.07);
  for (let k = 0; k < 4; k++) point(doc, cx, cy, -Math.PI / 2 + (k * Math.PI) / 2, r * 0.74, r * 0.1);
  doc.circle(cx, cy, r * 0.045).fillAndStroke('#ffffff', INK);
  doc.restore();
}

export function drawCompass(doc: Doc, board: BoardData, b: Box): void {
  const chars = board.characters.filter((c) => c.startsAt === WAR_ROOM);
  const inner = card(doc, b, { title: 'War Room', note: 'THE COMPASS' });
  const cx = inner.x + inner.w / 2;
  const cy = inner.y + inner.h / 2 + mm(0.5);
  const outer = Math.min(inner.w, inner.h) / 2 - mm(2.5);
  const ring = outer - CIRCLE / 2 - mm(1.2);
  rose(doc, cx, cy, ring - CIRCLE / 2 + mm(1));
  doc.save().lineWidth(0.7).dash(1.5, { space: 2 }).circle(cx, cy, ring).stroke(MUTED).undash().restore();
  const letters: [string, number][] = [
    ['N', -Math.PI / 2],
    ['E', 0],
    ['S', Math.PI / 2],
    ['W', Math.PI],
  ];
  for (const [l, a] of letters) {
    const x = cx + ring * Math.cos(a);
    const y = cy + ring * Math.sin(a);
    doc.save().circle(x, y, mm(2.6)).fill('#ffffff').restore();
    capsCentered(doc, l, x, y, { font: 'title', size: 11, color: INK });
  }
  spotCentres(chars.length, cx, cy, ring).forEach((p, k) => {
    characterCircle(doc, chars[k], p.x, p.y, CIRCLE);
  });
  // Names outside the ring, in the corners of the box.
  spotCentres(chars.length, cx, cy, ring + CIRCLE / 2 + mm(3.2)).forEach((p, k) => {
    const cos = Math.cos(p.angle);
    const align = Math.abs(cos) < 0.3 ? 'center' : cos > 0 ? 'left' : 'right';
    capsCentered(doc, chars[k].name, p.x, p.y, { font: 'semibold', size: 7, color: MUTED, align });
  });
}
