/**
 * Where everything sits on the dig-bag board: pure layout math (points, y down, from the page's top-left corner).
 * Main area on the left: a grid of location panels, the last slot shared by the Dirt Pile and the Bank.
 * Right column: the Compass / War Room at the top right, the dig-bag reference, the round summary.
 */
import type { Box } from '../../geometry/sheet-layout.js';
import { mm } from './style.js';

export type { Box };

export type BoardPaper = 'a3' | 'tabloid';
export type BoardPaperOption = BoardPaper | 'a4-tiled';

export const BOARD_PAPERS: Record<BoardPaper, { width: number; height: number; label: string }> = {
  a3: { width: mm(420), height: mm(297), label: 'A3' },
  tabloid: { width: 17 * 72, height: 11 * 72, label: 'Tabloid' },
};

/** White margin around the board (no printer prints to the edge of A3). */
export const BOARD_MARGIN = mm(10);
const GAP = mm(5);
const HEADER_H = mm(21);
/** The right column is this wide on A3 and takes any extra page width. */
const COLUMN_W = mm(104);

export interface BoardLayout {
  page: { width: number; height: number };
  /** The board's outer frame. */
  frame: Box;
  header: Box;
  /** One panel per location, in data order. */
  panels: Box[];
  dirtPile: Box;
  bank: Box;
  compass: Box;
  bag: Box;
  summary: Box;
}

export function inset(b: Box, d: number, dy = d): Box {
  return { x: b.x + d, y: b.y + dy, w: b.w - 2 * d, h: b.h - 2 * dy };
}

/** Rows and columns of the panel grid for `n` locations plus the Dirt Pile/Bank slot. */
export function gridShape(n: number): { cols: number; rows: number } {
  const slots = n + 1;
  const rows = slots <= 3 ? 1 : 2;
  return { rows, cols: Math.ceil(slots / rows) };
}

export function boardLayout(paper: BoardPaper, locations: number): BoardLayout {
  const page = BOARD_PAPERS[paper];
  const frame: Box = { x: BOARD_MARGIN, y: BOARD_MARGIN, w: page.width - 2 * BOARD_MARGIN, h: page.height - 2 * BOARD_MARGIN };
  const inner = inset(frame, mm(4));
  const colW = COLUMN_W + (page.width - mm(420)) * 0.7;
  const colX = inner.x + inner.w - colW;
  const main: Box = { x: inner.x, y: inner.y, w: colX - GAP - inner.x, h: inner.h };
  const header: Box = { x: main.x, y: main.y, w: main.w, h: HEADER_H };
  const gridTop = header.y + header.h + mm(3);
  const { rows, cols } = gridShape(locations);
  const cw = (main.w - (cols - 1) * GAP) / cols;
  const ch = (main.y + main.h - gridTop - (rows - 1) * GAP) / rows;
  const slot = (i: number): Box => ({ x: main.x + (i % cols) * (cw + GAP), y: gridTop + Math.floor(i / cols) * (ch + GAP), w: cw, h: ch });
  const panels = Array.from({ length: locations }, (_, i) => slot(i));
  const last = slot(rows * cols - 1);
  const dirtH = (last.h - GAP) * 0.5;
  const dirtPile: Box = { x: last.x, y: last.y, w: last.w, h: dirtH };
  const bank: Box = { x: last.x, y: last.y + dirtH + GAP, w: last.w, h: last.h - dirtH - GAP };
  const compassH = Math.min(colW, mm(104), inner.h * 0.385);
  const compass: Box = { x: colX, y: inner.y, w: colW, h: compassH };
  const bagH = Math.min(mm(66), inner.h * 0.235);
  const bag: Box = { x: colX, y: compass.y + compass.h + GAP, w: colW, h: bagH };
  const summaryY = bag.y + bag.h + GAP;
  const summary: Box = { x: colX, y: summaryY, w: colW, h: inner.y + inner.h - summaryY };
  return { page: { width: page.width, height: page.height }, frame, header, panels, dirtPile, bank, compass, bag, summary };
}
