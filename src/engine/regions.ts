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
  const n = b.rows * b.cols;
  const label = new Int32Array(n);
  const size = new Int32Array(n);
  const count = labelRegions(b, label, size, stack);
  return { label, count, size: size.slice(0, count) };
}

/**
 * The same into the caller's arrays (each at least rows * cols long), returning the count: scoring the thousands
 * of boards a scan rates its doubts on reuses them.
 */
export function labelRegions(b: Board, label: Int32Array, size: Int32Array, stack: Int32Array): number {
  const { rows, cols } = b;
  const n = rows * cols;
  label.fill(-1, 0, n);
  let count = 0;
  for (let start = 0; start < n; start++) {
    if (label[start] !== -1) continue;
    let top = 0;
    stack[top++] = start;
    label[start] = count;
    let cells = 0;
    while (top > 0) {
      const k = stack[--top];
      cells++;
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
    size[count++] = cells;
  }
  return count;
}
