import type { Board } from '../engine/board.js';
import { GLARE } from './inkmap.js';
import type { CellInk } from './edge-inputs.js';
import { crossCoverage, hatchCoverage, hatchRingCoverage, xSpread, type CellFeature } from './cell-features.js';
import type { StrokeCalibration } from './stroke-calibration.js';

/**
 * What the hole model sees of each cell: how far an X's two strokes reach corner to corner, how hatching fills
 * the cell (its outer ring: doodles sit in the middle), at three ink levels around the sheet's own (hatching is
 * often lighter than fences, a shadow's noise only reaches the lowest), the cell's tone against its neighbours
 * (dense shading reads as a tone), the light, and the fences read around it (a hole touches a fence).
 */
/** Blocks a side of the cell's patch (its inner ink at a glance). */
const CELL_PATCH = 5;

/** What the hole model sees of the cell itself (the part cached with a photo's evidence). */
export const HOLE_OWN_INPUTS = [
  'cross', 'crossLow', 'crossHigh', 'shade', 'shadeLow', 'shadeHigh', 'fill', 'tone', 'evenness', 'paperEven', 'light',
  'glare', 'cornerMin', 'cornerMean', 'center', 'level', 'innerMedian', 'innerHigh',
  // the same in the darkest channel, and the ink's colour against the sheet's strokes (a coloured pen's shading)
  'mostMedian', 'mostHigh', 'colourGap', 'sheetChroma',
  ...Array.from({ length: CELL_PATCH * CELL_PATCH }, (_, k) => `patch${k}`),
  // the ink's texture (cellTexture): hatching is parallel strokes, a photo's noise and stains have no direction
  'gradient', 'oriented', 'coherence', 'blockCoherence', 'blockOriented', 'cover15', 'cover25',
] as const;

/**
 * Own inputs also given against the sheet's other cells: a light shading that a noisy or faint photo's blank
 * cells match on their own stands out against the blank cells of its own sheet, which most of its cells are.
 */
const AGAINST_SHEET = [
  'innerMedian', 'mostMedian', 'innerHigh', 'mostHigh', 'shadeLow', 'crossLow', 'tone',
  'gradient', 'oriented', 'coherence', 'blockCoherence', 'blockOriented', 'cover15', 'cover25',
] as const;
const AGAINST_AT = AGAINST_SHEET.map((n) => HOLE_OWN_INPUTS.indexOf(n));
/** Keeps the sheet's spread of an input from vanishing on a clean sheet, where every blank cell reads 0. */
const AGAINST_SPREAD = 0.02;

export const HOLE_INPUTS = [
  ...HOLE_OWN_INPUTS,
  ...AGAINST_SHEET.map((n) => `${n}VsSheet` as const),
  'sidesFenced', 'touches',
] as const;

/**
 * The inner cell's ink at a glance: the mean ink of CELL_PATCH x CELL_PATCH blocks over the sheet's level, turned and
 * mirrored so that its inkiest quarter comes first (a mark means the same whichever way it leans).
 */
function cellPatch(f: CellFeature, K: number): number[] {
  const n = Math.round(Math.sqrt(f.inner.length));
  const P = CELL_PATCH;
  const blocks = new Float64Array(P * P);
  const counts = new Float64Array(P * P);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const k = Math.min(P - 1, Math.floor((y * P) / n)) * P + Math.min(P - 1, Math.floor((x * P) / n));
      blocks[k] += f.inner[y * n + x] / 255;
      counts[k]++;
    }
  for (let k = 0; k < blocks.length; k++) blocks[k] = Math.min(4, blocks[k] / Math.max(1, counts[k]) / K);
  const half = P >> 1;
  const quarter = (fy: boolean, fx: boolean) => {
    let t = 0;
    for (let y = 0; y < half; y++) for (let x = 0; x < half; x++) t += blocks[(fy ? P - 1 - y : y) * P + (fx ? P - 1 - x : x)];
    return t;
  };
  let fy = false;
  let fx = false;
  let top = -1;
  for (const a of [false, true])
    for (const b of [false, true]) {
      const q = quarter(a, b);
      if (q > top) {
        top = q;
        fy = a;
        fx = b;
      }
    }
  const out: number[] = [];
  for (let y = 0; y < P; y++) for (let x = 0; x < P; x++) out.push(blocks[(fy ? P - 1 - y : y) * P + (fx ? P - 1 - x : x)]);
  return out;
}

