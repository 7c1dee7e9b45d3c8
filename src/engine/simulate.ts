import { boardFromState, emptyBoard, fencesOf, playerHolesOf, type Board } from './board.js';
import { applyMove, checkMove, onFence, specialEdges, type Move, type Vertex } from './moves.js';
import { rng } from './random.js';
import { isReroll, type Roll } from './rolls.js';
import type { GameData, SheetState, Side } from './types.js';

export interface SimulateOptions {
  /** Probability that a fence tries to close a shape (walks back toward fenced vertices). Default 0.6. */
  closeBias?: number;
  /**
   * The table's dice, one pair a turn (a re-rolled double 1 not listed), instead of dice drawn from the seed;
   * turns past the list are not played. The seed still chooses where everything is drawn.
   */
  rolls?: readonly Roll[];
}

/** A simulated game: the finished sheet, the dice it was played from, and what could not be drawn. */
export interface SimulatedGame {
  state: SheetState;
  rolls: Roll[];
  /** The special fences drawn at the pauses (ids, in order). */
  specials: number[];
  /** Fences, holes and specials that found no legal place (rare; a sheet then holds less than its rolls give). */
  skipped: number;
}

/**
 * Plays a whole sheet by rolling dice (the same seed, the same sheet): fences from the center or earlier
 * fences, holes on a 1 (sheet A), a special fence at each pause. Every move passes checkMove, so the
 * result is a reachable, well-formed sheet state.
 */
export function simulateSheet(game: GameData, side: Side, cards: string[], seed: number | string, opts: SimulateOptions = {}): SheetState {
  return simulateGame(game, side, cards, seed, opts).state;
}

/** simulateSheet, with the rolls it used (or was given) and the special fences drawn. */
export function simulateGame(game: GameData, side: Side, cards: string[], seed: number | string, opts: SimulateOptions = {}): SimulatedGame {
  const sheet = game.sheets[side];
  const rand = rng(seed);
  const closeBias = opts.closeBias ?? 0.6;
  const b = boardFromState({ side, cards, fences: fencesOf(emptyBoard(sheet.grid.rows, sheet.grid.cols)), holes: [] }, sheet.map, sheet.grid.rows, sheet.grid.cols);
  const used: number[] = [];
  const rolls: Roll[] = [];
  let skipped = 0;
  const tryMove = (m: Move) => {
    if (checkMove(b, sheet, m, game.specialFences, used).legal) {
      applyMove(b, m);
      return true;
    }
    return false;
  };

  const turns = opts.rolls ? Math.min(opts.rolls.length, sheet.timeline.turns) : sheet.timeline.turns;
  for (let turn = 1; turn <= turns; turn++) {
    let dice: number[];
    if (opts.rolls) dice = [...opts.rolls[turn - 1]];
    else {
      do dice = [1 + Math.floor(rand() * 6), 1 + Math.floor(rand() * 6)];
      while (isReroll(sheet, dice as Roll));
    }
    rolls.push([dice[0], dice[1]]);
    // holes first: the sheet is passed left before anyone draws
    dice.sort((x, y) => x - y);
    for (const die of dice) {
      const face = sheet.dieLegend.find((f) => f.face === die)!;
      const drawn = face.draws === 'hole' ? placeHole(b, rand, tryMove) : placeFence(b, sheet.center, face.length ?? die, rand, closeBias, (path) => tryMove({ kind: 'fence', die, path }));
      if (!drawn) skipped++;
    }
    if (sheet.timeline.pausesAfter.includes(turn) && !placeSpecial(b, game, sheet.center, rand, used, tryMove)) skipped++;
  }
  return { state: { side, cards: [...cards], fences: fencesOf(b), holes: playerHolesOf(b) }, rolls, specials: [...used], skipped };
}

function anchors(b: Board, center: [number, number]): Vertex[] {
  const out: Vertex[] = [[center[0], center[1]]];
  for (let r = 1; r < b.rows; r++) for (let c = 1; c < b.cols; c++) if (onFence(b, [r, c])) out.push([r, c]);
  return out;
}

function placeHole(b: Board, rand: () => number, tryMove: (m: Move) => boolean): boolean {
  for (let attempt = 0; attempt < 200; attempt++) {
    const cell: [number, number] = [Math.floor(rand() * b.rows), Math.floor(rand() * b.cols)];
    if (tryMove({ kind: 'hole', cell })) return true;
  }
  return false;
}

const STEPS: Vertex[] = [[0, 1], [0, -1], [1, 0], [-1, 0]];

