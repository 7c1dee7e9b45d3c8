import type { Board } from './board.js';
import type { Cell, SheetDef, SpecialFence } from './types.js';

/** A vertex (row, col), 0..rows and 0..cols. */
export type Vertex = [row: number, col: number];

export type Move =
  /** A die's fence: a path of vertices, one unit edge between consecutive ones. */
  | { kind: 'fence'; die: number; path: Vertex[] }
  /** A special fence at a pause: its unit edges, each as two vertices. */
  | { kind: 'special'; id: number; edges: [Vertex, Vertex][] }
  /** A hole marked by the left neighbour on a die showing 1 (sheet A). */
  | { kind: 'hole'; cell: Cell };

export type Verdict = { legal: true } | { legal: false; reason: string };

const ok: Verdict = { legal: true };
const no = (reason: string): Verdict => ({ legal: false, reason });

/** Index of the unit edge between two vertices in the board's h or v array, or null if they are not neighbours. */
function edgeOf(b: Board, a: Vertex, c: Vertex): { arr: 'h' | 'v'; idx: number } | null {
  const [r1, c1] = a;
  const [r2, c2] = c;
  if (r1 === r2 && Math.abs(c1 - c2) === 1) return { arr: 'h', idx: r1 * b.cols + Math.min(c1, c2) };
  if (c1 === c2 && Math.abs(r1 - r2) === 1) return { arr: 'v', idx: Math.min(r1, r2) * (b.cols + 1) + c1 };
  return null;
}

function isBorder(b: Board, e: { arr: 'h' | 'v'; idx: number }): boolean {
  if (e.arr === 'h') {
    const i = Math.floor(e.idx / b.cols);
    return i === 0 || i === b.rows;
  }
  const j = e.idx % (b.cols + 1);
  return j === 0 || j === b.cols;
}

/** True when a vertex lies on a drawn (non-border) fence. */
export function onFence(b: Board, [r, c]: Vertex): boolean {
  const { rows, cols, h, v } = b;
  if (r < 0 || c < 0 || r > rows || c > cols) return false;
  const interiorRow = r > 0 && r < rows;
  const interiorCol = c > 0 && c < cols;
  if (interiorRow && c < cols && h[r * cols + c]) return true;
  if (interiorRow && c > 0 && h[r * cols + c - 1]) return true;
  if (interiorCol && r < rows && v[r * (cols + 1) + c]) return true;
  if (interiorCol && r > 0 && v[(r - 1) * (cols + 1) + c]) return true;
  return false;
}

function inGrid(b: Board, [r, c]: Vertex): boolean {
  return r >= 0 && c >= 0 && r <= b.rows && c <= b.cols;
}

const isAnchor = (b: Board, sheet: SheetDef, v: Vertex) =>
  (v[0] === sheet.center[0] && v[1] === sheet.center[1]) || onFence(b, v);

/** Checks a list of unit edges: in the grid, adjacent vertices, no repeats, not over a fence or the borderline. */
function checkEdges(b: Board, edges: [Vertex, Vertex][]): Verdict {
  const seen = new Set<string>();
  for (const [a, c] of edges) {
    if (!inGrid(b, a) || !inGrid(b, c)) return no(`edge (${a}) to (${c}) leaves the land`);
    const e = edgeOf(b, a, c);
    if (!e) return no(`(${a}) and (${c}) are not neighbouring vertices`);
    const key = `${e.arr}${e.idx}`;
    if (seen.has(key)) return no(`the edge (${a}) to (${c}) is used twice`);
    seen.add(key);
    if (isBorder(b, e)) return no(`the edge (${a}) to (${c}) runs along the borderline`);
    if (b[e.arr][e.idx]) return no(`the edge (${a}) to (${c}) overlaps an existing fence`);
  }
  return ok;
}

