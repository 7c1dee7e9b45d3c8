import { emptyBoard, fencesOf } from '../engine/board.js';
import type { Cell } from '../engine/types.js';
import { besideLine } from './beside.js';
import { decideEdge, decideHole, holeLevel, lineMayHide, paleLineMayHide, PALE, type InkCalibration } from './classify.js';
import { AWAY_REACH, crossCoverage, edgeScoreAway, hatchRingCoverage, type CellFeature, type EdgeFeature } from './features.js';
import type { InkMap } from './inkmap.js';
import { disconnectedSuspects } from './consistency.js';
import { edgeInputs, fenceProbability, modelGuess, type ShadingContext } from './edge-model.js';
import { holeGuess, holeInputs, holeProbability, touchesFence } from './hole-model.js';

export interface UncertainItem {
  kind: 'h' | 'v' | 'hole';
  row: number;
  col: number;
}

export interface Reading {
  fences: { h: string[]; v: string[] };
  holes: Cell[];
  /** What a person should check, the likeliest wrong first. */
  uncertain: UncertainItem[];
  /**
   * The chance the whole reading is right, as the models reckon it: the product of each doubtful item's chance
   * of its guess being right (a sure item counts as right); how it holds up is measured in scan.ts (ScanResult).
   */
  confidence: number;
  /** For each uncertain item, the chance the models give that its best guess is wrong (0.5 without a guess). */
  risks: number[];
}

/**
 * Chance of a wrong guess under which a doubtful item is likely right: shown apart, to check last. The models'
 * chances hold on photos never trained on (700 held out and the benchmark's 200, read with every doubt kept):
 * of 13,928 guesses under 0.05, 22 were wrong (1 of 10,906 under 0.001, 7 of 2,158 up to 0.01, 14 of 864 up to
 * 0.05); of 271 from 0.05 to 0.1, 16; of 168 to 0.2, 26; of 261 above, 69.
 */
export const LIKELY_RIGHT = 0.05;

/** Model probability from which a sure-blank edge of pale pencil is flagged after all. */
const PALE_FENCE = 0.3;
/**
 * The same for a sure-blank cell (on 3,116 training photos, of 74,587 sure-blank cells of pale pencil on sheets
 * read, 2 were holes, at 0.89 and 0.99, and 1 blank cell reached 0.3).
 */
const PALE_HOLE = 0.3;
/** Ink beside a sure blank, over the sheet's threshold, from which the blank is doubted (see beside.ts). */
const BESIDE = 1;
/**
 * The same on pale pencil, whose stroke beside the line is lighter against the threshold (on 3,116 training
 * photos, of 184,975 sure blanks on 1,418 sheets of pale pencil, the 3 that were fences traced off their line
 * reached 0.57 and 0.6, and 10 blank edges 0.55; at 1 none of either).
 */
const BESIDE_PALE = 0.55;

/** A cell that may be hatched: its lines end near its edges and can pass for a fence there. */
const HATCH_SUSPECT = 0.15;

export interface ReadOptions {
  /** Best guesses for doubtful edges from the edge model (default true); off, the thresholds alone decide. */
  model?: boolean;
  /** Receives each doubtful edge's model inputs and the thresholds' reading of it (for training the model). */
  collect?: (e: EdgeFeature, inputs: Float64Array, rule: number) => void;
  /** The same for each doubtful cell (for training the hole model). */
  collectHole?: (f: CellFeature, inputs: Float64Array, rule: number) => void;
}

