/**
 * Card imposition: 9 poker cards (63 x 88 mm) a page in a 3 x 3 block that touches at the cut lines, 3 mm bleed
 * around the block, crop marks outside the bleed, a 50 mm scale bar. Backs for long-edge duplex are mirrored
 * left-right and can be shifted by a measured offset. Pure math except the mark drawing.
 * `cardGrid` builds the same for any card size, column and row count and page (the deck renderer's sizes).
 */
import type { Paper } from '../engine/setup.js';
import type { Doc } from './pdf.js';
import { mm, PAPER_SIZES, type Box } from '../geometry/sheet-layout.js';

export const CARD_W = mm(63);
export const CARD_H = mm(88);
export const BLEED = mm(3);
export const COLS = 3;
export const ROWS = 3;
export const PER_PAGE = COLS * ROWS;

export interface Slot {
  index: number;
  col: number;
  row: number;
  /** The cut box. */
  cut: Box;
  /** What the card's artwork may cover: the cut box plus the bleed on the block's outer edges only. */
  clip: Box;
}

export interface SheetOfCards {
  page: { width: number; height: number };
  /** The block of cut boxes (3 x 3 poker cards for `cardPage`). */
  block: Box;
  slots: Slot[];
  cols: number;
  rows: number;
  /** One card's cut size in points. */
  card: { w: number; h: number };
}

export function cardPage(paper: Paper): SheetOfCards {
  return cardGrid(PAPER_SIZES[paper], CARD_W, CARD_H, COLS, ROWS);
}

/** A block of `cols` x `rows` cards of `cardW` x `cardH` points centred on the page, touching at the cut lines. */
export function cardGrid(page: { width: number; height: number }, cardW: number, cardH: number, cols: number, rows: number): SheetOfCards {
  const bw = cols * cardW;
  const bh = rows * cardH;
  const block = { x: (page.width - bw) / 2, y: (page.height - bh) / 2, w: bw, h: bh };
  const slots: Slot[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const cut = { x: block.x + col * cardW, y: block.y + row * cardH, w: cardW, h: cardH };
      const l = col === 0 ? BLEED : 0;
      const r = col === cols - 1 ? BLEED : 0;
      const t = row === 0 ? BLEED : 0;
      const b = row === rows - 1 ? BLEED : 0;
      slots.push({ index: row * cols + col, col, row, cut, clip: { x: cut.x - l, y: cut.y - t, w: cut.w + l + r, h: cut.h + t + b } });
    }
  }
  return { page: { width: page.width, height: page.height }, block, slots, cols, rows, card: { w: cardW, h: cardH } };
}

/** Splits items into pages of 9; no items, no pages. The last page keeps the full pages' slot positions. */
export function paginate<T>(items: readonly T[], perPage = PER_PAGE): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += perPage) pages.push(items.slice(i, i + perPage));
  return pages;
}

/**
 * Where the back of the card in `slot` goes on the back page when the sheet is flipped on its long edge:
 * mirrored left-right, then shifted by the measured misregistration (mm, as seen on the back side).
 */
export function backSlot(sheet: SheetOfCards, slot: Slot, offsetMm: { x: number; y: number } = { x: 0, y: 0 }): Slot {
  const mirrored = sheet.slots[slot.row * sheet.cols + (sheet.cols - 1 - slot.col)];
  const dx = mm(offsetMm.x);
  const dy = mm(offsetMm.y);
  return {
    ...mirrored,
    index: slot.index,
    cut: { ...mirrored.cut, x: mirrored.cut.x + dx, y: mirrored.cut.y + dy },
    clip: { ...mirrored.clip, x: mirrored.clip.x + dx, y: mirrored.clip.y + dy },
  };
}

/**
 * Crop marks: hairlines on every cut line, from 1 mm outside the cut, across the bleed and 7 mm into the margin,
 * stopping 1.5 mm short of the page edge. Running through the bleed (which is cut off) keeps them long enough to
 * see on Letter, whose top and bottom margins outside the bleed are under 5 mm.
 */
export function drawCropMarks(doc: Doc, sheet: SheetOfCards): void {
  const { block, page } = sheet;
  const inner = mm(1);
  const reach = BLEED + mm(7);
  const edge = mm(1.5);
  doc.save().lineWidth(0.5).strokeColor('#000000');
  for (let c = 0; c <= sheet.cols; c++) {
    const x = block.x + c * sheet.card.w;
    doc.moveTo(x, block.y - inner).lineTo(x, Math.max(edge, block.y - reach));
    const bottom = block.y + block.h;
    doc.moveTo(x, bottom + inner).lineTo(x, Math.min(page.height - edge, bottom + reach));
  }
  for (let r = 0; r <= sheet.rows; r++) {
    const y = block.y + r * sheet.card.h;
    doc.moveTo(block.x - inner, y).lineTo(Math.max(edge, block.x - reach), y);
    const right = block.x + block.w;
    doc.moveTo(right + inner, y).lineTo(Math.min(page.width - edge, right + reach), y);
  }
  doc.stroke().restore();
}

/** Where the margin notes go: below the block when there is room (A4), else up the left margin (Letter). */
export function marginBox(sheet: SheetOfCards): { x: number; y: number; w: number; rotated: boolean } {
  const { block, page } = sheet;
  const below = page.height - (block.y + block.h + BLEED);
  // Notes keep 5 mm away from the cut lines, where the crop marks are.
  if (below >= mm(9)) return { x: block.x + mm(5), y: block.y + block.h + BLEED + mm(2.2), w: block.w - mm(10), rotated: false };
  // Up the left margin from 5 mm above the second horizontal cut line to 5 mm below the top one, read bottom to top.
  return { x: block.x - BLEED - mm(2.2), y: block.y + CARD_H * 2 - mm(5), w: CARD_H * 2 - mm(10), rotated: true };
}
