/**
 * Character circles: the requirement circles of the location panels, the War Room spots and the token discs all
 * share one look (the character's colour, a white ring and the initial), so a token matches its circle and the
 * board reads in black-and-white print and for colour-blind players.
 */
import { initialOf, type Character } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import { INK, inkOn, tint } from './style.js';
import { capsCentered } from './type.js';

export interface CircleOptions {
  /** The row needs two of its characters: a "2" inside the circle. */
  two?: boolean;
  /** Draw the name under the initial (token discs). */
  name?: boolean;
}

/** A character circle of diameter `d` centred on (cx, cy). */
export function characterCircle(doc: Doc, c: Character, cx: number, cy: number, d: number, opts: CircleOptions = {}): void {
  const r = d / 2;
  const fg = inkOn(c.color);
  doc.save();
  doc.circle(cx, cy, r).fill(c.color);
  doc.lineWidth(Math.max(0.6, d * 0.025)).circle(cx, cy, r * 0.86).stroke(tint(c.color, 0.55));
  doc.lineWidth(0.8).circle(cx, cy, r).stroke(INK);
  const initial = initialOf(c);
  if (opts.two) {
    capsCentered(doc, initial, cx - r * 0.16, cy - r * 0.12, { font: 'bold', size: d * 0.5, color: fg });
    const br = r * 0.36;
    const bx = cx + r * 0.42;
    const by = cy + r * 0.42;
    doc.circle(bx, by, br).fill('#ffffff');
    doc.lineWidth(0.6).circle(bx, by, br).stroke(INK);
    capsCentered(doc, '2', bx, by, { font: 'bold', size: br * 1.45, color: INK });
  } else if (opts.name) {
    capsCentered(doc, initial, cx, cy - r * 0.2, { font: 'bold', size: d * 0.42, color: fg });
    capsCentered(doc, c.name.toUpperCase(), cx, cy + r * 0.54, { font: 'bold', size: Math.max(6, Math.min(d * 0.13, (d * 1.25) / c.name.length)), color: fg, spacing: 0.2 });
  } else {
    capsCentered(doc, initial, cx, cy, { font: 'bold', size: d * 0.55, color: fg });
  }
  doc.restore();
}

/** An empty spot for a character not on a coloured circle (Laird's place): dashed ring in the colour. */
export function characterSpot(doc: Doc, c: Character, cx: number, cy: number, d: number): void {
  const r = d / 2;
  doc.save();
  doc.circle(cx, cy, r).fill(tint(c.color, 0.82));
  doc.lineWidth(1.4).dash(3, { space: 2 }).circle(cx, cy, r).stroke(c.color);
  doc.undash();
  capsCentered(doc, initialOf(c), cx, cy, { font: 'bold', size: d * 0.5, color: tint(c.color, 0.3) });
  doc.restore();
}
