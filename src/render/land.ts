/** The land: dotted grid, solid borderline, the center point, eggs and pre-drawn holes. */
import type { SheetDef } from '../engine/types.js';
import type { Doc } from './pdf.js';
import { mm, type SheetGeometry } from '../geometry/sheet-layout.js';

/** Dotted grid style (light in colour and in greyscale print). */
export const GRID_STYLE = {
  color: '#9db4cc',
  /** Dot radius along grid lines. */
  dotRadius: mm(0.35),
  /** Dot radius at the vertices. */
  vertexRadius: mm(0.55),
  /** Dots per cell side (one every 11 / 6 = 1.83 mm, one falling on each vertex). */
  dotsPerCell: 6,
  border: 1.2,
  centerRadius: mm(1.3),
} as const;

const n = (v: number) => (Math.round(v * 1000) / 1000).toString();

/**
 * Dots are zero-length dashes with round caps (PDF draws each as a disc): one path per grid line keeps the
 * page small, which matters for a 100-sheet pack.
 */
function dottedLine(doc: Doc, x1: number, y1: number, x2: number, y2: number): void {
  doc.addContent(`${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l`);
}

export function drawLand(doc: Doc, g: SheetGeometry, sheet: Pick<SheetDef, 'map'>): void {
  const { rows, cols, x, y, cell } = g.grid;
  const W = cols * cell;
  const H = rows * cell;
  const s = GRID_STYLE;
  doc.save();
  // Eggs and holes first, so that nothing covers the dots.
  for (const [r, c] of sheet.map.eggs) drawEgg(doc, x + (c + 0.5) * cell, y + (r + 0.5) * cell, cell);
  for (const [r, c] of sheet.map.holes) drawHole(doc, x + (c + 0.5) * cell, y + (r + 0.5) * cell, cell);

  doc.strokeColor(s.color).lineCap('round');
  // Interior grid lines, dotted.
  doc.lineWidth(2 * s.dotRadius);
  doc.addContent(`[0 ${n(cell / s.dotsPerCell)}] 0 d`);
  for (let i = 1; i < rows; i++) dottedLine(doc, x, y + i * cell, x + W, y + i * cell);
  for (let j = 1; j < cols; j++) dottedLine(doc, x + j * cell, y, x + j * cell, y + H);
  doc.stroke();
  doc.undash();
  // A slightly larger dot at every interior vertex.
  doc.lineWidth(2 * s.vertexRadius);
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const vx = x + j * cell;
      const vy = y + i * cell;
      doc.addContent(`${n(vx)} ${n(vy)} m ${n(vx)} ${n(vy)} l`);
    }
  }
  doc.stroke();
  // Borderline.
  doc.lineCap('butt').lineJoin('miter').lineWidth(s.border).strokeColor('#000000');
  doc.rect(x, y, W, H).stroke();
  // Center point.
  doc.circle(g.center.x, g.center.y, s.centerRadius).fill('#000000');
  doc.restore();
}

/** An egg outline about 45% of the cell high, narrower at the top. */
export function drawEgg(doc: Doc, cx: number, cy: number, cell: number, opts: { fill?: string; stroke?: string; width?: number } = {}): void {
  const h = cell * 0.45;
  const w = h * 0.76;
  const top = cy - h / 2;
  const bot = cy + h / 2;
  const hw = w / 2;
  const widest = cy + h * 0.12; // the egg is widest below its middle
  doc.save();
  doc
    .moveTo(cx, top)
    .bezierCurveTo(cx + hw * 0.62, top, cx + hw, widest - h * 0.3, cx + hw, widest)
    .bezierCurveTo(cx + hw, bot - h * 0.08, cx + hw * 0.55, bot, cx, bot)
    .bezierCurveTo(cx - hw * 0.55, bot, cx - hw, bot - h * 0.08, cx - hw, widest)
    .bezierCurveTo(cx - hw, widest - h * 0.3, cx - hw * 0.62, top, cx, top)
    .closePath();
  doc.lineWidth(opts.width ?? 0.7).fillAndStroke(opts.fill ?? '#f0f0f0', opts.stroke ?? '#777777');
  doc.restore();
}

/** A pre-drawn hole: a dark-grey disc about 55% of the cell with a lighter ring (never an X). */
export function drawHole(doc: Doc, cx: number, cy: number, cell: number): void {
  const r = cell * 0.275;
  doc.save();
  doc.circle(cx, cy, r).fill('#555555');
  doc.lineWidth(cell * 0.045).circle(cx, cy, r * 0.72).stroke('#a8a8a8');
  doc.restore();
}
