import { emptyBoard, fencesOf, type Board } from '../engine/board.js';
import type { Cell } from '../engine/types.js';
import { againstSheet, cellInk, holeInputs, holeOwnInputs } from './cell-inputs.js';
import { contextInputs, edgeIndex, localInputs, type EdgeIndex } from './edge-inputs.js';
import { gridLines } from './grid-lines.js';
import { cellFeatures, type CellFeature } from './cell-features.js';
import { edgeFeatures, type EdgeFeature } from './edge-features.js';
import type { InkMap } from './inkmap.js';
import { certaintyOf, sheetChances } from './chances.js';
import { mlpLogits, sigmoid } from './mlp.js';
import { outsideBy, photoMeasures, type PhotoMeasures } from './ood.js';
import { edgePairs, type EdgePair, type ScanModels } from './models.js';
import { calibrateStrokes, type StrokeCalibration } from './stroke-calibration.js';
import { strokeFeature, type StrokeFeature } from './stroke.js';
import { TUNING } from './tuning.js';

/** An edge or a cell the scanner read: its value and the chance that value is wrong. */
export interface ReadItem {
  kind: 'h' | 'v' | 'hole';
  row: number;
  col: number;
  value: 0 | 1;
  /** The models' chance (0..1) that `value` is wrong. */
  chance: number;
}

export type UncertainItem = Pick<ReadItem, 'kind' | 'row' | 'col'>;

/** Everything measured on a sheet's land before anything is decided: what the models read from. */
export interface SheetEvidence {
  rows: number;
  cols: number;
  center: [number, number];
  edges: EdgeFeature[];
  strokes: StrokeFeature[];
  cal: StrokeCalibration;
  idx: EdgeIndex;
  /** The local edge model's inputs, one per edge. */
  local: Float64Array[];
  /** The cells read for holes (sheet A, not the printed holes) and the part of their inputs the fences do not change. */
  cells: CellFeature[];
  holeOwn: Float64Array[];
  /** What the photo is like (ink, resolution, noise, sharpness): compared with the training photos' ranges. */
  measures: PhotoMeasures;
}

/** The land the evidence is gathered on: the sheet's grid, where its holes are drawn, and how the grid sits on the photo. */
export interface LandContext {
  rows: number;
  cols: number;
  center: [number, number];
  /** Pixels of the photo as stored per cell (its resolution, against the training photos'). */
  cellPx: number;
  /** How far the placed grid misses the printed dots (grid.ts). */
  dotMisfit: number;
  /** Whether the player draws holes on this side (sheet A; sheet B's holes are printed). */
  readHoles: boolean;
  /** Whether a cell holds a printed hole. */
  printed: (r: number, c: number) => boolean;
}

/** Measures the land: every interior edge's stroke and dotted-line ink, every cell's marks, the sheet's ink levels. */
export function gatherEvidence(ink: InkMap, land: LandContext): SheetEvidence {
  const { rows, cols, center, readHoles } = land;
  const edges = edgeFeatures(ink, rows, cols, center);
  const strokes = edges.map((e) => strokeFeature(ink, e.kind, e.row, e.col));
  const cal = calibrateStrokes(strokes, edges.map((e) => e.kind));
  // Every cell's marks, for the edges beside it; the X search only where holes are read and there is ink.
  const all = cellFeatures(ink, rows, cols, readHoles ? 0.2 * cal.level : Infinity);
  const inks = all.map((f) => cellInk(f, cal));
  const drawn = { edges, strokes, cal, idx: edgeIndex(edges, rows, cols) };
  const local = localInputs(drawn, inks, gridLines(ink, edges, strokes, rows, cols), land.dotMisfit);
  const cells = readHoles ? all.filter((f) => !land.printed(f.row, f.col)) : [];
  const measures = photoMeasures(ink, drawn, land);
  return { rows, cols, center, ...drawn, local, cells, holeOwn: cells.map((f) => holeOwnInputs(f, cal)), measures };
}

export interface Reading {
  fences: { h: string[]; v: string[] };
  holes: Cell[];
  /** Every item read, edges then cells. */
  items: ReadItem[];
  /** The items worth showing (1% or more likely wrong as read alone), the likeliest wrong first. */
  uncertain: ReadItem[];
  /** Each item's chance of being wrong as read alone (not sharpened by the sheet), in the order of `items`. */
  alone: number[];
  /**
   * The chance the whole reading is right, as the models reckon it: the product of every item's chance of being
   * right as read alone, not sharpened by the sheet (a cautious figure).
   */
  confidence: number;
}

