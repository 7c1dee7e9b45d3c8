/** Baako sheets A and B as PDF: one page per player, the scanner's geometry beside every PDF. */
import { join, parse } from 'node:path';
import { loadGame } from '../data/load.js';
import { playCards } from '../engine/cards.js';
import { encodeSheetTag, type GameSetup } from '../engine/setup.js';
import type { GameData, SheetDef } from '../engine/types.js';
import { categoryIcon, conditionIcon, dieFace, INK, pointsText } from './icons.js';
import { drawEgg, drawLand } from './land.js';
import { drawMarker } from './markers.js';
import { finish, newDoc, writeFilesAtomic, type Doc } from './pdf.js';
import { drawQr } from './qr.js';
import { drawShape, drawSpecial, shapeSize, specialSize } from './shape.js';
import { mm, sheetLayout, type Box, type Paper, type SheetGeometry, type SheetLayout, type Side } from './sheet-layout.js';
import { line, paragraph, fitSize, wrap } from './text.js';

export interface SheetOptions {
  side: Side;
  paper: Paper;
  setup: GameSetup;
  /** One page per player number (default: 1..setup.players). */
  players?: number[] | number;
  /** Pre-filled archaeologist name (all pages). */
  name?: string;
  game?: GameData;
  /** Called after each page (progress). */
  onPage?: (done: number, total: number) => void;
}

const GREY = '#6b6b6b';
const LIGHT = '#b5b5b5';

function playerList(opts: SheetOptions): number[] {
  if (Array.isArray(opts.players)) return opts.players;
  if (typeof opts.players === 'number') return [opts.players];
  return Array.from({ length: Math.max(1, opts.setup.players) }, (_, i) => i + 1);
}

/** Renders the sheets of a game (one page per player) into a PDF in memory. */
export async function renderSheetPdf(opts: SheetOptions): Promise<Buffer> {
  const game = opts.game ?? loadGame();
  const sheet = game.sheets[opts.side];
  const layout = sheetLayout(opts.side, opts.paper, sheet);
  const g = layout.geometry;
  const doc = newDoc({ title: `Baako sheet ${opts.side}`, size: [g.page.width, g.page.height] });
  const players = playerList(opts);
  players.forEach((p, i) => {
    doc.addPage({ size: [g.page.width, g.page.height], margin: 0 });
    drawSheetPage(doc, game, sheet, layout, opts, p);
    opts.onPage?.(i + 1, players.length);
  });
  return finish(doc);
}

/** The geometry JSON written beside a sheet PDF. */
export function geometryPath(pdfPath: string): string {
  const p = parse(pdfPath);
  return join(p.dir, `${p.name}.geometry.json`);
}

export function geometryJson(g: SheetGeometry): string {
  return JSON.stringify(g, null, 2) + '\n';
}

/** Renders sheets and writes `NAME.pdf` and `NAME.geometry.json` atomically. */
export async function writeSheetPdf(path: string, opts: SheetOptions): Promise<SheetGeometry> {
  const game = opts.game ?? loadGame();
  const pdf = await renderSheetPdf({ ...opts, game });
  const g = sheetLayout(opts.side, opts.paper, game.sheets[opts.side]).geometry;
  writeFilesAtomic([
    { path, data: pdf },
    { path: geometryPath(path), data: geometryJson(g) },
  ]);
  return g;
}

function drawSheetPage(doc: Doc, game: GameData, sheet: SheetDef, layout: SheetLayout, opts: SheetOptions, player: number): void {
  const g = layout.geometry;
  const { setup } = opts;
  drawHeader(doc, sheet, layout, opts, player);
  drawQr(doc, encodeSheetTag({ game: setup.id, seed: setup.seed, side: opts.side, paper: opts.paper, player, cards: setup.cards }), g.qr);
  drawTimeline(doc, sheet, layout.timeline);
  drawColumn(doc, game, sheet, layout.column);
  drawLand(doc, g, sheet);
  drawFooter(doc, game, sheet, layout, setup);
  for (const m of g.markers) drawMarker(doc, m);
}