/** Says whether a move is legal on a board (before the move is drawn), and why not. */
export function checkMove(
  b: Board,
  sheet: SheetDef,
  move: Move,
  specials: SpecialFence[] = [],
  usedSpecials: number[] = [],
): Verdict {
  if (move.kind === 'hole') {
    if (sheet.mode === 'solo') return no('sheet B has no holes: a 1 is a fence of one edge');
    const [r, c] = move.cell;
    if (r < 0 || c < 0 || r >= b.rows || c >= b.cols) return no(`cell (${r}, ${c}) is outside the land`);
    if (b.hole[r * b.cols + c]) return no(`cell (${r}, ${c}) is already a hole`);
    const corners: Vertex[] = [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]];
    if (!corners.some((v) => isAnchor(b, sheet, v))) return no(`cell (${r}, ${c}) touches neither the center point nor a fence`);
    return ok;
  }

  if (move.kind === 'fence') {
    const face = sheet.dieLegend.find((f) => f.face === move.die);
    if (!face) return no(`a die has no face ${move.die}`);
    if (face.draws !== 'fence') return no(`a ${move.die} draws a hole on sheet ${sheet.side}, not a fence`);
    const len = face.length ?? move.die;
    if (move.path.length !== len + 1) return no(`a ${move.die} is a fence of ${len} edges; the path has ${move.path.length - 1}`);
    const edges: [Vertex, Vertex][] = [];
    for (let i = 1; i < move.path.length; i++) edges.push([move.path[i - 1], move.path[i]]);
    const v = checkEdges(b, edges);
    if (!v.legal) return v;
    const ends = [move.path[0], move.path[move.path.length - 1]];
    if (!ends.some((e) => isAnchor(b, sheet, e))) return no('the fence must start at the center point or on an earlier fence');
    return ok;
  }

  const special = specials.find((s) => s.id === move.id);
  if (!special) return no(`there is no special fence ${move.id}`);
  if (usedSpecials.includes(move.id)) return no(`special fence ${move.id} (${special.name}) is already crossed out`);
  const v = checkEdges(b, move.edges);
  if (!v.legal) return v;
  if (!sameFigure(specialEdges(special), move.edges)) {
    return no(`the edges are not the ${special.name} special fence in any rotation or mirror image`);
  }
  const degree = new Map<string, number>();
  for (const [a, c] of move.edges) for (const x of [a, c]) degree.set(`${x}`, (degree.get(`${x}`) ?? 0) + 1);
  const endpoints = move.edges.flat().filter((x) => degree.get(`${x}`) === 1);
  if (!endpoints.some((e) => isAnchor(b, sheet, e))) return no('the special fence must start at the center point or on an earlier fence');
  return ok;
}

/**
 * The fewest fence edges a finished sheet can hold: at each pause a special fence is drawn and crossed out, so at
 * least the shortest ones, one per pause (the dice's fences and holes come on top).
 */
export function fewestFenceEdges(sheet: SheetDef, specials: SpecialFence[]): number {
  return cheapestPerPause(sheet, specials.map((s) => specialEdges(s).length));
}

/**
 * The fewest fence edges a finished sheet holds each way (along rows, along columns): each special fence drawn at a
 * pause may be turned, so it gives at least the smaller of its two counts; the straight one may give none.
 */
export function fewestFenceEdgesEachWay(sheet: SheetDef, specials: SpecialFence[]): number {
  return cheapestPerPause(
    sheet,
    specials.map((s) => {
      const edges = specialEdges(s);
      const across = edges.filter(([a, c]) => a[0] === c[0]).length;
      return Math.min(across, edges.length - across);
    }),
  );
}

/** The sum of the smallest counts, one for each pause of the sheet. */
function cheapestPerPause(sheet: SheetDef, counts: number[]): number {
  return [...counts]
    .sort((a, b) => a - b)
    .slice(0, sheet.timeline.pausesAfter.length)
    .reduce((sum, n) => sum + n, 0);
}

/** The unit edges of a special fence as drawn in its template. */
export function specialEdges(s: SpecialFence): [Vertex, Vertex][] {
  const out: [Vertex, Vertex][] = [];
  const step: Record<string, Vertex> = { R: [0, 1], L: [0, -1], U: [-1, 0], D: [1, 0] };
  for (const st of s.strokes) {
    let cur: Vertex = [st.from[0], st.from[1]];
    for (const m of st.moves) {
      const d = step[m];
      const next: Vertex = [cur[0] + d[0], cur[1] + d[1]];
      out.push([cur, next]);
      cur = next;
    }
  }
  return out;
}

/** Canonical key of an edge set under translation (edges as sorted midpoints, doubled to stay integral). */
function edgeKey(edges: [Vertex, Vertex][]): string {
  const mids = edges.map(([a, c]) => [a[0] + c[0], a[1] + c[1]] as Vertex);
  const minR = Math.min(...mids.map((m) => m[0] - (m[0] & 1)));
  const minC = Math.min(...mids.map((m) => m[1] - (m[1] & 1)));
  return mids
    .map(([r, c]) => `${r - minR},${c - minC}`)
    .sort()
    .join(' ');
}

/** True when two edge sets are the same figure up to translation, rotation and mirroring. */
export function sameFigure(a: [Vertex, Vertex][], b: [Vertex, Vertex][]): boolean {
  if (a.length !== b.length) return false;
  const target = edgeKey(b);
  for (let t = 0; t < 8; t++) {
    const tf = ([r, c]: Vertex): Vertex => {
      const [x, y] = t & 1 ? [c, r] : [r, c];
      return [t & 2 ? -x : x, t & 4 ? -y : y];
    };
    if (edgeKey(a.map(([p, q]) => [tf(p), tf(q)] as [Vertex, Vertex])) === target) return true;
  }
  return false;
}

/** Draws a (legal) move onto the board. */
export function applyMove(b: Board, move: Move): void {
  if (move.kind === 'hole') {
    b.hole[move.cell[0] * b.cols + move.cell[1]] = 1;
    return;
  }
  const edges: [Vertex, Vertex][] =
    move.kind === 'fence' ? move.path.slice(1).map((p, i) => [move.path[i], p] as [Vertex, Vertex]) : move.edges;
  for (const [a, c] of edges) {
    const e = edgeOf(b, a, c)!;
    b[e.arr][e.idx] = 1;
  }
}
