/** The discovery deck as PDF: 9 cards a page, optional duplex backs, and the duplex calibration page. */
import { loadGame } from '../data/load.js';
import { findCard } from '../engine/cards.js';
import type { Paper } from '../engine/setup.js';
import type { Card, GameData } from '../engine/types.js';
import { drawBackGround, drawCardBack } from './card-back.js';
import { drawCardFace } from './card-face.js';
import { INK } from './icons.js';
import { backSlot, BLEED, cardPage, drawCropMarks, marginBox, paginate, type SheetOfCards } from './imposition.js';
import { finish, newDoc, setPageBoxes, type Doc } from './pdf.js';
import { mm } from '../geometry/sheet-layout.js';
import { line } from './text.js';

export interface CardsOptions {
  paper: Paper;
  /** Card names (default: the whole deck in template order). */
  cards?: string[];
  /** Add a back page after each front page, mirrored for long-edge flipping. */
  duplex?: boolean;
  /** Back misregistration correction in mm (as read on the calibration page). */
  backOffset?: { x: number; y: number };
  game?: GameData;
}

export function deckOf(game: GameData, names?: string[]): Card[] {
  return names ? names.map((n) => findCard(game, n)) : [...game.cards];
}

/** Number of pages `renderCardsPdf` makes. */
export function cardsPageCount(cards: number, duplex: boolean): number {
  return Math.ceil(cards / 9) * (duplex ? 2 : 1);
}

export async function renderCardsPdf(opts: CardsOptions): Promise<Buffer> {
  const game = opts.game ?? loadGame();
  const deck = deckOf(game, opts.cards);
  const sheet = cardPage(opts.paper);
  const doc = newDoc({ title: 'Baako discovery cards', size: [sheet.page.width, sheet.page.height] });
  const pages = paginate(deck);
  pages.forEach((cards, p) => {
    doc.addPage({ size: [sheet.page.width, sheet.page.height], margin: 0 });
    cards.forEach((card, i) => {
      const slot = sheet.slots[i];
      drawCardFace(doc, game, card, slot.cut.x, slot.cut.y, { clip: slot.clip });
    });
    blockBoxes(doc, sheet);
    drawCropMarks(doc, sheet);
    marginNote(doc, sheet, `Baako discovery cards · page ${p + 1} of ${pages.length}${opts.duplex ? ' · fronts' : ''}`);
    if (opts.duplex) {
      doc.addPage({ size: [sheet.page.width, sheet.page.height], margin: 0 });
      const backs = cards.map((_, i) => backSlot(sheet, sheet.slots[i], opts.backOffset));
      // One ground under each row's run of backs (a partial last page leaves its empty slots white).
      for (const row of new Set(backs.map((b) => b.row))) {
        const inRow = backs.filter((b) => b.row === row);
        const x0 = Math.min(...inRow.map((b) => b.clip.x));
        const x1 = Math.max(...inRow.map((b) => b.clip.x + b.clip.w));
        drawBackGround(doc, { x: x0, y: inRow[0].clip.y, w: x1 - x0, h: inRow[0].clip.h });
      }
      cards.forEach((card, i) => {
        const b = backs[i];
        const type = game.types.find((t) => t.id === card.type)!;
        drawCardBack(doc, game, type, b.cut.x, b.cut.y, { clip: b.clip, ground: false });
      });
      const o = opts.backOffset ?? { x: 0, y: 0 };
      blockBoxes(doc, sheet, o);
      marginNote(doc, sheet, `backs of page ${p + 1} · flip on the long edge${o.x || o.y ? ` · back offset ${o.x},${o.y} mm` : ''}`, false);
    }
  });
  return finish(doc);
}

/**
 * The block of 3 x 3 cards is where the sheet is cut (TrimBox), the 3 mm around it the bleed (BleedBox); on a back
 * page both move with the back offset.
 */
function blockBoxes(doc: Doc, sheet: SheetOfCards, offsetMm = { x: 0, y: 0 }): void {
  const b = { ...sheet.block, x: sheet.block.x + mm(offsetMm.x), y: sheet.block.y + mm(offsetMm.y) };
  setPageBoxes(doc, b, { x: b.x - BLEED, y: b.y - BLEED, w: b.w + 2 * BLEED, h: b.h + 2 * BLEED });
}

/** The 50 mm scale bar and a note in the margin (below the block on A4, up the left margin on Letter). */
function marginNote(doc: Doc, sheet: SheetOfCards, text: string, bar = true): void {
  const m = marginBox(sheet);
  doc.save();
  if (m.rotated) {
    // Read bottom to top: rotate -90 degrees about the note's origin (the column's right edge, bottom).
    doc.translate(m.x, m.y).rotate(-90);
  } else doc.translate(m.x, m.y);
  const st = { size: 6.5, color: '#444444' } as const;
  if (bar) {
    const len = mm(50);
    // In the rotated frame the column grows to the left of the block: draw the bar nearest the block.
    const by = m.rotated ? -mm(1) : mm(1);
    doc.lineWidth(0.8).strokeColor(INK).moveTo(0, by).lineTo(len, by).stroke();
    doc.lineWidth(0.8).moveTo(0, by - mm(1)).lineTo(0, by + mm(1)).moveTo(len, by - mm(1)).lineTo(len, by + mm(1)).stroke();
    const ty = m.rotated ? -mm(4.6) : mm(2.2);
    line(doc, 'this line is 50 mm: print at 100% / actual size', 0, ty, st);
    line(doc, text, m.w, ty, { ...st, align: 'right' });
  } else {
    const ty = m.rotated ? -mm(4.6) : mm(2.2);
    // Backs are mirrored: keep the note on the same physical side as the front's.
    line(doc, text, m.w, ty, { ...st, align: 'right' });
  }
  doc.restore();
}

