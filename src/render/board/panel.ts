/**
 * A location panel: banner with the name, the cost coin, a picture (emblem), the requirement rows and the action
 * box (dig value or trade). Characters that start the game at the location get their spot here, off the circles,
 * with Laird's rule beside it.
 */
import { WAR_ROOM, type BoardData, type Location } from '../../data/board.js';
import { DataError } from '../../errors.js';
import type { Doc } from '../pdf.js';
import { DIG_BOX_H, drawDigBox, drawTradeBox, tradeBoxHeight } from './action.js';
import { BANNER_H, card } from './card.js';
import { characterSpot } from './circles.js';
import { drawScene } from './emblems.js';
import { coin } from './icons.js';
import type { Box } from './layout.js';
import { drawRequirementRows, rowsHeight, rowWidth } from './requirements.js';
import { CIRCLE, dollars, INK, MUTED, mm } from './style.js';
import { drawParas, fitParas, MIN_TEXT, textAt, type Para } from './type.js';

export interface BoardContext {
  board: BoardData;
  /** The data file as shown in error messages. */
  source: string;
  /** The paper's name, for error messages. */
  paperLabel: string;
}

const PAD = mm(2.5);
const COIN = mm(14.5);
const MIN_SCENE = mm(10);

export function fitError(ctx: BoardContext, field: string, what: string): DataError {
  return new DataError(ctx.source, field, `${what} does not fit on the ${ctx.paperLabel} board at ${MIN_TEXT} pt: shorten it`);
}

export function drawPanel(doc: Doc, ctx: BoardContext, index: number, b: Box): void {
  const loc = ctx.board.locations[index];
  const field = `locations[${index}]`;
  const inner = card(doc, b, { title: loc.name, reserveRight: COIN + mm(2) });
  const a = loc.action;
  const footH = a.kind === 'dig' ? DIG_BOX_H : Math.min(tradeBoxHeight(doc, a, inner.w - 2 * PAD), inner.h * 0.4);
  const foot: Box = { x: inner.x + PAD, y: inner.y + inner.h - PAD - footH, w: inner.w - 2 * PAD, h: footH };
  const rowsH = rowsHeight(loc.requires.length);
  const rowsTop = foot.y - mm(2) - rowsH;
  const scene: Box = { x: inner.x + 0.5, y: inner.y, w: inner.w - 1, h: rowsTop - mm(2.5) - inner.y };
  if (scene.h < MIN_SCENE) throw fitError(ctx, `${field}.requires`, `${loc.name} with ${loc.requires.length} requirement rows`);
  const widest = Math.max(...loc.requires.map((r) => r.of.length));
  if (rowWidth(widest) > inner.w - 2 * PAD) throw fitError(ctx, `${field}.requires`, `a row of ${widest} circles`);
  const home = ctx.board.characters.filter((c) => c.startsAt === loc.id && c.startsAt !== WAR_ROOM);
  if (home.length) {
    const side: Box = { x: scene.x + scene.w * 0.5, y: scene.y, w: scene.w * 0.5, h: scene.h };
    drawScene(doc, loc.emblem, { ...scene, w: scene.w - side.w }, {});
    drawHome(doc, ctx, loc, home, side);
  } else {
    drawScene(doc, loc.emblem, scene);
  }
  doc.save().lineWidth(0.6).moveTo(scene.x, scene.y + scene.h).lineTo(scene.x + scene.w, scene.y + scene.h).stroke('#bfa577').restore();
  drawRequirementRows(doc, ctx.board, loc.requires, inner.x + inner.w / 2, rowsTop, inner.w - 2 * PAD);
  if (a.kind === 'dig') drawDigBox(doc, a, foot);
  else if (!drawTradeBox(doc, a, foot)) throw fitError(ctx, `${field}.action.options`, `the trade text of ${loc.name}`);
  coin(doc, b.x + b.w - COIN / 2 - mm(2.5), b.y + BANNER_H * 0.5 + COIN * 0.28, COIN, dollars(loc.cost), 'COST');
}

/** The start spot(s) off the coloured circles, and Laird's rule. */
function drawHome(doc: Doc, ctx: BoardContext, loc: Location, chars: BoardData['characters'], b: Box): void {
  doc.save().rect(b.x, b.y, b.w, b.h).fill('#fbf7ee').restore();
  doc.save().lineWidth(0.5).moveTo(b.x, b.y).lineTo(b.x, b.y + b.h).stroke('#d9c9a6').restore();
  const pad = mm(2);
  const d = CIRCLE + mm(1);
  const top = b.y + mm(3.2);
  const names = chars.map((c) => c.name).join(' & ');
  chars.forEach((c, i) => characterSpot(doc, c, b.x + pad + d / 2 + i * (d + mm(1.5)), top + d / 2, d));
  const tx = b.x + pad + chars.length * (d + mm(1.5)) + mm(0.5);
  textAt(doc, `${names.toUpperCase()}`, tx, top + d * 0.38, { font: 'bold', size: 7.5, color: INK, spacing: 0.4 });
  textAt(doc, 'starts here,', tx, top + d * 0.66, { font: 'italic', size: 6.5, color: MUTED });
  textAt(doc, 'off the circles', tx, top + d * 0.9, { font: 'italic', size: 6.5, color: MUTED });
  const l = ctx.board.laird;
  const paras: Para[] = [
    { text: l.rule, st: { font: 'semibold', size: 7, color: INK } },
    { text: l.take, st: { font: 'text', size: 7, color: INK }, before: 2 },
    { text: l.return, st: { font: 'text', size: 7, color: INK }, before: 2 },
  ];
  const ty = top + d + mm(2);
  const w = b.w - 2 * pad;
  const scale = fitParas(doc, paras, w, b.y + b.h - mm(1.5) - ty);
  if (scale === null) throw fitError(ctx, 'laird', `Laird's rule (beside ${loc.name})`);
  drawParas(doc, paras, b.x + pad, ty, w, scale);
}
