/** The margin note of a deck page: a 50 mm scale bar and what the page is, where the margins leave room. */
import { BLEED, type SheetOfCards } from '../imposition.js';
import type { Doc } from '../pdf.js';
import { mm } from '../../geometry/sheet-layout.js';
import { line, textWidth } from '../text.js';
import { INK } from './context.js';

const ST = { size: 6.5, color: '#444444' } as const;
const CAPTION = 'this line is 50 mm: print at 100% / actual size';

/** Below the block when there is room, else up the left margin, else nowhere. */
export function drawDeckNote(doc: Doc, sheet: SheetOfCards, text: string, bar: boolean): void {
  const { block, page } = sheet;
  const below = page.height - (block.y + block.h + BLEED);
  const left = block.x - BLEED;
  let x: number;
  let y: number;
  let w: number;
  let rotated = false;
  if (below >= mm(9) && block.w >= mm(60)) {
    x = block.x + mm(5);
    y = block.y + block.h + BLEED + mm(2.2);
    w = block.w - mm(10);
  } else if (left >= mm(9) && block.h >= mm(60)) {
    x = block.x - BLEED - mm(2.2);
    y = block.y + block.h - mm(5);
    w = block.h - mm(10);
    rotated = true;
  } else return;
  doc.save().translate(x, y);
  if (rotated) doc.rotate(-90);
  const ty = rotated ? -mm(4.6) : mm(2.2);
  const capW = textWidth(doc, CAPTION, ST);
  const noteW = textWidth(doc, text, ST);
  if (bar) {
    const by = rotated ? -mm(1) : mm(1);
    doc.lineWidth(0.8).strokeColor(INK).moveTo(0, by).lineTo(mm(50), by).stroke();
    doc.moveTo(0, by - mm(1)).lineTo(0, by + mm(1)).moveTo(mm(50), by - mm(1)).lineTo(mm(50), by + mm(1)).stroke();
    line(doc, CAPTION, 0, ty, ST);
  }
  // The page's note at the far end when it clears the caption; on a second line below it when there is room.
  if (!bar || capW + noteW + mm(6) <= w) line(doc, text, w, ty, { ...ST, align: 'right' });
  else if (!rotated && below >= mm(12.5)) line(doc, text, 0, ty + mm(3), ST);
  doc.restore();
}
