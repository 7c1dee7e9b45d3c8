/** The board's palette, units and colour helpers (pure). */
import { mm } from '../../geometry/sheet-layout.js';

export { mm };

export const INK = '#2a2118';
export const MUTED = '#6e6253';
export const PARCHMENT = '#f6efdf';
export const PARCHMENT_DARK = '#e9dcc0';
export const BANNER = '#3d3124';
export const GOLD = '#c99a2e';
export const SEA = '#dcebef';
export const PAPER = '#ffffff';
export const FRAME = '#8b7656';

/** Diameter of a requirement circle, a War Room spot and a character disc: a token covers its circle. */
export const CIRCLE = mm(15);
/** Space between circles in a row. */
export const CIRCLE_GAP = mm(2);

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Relative luminance (WCAG) of a #rrggbb colour, 0 (black) .. 1 (white). */
export function luminance(hex: string): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = rgb(hex);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The ink (near black or white) that reads best on a colour, in colour and in greyscale print. */
export function inkOn(hex: string): string {
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onBlack >= onWhite ? '#161210' : '#ffffff';
}

/** A colour mixed with white (t = 0: the colour, 1: white). */
export function tint(hex: string, t: number): string {
  const [r, g, b] = rgb(hex);
  const m = (v: number) => Math.round(v + (255 - v) * t);
  return `#${[m(r), m(g), m(b)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A colour mixed with black (t = 0: the colour, 1: black). */
export function shade(hex: string, t: number): string {
  const [r, g, b] = rgb(hex);
  const m = (v: number) => Math.round(v * (1 - t));
  return `#${[m(r), m(g), m(b)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** "$1,200" */
export function dollars(v: number): string {
  return `$${v.toLocaleString('en-US')}`;
}
