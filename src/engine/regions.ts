import type { Board } from './board.js';

export interface Regions {
  /** Region id of each cell (row-major), 0..count-1, numbered in row-major order of first cell. */
  label: Int32Array;
  count: number;
  /** Cells per region. */
  size: Int32Array;
}

/**
 * Splits the land into regions: maximal sets of cells connected through unfenced interior edges.
 * Iterative flood fill over typed arrays (this runs for every scored sheet).
 */
export function findRegions(b: Board, stack = new Int32Array(b.rows * b.cols)): Regions {
  const { rows, cols } = b;
  const n = rows * cols;
  const label = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  let count = 0;
  for (let start = 0; start < n; start++) {
    if (label[start] !== -1) continue;
    let top = 0;
    stack[top++] = start;
    label[start] = count;
    let size = 0;
    while (top > 0) {
      const k = stack[--top];
      size++;
      const r = (k / cols) | 0;
      const c = k - r * cols;
      // right: vertical edge at vertex column c+1
      if (c + 1 < cols && !b.v[r * (cols + 1) + c + 1] && label[k + 1] === -1) {
        label[k + 1] = count;
        stack[top++] = k + 1;
      }
      if (c > 0 && !b.v[r * (cols + 1) + c] && label[k - 1] === -1) {
        label[k - 1] = count;
        stack[top++] = k - 1;
      }
      // down: horizontal edge at vertex row r+1
      if (r + 1 < rows && !b.h[(r + 1) * cols + c] && label[k + cols] === -1) {
        label[k + cols] = count;
        stack[top++] = k + cols;
      }
      if (r > 0 && !b.h[r * cols + c] && label[k - cols] === -1) {
        label[k - cols] = count;
        stack[top++] = k - cols;
      }
    }
    sizes.push(size);
    count++;
  }
  return { label, count, size: Int32Array.from(sizes) };
}
