import type { Board } from '../engine/board.js';
import type { EdgeFeature } from './features.js';

/**
 * What the rules say about a reading. Every fence starts at the center point or on an earlier fence, so the
 * fences of a real sheet form one connected figure through the center. A piece cut off from it means an edge
 * was missed (pencil lost in a shadow, a glare spot, a gap) or invented: the blank edges that would join the
 * piece back, and a tiny piece's own edges, are the suspects.
 */
/** Connected figures of the fences, by vertex (row * (cols + 1) + col): each vertex's root, -1 where no fence touches. */
export function fenceFigures(b: Board): Int32Array {
  const { rows, cols } = b;
  const W = cols + 1;
  const parent = Int32Array.from({ length: (rows + 1) * W }, (_, i) => i);
  const touched = new Uint8Array(parent.length);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const join = (a: number, c: number) => {
    parent[find(a)] = find(c);
    touched[a] = touched[c] = 1;
  };
  for (let i = 1; i < rows; i++) for (let j = 0; j < cols; j++) if (b.h[i * cols + j]) join(i * W + j, i * W + j + 1);
  for (let i = 0; i < rows; i++) for (let j = 1; j < cols; j++) if (b.v[i * W + j]) join(i * W + j, (i + 1) * W + j);
  const out = new Int32Array(parent.length).fill(-1);
  for (let v = 0; v < parent.length; v++) if (touched[v]) out[v] = find(v);
  return out;
}

export function disconnectedSuspects(b: Board, center: [number, number], edges: EdgeFeature[], perPiece = 3): { kind: 'h' | 'v'; row: number; col: number }[] {
  const W = b.cols + 1;
  const figures = fenceFigures(b);
  const c = center[0] * W + center[1];
  const centerRoot = figures[c] >= 0 ? figures[c] : c;
  const pieces = new Map<number, number[]>();
  for (let v = 0; v < figures.length; v++) {
    const r = figures[v];
    if (r < 0 || r === centerRoot) continue;
    let list = pieces.get(r);
    if (!list) pieces.set(r, (list = []));
    list.push(v);
  }
  if (pieces.size === 0) return [];
  const endpoints = (e: EdgeFeature): [number, number] =>
    e.kind === 'h' ? [e.row * W + e.col, e.row * W + e.col + 1] : [e.row * W + e.col, (e.row + 1) * W + e.col];
  const isFenced = (e: EdgeFeature) => (e.kind === 'h' ? b.h[e.row * b.cols + e.col] : b.v[e.row * W + e.col]) === 1;
  const out: { kind: 'h' | 'v'; row: number; col: number }[] = [];
  for (const [root, verts] of pieces) {
    const inPiece = new Set(verts);
    // Blank edges touching the piece, most inked first: the likeliest missed joins.
    const joins = edges
      .filter((e) => !isFenced(e) && endpoints(e).some((v) => inPiece.has(v)))
      .sort((x, y) => y.score - x.score)
      .slice(0, perPiece);
    out.push(...joins);
    // A piece of one or two edges may not be a fence at all.
    const own = edges.filter((e) => isFenced(e) && figures[endpoints(e)[0]] === root);
    if (own.length <= 2) out.push(...own);
  }
  return out;
}