/**
 * Duplex calibration: a front with a cross at each card's centre and a back with millimetre scales at the mirrored
 * positions. Printed duplex and held against a light, the front's crosses fall on the back's scales: the numbers
 * read there are the --back-offset X,Y to use. Printing it again with that offset should read 0,0.
 */
export async function renderCalibrationPdf(opts: { paper: Paper; backOffset?: { x: number; y: number } }): Promise<Buffer> {
  const sheet = cardPage(opts.paper);
  const doc = newDoc({ title: 'Baako duplex calibration', size: [sheet.page.width, sheet.page.height] });
  doc.addPage({ size: [sheet.page.width, sheet.page.height], margin: 0 });
  const { page, block } = sheet;
  line(doc, 'Duplex calibration: front', page.width / 2, block.y + mm(4), { font: 'title', size: 16, align: 'center' });
  const how = [
    'Print both pages double-sided, flipping on the long edge, at 100% / actual size.',
    'Hold the sheet against a light with the back (the page with the scales) facing you.',
    'Where each cross from the front meets the scales, read X (left/right) and Y (up/down).',
    'Print the cards with  --duplex --back-offset X,Y  (for example --back-offset 1.5,-0.5).',
  ];
  how.forEach((t, i) => line(doc, `${i + 1}. ${t}`, page.width / 2, block.y + mm(11) + i * 11, { size: 8, align: 'center' }));
  for (const s of sheet.slots) {
    const cx = s.cut.x + s.cut.w / 2;
    const cy = s.cut.y + s.cut.h / 2 + (s.row === 0 ? mm(10) : 0);
    doc.save().lineWidth(0.6).strokeColor(INK);
    doc.moveTo(cx - mm(12), cy).lineTo(cx + mm(12), cy).moveTo(cx, cy - mm(12)).lineTo(cx, cy + mm(12)).stroke();
    doc.circle(cx, cy, mm(1.5)).stroke();
    doc.restore();
  }
  drawCropMarks(doc, sheet);
  marginNote(doc, sheet, 'calibration · front');

  doc.addPage({ size: [sheet.page.width, sheet.page.height], margin: 0 });
  const o = opts.backOffset ?? { x: 0, y: 0 };
  line(doc, 'Duplex calibration: back', page.width / 2, block.y + mm(4) + mm(o.y), { font: 'title', size: 16, align: 'center' });
  if (o.x || o.y) line(doc, `printed with --back-offset ${o.x},${o.y}: the crosses should now read 0,0`, page.width / 2, block.y + mm(11) + mm(o.y), { size: 8, align: 'center' });
  for (const s of sheet.slots) {
    const b = backSlot(sheet, s, o);
    const cx = b.cut.x + b.cut.w / 2;
    const cy = b.cut.y + b.cut.h / 2 + (s.row === 0 ? mm(10) : 0);
    scales(doc, cx, cy);
  }
  marginNote(doc, sheet, 'calibration · back', false);
  return finish(doc);
}

/**
 * Two millimetre scales (ticks every 0.5 mm, labels every 5 mm), -6..+6 mm about (cx, cy): an X scale 8 mm below, read where the front cross's vertical arm
 * crosses it, and a Y scale 8 mm to the right, read where its horizontal arm crosses it.
 */
function scales(doc: Doc, cx: number, cy: number): void {
  const xs = cy + mm(8);
  const ys = cx + mm(8);
  doc.save().strokeColor(INK);
  doc.lineWidth(0.35).moveTo(cx - mm(6), xs).lineTo(cx + mm(6), xs).moveTo(ys, cy - mm(6)).lineTo(ys, cy + mm(6)).stroke();
  for (let v = -6; v <= 6; v += 0.5) {
    const whole = Number.isInteger(v);
    const len = v % 5 === 0 ? mm(3.5) : whole ? mm(2.2) : mm(1.2);
    doc.lineWidth(v === 0 ? 0.8 : 0.35);
    doc.moveTo(cx + mm(v), xs).lineTo(cx + mm(v), xs + len).stroke();
    doc.moveTo(ys, cy + mm(v)).lineTo(ys + len, cy + mm(v)).stroke();
    if (v % 5 === 0) {
      const t = v > 0 ? `+${v}` : `${v}`;
      line(doc, t, cx + mm(v), xs + mm(3.8), { size: 6.5, align: 'center' });
      line(doc, t, ys + mm(4), cy + mm(v) - 3.6, { size: 6.5 });
    }
  }
  line(doc, 'X', cx - mm(8.5), xs - mm(0.6), { font: 'bold', size: 8 });
  line(doc, 'Y', ys - mm(1), cy - mm(10.5), { font: 'bold', size: 8 });
  // Where the cross falls when there is no misregistration.
  doc.lineWidth(0.3).dash(1, { space: 1.5 }).moveTo(cx - mm(2), cy).lineTo(cx + mm(2), cy).moveTo(cx, cy - mm(2)).lineTo(cx, cy + mm(2)).stroke().undash();
  doc.restore();
}
