import type { Cell, SheetMap, SheetState } from './types.js';

/**
 * One of the 8 symmetries of a square land applied to a whole sheet (fences, holes and map):
 * t & 1 transposes, t & 2 flips rows, t & 4 flips columns. Used to check that scoring ignores orientation.
 */
export function transformState(state: SheetState, t: number, printedMap: SheetMap): SheetState {
  const rows = state.fences.v.length;
  const cols = state.fences.h[0].length;
  if (rows !== cols && t & 1) throw new Error('only a square land can be transposed');
  const n = rows; // square when transposed; otherwise rows/cols are kept
  const vertex = (r: number, c: number): [number, number] => {
    let [a, b] = t & 1 ? [c, r] : [r, c];
    if (t & 2) a = (t & 1 ? n : rows) - a;
    if (t & 4) b = (t & 1 ? n : cols) - b;
    return [a, b];
  };
  const cell = ([r, c]: Cell): Cell => {
    // a cell is the square between vertices (r, c) and (r+1, c+1): map both corners, take the min
    const p = vertex(r, c);
    const q = vertex(r + 1, c + 1);
    return [Math.min(p[0], q[0]), Math.min(p[1], q[1])];
  };
  const outRows = t & 1 ? cols : rows;
  const outCols = t & 1 ? rows : cols;
  const h = Array.from({ length: outRows + 1 }, () => new Array<string>(outCols).fill('0'));
  const v = Array.from({ length: outRows }, () => new Array<string>(outCols + 1).fill('0'));
  const setEdge = (a: [number, number], b: [number, number]) => {
    if (a[0] === b[0]) h[a[0]][Math.min(a[1], b[1])] = '1';
    else v[Math.min(a[0], b[0])][a[1]] = '1';
  };
  for (let i = 0; i <= rows; i++) for (let j = 0; j < cols; j++) if (state.fences.h[i][j] === '1') setEdge(vertex(i, j), vertex(i, j + 1));
  for (let i = 0; i < rows; i++) for (let j = 0; j <= cols; j++) if (state.fences.v[i][j] === '1') setEdge(vertex(i, j), vertex(i + 1, j));
  const map = state.map ?? printedMap;
  return {
    side: state.side,
    cards: [...state.cards],
    fences: { h: h.map((r) => r.join('')), v: v.map((r) => r.join('')) },
    holes: state.holes.map(cell),
    map: { eggs: map.eggs.map(cell), holes: map.holes.map(cell) },
  };
}
