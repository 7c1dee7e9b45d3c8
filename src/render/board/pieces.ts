/**
 * The cut-out pieces: character discs, fold-over standees, Clue tokens, bills and player aids. Each draws itself
 * in its box, its cut line on the box's edge (discs: the circle), fold lines dashed.
 */
import { initialOf, type BoardData, type Character } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import { characterCircle } from './circles.js';
import { bagIcon, cubeIcon, magnifier, shovelIcon } from './icons.js';
import type { Box } from './layout.js';
import { CUT, FOLD } from './marks.js';
import { BANNER, CIRCLE, dollars, GOLD, INK, inkOn, mm, MUTED, PARCHMENT, shade, tint } from './style.js';
import { capsCentered, drawParas, fit, fitParas, textAt, type Para } from './type.js';

export const DISC = CIRCLE;
export const CLUE = mm(18);
export const STANDEE = { w: mm(18.5), panel: mm(32), tab: mm(10) };
export const BILL = { w: mm(60), h: mm(30) };
export const AID = { w: mm(90), h: mm(58) };

/** A character disc: the same circle as on the board, with the name. */
export function characterDisc(doc: Doc, c: Character, cx: number, cy: number): void {
  characterCircle(doc, c, cx, cy, DISC, { name: true });
}

/** A simple figure (head, hard hat and shoulders) in a panel, upright, feet at the bottom of `b`. */
function figure(doc: Doc, c: Character, b: Box): void {
  const fg = inkOn(c.color);
  doc.save();
  doc.rect(b.x, b.y, b.w, b.h).clip();
  doc.rect(b.x, b.y, b.w, b.h).fill(c.color);
  doc.rect(b.x, b.y, b.w, b.h * 0.15).fill(shade(c.color, 0.3));
  const cx = b.x + b.w / 2;
  const body = tint(c.color, fg === '#ffffff' ? 0.45 : 0.6);
  const r = b.w * 0.17;
  const headY = b.y + b.h * 0.43;
  const bodyTop = headY + r * 1.05;
  doc.roundedRect(cx - b.w * 0.36, bodyTop, b.w * 0.72, b.h, b.w * 0.26).fillAndStroke(body, shade(c.color, 0.35));
  doc.circle(cx, headY, r).fillAndStroke(body, shade(c.color, 0.35));
  // hard hat: dome and brim
  doc.lineWidth(0.5);
  doc.moveTo(cx - r * 1.02, headY - r * 0.2).bezierCurveTo(cx - r * 1.02, headY - r * 1.55, cx + r * 1.02, headY - r * 1.55, cx + r * 1.02, headY - r * 0.2).closePath().fillAndStroke('#f4c518', INK);
  doc.roundedRect(cx - r * 1.4, headY - r * 0.32, r * 2.8, r * 0.3, r * 0.12).fillAndStroke('#f4c518', INK);
  doc.restore();
  capsCentered(doc, initialOf(c), cx, b.y + b.h * 0.075, { font: 'bold', size: 7, color: '#ffffff' });
  const name = c.name.toUpperCase();
  const st = fit(doc, name, b.w - mm(2), { font: 'bold', size: 8, color: INK, spacing: 0.3, align: 'center' });
  doc.save().roundedRect(b.x + mm(1), b.y + b.h * 0.84, b.w - mm(2), b.h * 0.12, mm(0.8)).fill('#ffffff').restore();
  capsCentered(doc, name, cx, b.y + b.h * 0.9, st);
}

/** A fold-over standee in the box (STANDEE.w x (2 panels + 2 tabs)): tab, panel upside down, fold, panel, tab. */
export function standee(doc: Doc, c: Character, x: number, y: number): void {
  const { w, panel, tab } = STANDEE;
  const h = 2 * panel + 2 * tab;
  doc.save();
  doc.rect(x, y, w, tab).fill(tint(c.color, 0.8));
  doc.rect(x, y + tab + 2 * panel, w, tab).fill(tint(c.color, 0.8));
  capsCentered(doc, 'BASE', x + w / 2, y + tab + 2 * panel + tab / 2, { font: 'bold', size: 6, color: MUTED, spacing: 0.5 });
  doc.save().translate(x + w / 2, y + tab / 2).rotate(180);
  capsCentered(doc, 'BASE', 0, 0, { font: 'bold', size: 6, color: MUTED, spacing: 0.5 });
  doc.restore();
  // Upper panel upside down: after the middle fold it stands on its own tab.
  doc.save().translate(x + w, y + tab + panel).rotate(180);
  figure(doc, c, { x: 0, y: 0, w, h: panel });
  doc.restore();
  figure(doc, c, { x, y: y + tab + panel, w, h: panel });
  doc.lineWidth(0.6).dash(2, { space: 1.5 }).strokeColor(FOLD);
  for (const fy of [y + tab, y + tab + panel, y + tab + 2 * panel]) doc.moveTo(x, fy).lineTo(x + w, fy).stroke();
  doc.undash();
  doc.lineWidth(0.6).rect(x, y, w, h).stroke(CUT);
  doc.restore();
}

