/**
 * Shapes on a small grid, as Baako's discovery cards show them: rows of characters ("##/#." or one row a line),
 * each character drawn by the layout's `cells` style (square, rounded, circle, diamond, an icon, or bars that join
 * their neighbours: "hbar" runs across, "vbar" runs down). "." and " " are empty cells.
 */
import { MAX_SHAPE_CHARS, MAX_SHAPE_COLUMNS, MAX_SHAPE_ROWS, type CellStyle, type GridElement } from '../../data/deck-elements/grid.js';
import { mm, type Box } from '../../geometry/sheet-layout.js';
import { color, fail, fill, INK, type CardCtx } from './context.js';
import { iconNamed, paintIcon } from './icon.js';

const DEFAULT_CELLS: Record<string, CellStyle> = { '#': { fill: INK, shape: 'square' } };

export function parseShape(s: string): string[] {
  return s
    .split(/\/|\r?\n|\\n/)
    .map((r) => r.replace(/\s+$/, ''))
    .filter((r, i, all) => r !== '' || (i > 0 && i < all.length - 1));
}

export function drawGrid(ctx: CardCtx, e: GridElement, box: Box): void {
  const template = e.field !== undefined ? `{${e.field}}` : e.shape!;
  const field = e.field !== undefined ? 'field' : 'shape';
  const text = fill(ctx, template);
  // Sizes are checked before the shape is split or drawn: a 2000 x 2000 shape would take minutes and gigabytes.
  if (text.length > MAX_SHAPE_CHARS) fail(ctx, field, template, `a shape of ${text.length.toLocaleString('en')} characters; at most ${MAX_SHAPE_CHARS.toLocaleString('en')}`);
  const rows = parseShape(text);
  if (rows.length === 0) return;
  const widest = Math.max(...rows.map((r) => r.length));
  if (rows.length > MAX_SHAPE_ROWS || widest > MAX_SHAPE_COLUMNS) {
    fail(ctx, field, template, `a shape of ${rows.length} rows of up to ${widest} cells; at most ${MAX_SHAPE_ROWS} rows of ${MAX_SHAPE_COLUMNS}`);
  }
  const cells = e.cells ?? DEFAULT_CELLS;
  for (const r of rows) {
    for (const ch of r) {
      if (ch !== '.' && ch !== ' ' && !cells[ch]) {
        const shape = rows.join('/');
        fail(ctx, field, template, `"${ch}" in the shape "${shape.length > 60 ? `${shape.slice(0, 57)}...` : shape}" has no style in the layout's cells (${Object.keys(cells).join(' ')}; "." is empty)`);
      }
    }
  }
  const pad = e.pad ?? 0;
  const gr = rows.length + 2 * pad;
  const gc = Math.max(...rows.map((r) => r.length)) + 2 * pad;
  const cell = Math.min(box.w / gc, box.h / gr, e.cell ? mm(e.cell) : Infinity);
  const x0 = box.x + (box.w - gc * cell) / 2 + pad * cell;
  const free = box.h - gr * cell;
  const y0 = box.y + (e.valign === 'top' ? 0 : e.valign === 'bottom' ? free : free / 2) + pad * cell;
  const { doc } = ctx;
  const gridColor = color(ctx, 'grid', e.grid);
  if (gridColor) {
    const gx = x0 - pad * cell;
    const gy = y0 - pad * cell;
    doc.save().lineWidth(Math.max(0.3, cell * 0.04)).strokeColor(gridColor);
    for (let i = 0; i <= gr; i++) doc.moveTo(gx, gy + i * cell).lineTo(gx + gc * cell, gy + i * cell);
    for (let j = 0; j <= gc; j++) doc.moveTo(gx + j * cell, gy).lineTo(gx + j * cell, gy + gr * cell);
    doc.stroke().restore();
  }
  const at = (r: number, c: number) => rows[r]?.[c] ?? '.';
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const ch = row[c];
      const st = cells[ch];
      if (!st) continue;
      const shape = st.shape ?? 'square';
      const k = st.scale ?? 0.88;
      const f = color(ctx, `cells.${ch}.fill`, st.fill, st.stroke === undefined ? INK : null);
      const s = color(ctx, `cells.${ch}.stroke`, st.stroke);
      const cx = x0 + c * cell;
      const cy = y0 + r * cell;
      const inset = (cell * (1 - k)) / 2;
      doc.save();
      if (shape === 'icon') {
        const def = iconNamed(ctx, `cells.${ch}.icon`, st.icon ?? '');
        if (def) paintIcon(doc, def, { x: cx + inset, y: cy + inset, w: cell - 2 * inset, h: cell - 2 * inset }, f, s, st.strokeWidth);
        doc.restore();
        continue;
      }
      if (shape === 'hbar') {
        // A run of the same character across is one bar, drawn from its first cell.
        if (at(r, c - 1) === ch) {
          doc.restore();
          continue;
        }
        let n = 1;
        while (at(r, c + n) === ch) n++;
        const th = cell * 0.5 * k;
        doc.roundedRect(cx + inset, cy + (cell - th) / 2, n * cell - 2 * inset, th, th * 0.25);
      } else if (shape === 'vbar') {
        if (at(r - 1, c) === ch) {
          doc.restore();
          continue;
        }
        let n = 1;
        while (at(r + n, c) === ch) n++;
        const tw = cell * 0.5 * k;
        doc.roundedRect(cx + (cell - tw) / 2, cy + inset, tw, n * cell - 2 * inset, tw * 0.25);
      } else if (shape === 'circle') doc.circle(cx + cell / 2, cy + cell / 2, (cell / 2) * k);
      else if (shape === 'diamond') {
        const h = (cell / 2) * k;
        doc.polygon([cx + cell / 2, cy + cell / 2 - h], [cx + cell / 2 + h, cy + cell / 2], [cx + cell / 2, cy + cell / 2 + h], [cx + cell / 2 - h, cy + cell / 2]);
      } else if (shape === 'rounded') doc.roundedRect(cx + inset, cy + inset, cell - 2 * inset, cell - 2 * inset, cell * 0.18);
      else doc.rect(cx + inset, cy + inset, cell - 2 * inset, cell - 2 * inset);
      if (s) doc.lineWidth(st.strokeWidth ?? 1).lineJoin('round');
      if (f && s) doc.fillAndStroke(f, s);
      else if (f) doc.fill(f);
      else if (s) doc.stroke(s);
      doc.restore();
    }
  });
}
