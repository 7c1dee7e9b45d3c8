import type { Cell } from './types.js';

/** Card shapes must fit in a MAX_SPAN x MAX_SPAN box (the schema checks it), so every orientation packs in 25 bits. */
export const MAX_SPAN = 5;

/** Cells of a shape drawn as rows of '#' and '.'. */
export function shapeCells(rows: string[]): Cell[] {
  const cells: Cell[] = [];
  rows.forEach((line, r) => {
    for (let c = 0; c < line.length; c++) if (line[c] === '#') cells.push([r, c]);
  });
  return cells;
}

/** The 8 symmetries of the square (4 rotations, each with its mirror image) applied to cells. */
export function symmetries(cells: Cell[]): Cell[][] {
  const out: Cell[][] = [];
  for (let t = 0; t < 8; t++) {
    out.push(
      cells.map(([r, c]) => {
        const [a, b] = t & 1 ? [c, r] : [r, c]; // transpose
        return [t & 2 ? -a : a, t & 4 ? -b : b] as Cell;
      }),
    );
  }
  return out;
}

/** Translation-normalised bit mask of a cell set; -1 if its bounding box exceeds MAX_SPAN either way. */
export function shapeMask(cells: ArrayLike<readonly [number, number]>): number {
  let minR = Infinity;
  let minC = Infinity;
  let maxR = -Infinity;
  let maxC = -Infinity;
  for (let i = 0; i < cells.length; i++) {
    const [r, c] = cells[i];
    if (r < minR) minR = r;
    if (c < minC) minC = c;
    if (r > maxR) maxR = r;
    if (c > maxC) maxC = c;
  }
  if (maxR - minR >= MAX_SPAN || maxC - minC >= MAX_SPAN) return -1;
  let mask = 0;
  for (let i = 0; i < cells.length; i++) {
    const [r, c] = cells[i];
    mask |= 1 << ((r - minR) * MAX_SPAN + (c - minC));
  }
  return mask;
}

/** All masks a shape takes under the 8 symmetries (symmetric shapes give fewer than 8). */
export function congruentMasks(cells: Cell[]): Set<number> {
  const out = new Set<number>();
  for (const s of symmetries(cells)) {
    const m = shapeMask(s);
    if (m !== -1) out.add(m);
  }
  return out;
}

/** True when two cell sets are the same polyomino up to translation, rotation and mirroring. */
export function congruent(a: Cell[], b: Cell[]): boolean {
  if (a.length !== b.length) return false;
  const mb = shapeMask(b);
  return mb !== -1 && congruentMasks(a).has(mb);
}
