/** Stage 2: draws a finished game on the blank page: fences, holes, doodles, erased smudges and the player's name. */
import { scoreState } from '../../src/engine/score.js';
import type { Cell, GameData, SheetState } from '../../src/engine/types.js';
import { erasedMarks, type ErasedMark, type EraseKnobs } from './erased.js';
import { freehandFences, type FenceStats, type FreehandKnobs } from './fences.js';
import { holeMark, type HoleStyle } from './holes.js';
import { inkEffects, inkStyle, type InkKnobs } from './pens.js';
import { doodle, handLine, handwrite, hatch, xMark, type DoodleKind, type Hand, type PtStroke } from './hand.js';
import { InkLayer, type InkStyle } from './ink.js';
import type { BlankPage } from './page.js';
import type { Rand } from './rand.js';

export type Instrument = 'pen' | 'hb' | 'faint';

/** The knobs of the pencil stage (see difficulty.ts for their ranges). */
export interface PencilKnobs {
  instrument: Instrument;
  /** multiplies the instrument's opacity (0.7..1.2) */
  pressure: number;
  /** slow wander of lines, mm */
  wobble: number;
  /** mean overshoot past vertices, cells */
  overshoot: number;
  /** probability of a gap in a line */
  gapProb: number;
  /** probability that two consecutive collinear fenced edges are drawn as one stroke */
  joinProb: number;
  /** 0..1 carelessness of Xs, hatching, doodles */
  sloppy: number;
  /** probability that a hole is shaded rather than crossed */
  shadeProb: number;
  /** fraction of discoveries with a small figure drawn inside */
  doodleRate: number;
  /** erased fences left as faint smudges */
  smudges: number;
  /** the name the player wrote in the name field (null: left blank) */
  name: string | null;
  /** whether the player also wrote outside the land: ticked turns, crossed-out special fences, the score bar */
  extras: boolean;
  /** fences drawn freehand (the freehand conditions); absent: ruled by hand along the dotted line */
  freehand?: FreehandKnobs | null;
  /** a pen or pencil other than `instrument` (the pens conditions) */
  ink?: InkKnobs | null;
  /** the ways holes are marked besides the preset's X and shading (the hatching conditions) */
  holeStyles?: HoleStyle[] | null;
  /**
   * Where a shaded hole's strokes stop, as a fraction of the cell inside its lines (negative: over them), drawn
   * per hole (the shade-to-lines condition); absent: 0.05-0.13 inside, the presets' careful hand.
   */
  shadeReach?: [number, number] | null;
  /** holes filled so densely that they cover what lies under them: the print's dots and a fence along the hole */
  coverFill?: boolean | null;
  /** strokes rubbed out (the erased conditions) */
  erase?: EraseKnobs | null;
}

export interface PencilTruth {
  instrument: Instrument;
  color: [number, number, number];
  widthMm: number;
  alpha: number;
  /** the ink when not the instrument's: its kind and name ('ballpoint blue', 'pencil 4B') */
  ink?: string;
  holeStyles: { cell: Cell; style: HoleStyle }[];
  doodles: { cell: Cell; kind: DoodleKind }[];
  smudges: { kind: 'h' | 'v'; row: number; col: number }[];
  strokes: number;
  /** how far the freehand fences strayed (cells), when drawn freehand */
  fences?: FenceStats;
  /** what was rubbed out (the erased conditions) */
  erased?: ErasedMark[];
}

const MM = 72 / 25.4;

function instrumentStyle(rand: Rand, inst: Instrument, scale: number): { style: InkStyle; width: number; alpha: number } {
  // soft edges in px are about 0.1 mm of the page at the render scale, at least a pixel
  const px = (mm: number) => Math.max(0.8, mm * MM * scale);
  switch (inst) {
    case 'pen':
      return {
        style: { color: rand.pick([[22, 26, 70], [25, 25, 32], [20, 40, 110]] as [number, number, number][]), grain: 0.12, soft: px(0.05) },
        width: rand.range(0.4, 0.65) * MM,
        alpha: rand.range(0.82, 0.95),
      };
    case 'hb':
      return { style: { color: [52, 52, 60], grain: 0.45, soft: px(0.09) }, width: rand.range(0.5, 0.85) * MM, alpha: rand.range(0.55, 0.8) };
    case 'faint':
      return { style: { color: [72, 72, 80], grain: 0.5, soft: px(0.1) }, width: rand.range(0.45, 0.7) * MM, alpha: rand.range(0.27, 0.42) };
  }
}