/** Blocks a side of the cell for the texture's local directions. */
const TEXTURE_BLOCKS = 5;
let smoothed = new Float32Array(0);
let rowSums = new Uint16Array(0);
let blockOf = new Uint8Array(0);
const blockSums = new Float64Array(TEXTURE_BLOCKS * TEXTURE_BLOCKS * 3);
const blockOriented = new Float64Array(TEXTURE_BLOCKS * TEXTURE_BLOCKS);

/**
 * The inner cell's ink as a texture (ink over the sheet's level `K`, smoothed 3 x 3): the strength of its gradients
 * (`gradient`), the part of it along one direction (`oriented`) and that share (`coherence`), the same share within
 * blocks of the cell (`blockCoherence`, a zigzag or one-way hatching keeps its direction locally) and the median
 * block's directed strength.
 */
function cellTexture(inner: Uint8Array, K: number): number[] {
  const n = Math.round(Math.sqrt(inner.length));
  if (smoothed.length < n * n) {
    smoothed = new Float32Array(n * n);
    rowSums = new Uint16Array(n * n);
    blockOf = new Uint8Array(n);
  }
  const s = smoothed;
  const rows = rowSums;
  const scale = 1 / (9 * K * 255);
  // The 3 x 3 sums as three-wide row sums added three rows at a time: whole numbers, so the same sums.
  for (let y = 0; y < n; y++)
    for (let x = 1; x < n - 1; x++) rows[y * n + x] = inner[y * n + x - 1] + inner[y * n + x] + inner[y * n + x + 1];
  for (let y = 1; y < n - 1; y++)
    for (let x = 1; x < n - 1; x++) s[y * n + x] = (rows[(y - 1) * n + x] + rows[y * n + x] + rows[(y + 1) * n + x]) * scale;
  const B = Math.max(4, Math.round(n / TEXTURE_BLOCKS));
  for (let i = 0; i < n; i++) blockOf[i] = Math.min(TEXTURE_BLOCKS - 1, Math.floor(i / B));
  blockSums.fill(0);
  let Jxx = 0;
  let Jyy = 0;
  let Jxy = 0;
  let N = 0;
  for (let y = 2; y < n - 2; y++) {
    const by = blockOf[y] * TEXTURE_BLOCKS;
    for (let x = 2; x < n - 2; x++) {
      const gx = (s[y * n + x + 1] - s[y * n + x - 1]) / 2;
      const gy = (s[(y + 1) * n + x] - s[(y - 1) * n + x]) / 2;
      Jxx += gx * gx;
      Jyy += gy * gy;
      Jxy += gx * gy;
      N++;
      const k = (by + blockOf[x]) * 3;
      blockSums[k] += gx * gx;
      blockSums[k + 1] += gy * gy;
      blockSums[k + 2] += gx * gy;
    }
  }
  const directed = (a: number, b: number, c: number) => Math.sqrt((a - b) ** 2 + 4 * c * c);
  const energy = (Jxx + Jyy) / Math.max(1, N);
  const oriented = directed(Jxx, Jyy, Jxy) / Math.max(1, N);
  let blockDirected = 0;
  let blockEnergy = 0;
  for (let k = 0; k < blockOriented.length; k++) {
    const o = directed(blockSums[k * 3], blockSums[k * 3 + 1], blockSums[k * 3 + 2]);
    blockDirected += o;
    blockEnergy += blockSums[k * 3] + blockSums[k * 3 + 1];
    blockOriented[k] = o / (B * B);
  }
  blockOriented.sort();
  return [
    Math.sqrt(energy), Math.sqrt(oriented), oriented / (energy + 1e-9), blockDirected / (blockEnergy + 1e-9),
    Math.sqrt(blockOriented[blockOriented.length >> 1]),
  ];
}

/** Ink level at which a hole's strokes and hatching are counted: a little under half the sheet's stroke ink. */
export const holeInkLevel = (cal: StrokeCalibration) => Math.max(0.03, 0.45 * cal.level);

/** A cell's summary for the edges beside it. */
export function cellInk(f: CellFeature, cal: StrokeCalibration): CellInk {
  const level = holeInkLevel(cal);
  return { shade: hatchRingCoverage(f, level), cross: crossCoverage(f, level), fill: hatchCoverage(f, level) };
}

