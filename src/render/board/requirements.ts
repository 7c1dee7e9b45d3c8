/**
 * A location's requirement rows: one row of character circles per requirement, a label above each row
 * ("needs", "one of", "two of") and a "2" inside every circle of a row that needs two.
 */
import { characterById, type BoardData, type Requirement } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import { rule } from './card.js';
import { characterCircle } from './circles.js';
import { CIRCLE, CIRCLE_GAP, mm } from './style.js';

const LABEL_H = mm(3.6);
const ROW_GAP = mm(1.2);
export const ROW_H = LABEL_H + CIRCLE + ROW_GAP;

/** Height of `rows` requirement rows. */
export function rowsHeight(rows: number): number {
  return rows * ROW_H - ROW_GAP;
}

/** Width of a row of `n` circles. */
export function rowWidth(n: number): number {
  return n * CIRCLE + (n - 1) * CIRCLE_GAP;
}

export function rowLabel(r: Requirement): string {
  if (r.need === 2) return r.of.length === 2 ? 'BOTH' : 'TWO OF';
  return r.of.length === 1 ? 'NEEDS' : 'ONE OF';
}

/** The circles' centres of a row centred on cx (exported for tests and tiling checks). */
export function rowCentres(n: number, cx: number): number[] {
  const w = rowWidth(n);
  return Array.from({ length: n }, (_, i) => cx - w / 2 + CIRCLE / 2 + i * (CIRCLE + CIRCLE_GAP));
}

/** Draws the rows from the top `y`, centred on `cx`, the labels' rules `labelW` wide. */
export function drawRequirementRows(doc: Doc, board: BoardData, rows: Requirement[], cx: number, y: number, labelW: number): void {
  rows.forEach((r, i) => {
    const top = y + i * ROW_H;
    rule(doc, rowLabel(r), cx, top + LABEL_H * 0.3, Math.max(labelW, rowWidth(r.of.length)));
    const cy = top + LABEL_H + CIRCLE / 2;
    rowCentres(r.of.length, cx).forEach((x, k) => characterCircle(doc, characterById(board, r.of[k]), x, cy, CIRCLE, { two: r.need === 2 }));
  });
}
