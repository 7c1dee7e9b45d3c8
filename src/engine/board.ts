import type { Cell, SheetMap, SheetState } from './types.js';

/**
 * A sheet in flat typed arrays, the form every hot loop works on.
 * h[i * cols + j]: horizontal edge from vertex (i, j) to (i, j+1), i = 0..rows.
 * v[i * (cols + 1) + j]: vertical edge from vertex (i, j) to (i+1, j), j = 0..cols.
 * Border edges are always 1.
 */
export interface Board {
  rows: number;
  cols: number;
  h: Uint8Array;
  v: Uint8Array;
  /** 1 where a hole is (player-marked or pre-drawn on the map). */
  hole: Uint8Array;
  /** 1 where a printed (or custom-map) egg is. */
  egg: Uint8Array;
  /** 1 where a hole is pre-drawn on the map (sheet B). */
  mapHole: Uint8Array;
}

export function emptyBoard(rows: number, cols: number): Board {
  const b: Board = {
    rows,
    cols,
    h: new Uint8Array((rows + 1) * cols),
    v: new Uint8Array(rows * (cols + 1)),
    hole: new Uint8Array(rows * cols),
    egg: new Uint8Array(rows * cols),
    mapHole: new Uint8Array(rows * cols),
  };
  for (let j = 0; j < cols; j++) {
    b.h[j] = 1;
    b.h[rows * cols + j] = 1;
  }
  for (let i = 0; i < rows; i++) {
    b.v[i * (cols + 1)] = 1;
    b.v[i * (cols + 1) + cols] = 1;
  }
  return b;
}

/** Builds a board from a (validated) sheet state and the map it is played on. */
export function boardFromState(state: SheetState, printedMap: SheetMap, rows = 12, cols = 12): Board {
  const b = emptyBoard(rows, cols);
  for (let i = 0; i <= rows; i++) {
    const s = state.fences.h[i];
    for (let j = 0; j < cols; j++) if (s.charCodeAt(j) === 49) b.h[i * cols + j] = 1;
  }
  for (let i = 0; i < rows; i++) {
    const s = state.fences.v[i];
    for (let j = 0; j <= cols; j++) if (s.charCodeAt(j) === 49) b.v[i * (cols + 1) + j] = 1;
  }
  const map = state.map ?? printedMap;
  for (const [r, c] of map.eggs) b.egg[r * cols + c] = 1;
  for (const [r, c] of map.holes) {
    b.mapHole[r * cols + c] = 1;
    b.hole[r * cols + c] = 1;
  }
  for (const [r, c] of state.holes) b.hole[r * cols + c] = 1;
  return b;
}

/** The fence strings of a board, as in the sheet state JSON. */
export function fencesOf(b: Board): { h: string[]; v: string[] } {
  const h: string[] = [];
  const v: string[] = [];
  for (let i = 0; i <= b.rows; i++) {
    let s = '';
    for (let j = 0; j < b.cols; j++) s += b.h[i * b.cols + j] ? '1' : '0';
    h.push(s);
  }
  for (let i = 0; i < b.rows; i++) {
    let s = '';
    for (let j = 0; j <= b.cols; j++) s += b.v[i * (b.cols + 1) + j] ? '1' : '0';
    v.push(s);
  }
  return { h, v };
}

/** Player-marked holes of a board (map holes excluded), in row-major order. */
export function playerHolesOf(b: Board): Cell[] {
  const out: Cell[] = [];
  for (let k = 0; k < b.rows * b.cols; k++) {
    if (b.hole[k] && !b.mapHole[k]) out.push([Math.floor(k / b.cols), k % b.cols]);
  }
  return out;
}

/** An empty sheet state: only the borderline fenced, no holes. */
export function blankState(side: SheetState['side'], cards: string[], rows = 12, cols = 12): SheetState {
  const b = emptyBoard(rows, cols);
  return { side, cards: [...cards], fences: fencesOf(b), holes: [] };
}