/** Draws the game of `state` on `page` (in place) and returns what was drawn. */
export function drawGame(rand: Rand, page: BlankPage, game: GameData, state: SheetState, k: PencilKnobs): PencilTruth {
  const { grid } = page.geometry;
  const { x: gx, y: gy, cell, rows, cols } = grid;
  const scale = page.scale;
  const inst = k.ink ? inkStyle(k.ink, scale) : instrumentStyle(rand.fork('instrument'), k.instrument, scale);
  const fk = k.freehand ?? null;
  // a light hand is never fainter than the faint pencil at its lightest
  const alpha = fk ? Math.max(Math.min(0.25, inst.alpha), Math.min(1, inst.alpha * k.pressure * fk.pressure)) : Math.min(1, inst.alpha * k.pressure);
  const hand: Hand = {
    width: inst.width * (fk?.width ?? 1),
    alpha,
    pressureVar: rand.range(0.08, 0.25),
    wobble: k.wobble * MM,
    jitter: 0.04 * MM + k.sloppy * 0.08 * MM,
    overshoot: k.overshoot,
    gapProb: k.gapProb,
    sloppy: k.sloppy,
  };
  const layer = new InkLayer(page.width, page.height, inst.style, (rand() * 2 ** 31) | 0);
  const smudgeLayer = new InkLayer(page.width, page.height, { color: [80, 80, 86], grain: 0.75, soft: Math.max(1.5, 0.4 * MM * scale) }, (rand() * 2 ** 31) | 0);
  let count = 0;
  const ir = rand.fork('ink');
  const put = (target: InkLayer, strokes: PtStroke[]) => {
    if (k.ink && target === layer) strokes = inkEffects(ir, strokes, k.ink);
    for (const s of strokes) {
      if (s.pts.length < 2) continue;
      target.draw({ x: s.pts.map((p) => p[0] * scale), y: s.pts.map((p) => p[1] * scale), w: s.w.map((w) => Math.max(1.1, w * scale)), a: s.a });
      count++;
    }
  };
  const V = (r: number, c: number): [number, number] => [gx + c * cell, gy + r * cell];

  // fences: runs of collinear interior edges, cut into strokes where the player lifted the pencil
  const fr = rand.fork('fences');
  let fenceStats: FenceStats | undefined;
  if (fk) {
    const f = freehandFences(rand.fork('freehand'), state, grid, hand, fk);
    put(layer, f.strokes);
    fenceStats = f.stats;
  }
  const drawRun = (from: number, to: number, at: (t: number) => [number, number]) => {
    let start = from;
    for (let t = from + 1; t <= to; t++) {
      if (t === to || !fr.chance(k.joinProb)) {
        put(layer, handLine(fr, at(start), at(t), hand, cell));
        if (fr.chance(0.06 + 0.1 * k.sloppy)) put(layer, handLine(fr, at(start), at(t), hand, cell, { alpha: 0.6 }));
        start = t;
      }
    }
  };
  for (let i = 1; i < rows && !fk; i++) {
    const s = state.fences.h[i];
    for (let j = 0; j < cols; ) {
      if (s[j] !== '1') {
        j++;
        continue;
      }
      let e = j;
      while (e < cols && s[e] === '1') e++;
      drawRun(j, e, (t) => V(i, t));
      j = e;
    }
  }
  for (let j = 1; j < cols && !fk; j++) {
    for (let i = 0; i < rows; ) {
      if (state.fences.v[i][j] !== '1') {
        i++;
        continue;
      }
      let e = i;
      while (e < rows && state.fences.v[e][j] === '1') e++;
      drawRun(i, e, (t) => V(t, j));
      i = e;
    }
  }

  // holes
  const hr = rand.fork('holes');
  // (a layer of their own, laid over the rest, only when the holes cover: other photos stay as they were)
  const fillLayer = k.coverFill ? new InkLayer(page.width, page.height, inst.style, (rand.fork('cover')() * 2 ** 31) | 0) : null;
  const holeStyles: PencilTruth['holeStyles'] = [];
  const pool = k.holeStyles?.length ? k.holeStyles : null;
  for (const [r, c] of state.holes) {
    const [x, y] = V(r, c);
    const shaded = hr.chance(k.shadeProb);
    if (pool && hr.chance(0.75)) {
      // the condition's styles three times in four, the preset's X or shading otherwise
      const style = hr.pick(pool);
      const fill = fillLayer && style !== 'x' && style !== 'x-off-centre' && style !== 'x-short' ? fillLayer : layer;
      put(fill, holeMark(hr, style, x, y, cell, style === 'light' ? { ...hand, alpha: Math.max(Math.min(hand.alpha, 0.35), hand.alpha * 0.6) } : hand, k.shadeReach ?? undefined));
      holeStyles.push({ cell: [r, c], style });
      continue;
    }
    put(layer, shaded ? hatch(hr, x, y, cell, hand, k.shadeReach ?? undefined) : xMark(hr, x, y, cell, hand));
    holeStyles.push({ cell: [r, c], style: shaded ? 'shaded' : 'x' });
  }

  // doodles inside some discoveries, well inside one cell (away from the grid lines and the printed map)
  const dr = rand.fork('doodles');
  const doodles: PencilTruth['doodles'] = [];
  const sheet = game.sheets[state.side];
  const printed = new Set([...(state.map ?? sheet.map).eggs, ...(state.map ?? sheet.map).holes].map(([r, c]) => r * cols + c));
  const score = scoreState(game, state);
  for (const d of score.discoveries) {
    if (!dr.chance(k.doodleRate)) continue;
    const free = d.cells.filter(([r, c]) => !printed.has(r * cols + c));
    if (!free.length) continue;
    const [r, c] = dr.pick(free);
    const kind = dr.weighted<DoodleKind>([['spiral', 2], ['star', 2], ['dino', 3], ['digit', 3], ['face', 1.5], ['gem', d.cells.length === 1 ? 3 : 0.5]]);
    const rad = cell * dr.range(0.17, 0.26);
    const room = 0.5 * cell - 0.14 * cell - rad;
    const cx = gx + (c + 0.5) * cell + dr.range(-room, room);
    const cy = gy + (r + 0.5) * cell + dr.range(-room, room);
    put(layer, doodle(dr, kind, cx, cy, rad, hand, String(Math.min(9, d.points))));
    doodles.push({ cell: [r, c], kind });
  }

  // erased fences: a broad faint smear plus a ghost of the line, on open interior edges next to fences
  const sr = rand.fork('smudges');
  const smudges: PencilTruth['smudges'] = [];
  const open: { kind: 'h' | 'v'; row: number; col: number }[] = [];
  for (let i = 1; i < rows; i++) for (let j = 0; j < cols; j++) if (state.fences.h[i][j] === '0') open.push({ kind: 'h', row: i, col: j });
  for (let i = 0; i < rows; i++) for (let j = 1; j < cols; j++) if (state.fences.v[i][j] === '0') open.push({ kind: 'v', row: i, col: j });
  for (let n = 0; n < k.smudges && open.length; n++) {
    const e = open.splice(sr.int(0, open.length - 1), 1)[0];
    const a = V(e.row, e.col);
    const b = e.kind === 'h' ? V(e.row, e.col + 1) : V(e.row + 1, e.col);
    const smear: Hand = { ...hand, width: sr.range(1.8, 3.5) * MM, alpha: alpha * sr.range(0.12, 0.25), overshoot: 0.05, gapProb: 0, pressureVar: 0.35 };
    put(smudgeLayer, handLine(sr, a, b, smear, cell));
    const ghost: Hand = { ...hand, alpha: alpha * sr.range(0.1, 0.25), gapProb: 0.8 };
    put(smudgeLayer, handLine(sr, a, b, ghost, cell));
    smudges.push(e);
  }

  // strokes rubbed out (the erased conditions): on their own layer, under the ink
  let erased: ErasedMark[] | undefined;
  let ghostLayer: InkLayer | null = null;
  if (k.erase) {
    const tint: [number, number, number] = k.erase.tint === 'ink' ? inst.style.color : [78, 78, 86];
    ghostLayer = new InkLayer(page.width, page.height, { color: tint, grain: 0.6, soft: Math.max(1.2, 0.15 * MM * scale) }, (rand.fork('ghost-grain')() * 2 ** 31) | 0);
    const e = erasedMarks(rand.fork('erased'), state, grid, hand, k.erase);
    put(ghostLayer, e.strokes);
    erased = e.marks;
  }

  // the player's name, and the other things players write outside the land
  const places = page.places;
  const nr = rand.fork('writing');
  if (k.name && places.name) {
    const nf = places.name;
    const h = Math.min(nf.h * nr.range(0.6, 0.85), (nf.w * 0.8) / (k.name.length * 0.9));
    put(layer, handwrite(nr, k.name, nf.x + nf.w * nr.range(0.03, 0.2), nf.y + nf.h - nr.range(0.08, 0.25) * nf.h, h, hand));
  }
  if (k.extras && places.turns) {
    const style = nr.pick(['slash', 'x', 'dot'] as const);
    const upTo = nr.chance(0.75) ? places.turns.length : nr.int(1, places.turns.length);
    for (const t of places.turns.slice(0, upTo)) {
      const r = t.r * nr.range(0.7, 1.1);
      const a: [number, number] = [t.x - r * 0.7, t.y + r * 0.7];
      const b: [number, number] = [t.x + r * 0.7, t.y - r * 0.7];
      if (style === 'dot') put(layer, doodle(nr, 'spiral', t.x, t.y, t.r * 0.35, hand));
      else put(layer, handLine(nr, a, b, { ...hand, overshoot: 0 }, t.r * 2));
      if (style === 'x') put(layer, handLine(nr, [t.x - r * 0.7, t.y - r * 0.7], [t.x + r * 0.7, t.y + r * 0.7], { ...hand, overshoot: 0 }, t.r * 2));
    }
  }
  if (k.extras && places.specials) {
    const ids = [0, 1, 2, 3, 4, 5].sort(() => nr() - 0.5).slice(0, 3);
    for (const i of ids) {
      const b = places.specials[i];
      if (nr.chance(0.6)) put(layer, xMark(nr, b.x, b.y, b.w, { ...hand, sloppy: hand.sloppy + 0.3 }));
      else put(layer, [...handLine(nr, [b.x + b.w * 0.15, b.y + b.h * 0.55], [b.x + b.w * 0.4, b.y + b.h * 0.85], hand, b.w), ...handLine(nr, [b.x + b.w * 0.4, b.y + b.h * 0.85], [b.x + b.w * 1.05, b.y - b.h * 0.1], hand, b.w)]);
    }
  }
  if (k.extras && places.score && nr.chance(0.8)) {
    const values = [...state.cards.map((c) => score.cards[c] ?? 0), score.penalties, score.total];
    places.score.forEach((b, i) => {
      const text = String(values[i]);
      const h = b.h * nr.range(0.45, 0.7);
      const w = text.length * h * 0.85;
      put(layer, handwrite(nr, text, b.x + b.w / 2 - w / 2 + nr.normal() * b.w * 0.06, b.y + b.h / 2 + h / 2 + nr.normal() * b.h * 0.05, h, hand));
    });
  }

  smudgeLayer.compositeInto(page.rgb);
  ghostLayer?.compositeInto(page.rgb);
  layer.compositeInto(page.rgb);
  fillLayer?.coverInto(page.rgb);
  return {
    instrument: k.instrument,
    color: inst.style.color,
    widthMm: +(inst.width / MM).toFixed(3),
    alpha: +alpha.toFixed(3),
    holeStyles,
    doodles,
    smudges,
    strokes: count,
    ...(k.ink ? { ink: `${k.ink.kind} ${k.ink.name}` } : {}),
    ...(fenceStats ? { fences: fenceStats } : {}),
    ...(erased ? { erased } : {}),
  };
}