/** Turns features into the sheet's fences and holes, with what a person should check. */
export function readSheet(
  ink: InkMap,
  rows: number,
  cols: number,
  center: [number, number],
  edges: EdgeFeature[],
  cells: CellFeature[],
  cal: InkCalibration,
  opts: ReadOptions = {},
): Reading {
  const board = emptyBoard(rows, cols);
  // Pale pencil can fade out of sight: several checks below doubt more of its blank readings.
  const pale = cal.inkLevel < PALE;
  const uncertain: UncertainItem[] = [];
  const keyOf = (u: UncertainItem) => `${u.kind}${u.row},${u.col}`;
  const flagged = new Set<string>();
  // The chance each best guess is wrong, by item key.
  const risk = new Map<string, number>();
  const wrongChance = (p: number, guess: number) => (guess ? 1 - p : p);
  /** Adds an item for a person to check. */
  const flag = (u: UncertainItem) => {
    if (flagged.has(keyOf(u))) return;
    flagged.add(keyOf(u));
    uncertain.push({ kind: u.kind, row: u.row, col: u.col });
  };
  const fenceOf = (e: EdgeFeature) => (e.kind === 'h' ? board.h[e.row * cols + e.col] : board.v[e.row * (cols + 1) + e.col]);
  const setFence = (e: EdgeFeature, v: number) => {
    if (e.kind === 'h') board.h[e.row * cols + e.col] = v;
    else board.v[e.row * (cols + 1) + e.col] = v;
  };
  // Each cell's reading (1 hole), and the doubtful cells, which the hole model weighs once the fences are read.
  const isHole = new Map<CellFeature, number>();
  const doubtfulCells: CellFeature[] = [];
  // Cells whose lines may pass for a fence on their edges: clearly shaded ones, and weaker suspects.
  const shaded = new Set<number>();
  const hatched = new Set<number>();
  const level = holeLevel(cal);
  for (const f of cells) {
    const d = decideHole(f, cal);
    isHole.set(f, d.value ? 1 : 0);
    if (!d.certain) {
      flag({ kind: 'hole', row: f.row, col: f.col });
      doubtfulCells.push(f);
    }
    // Hatching fills its cell to the edges (an X or a doodle does not): clear shading, or a weaker suspect.
    const h = hatchRingCoverage(f, level);
    if (h >= 0.3) shaded.add(f.row * cols + f.col);
    else if (h >= HATCH_SUSPECT && crossCoverage(f, level) < 0.5) hatched.add(f.row * cols + f.col);
  }
  // Edges measured again away from hatching, and those whose value the shading rule chose: the model weighs both.
  const away: ShadingContext['away'] = new Map();
  const besideShading = new Set<EdgeFeature>();
  for (const e of edges) {
    const d = decideEdge(e, cal);
    let { value, certain } = d;
    // Beside hatching, measure again with the band kept out of the hatched cell; disagreeing readings are doubtful.
    const before = e.kind === 'h' ? (e.row - 1) * cols + e.col : e.row * cols + e.col - 1;
    const after = e.row * cols + e.col;
    for (const [cellIdx, side] of [[before, -1], [after, 1]] as const) {
      // (A sure blank stays; a doubtful one is measured too, or the hatching's ink would count for a fence.)
      if ((!value && certain) || !(shaded.has(cellIdx) || hatched.has(cellIdx))) continue;
      const measured = edgeScoreAway(ink, e, center, side);
      const prev = away.get(e);
      if (!prev || measured.score < prev.score) {
        // the same at other reaches into the hatched cell: how the ink grows toward it tells a hatch's edge from a fence
        away.set(e, { ...measured, reaches: AWAY_REACH.slice(1).map((r) => edgeScoreAway(ink, e, center, side, r).score) });
      }
      const again = decideEdge({ ...e, score: measured.score, presence: measured.presence }, cal);
      // Shading drawn up to the line can pass for a fence even measured away from it: beside clear shading the
      // reading away from it stands and a person decides; beside a weaker suspect, a disagreement is flagged.
      if (shaded.has(cellIdx)) {
        besideShading.add(e);
        certain = false;
        value = again.value;
      } else if (!again.value || !again.certain) certain = false;
    }
    if (value) setFence(e, 1);
    if (!certain) flag(e);
  }
  // Faint pencil along a shadow's edge or in a glare spot: a blank reading there proves nothing, unless the
  // ridge map shows no line either; anywhere else, a line there as strong as the threshold is enough to doubt it.
  // Darker pencil fades there too, to a trace the ridge map still shows as a line.
  const mayHide = pale ? paleLineMayHide : lineMayHide;
  for (const e of edges) if (!fenceOf(e) && mayHide(e, cal)) flag(e);
  // A stroke just outside the band a sure blank was measured in, running its length: a fence traced off its line.
  const beside = (pale ? BESIDE_PALE : BESIDE) * cal.threshold;
  for (const e of edges) if (!fenceOf(e) && !flagged.has(keyOf(e)) && besideLine(ink, e, beside) > 0) flag(e);
  // The rules' check: fences cut off from the center's figure mean something was missed or invented.
  const flagSuspects = () => {
    for (const s of disconnectedSuspects(board, center, edges)) flag(s);
  };
  flagSuspects();
  if (opts.model !== false) {
    // Pale pencil: a sure-blank reading the model takes for a likely fence (a stroke fading along its length) is flagged.
    // (Not while collecting training examples: the model being trained cannot be asked yet.)
    if (pale && !opts.collect) {
      const inputs = edgeInputs(edges, board, cal, center, flagged.size / edges.length, { away, besideShading });
      edges.forEach((e, i) => {
        if (!fenceOf(e) && !flagged.has(keyOf(e)) && fenceProbability(inputs[i]) >= PALE_FENCE) flag(e);
      });
    }
    // Best guesses for the doubtful edges, in passes: each pass's guesses change their neighbours' context, and
    // the rules' check on the guessed fences may flag further edges, which join the last pass.
    const index = new Map(edges.map((e, i) => [e, i]));
    const doubtful: EdgeFeature[] = [];
    const taken = new Set<EdgeFeature>();
    const take = () => {
      for (const e of edges) {
        if (taken.has(e) || !flagged.has(keyOf(e))) continue;
        taken.add(e);
        doubtful.push(e);
      }
    };
    take();
    for (let pass = 0; pass < 3 && doubtful.length; pass++) {
      const inputs = edgeInputs(edges, board, cal, center, doubtful.length / edges.length, { away, besideShading });
      const guesses = doubtful.map((e) => {
        const x = inputs[index.get(e)!];
        // (the first pass sets no guess until all are made: the board still holds the thresholds' reading)
        if (pass === 0) opts.collect?.(e, x, fenceOf(e));
        const p = fenceProbability(x);
        const guess = modelGuess(p);
        risk.set(keyOf(e), wrongChance(p, guess));
        return guess;
      });
      doubtful.forEach((e, k) => setFence(e, guesses[k]));
      if (pass === 1) {
        flagSuspects();
        take();
      }
    }
  }
  // Pale pencil: a sure-blank cell the hole model takes for a possible hole (an X or hatching drawn lighter than
  // the fences) is flagged, and gets its best guess with the others. (Not while collecting training examples.)
  // (their inputs kept for the guess: the fences do not change in between)
  const paleInputs = new Map<CellFeature, Float64Array>();
  if (opts.model !== false && pale && !opts.collectHole) {
    for (const f of cells) {
      const u: UncertainItem = { kind: 'hole', row: f.row, col: f.col };
      if (isHole.get(f) || flagged.has(keyOf(u))) continue;
      const x = holeInputs(f, cal, board, center, 0);
      if (holeProbability(x) < PALE_HOLE) continue;
      flag(u);
      doubtfulCells.push(f);
      paleInputs.set(f, x);
    }
  }
  // Best guesses for the doubtful cells, with the fences now read.
  for (const f of doubtfulCells) {
    const rule = isHole.get(f)!;
    const x = paleInputs.get(f) ?? holeInputs(f, cal, board, center, rule);
    opts.collectHole?.(f, x, rule);
    if (opts.model === false) continue;
    const p = holeProbability(x);
    const guess = holeGuess(p);
    isHole.set(f, guess);
    risk.set(keyOf({ kind: 'hole', row: f.row, col: f.col }), wrongChance(p, guess));
  }
  const holes: Cell[] = cells.filter((f) => isHole.get(f)).map((f) => [f.row, f.col]);
  // A hole must touch the center point or a fence.
  for (const [r, c] of holes) if (!touchesFence(board, r, c, center)) flag({ kind: 'hole', row: r, col: c });
  // The likeliest wrong first: a person checking a long list starts where it matters.
  const order = uncertain.map((u) => ({ u, risk: risk.get(keyOf(u)) ?? 0.5 })).sort((a, b) => b.risk - a.risk);
  const confidence = order.reduce((c, o) => c * (1 - o.risk), 1);
  return { fences: fencesOf(board), holes, uncertain: order.map((o) => o.u), confidence, risks: order.map((o) => o.risk) };
}
