/** Card shapes on a small grid, and special fences as line figures. */
import type { SpecialFence } from '../engine/types.js';
import { specialEdges } from '../engine/moves.js';
import type { Doc } from './pdf.js';

export interface ShapeStyle {
  fill?: string;
  grid?: string;
  /** Empty cells drawn around the shape. */
  pad?: number;
}

export function shapeSize(shape: string[]): { rows: number; cols: number } {
  return { rows: shape.length, cols: Math.max(...shape.map((r) => r.length)) };
}

/** Draws a shape (rows of '#') centred in a box, cells of `cell` points, on a light grid. */
export function drawShape(doc: Doc, shape: string[], cx: number, cy: number, cell: number, style: ShapeStyle = {}): void {
  const { rows, cols } = shapeSize(shape);
  const pad = style.pad ?? 0;
  const gr = rows + 2 * pad;
  const gc = cols + 2 * pad;
  const x0 = cx - (gc * cell) / 2;
  const y0 = cy - (gr * cell) / 2;
  doc.save();
  if (pad > 0) {
    doc.lineWidth(Math.max(0.3, cell * 0.04)).strokeColor(style.grid ?? '#b8b8b8');
    for (let i = 0; i <= gr; i++) doc.moveTo(x0, y0 + i * cell).lineTo(x0 + gc * cell, y0 + i * cell);
    for (let j = 0; j <= gc; j++) doc.moveTo(x0 + j * cell, y0).lineTo(x0 + j * cell, y0 + gr * cell);
    doc.stroke();
  }
  const inset = Math.max(0.4, cell * 0.06);
  shape.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) {
      if (line[c] !== '#') continue;
      doc.rect(x0 + (c + pad) * cell + inset, y0 + (r + pad) * cell + inset, cell - 2 * inset, cell - 2 * inset);
    }
  });
  doc.fill(style.fill ?? '#4a4a4a');
  doc.restore();
}

/** Bounding box of a special fence in edges. */
export function specialSize(s: SpecialFence): { rows: number; cols: number } {
  const pts = specialEdges(s).flat();
  const rs = pts.map((p) => p[0]);
  const cs = pts.map((p) => p[1]);
  return { rows: Math.max(...rs) - Math.min(...rs), cols: Math.max(...cs) - Math.min(...cs) };
}

/** Draws a special fence centred at (cx, cy), `unit` points per edge, with dots on its vertices. */
export function drawSpecial(doc: Doc, s: SpecialFence, cx: number, cy: number, unit: number, color = '#1a1a1a'): void {
  const edges = specialEdges(s);
  const pts = edges.flat();
  const minR = Math.min(...pts.map((p) => p[0]));
  const minC = Math.min(...pts.map((p) => p[1]));
  const { rows, cols } = specialSize(s);
  const x0 = cx - (cols * unit) / 2;
  const y0 = cy - (rows * unit) / 2;
  const X = (c: number) => x0 + (c - minC) * unit;
  const Y = (r: number) => y0 + (r - minR) * unit;
  doc.save();
  doc.lineWidth(Math.max(1, unit * 0.16)).lineCap('round').lineJoin('round').strokeColor(color);
  for (const [a, b] of edges) doc.moveTo(X(a[1]), Y(a[0])).lineTo(X(b[1]), Y(b[0]));
  doc.stroke();
  const seen = new Set<string>();
  for (const p of pts) {
    const k = `${p}`;
    if (seen.has(k)) continue;
    seen.add(k);
    doc.circle(X(p[1]), Y(p[0]), Math.max(0.9, unit * 0.13)).fill(color);
  }
  doc.restore();
}