function drawHeader(doc: Doc, sheet: SheetDef, layout: SheetLayout, opts: SheetOptions, player: number): void {
  const h = layout.header;
  const g = layout.geometry;
  // Side letter: white on black.
  const sq = mm(13);
  const sx = h.x + h.w - sq;
  doc.roundedRect(sx, h.y, sq, sq, mm(1.5)).fill(INK);
  line(doc, opts.side, sx + sq / 2, h.y + mm(0.6), { font: 'title', size: 30, color: '#ffffff', align: 'center' });
  line(doc, 'SIDE', sx + sq / 2, h.y + sq + mm(0.6), { font: 'bold', size: 6.5, color: GREY, align: 'center', spacing: 0.8 });

  const title = sheet.title;
  const tw = h.w - sq - mm(4);
  const size = fitSize(doc, title, tw, { font: 'title', size: 25 }, 14);
  line(doc, title, h.x, h.y - mm(1.2), { font: 'title', size });
  const mode = sheet.mode === 'solo' ? 'solo' : 'multiplayer';
  const sub = `Sheet ${opts.side} · ${mode} · ${sheet.timeline.turns} turns`;
  line(doc, sub, h.x, h.y + mm(9.6), { font: 'semibold', size: 8.5, color: GREY });

  // Name field.
  const ny = h.y + mm(22);
  const lw = line(doc, 'Archaeologist:', h.x, ny, { font: 'semibold', size: 10 });
  const lx = h.x + lw + mm(2);
  const lineEnd = h.x + h.w;
  doc.save().lineWidth(0.6).strokeColor(INK).moveTo(lx, ny + mm(5.2)).lineTo(lineEnd, ny + mm(5.2)).stroke().restore();
  if (opts.name) line(doc, opts.name, lx + mm(1), ny - mm(0.4), { font: 'italic', size: 11 });
  // Game and player under the name line, right-aligned to the QR.
  const info = `game ${opts.setup.id} · player ${player}${opts.setup.players > 1 ? ` of ${opts.setup.players}` : ''}`;
  line(doc, info, lineEnd, ny + mm(6.3), { size: 6.5, color: GREY, align: 'right' });
  void g;
}

function drawTimeline(doc: Doc, sheet: SheetDef, b: Box): void {
  const turns = sheet.timeline.turns;
  const pauses = new Set(sheet.timeline.pausesAfter);
  const cy = b.y + b.h / 2;
  const lw = line(doc, 'TURNS', b.x, cy - 4.6, { font: 'bold', size: 7, color: INK, spacing: 0.6 });
  const x0 = b.x + lw + mm(3);
  const legendW = mm(30);
  const avail = b.x + b.w - legendW - x0;
  const d = Math.min(mm(6.8), b.h * 0.8);
  const pauseW = mm(6);
  const step = (avail - pauses.size * pauseW) / turns;
  let x = x0;
  doc.save();
  for (let t = 1; t <= turns; t++) {
    const cx = x + step / 2;
    doc.lineWidth(0.8).circle(cx, cy, d / 2).stroke(INK);
    line(doc, String(t), cx, cy - 4.2, { font: 'semibold', size: 7, color: LIGHT, align: 'center' });
    x += step;
    if (pauses.has(t)) {
      pauseMark(doc, x + pauseW / 2, cy, mm(4.2));
      x += pauseW;
    }
  }
  doc.restore();
  // Legend for the pause mark.
  const lx = b.x + b.w - legendW + mm(2);
  pauseMark(doc, lx + mm(2), cy, mm(3.4));
  paragraph(doc, 'pause: draw a special fence, cross it out', lx + mm(5), cy - mm(3.1), legendW - mm(5), { size: 6.5, color: INK }, 7.4);
}

/** The pause mark: a target (ring and dot) on a black disc. */
function pauseMark(doc: Doc, cx: number, cy: number, size: number): void {
  doc.save();
  doc.circle(cx, cy, size / 2).fill(INK);
  doc.lineWidth(size * 0.1).circle(cx, cy, size * 0.3).stroke('#ffffff');
  doc.circle(cx, cy, size * 0.11).fill('#ffffff');
  doc.restore();
}

function heading(doc: Doc, s: string, x: number, y: number): void {
  line(doc, s.toUpperCase(), x, y, { font: 'bold', size: 7, color: INK, spacing: 0.6 });
}

