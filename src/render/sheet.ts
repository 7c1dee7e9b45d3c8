/** Baako sheets A and B as PDF: one page per player, the scanner's geometry beside every PDF. */
import { join, parse } from 'node:path';
import { loadGame } from '../data/load.js';
import { playCards } from '../engine/cards.js';
import { encodeSheetTag, type GameSetup } from '../engine/setup.js';
import type { GameData, SheetDef } from '../engine/types.js';
import { categoryIcon, conditionIcon, dieFace, INK, pointsText } from './icons.js';
import { drawEgg, drawHole, drawLand } from './land.js';
import { drawMarker } from './markers.js';
import { writeFilesAtomic } from '../files.js';
import { finish, newDoc, type Doc } from './pdf.js';
import { drawQr } from './qr.js';
import { SEED_RE } from './options.js';
import { OptionError } from '../errors.js';
import { captureForm, placeForm, type Form } from './form.js';
import { drawShape, drawSpecial, shapeSize, specialSize } from './shape.js';
import { mm, sheetLayout, type Paper, type SheetGeometry, type SheetLayout, type Side } from '../geometry/sheet-layout.js';
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
  // The QR text separates its fields with ':' and '/': a seed must not contain them.
  if (!SEED_RE.test(opts.setup.seed)) throw new OptionError('seed', `"${opts.setup.seed}" is not 1 to 40 letters, digits, "_" or "-"`);
  const game = opts.game ?? loadGame();
  const sheet = game.sheets[opts.side];
  const layout = sheetLayout(opts.side, opts.paper, sheet);
  const g = layout.geometry;
  const doc = newDoc({ title: `Baako sheet ${opts.side}`, size: [g.page.width, g.page.height] });
  const players = playerList(opts);
  const cardNames = game.cards.map((c) => c.name);
  let form: Form | null = null;
  players.forEach((p, i) => {
    doc.addPage({ size: [g.page.width, g.page.height], margin: 0 });
    // Everything but the QR code and the player line is the same on every page: drawn once, painted on each.
    form ??= captureForm(doc, 'Sheet', g.page.width, g.page.height, () => drawStatic(doc, game, sheet, layout, opts));
    placeForm(doc, form);
    drawPlayer(doc, layout, opts, p, cardNames);
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

/** What differs from page to page: the QR code and the player line under the name. */
function drawPlayer(doc: Doc, L: SheetLayout, opts: SheetOptions, player: number, cardNames: string[]): void {
  const { setup } = opts;
  drawQr(doc, encodeSheetTag({ game: setup.id, seed: setup.seed, side: opts.side, paper: opts.paper, player, cards: setup.cards }, cardNames), L.geometry.qr);
  const nl = L.nameLine;
  const info = `game ${setup.id} · player ${player}${setup.players > 1 ? ` of ${setup.players}` : ''}`;
  line(doc, info, nl.x2, nl.y + mm(1.1), { size: 6.5, color: GREY, align: 'right' });
}

function drawStatic(doc: Doc, game: GameData, sheet: SheetDef, layout: SheetLayout, opts: SheetOptions): void {
  const g = layout.geometry;
  const { setup } = opts;
  drawHeader(doc, sheet, layout, opts);
  drawTimeline(doc, layout);
  drawColumn(doc, game, sheet, layout);
  drawLand(doc, g, sheet);
  drawFooter(doc, game, sheet, layout, setup);
  for (const m of g.markers) drawMarker(doc, m);
}

function drawHeader(doc: Doc, sheet: SheetDef, L: SheetLayout, opts: SheetOptions): void {
  // Side letter: white on black.
  const sb = L.sideBox;
  doc.roundedRect(sb.x, sb.y, sb.w, sb.h, mm(1.5)).fill(INK);
  line(doc, opts.side, sb.x + sb.w / 2, sb.y + mm(0.6), { font: 'title', size: 30, color: '#ffffff', align: 'center' });
  line(doc, 'SIDE', sb.x + sb.w / 2, sb.y + sb.h + mm(0.6), { font: 'bold', size: 6.5, color: GREY, align: 'center', spacing: 0.8 });

  const t = L.title;
  const size = fitSize(doc, sheet.title, t.w, { font: 'title', size: 25 }, 14);
  line(doc, sheet.title, t.x, t.y - mm(1.2), { font: 'title', size });
  const mode = sheet.mode === 'solo' ? 'solo' : 'multiplayer';
  line(doc, `Sheet ${opts.side} · ${mode} · ${sheet.timeline.turns} turns`, t.x, t.y + mm(9.6), { font: 'semibold', size: 8.5, color: GREY });

  // Name field.
  line(doc, 'Archaeologist:', L.nameLabel.right, L.nameLabel.y, { font: 'semibold', size: 10, align: 'right' });
  const nl = L.nameLine;
  doc.save().lineWidth(0.6).strokeColor(INK).moveTo(nl.x1, nl.y).lineTo(nl.x2, nl.y).stroke().restore();
  if (opts.name) {
    const ns = fitSize(doc, opts.name, nl.x2 - nl.x1 - mm(2), { font: 'italic', size: 12 }, 7);
    line(doc, opts.name, nl.x1 + mm(1), nl.y - ns * 1.45, { font: 'italic', size: ns });
  }
}

function drawTimeline(doc: Doc, L: SheetLayout): void {
  const b = L.timeline;
  const cy = b.y + b.h / 2;
  line(doc, 'TURNS', b.x, cy - 4.6, { font: 'bold', size: 7, color: INK, spacing: 0.6 });
  doc.save();
  for (const t of L.turns) {
    doc.lineWidth(0.8).circle(t.x, t.y, t.r).stroke(INK);
    line(doc, String(t.turn), t.x, t.y - 4.2, { font: 'semibold', size: 7, color: LIGHT, align: 'center' });
  }
  for (const p of L.pauses) pauseMark(doc, p.x, p.y, p.size);
  doc.restore();
  const lg = L.pauseLegend;
  pauseMark(doc, lg.x + mm(2), cy, mm(3.4));
  paragraph(doc, 'pause: draw a special fence, cross it out', lg.x + mm(5), cy - mm(3.1), lg.w - mm(5), { size: 6.5, color: INK }, 7.4);
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

function drawColumn(doc: Doc, game: GameData, sheet: SheetDef, L: SheetLayout): void {
  const b = L.column;
  // Die legend.
  heading(doc, 'Dice', b.x, b.y - mm(1));
  const die = mm(4.2);
  const unit = mm(2.1);
  const figW = 6 * unit;
  // Figures start where the longest text may end: right after it on a wide column, at the edge on a narrow one.
  const fx = b.x + Math.min(b.w - figW, die + mm(30));
  for (const row of L.dice) {
    const f = sheet.dieLegend.find((d) => d.face === row.face);
    if (!f) continue;
    const y = row.y + (row.h - die) / 2 - mm(0.4);
    dieFace(doc, f.face, b.x, y, die);
    const st = { size: 7, font: f.draws === 'hole' ? 'semibold' : 'text' } as const;
    const lines = wrap(doc, f.text, fx - b.x - die - mm(3), st).slice(0, 2);
    const top = y + die / 2 - (lines.length * 8) / 2 - 1;
    lines.forEach((l, i) => line(doc, l, b.x + die + mm(2), top + i * 8, st));
    // What the face draws: a fence of that many edges, or a cell crossed out.
    const cy = y + die / 2;
    doc.save();
    if (f.draws === 'hole') {
      const c = mm(3.6);
      const cx = fx;
      doc.lineWidth(0.5).dash(0.8, { space: 0.9 }).rect(cx, cy - c / 2, c, c).stroke('#8a8a8a').undash();
      doc.lineWidth(0.9).strokeColor(INK).moveTo(cx + 0.8, cy - c / 2 + 0.8).lineTo(cx + c - 0.8, cy + c / 2 - 0.8);
      doc.moveTo(cx + c - 0.8, cy - c / 2 + 0.8).lineTo(cx + 0.8, cy + c / 2 - 0.8).stroke();
    } else {
      const n = f.length ?? f.face;
      const x0 = fx;
      doc.lineWidth(1.1).lineCap('round').strokeColor(INK).moveTo(x0, cy).lineTo(x0 + n * unit, cy).stroke();
      for (let k = 0; k <= n; k++) doc.circle(x0 + k * unit, cy, 1.1).fill(INK);
    }
    doc.restore();
  }

  // The six special fences, a box to cross each out.
  heading(doc, 'Special fences', b.x, L.specialsTop);
  line(doc, 'one at each pause, then cross it out', b.x, L.specialsTop + mm(3.2), { size: 6.5, color: GREY });
  game.specialFences.slice(0, L.specials.length).forEach((s, i) => {
    const box = L.specials[i];
    doc.save().lineWidth(0.6).roundedRect(box.x, box.y, box.w, box.h, mm(1.2)).stroke('#9a9a9a').restore();
    line(doc, `${s.id}`, box.x + mm(1.5), box.y + mm(0.6), { font: 'bold', size: 8 });
    line(doc, s.name, box.x + mm(4.5), box.y + mm(1), { size: 6.5, color: GREY });
    const c = box.cross;
    doc.save().lineWidth(0.8).rect(c.x, c.y, c.w, c.h).stroke(INK).restore();
    const sz = specialSize(s);
    const fw = box.w - mm(4);
    const fh = box.h - mm(8);
    const unit = Math.min(mm(3.4), fw / Math.max(1, sz.cols), fh / Math.max(1, sz.rows));
    drawSpecial(doc, s, box.x + box.w / 2, box.y + mm(6) + fh / 2, unit);
  });
}

function drawFooter(doc: Doc, game: GameData, sheet: SheetDef, L: SheetLayout, setup: GameSetup): void {
  const f = L.footer;
  const pcs = playCards(game, setup.cards);
  // Cards in play.
  heading(doc, 'Cards in play', f.x, f.y);
  pcs.slice(0, L.cards.length).forEach((pc, i) => {
    const b = L.cards[i];
    miniCard(doc, game, pc.card, b.x, b.y, b.w, b.h);
  });

  // Score bar.
  heading(doc, 'Score', f.x, L.score[0].y + L.score[0].h / 2 - 4.6);
  const pen = sheet.penalties;
  const labels = [
    ...pcs.map((pc) => pc.card.name),
    pen.enclosedHole ? `Penalties: egg −${pen.eggInDiscovery}, closed hole −${pen.enclosedHole}` : `Penalties: egg in a discovery −${pen.eggInDiscovery}`,
    'Total',
  ];
  const ops = [...pcs.slice(1).map(() => '+'), '−', '='];
  L.score.forEach((b, i) => {
    const last = i === L.score.length - 1;
    const st = { size: 6.5, font: last ? 'bold' : 'text' } as const;
    const ls = wrap(doc, labels[i] ?? '', b.w + mm(2), st).slice(0, 2);
    ls.forEach((l, k) => line(doc, l, b.x + b.w / 2, b.y - mm(0.6) - (ls.length - k) * 7.4 - 1, { ...st, align: 'center' }));
    doc.save().lineWidth(last ? 1.6 : 0.9).roundedRect(b.x, b.y, b.w, b.h, mm(1)).stroke(INK).restore();
    const next = L.score[i + 1];
    if (next && i < ops.length) line(doc, ops[i], (b.x + b.w + next.x) / 2, b.y + b.h / 2 - 7.5, { font: 'bold', size: 11, align: 'center' });
  });

  // Notes: how to mark a hole, what an egg costs.
  const ny = L.notesY;
  const cell = mm(5);
  const x = f.x;
  doc.save().lineWidth(0.5).rect(x, ny, cell, cell).stroke('#9a9a9a');
  if (sheet.mode === 'solo') {
    drawHole(doc, x + cell / 2, ny + cell / 2, cell);
  } else {
    doc.lineWidth(1).strokeColor(INK).moveTo(x + 1, ny + 1).lineTo(x + cell - 1, ny + cell - 1).moveTo(x + cell - 1, ny + 1).lineTo(x + 1, ny + cell - 1).stroke();
  }
  doc.restore();
  line(doc, sheet.holeNote, x + cell + mm(2), ny + mm(0.6), { size: 7.5 });
  const ex = f.x + f.w / 2 + mm(12);
  doc.save().lineWidth(0.5).rect(ex, ny, cell, cell).stroke('#9a9a9a').restore();
  drawEgg(doc, ex + cell / 2, ny + cell / 2, cell * 1.4);
  line(doc, `An egg inside a discovery costs ${pen.eggInDiscovery}.`, ex + cell + mm(2), ny + mm(0.6), { size: 7.5 });

  if (L.titles && sheet.soloTitles.length > 0) {
    const t = L.titles;
    const parts = sheet.soloTitles.map((s) =>
      s.min === undefined ? `under ${s.max! + 1}: ${s.title}` : s.max === undefined ? `over ${s.min - 1}: ${s.title}` : `${s.min}–${s.max}: ${s.title}`,
    );
    const w = line(doc, 'SOLO TITLES', t.x, t.y, { font: 'bold', size: 7, spacing: 0.6 });
    const text = parts.join('  ·  ');
    const size = fitSize(doc, text, t.w - w - mm(2), { size: 7.5 }, 6);
    line(doc, text, t.x + w + mm(2), t.y - 0.5, { size });
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