/** Ink (0..1) that a share `q` of a cell's inner pixels stay under. */
function innerQuantile(inner: Uint8Array, q: number): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < inner.length; i++) hist[inner[i]]++;
  let acc = 0;
  const want = q * inner.length;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= want) return v / 255;
  }
  return 1;
}

/** The part of a cell's hole model inputs that the fences read around it do not change. */
export function holeOwnInputs(f: CellFeature, cal: StrokeCalibration): Float64Array {
  const level = holeInkLevel(cal);
  const K = Math.max(0.02, cal.level);
  const KM = Math.max(0.02, cal.mostLevel);
  const spread = xSpread(f, level);
  return Float64Array.from([
    crossCoverage(f, level), crossCoverage(f, 0.7 * level), crossCoverage(f, 1.4 * level),
    hatchRingCoverage(f, level), hatchRingCoverage(f, 0.7 * level), hatchRingCoverage(f, 1.4 * level), hatchCoverage(f, level),
    Math.min(4, f.tone / Math.max(0.25, K)), f.evenness, f.paperEven, Math.max(0.2, Math.min(1.3, f.light)),
    f.glare >= GLARE ? 1 : 0, spread.cornerMin, spread.cornerMean, spread.center, K,
    Math.min(4, innerQuantile(f.inner, 0.5) / K), Math.min(4, innerQuantile(f.inner, 0.9) / K),
    Math.min(4, innerQuantile(f.innerMost, 0.5) / KM), Math.min(4, innerQuantile(f.innerMost, 0.9) / KM), f.chroma - cal.chroma, cal.chroma,
    ...cellPatch(f, K),
    ...cellTexture(f.inner, K),
    // the share of the cell holding even faint ink: light hatching, below the levels above
    hatchCoverage(f, 0.15 * K), hatchCoverage(f, 0.25 * K),
  ]);
}

/**
 * Each cell's own inputs against the sheet's cells (one row of own inputs a cell): how far above the sheet's median
 * cell it lies, in the sheet's interquartile spread.
 */
export function againstSheet(own: readonly ArrayLike<number>[]): Float64Array[] {
  const out = own.map(() => new Float64Array(AGAINST_AT.length));
  const values = new Float64Array(own.length);
  AGAINST_AT.forEach((at, t) => {
    own.forEach((x, i) => (values[i] = x[at]));
    values.sort();
    const q = (f: number) => values[Math.floor(f * (values.length - 1))];
    const median = q(0.5);
    const spread = q(0.75) - q(0.25) + AGAINST_SPREAD;
    own.forEach((x, i) => (out[i][t] = (x[at] - median) / spread));
  });
  return out;
}

/**
 * A cell's hole model inputs: its own, the same against the sheet (`againstSheet`), and the fences read around it
 * (`board`): a hole touches a fence.
 */
export function holeInputs(own: ArrayLike<number>, vsSheet: Float64Array, board: Board, r: number, c: number, center: [number, number]): Float64Array {
  const { cols } = board;
  const sides = board.h[r * cols + c] + board.h[(r + 1) * cols + c] + board.v[r * (cols + 1) + c] + board.v[r * (cols + 1) + c + 1];
  const x = new Float64Array(HOLE_INPUTS.length);
  x.set(own);
  x.set(vsSheet, own.length);
  x[HOLE_INPUTS.length - 2] = sides;
  x[HOLE_INPUTS.length - 1] = touchesFence(board, r, c, center) ? 1 : 0;
  return x;
}

/** Whether cell (r, c) has a corner on the center point or on a fence, as a hole must. */
export function touchesFence(board: Board, r: number, c: number, center: [number, number]): boolean {
  return [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]].some(([i, j]) => (i === center[0] && j === center[1]) || vertexFenced(board, i, j));
}

/** Whether an interior fence ends at or passes through vertex (i, j). */
function vertexFenced(b: Board, i: number, j: number): boolean {
  const { rows, cols } = b;
  if (i > 0 && i < rows && ((j < cols && b.h[i * cols + j]) || (j > 0 && b.h[i * cols + j - 1]))) return true;
  if (j > 0 && j < cols && ((i < rows && b.v[i * (cols + 1) + j]) || (i > 0 && b.v[(i - 1) * (cols + 1) + j]))) return true;
  return false;
}
