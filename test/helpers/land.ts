/** A straightened land drawn by hand in tests: 12 x 12 cells of 48 px with a 24 px margin, as the ink map's. */
export const CELL = 48;
export const MARGIN = 24;
export const SIZE = 2 * MARGIN + 12 * CELL;

/** Darkens pixel (x, y) of a SIZE x SIZE RGB land (paper 235) by `depth` (0..1), as pencil does; off the land: nothing. */
export function darken(rgb: Uint8Array, x: number, y: number, depth: number): void {
  if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) return;
  const i = (y * SIZE + x) * 3;
  const v = Math.round(235 * (1 - depth));
  for (let c = 0; c < 3; c++) rgb[i + c] = Math.min(rgb[i + c], v);
}