function placeFence(
  b: Board,
  center: [number, number],
  len: number,
  rand: () => number,
  closeBias: number,
  commit: (path: Vertex[]) => boolean,
): boolean {
  const starts = anchors(b, center);
  for (let attempt = 0; attempt < 60; attempt++) {
    const path: Vertex[] = [starts[Math.floor(rand() * starts.length)]];
    const usedEdges = new Set<string>();
    let stuck = false;
    for (let i = 0; i < len && !stuck; i++) {
      const [r, c] = path[path.length - 1];
      const options: Vertex[] = [];
      for (const [dr, dc] of STEPS) {
        const n: Vertex = [r + dr, c + dc];
        if (n[0] < 0 || n[1] < 0 || n[0] > b.rows || n[1] > b.cols) continue;
        const key = edgeKeyOf([r, c], n);
        if (usedEdges.has(key) || isFencedOrBorder(b, [r, c], n)) continue;
        options.push(n);
      }
      if (options.length === 0) {
        stuck = true;
        break;
      }
      // Prefer moves toward existing fences on the last step, so shapes close as players would close them.
      let next = options[Math.floor(rand() * options.length)];
      if (i === len - 1 && rand() < closeBias) {
        const closing = options.filter((o) => onFence(b, o) || o[0] === 0 || o[1] === 0 || o[0] === b.rows || o[1] === b.cols);
        if (closing.length) next = closing[Math.floor(rand() * closing.length)];
      }
      usedEdges.add(edgeKeyOf([r, c], next));
      path.push(next);
    }
    if (!stuck && commit(path)) return true;
  }
  return false;
}

const edgeKeyOf = (a: Vertex, c: Vertex) => (a[0] < c[0] || (a[0] === c[0] && a[1] < c[1]) ? `${a}|${c}` : `${c}|${a}`);

function isFencedOrBorder(b: Board, a: Vertex, c: Vertex): boolean {
  if (a[0] === c[0]) {
    const r = a[0];
    return r === 0 || r === b.rows || b.h[r * b.cols + Math.min(a[1], c[1])] === 1;
  }
  const col = a[1];
  return col === 0 || col === b.cols || b.v[Math.min(a[0], c[0]) * (b.cols + 1) + col] === 1;
}

interface Variant {
  id: number;
  edges: [Vertex, Vertex][];
  ends: Vertex[];
}

const variantCache = new WeakMap<GameData, Variant[][]>();

/** Each special fence in its 8 orientations, with its end vertices (computed once per game). */
function specialVariants(game: GameData): Variant[][] {
  let v = variantCache.get(game);
  if (v) return v;
  v = game.specialFences.map((s) =>
    Array.from({ length: 8 }, (_, t) => {
      const tf = ([r, c]: Vertex): Vertex => {
        const [x, y] = t & 1 ? [c, r] : [r, c];
        return [t & 2 ? -x : x, t & 4 ? -y : y];
      };
      const edges = specialEdges(s).map(([p, q]) => [tf(p), tf(q)] as [Vertex, Vertex]);
      const degree = new Map<string, number>();
      for (const [p, q] of edges) for (const x of [p, q]) degree.set(`${x}`, (degree.get(`${x}`) ?? 0) + 1);
      return { id: s.id, edges, ends: edges.flat().filter((x) => degree.get(`${x}`) === 1) };
    }),
  );
  variantCache.set(game, v);
  return v;
}

function placeSpecial(b: Board, game: GameData, center: [number, number], rand: () => number, used: number[], tryMove: (m: Move) => boolean): boolean {
  const free = specialVariants(game).filter((vs) => !used.includes(vs[0].id));
  const starts = anchors(b, center);
  for (let attempt = 0; attempt < 300 && free.length; attempt++) {
    const shaped = free[Math.floor(rand() * free.length)][Math.floor(rand() * 8)];
    // Put a random end of the figure on a random anchor (the center or a fence vertex).
    const end = shaped.ends[Math.floor(rand() * shaped.ends.length)];
    const anchor = starts[Math.floor(rand() * starts.length)];
    const dr = anchor[0] - end[0];
    const dc = anchor[1] - end[1];
    const edges = shaped.edges.map(([p, q]) => [[p[0] + dr, p[1] + dc], [q[0] + dr, q[1] + dc]] as [Vertex, Vertex]);
    if (edges.some(([p, q]) => !inLand(b, p) || !inLand(b, q) || isFencedOrBorder(b, p, q))) continue;
    if (tryMove({ kind: 'special', id: shaped.id, edges })) {
      used.push(shaped.id);
      return true;
    }
  }
  return false;
}

const inLand = (b: Board, [r, c]: Vertex) => r >= 0 && c >= 0 && r <= b.rows && c <= b.cols;
