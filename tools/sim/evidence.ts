/**
 * What the scanner measured on one simulated photo, with the truth beside it: the examples the models are fitted
 * on. Written once per photo (binary, beside the photo in the cache) by a child process, read back by the trainer.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { HOLE_OWN_INPUTS } from '../../src/scan/cell-inputs.js';
import { LOCAL_INPUTS } from '../../src/scan/edge-inputs.js';
import type { LandGrid } from '../../src/scan/grid.js';
import type { SheetEvidence } from '../../src/scan/read.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { CONDITIONS } from './conditions.js';
import type { PhotoTruth } from './simulate-photo.js';

/** Bumped whenever what the scanner measures changes (the cached evidence is then measured again). */
export const EVIDENCE_VERSION = 11;

export interface PhotoEvidence {
  photo: number;
  /** The photo's condition families (what it was simulated with), for leave-one-family-out runs. */
  families: string[];
  rows: number;
  cols: number;
  center: [number, number];
  /** Interior edges: kind (0 h, 1 v), row, col, truth (1 fenced). */
  kind: Uint8Array;
  row: Uint8Array;
  col: Uint8Array;
  y: Uint8Array;
  /** The local edge model's inputs, edges x LOCAL_INPUTS. */
  local: Float32Array;
  /** Cells read for holes: row, col, truth, and their own inputs (cells x HOLE_OWN_INPUTS). */
  cellRow: Uint8Array;
  cellCol: Uint8Array;
  cellY: Uint8Array;
  holeOwn: Float32Array;
  /** How far each land vertex the scanner located lies from the true one, in cells ((rows + 1) x (cols + 1)). */
  vertexOff: Float32Array;
  /** What the photo is like (src/scan/ood.ts): the models' ranges are the training photos'. */
  measures: Record<string, number>;
  /** Whether the scanner refused the photo before reading (no evidence then). */
  refused: boolean;
}

const HOLE_OWN = HOLE_OWN_INPUTS.length;

/** What names a moved grid's reach in cached files: `j20` for 0.2 cell, nothing for the grid as located. */
export const jitterTag = (jitter: number) => (jitter ? `j${Math.round(jitter * 100)}` : '');

/** The evidence file of a photo, read through a grid moved by up to `jitter` cells (0: as located). */
export const evidencePath = (base: string, jitter = 0) => `${base}.ev${EVIDENCE_VERSION}${jitterTag(jitter)}.bin`;

let game: ReturnType<typeof loadGame> | undefined;

/** Measures photo `base` (its JPEG and truth) and writes its evidence file (the task of the children). */
export async function measureOne({ base, photo, jitter = 0 }: { base: string; photo: number; jitter?: number }): Promise<void> {
  const file = evidencePath(base, jitter);
  if (existsSync(file)) return;
  game ??= loadGame();
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8')) as PhotoTruth;
  let ev: SheetEvidence | undefined;
  let off: Float32Array | undefined;
  try {
    let located: LandGrid | undefined;
    await scanPhoto(readFileSync(`${base}.jpg`), game, {
      keepDoubtful: true,
      reshapeGrid: jitter ? (g) => jitterGrid((located = g), jitter, photo) : undefined,
      collect: (e, where) => {
        ev = e;
        // against the grid as located: moving it on purpose does not make its edges misplaced
        off = registrationError(truth, located ?? where.grid, where.photoScale);
      },
    });
  } catch {
    // refused before the land was read (no sheet, no QR code): nothing to learn from
  }
  writeFileSync(file, encode(toEvidence(photo, truth, ev, off)));
}

/** The families of the conditions a photo was simulated with. */
function familiesOf(truth: PhotoTruth): string[] {
  const family = new Map(CONDITIONS.map((c) => [c.name, c.family as string]));
  return [...new Set((truth.sim.conditions ?? []).map((n) => family.get(n) ?? n))];
}

function toEvidence(photo: number, truth: PhotoTruth, ev: SheetEvidence | undefined, off: Float32Array | undefined): PhotoEvidence {
  const families = familiesOf(truth);
  if (!ev) {
    const none = new Uint8Array(0);
    return { photo, families, rows: 0, cols: 0, center: [0, 0], kind: none, row: none, col: none, y: none, local: new Float32Array(0), cellRow: none, cellCol: none, cellY: none, holeOwn: new Float32Array(0), vertexOff: new Float32Array(0), measures: {}, refused: true };
  }
  const n = ev.edges.length;
  const holes = new Set(truth.holes.map(([r, c]) => `${r},${c}`));
  const local = new Float32Array(n * LOCAL_INPUTS.length);
  ev.local.forEach((x, i) => local.set(x, i * LOCAL_INPUTS.length));
  const holeOwn = new Float32Array(ev.cells.length * HOLE_OWN);
  ev.holeOwn.forEach((x, i) => holeOwn.set(x, i * HOLE_OWN));
  return {
    photo,
    families,
    rows: ev.rows,
    cols: ev.cols,
    center: ev.center,
    kind: Uint8Array.from(ev.edges, (e) => (e.kind === 'h' ? 0 : 1)),
    row: Uint8Array.from(ev.edges, (e) => e.row),
    col: Uint8Array.from(ev.edges, (e) => e.col),
    y: Uint8Array.from(ev.edges, (e) => (truth.fences[e.kind][e.row][e.col] === '1' ? 1 : 0)),
    local,
    cellRow: Uint8Array.from(ev.cells, (f) => f.row),
    cellCol: Uint8Array.from(ev.cells, (f) => f.col),
    cellY: Uint8Array.from(ev.cells, (f) => (holes.has(`${f.row},${f.col}`) ? 1 : 0)),
    holeOwn,
    vertexOff: off ?? new Float32Array((ev.rows + 1) * (ev.cols + 1)),
    measures: { ...ev.measures },
    refused: false,
  };
}

