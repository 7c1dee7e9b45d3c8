/** The dig-bag reference: every cube colour with its count, its call-out and what it means. */
import type { BoardData, Cube } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import { card } from './card.js';
import { bagIcon, cubeIcon } from './icons.js';
import type { Box } from './layout.js';
import { INK, mm, MUTED } from './style.js';
import { fit, textAt } from './type.js';

export function destination(c: Cube): string {
  return c.goesTo === 'win' ? '' : c.goesTo === 'spoils' ? 'into your pile' : 'cube onto the Dirt Pile';
}

export function drawBag(doc: Doc, board: BoardData, b: Box): void {
  const total = board.cubes.reduce((s, c) => s + c.count, 0);
  const inner = card(doc, b, { title: 'Dig Bag', note: `${total} CUBES` });
  const pad = mm(3);
  const iconW = mm(17);
  bagIcon(doc, inner.x + pad + iconW / 2 - mm(1), inner.y + mm(12), mm(15));
  doc.save();
  const note = ['Draw one', 'cube at', 'a time'];
  note.forEach((l, i) => textAt(doc, l, inner.x + pad + iconW / 2 - mm(1), inner.y + mm(24) + i * mm(2.9), { font: 'italic', size: 6.5, color: MUTED, align: 'center' }));
  doc.restore();
  const x0 = inner.x + pad + iconW;
  const w = inner.x + inner.w - pad - x0;
  const rowH = Math.min(mm(11), (inner.h - mm(3)) / board.cubes.length);
  board.cubes.forEach((c, i) => {
    const top = inner.y + mm(1.5) + i * rowH;
    const cy = top + rowH / 2;
    if (i > 0) doc.save().lineWidth(0.4).moveTo(x0, top).lineTo(x0 + w, top).stroke('#e2d5b8').restore();
    cubeIcon(doc, x0 + mm(3.5), cy, mm(6.5), c.color);
    const cw = textAt(doc, `×${c.count}`, x0 + w, cy + mm(1.6), { font: 'title', size: 13, color: INK, align: 'right' });
    const tx = x0 + mm(9);
    const tw = x0 + w - cw - mm(2) - tx;
    const nameW = textAt(doc, c.name, tx, cy - mm(0.6), { font: 'bold', size: 8.5, color: INK });
    if (c.callout) {
      const st = fit(doc, `“${c.callout}”`, tw - nameW - mm(1.5), { font: 'italic', size: 8.5, color: '#a5493a' });
      textAt(doc, `“${c.callout}”`, tx + nameW + mm(1.5), cy - mm(0.6), st);
    }
    const dest = destination(c);
    const line2 = dest ? `${c.meaning} · ${dest}` : c.meaning;
    textAt(doc, line2, tx, cy + mm(3), fit(doc, line2, tw, { font: 'text', size: 7, color: MUTED }));
  });
}