function drawColumn(doc: Doc, game: GameData, sheet: SheetDef, b: Box): void {
  // Die legend.
  heading(doc, 'Dice', b.x, b.y - mm(1));
  const row = mm(5.6);
  const die = mm(4.2);
  let y = b.y + mm(3.6);
  for (const f of sheet.dieLegend) {
    dieFace(doc, f.face, b.x, y, die);
    const tx = b.x + die + mm(2);
    const st = { size: 7, font: f.draws === 'hole' ? 'semibold' : 'text' } as const;
    const lines = wrap(doc, f.text, b.w - die - mm(2), st);
    const top = y + die / 2 - (lines.length * 8.2) / 2 - 1;
    lines.forEach((l, i) => line(doc, l, tx, top + i * 8.2, st));
    y += Math.max(row, lines.length * 8.2 + mm(1.8));
  }

  // The six special fences, two columns, a box to cross each out.
  const top = y + mm(2.5);
  heading(doc, 'Special fences', b.x, top);
  line(doc, 'one at each pause, then cross it out', b.x, top + mm(3.2), { size: 6.5, color: GREY });
  const gy = top + mm(8);
  const gap = mm(2);
  const cw = (b.w - gap) / 2;
  const specials = game.specialFences;
  const rows = Math.ceil(specials.length / 2);
  const ch = (b.y + b.h - gy - gap * (rows - 1)) / rows;
  specials.forEach((s, i) => {
    const cx = b.x + (i % 2) * (cw + gap);
    const cy = gy + Math.floor(i / 2) * (ch + gap);
    doc.save().lineWidth(0.6).roundedRect(cx, cy, cw, ch, mm(1.2)).stroke('#9a9a9a').restore();
    line(doc, `${s.id}`, cx + mm(1.5), cy + mm(0.6), { font: 'bold', size: 8 });
    line(doc, s.name, cx + mm(4.5), cy + mm(1), { size: 6.5, color: GREY });
    // Cross-out box.
    const bx = mm(3.6);
    doc.save().lineWidth(0.8).rect(cx + cw - bx - mm(1.4), cy + mm(1.4), bx, bx).stroke(INK).restore();
    const sz = specialSize(s);
    const fw = cw - mm(4);
    const fh = ch - mm(8);
    const unit = Math.min(mm(3.4), fw / Math.max(1, sz.cols), fh / Math.max(1, sz.rows));
    drawSpecial(doc, s, cx + cw / 2, cy + mm(6) + fh / 2, unit);
  });
}