const { outsideSoftens: OUTSIDE_SOFTENS, outsideMost: OUTSIDE_MOST } = TUNING.chances;

/** An item's chance of being wrong from which it is listed at all (TUNING.chances.listed). */
export const LISTED = TUNING.chances.listed;

/** A local edge model's fence probabilities. */
export function localProbabilities(ev: SheetEvidence, pair: EdgePair): Float64Array {
  return mlpLogits(ev.local, pair.edgeLocal).map(sigmoid);
}

/**
 * The `n` edges' fence log-odds, every edge pair's context model on the inputs `contextFor` gives it (made from its
 * own local model's reading), averaged: the scanner's rule, which the trainer follows on its evidence.
 */
export function averagedEdgeLogits(models: Pick<ScanModels, 'edgeLocal' | 'edgeContext' | 'edgeMore'>, n: number, contextFor: (pair: EdgePair) => Float64Array[]): Float64Array {
  const pairs = edgePairs(models);
  const z = new Float64Array(n);
  for (const pair of pairs) mlpLogits(contextFor(pair), pair.edgeContext).forEach((zi, i) => (z[i] += zi / pairs.length));
  return z;
}

/** Each edge's fence log-odds: every edge pair's context model on its own local model's reading, averaged. */
export function edgeLogits(ev: SheetEvidence, models: ScanModels): Float64Array {
  return averagedEdgeLogits(models, ev.edges.length, (pair) => contextInputs(ev.local, ev.edges, localProbabilities(ev, pair), ev.idx));
}

/** The board of fences whose log-odds are at least 0. */
export function boardOf(ev: SheetEvidence, z: Float64Array): Board {
  const b = emptyBoard(ev.rows, ev.cols);
  ev.edges.forEach((e, i) => {
    if (z[i] < 0) return;
    if (e.kind === 'h') b.h[e.row * ev.cols + e.col] = 1;
    else b.v[e.row * (ev.cols + 1) + e.col] = 1;
  });
  return b;
}

/** A photo unlike the training photos gets softer chances, in proportion to how far outside their ranges it lies. */
const softeningOf = (measures: PhotoMeasures, ranges: ScanModels['ranges']): number => 1 + OUTSIDE_SOFTENS * Math.min(OUTSIDE_MOST, outsideBy(measures, ranges));

/**
 * Each item's certainty, edges then cells, as the scanner reckons it from the models' log-odds: over their
 * temperatures and the softening of a photo with these measures (the reading, the trainer and the diagnostics alike).
 */
export function certaintyFor(edges: ArrayLike<number>, holes: ArrayLike<number>, measures: PhotoMeasures, models: Pick<ScanModels, 'temperature' | 'ranges'>): Float64Array {
  return certaintyOf(edges, holes, models.temperature, softeningOf(measures, models.ranges));
}

/** Reads the sheet from its evidence: each edge by the two edge models, then each cell by the hole model. */
export function readSheet(ev: SheetEvidence, models: ScanModels): Reading {
  const z = edgeLogits(ev, models);
  const board = boardOf(ev, z);
  const vsSheet = againstSheet(ev.holeOwn);
  const zh = mlpLogits(ev.cells.map((f, i) => holeInputs(ev.holeOwn[i], vsSheet[i], board, f.row, f.col, ev.center)), models.hole);
  const { alone, chances } = sheetChances(certaintyFor(z, zh, ev.measures, models), models.sheet);
  const items: ReadItem[] = ev.edges.map((e, i) => ({ kind: e.kind, row: e.row, col: e.col, value: z[i] >= 0 ? 1 : 0, chance: chances[i] }));
  const holes: Cell[] = [];
  ev.cells.forEach((f, i) => {
    const value = zh[i] >= 0 ? 1 : 0;
    if (value) holes.push([f.row, f.col]);
    items.push({ kind: 'hole', row: f.row, col: f.col, value, chance: chances[z.length + i] });
  });
  // Listed as read alone: the sheet's sharpening decides what is asked, and a doubt the models see stays in the list.
  const uncertain = items.filter((_, i) => alone[i] >= LISTED).sort((a, b) => b.chance - a.chance);
  // Every item as read alone: a sheet's few doubts sharpen what is asked, not the claim that all of it is right.
  const confidence = alone.reduce((c, a) => c * (1 - a), 1);
  return { fences: fencesOf(board), holes, items, uncertain, alone: Array.from(alone), confidence };
}