/**
 * How far each vertex of the located grid lies from the truth's, in cells. The truth gives the vertices as the photo
 * is displayed; the scanner works on the pixels as stored (turned by the EXIF orientation), at its working scale.
 */
export function registrationError(truth: PhotoTruth, g: LandGrid, scale: number): Float32Array {
  const { width: W, height: H, exifOrientation: o } = truth.sim.photo;
  const stored = ([x, y]: number[]): [number, number] => (o === 3 ? [W - x, H - y] : o === 6 ? [y, W - x] : o === 8 ? [H - y, x] : [x, y]);
  const V = truth.sim.grid.vertices;
  const out = new Float32Array((g.rows + 1) * (g.cols + 1));
  const cell = g.cellPx / scale;
  for (let i = 0; i <= g.rows; i++)
    for (let j = 0; j <= g.cols; j++) {
      const k = i * (g.cols + 1) + j;
      const [x, y] = stored(V[i][j]);
      out[k] = Math.hypot(g.xs[k] / scale - x, g.ys[k] / scale - y) / cell;
    }
  return out;
}

/** A small binary form: a JSON header with the arrays' lengths, then the arrays' bytes. */
function encode(e: PhotoEvidence): Buffer {
  const arrays = [e.kind, e.row, e.col, e.y, e.local, e.cellRow, e.cellCol, e.cellY, e.holeOwn, e.vertexOff];
  const head = Buffer.from(JSON.stringify({ photo: e.photo, families: e.families, rows: e.rows, cols: e.cols, center: e.center, measures: e.measures, refused: e.refused, sizes: arrays.map((a) => a.length) }));
  const parts: Buffer[] = [Buffer.alloc(4), head];
  parts[0].writeUInt32LE(head.length);
  for (const a of arrays) {
    const pad = (4 - (parts.reduce((n, p) => n + p.length, 0) % 4)) % 4;
    if (pad) parts.push(Buffer.alloc(pad));
    parts.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  }
  return Buffer.concat(parts);
}

export function readEvidence(base: string, jitter = 0): PhotoEvidence {
  const buf = readFileSync(evidencePath(base, jitter));
  const len = buf.readUInt32LE(0);
  const head = JSON.parse(buf.subarray(4, 4 + len).toString());
  let at = 4 + len;
  const take = <T>(make: (b: ArrayBuffer, off: number, n: number) => T, n: number, bytes: number): T => {
    at += (4 - (at % 4)) % 4;
    const copy = new Uint8Array(buf.subarray(at, at + n * bytes)).slice();
    at += n * bytes;
    return make(copy.buffer, 0, n);
  };
  const u8 = (n: number) => take((b, o, k) => new Uint8Array(b, o, k), n, 1);
  const f32 = (n: number) => take((b, o, k) => new Float32Array(b, o, k), n, 4);
  const [k, r, c, y, l, cr, cc, cy, ho, vo] = head.sizes as number[];
  return {
    photo: head.photo,
    families: head.families,
    rows: head.rows,
    cols: head.cols,
    center: head.center,
    measures: head.measures,
    refused: head.refused,
    kind: u8(k),
    row: u8(r),
    col: u8(c),
    y: u8(y),
    local: f32(l),
    cellRow: u8(cr),
    cellCol: u8(cc),
    cellY: u8(cy),
    holeOwn: f32(ho),
    vertexOff: f32(vo),
  };
}

/**
 * The grid with each interior line moved across itself by up to `reach` cells, and each interior vertex by a fifth
 * of that more. Read through it, strokes lie beside the band they are read in, short of or past its ends, as a
 * freehand hand draws them, and the models learn to read a fence by its stroke wherever it lies near its line.
 */
export function jitterGrid(g: LandGrid, reach: number, seed: number): LandGrid {
  const rand = seeded(seed);
  const W = g.cols + 1;
  const at = (i: number, j: number) => i * W + j;
  const shifts = (n: number) => Array.from({ length: n + 1 }, (_, k) => (k === 0 || k === n ? 0 : (2 * rand() - 1) * reach));
  const rowShift = shifts(g.rows);
  const colShift = shifts(g.cols);
  const xs = new Float64Array(g.xs.length);
  const ys = new Float64Array(g.ys.length);
  for (let i = 0; i <= g.rows; i++)
    for (let j = 0; j <= g.cols; j++) {
      const k = at(i, j);
      // the local cell's down and right sides, so that a shift of one cell moves a vertex to its neighbour's place
      const i0 = Math.max(0, i - 1), i1 = Math.min(g.rows, i + 1), j0 = Math.max(0, j - 1), j1 = Math.min(g.cols, j + 1);
      const dx = (g.xs[at(i1, j)] - g.xs[at(i0, j)]) / (i1 - i0), dy = (g.ys[at(i1, j)] - g.ys[at(i0, j)]) / (i1 - i0);
      const rx = (g.xs[at(i, j1)] - g.xs[at(i, j0)]) / (j1 - j0), ry = (g.ys[at(i, j1)] - g.ys[at(i, j0)]) / (j1 - j0);
      const inner = i > 0 && i < g.rows && j > 0 && j < g.cols;
      const a = rowShift[i] + (inner ? (2 * rand() - 1) * reach * 0.2 : 0);
      const b = colShift[j] + (inner ? (2 * rand() - 1) * reach * 0.2 : 0);
      xs[k] = g.xs[k] + a * dx + b * rx;
      ys[k] = g.ys[k] + a * dy + b * ry;
    }
  return { ...g, xs, ys };
}

/** A small seeded generator (the same photo is moved the same way every time it is measured). */
function seeded(seed: number): () => number {
  let s = (seed * 2654435761 + 12345) >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