function drawFooter(doc: Doc, game: GameData, sheet: SheetDef, layout: SheetLayout, setup: GameSetup): void {
  const f = layout.footer;
  const g = layout.geometry;
  const pcs = playCards(game, setup.cards);
  // --- Cards in play.
  heading(doc, 'Cards in play', f.x, f.y);
  const cardsTop = f.y + mm(4);
  const gap = mm(2.5);
  const cw = (f.w - gap * (pcs.length - 1)) / pcs.length;
  const ch = mm(31);
  pcs.forEach((pc, i) => miniCard(doc, game, pc.card, f.x + i * (cw + gap), cardsTop, cw, ch));

  // --- Score bar.
  const sy = cardsTop + ch + mm(3);
  heading(doc, 'Score', f.x, sy + mm(4.5));
  const labelH = mm(5);
  const boxH = mm(9);
  const opW = mm(5);
  const bx0 = f.x + mm(14);
  const slots = pcs.length + 2;
  const bw = (f.x + f.w - bx0 - opW * (slots - 1)) / slots;
  const labels = [
    ...pcs.map((pc) => pc.card.name),
    sheet.penalties.enclosedHole ? `Penalties: egg in a find −${sheet.penalties.eggInDiscovery}, closed hole −${sheet.penalties.enclosedHole}` : `Penalties: egg in a find −${sheet.penalties.eggInDiscovery}`,
    'Total',
  ];
  const ops = [...pcs.slice(1).map(() => '+'), '−', '='];
  labels.forEach((lab, i) => {
    const x = bx0 + i * (bw + opW);
    const ls = wrap(doc, lab, bw, { size: 6.5 });
    const shown = ls.slice(0, 2);
    shown.forEach((l, k) => line(doc, l, x + bw / 2, sy + labelH - shown.length * 7.4 + k * 7.4 - 1.5, { size: 6.5, align: 'center', font: i === slots - 1 ? 'bold' : 'text' }));
    doc.save().lineWidth(i === slots - 1 ? 1.6 : 0.9).roundedRect(x, sy + labelH, bw, boxH, mm(1)).stroke(INK).restore();
    if (i < ops.length) line(doc, ops[i], x + bw + opW / 2, sy + labelH + boxH / 2 - 7.5, { font: 'bold', size: 11, align: 'center' });
  });

  // --- Notes: how to mark a hole; solo titles on B.
  const ny = sy + labelH + boxH + mm(3);
  const cell = mm(5);
  const x = f.x;
  doc.save().lineWidth(0.5).rect(x, ny, cell, cell).stroke('#9a9a9a');
  if (sheet.mode === 'solo') {
    doc.circle(x + cell / 2, ny + cell / 2, cell * 0.275).fill('#555555');
  } else {
    doc.lineWidth(1).strokeColor(INK).moveTo(x + 1, ny + 1).lineTo(x + cell - 1, ny + cell - 1).moveTo(x + cell - 1, ny + 1).lineTo(x + 1, ny + cell - 1).stroke();
  }
  doc.restore();
  line(doc, sheet.holeNote, x + cell + mm(2), ny + mm(0.6), { size: 7.5 });
  drawEgg(doc, x + mm(110) + cell / 2, ny + cell / 2, cell * 1.6);
  line(doc, `egg: −${sheet.penalties.eggInDiscovery} when inside a discovery`, x + mm(110) + cell + mm(1), ny + mm(0.6), { size: 7.5 });

  if (sheet.soloTitles.length > 0) {
    const ty = ny + cell + mm(2.5);
    const parts = sheet.soloTitles.map((t) =>
      t.min === undefined ? `under ${t.max! + 1}: ${t.title}` : t.max === undefined ? `over ${t.min - 1}: ${t.title}` : `${t.min}–${t.max}: ${t.title}`,
    );
    const tx = Math.max(f.x, g.markers[3].x + g.markers[3].size + mm(3));
    const w = line(doc, 'SOLO TITLES', tx, ty, { font: 'bold', size: 7, spacing: 0.6 });
    const avail = g.markers[2].x - mm(3) - (tx + w + mm(2));
    const st = { size: 7 };
    const size = fitSize(doc, parts.join('  ·  '), avail, st, 6);
    line(doc, parts.join('  ·  '), tx + w + mm(2), ty - 0.3, { size });
  }
}

/** A card in play, small: type, name, shape, points, condition. */
function miniCard(doc: Doc, game: GameData, card: GameData['cards'][number], x: number, y: number, w: number, h: number): void {
  const pc = playCards(game, [card.name])[0];
  const label = game.types.find((t) => t.id === card.type)?.label ?? card.type;
  doc.save().lineWidth(0.8).roundedRect(x, y, w, h, mm(1.5)).stroke(INK).restore();
  // Type band.
  const band = mm(4.2);
  doc.save().roundedRect(x, y, w, band, mm(1.5)).clip().rect(x, y, w, band).fill('#e3e3e3').restore();
  doc.save().lineWidth(0.5).moveTo(x, y + band).lineTo(x + w, y + band).stroke(INK).restore();
  categoryIcon(doc, pc.category, x + mm(2.6), y + band / 2, mm(3));
  line(doc, label.toUpperCase(), x + mm(5), y + mm(0.7), { font: 'bold', size: 6, spacing: 0.4 });
  // Name.
  const ns = fitSize(doc, card.name, w - mm(3), { font: 'bold', size: 8.5 }, 6.5);
  line(doc, card.name, x + w / 2, y + band + mm(0.6), { font: 'bold', size: ns, align: 'center' });
  // Shape.
  const { rows, cols } = shapeSize(card.shape);
  const cell = Math.min(mm(2.6), (w - mm(6)) / (cols + 2), mm(10) / (rows + 2));
  drawShape(doc, card.shape, x + w / 2, y + band + mm(10.6), cell, { pad: 1 });
  // Points and condition.
  const py = y + band + mm(17);
  const ic = mm(4);
  conditionIcon(doc, card.condition, x + mm(1.5) + ic / 2, py + mm(3.5), ic);
  line(doc, pointsText(card), x + w - mm(1.5), py - mm(0.3), { font: 'bold', size: 10, align: 'right' });
  const tw = w - ic - mm(3.5);
  const lines = wrap(doc, card.wording, tw, { size: 6.5 });
  lines.slice(0, 3).forEach((l, i) => line(doc, l, x + ic + mm(2.5), py + mm(3.6) + i * 7.3, { size: 6.5 }));
}