/** A Clue token: a magnifying glass on parchment. */
export function clueToken(doc: Doc, cx: number, cy: number): void {
  const r = CLUE / 2;
  doc.save();
  doc.circle(cx, cy, r).fill(PARCHMENT);
  doc.lineWidth(1.2).circle(cx, cy, r * 0.86).stroke(GOLD);
  magnifier(doc, cx + r * 0.02, cy - r * 0.16, r * 1.05, '#5b4a38');
  capsCentered(doc, 'CLUE', cx, cy + r * 0.56, { font: 'bold', size: 6.5, color: INK, spacing: 0.8 });
  doc.lineWidth(0.6).circle(cx, cy, r).stroke(CUT);
  doc.restore();
}

/** A bill of `value` dollars. */
export function bill(doc: Doc, board: BoardData, value: number, x: number, y: number): void {
  const { w, h } = BILL;
  const green = '#4f7a3a';
  doc.save();
  doc.rect(x, y, w, h).fill('#e9f1df');
  doc.lineWidth(1.4).rect(x + mm(2), y + mm(2), w - mm(4), h - mm(4)).stroke(green);
  doc.lineWidth(0.4).rect(x + mm(3), y + mm(3), w - mm(6), h - mm(6)).stroke(green);
  const ov = { cx: x + w * 0.27, cy: y + h / 2 };
  doc.ellipse(ov.cx, ov.cy, mm(8.5), mm(8)).fillAndStroke('#ffffff', green);
  shovelIcon(doc, ov.cx, ov.cy, mm(10), green);
  const label = dollars(value);
  textAt(doc, label, x + w * 0.7, y + h * 0.6, { font: 'title', size: 20, color: green, align: 'center' });
  textAt(doc, `${board.title.toUpperCase()} BANK`, x + w * 0.7, y + h * 0.78, { font: 'bold', size: 6, color: green, align: 'center', spacing: 0.6 });
  for (const [cx, cy] of [
    [x + mm(5.5), y + mm(6)],
    [x + w - mm(5.5), y + h - mm(5)],
  ]) capsCentered(doc, String(value), cx, cy, { font: 'bold', size: 6.5, color: green, align: 'center' });
  doc.restore();
}

/** A player aid: the limit reminder with six places for If-so cubes and Clue tokens, turn order, Laird's rule. */
export function playerAid(doc: Doc, board: BoardData, x: number, y: number): boolean {
  const { w, h } = AID;
  const pad = mm(3);
  doc.save();
  doc.rect(x, y, w, h).fill('#ffffff');
  doc.rect(x, y, w, mm(8)).fill(BANNER);
  textAt(doc, `${board.title}: your pile`, x + pad, y + mm(5.8), { font: 'title', size: 13, color: '#ffffff' });
  const blue = board.cubes.find((c) => c.goesTo === 'spoils') ?? board.cubes[0];
  const slots = 6;
  const s = mm(9.5);
  const gap = mm(2.4);
  const sx = x + (w - (slots * s + (slots - 1) * gap)) / 2;
  const sy = y + mm(11);
  for (let i = 0; i < slots; i++) {
    const bx = sx + i * (s + gap);
    doc.lineWidth(0.7).dash(1.5, { space: 1.2 }).roundedRect(bx, sy, s, s, mm(1)).stroke(MUTED).undash();
    if (i % 2 === 0) cubeIcon(doc, bx + s / 2, sy + s / 2, s * 0.5, tint(blue.color, 0.55));
    else magnifier(doc, bx + s / 2, sy + s / 2, s * 0.55, '#b3a283');
  }
  const paras: Para[] = [
    { text: board.limit, st: { font: 'semibold', size: 7.5, color: '#a5493a' } },
    { text: board.round.turnOrder, st: { font: 'text', size: 7, color: INK }, before: 2.5 },
    { text: board.laird.rule, st: { font: 'text', size: 7, color: INK }, before: 2.5 },
  ];
  const ty = sy + s + mm(2.5);
  const tw = w - 2 * pad;
  const scale = fitParas(doc, paras, tw, y + h - mm(2) - ty);
  if (scale === null) {
    doc.restore();
    return false;
  }
  drawParas(doc, paras, x + pad, ty, tw, scale);
  bagIcon(doc, x + w - pad - mm(3), y + mm(4), mm(5.5));
  doc.lineWidth(0.6).rect(x, y, w, h).stroke(CUT);
  doc.restore();
  return true;
}
