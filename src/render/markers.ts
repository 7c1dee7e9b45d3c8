/** The scanner's fiducials: concentric squares, black 3 : white 2 : black core 1. */
import type { Doc } from './pdf.js';

export function drawMarker(doc: Doc, m: { x: number; y: number; size: number }): void {
  const s = m.size;
  doc.save();
  doc.rect(m.x, m.y, s, s).fill('#000000');
  doc.rect(m.x + s / 6, m.y + s / 6, (s * 2) / 3, (s * 2) / 3).fill('#ffffff');
  doc.rect(m.x + s / 3, m.y + s / 3, s / 3, s / 3).fill('#000000');
  doc.restore();
}
