/**
 * Trains the scanner's models (src/scan/models.ts) on simulated photos and writes their weights.
 *
 *   npm run train:models -- [--photos N] [--first K] [--val M] [--without FAMILY,...] [--out FILE.json] [--holes-only]
 *                           [--sim-version V] [--more FIRST:COUNT,...] [--also CONDITION:COUNT,...] [--jitter CELLS]
 *
 * Training photos (seeds `train-N`) are fitted on; validation photos (seeds `val-N`) set the temperatures that make
 * the models' chances come true; the benchmark's photos (`bench-N`) are never used. Each photo is measured once
 * (tools/sim/evidence.ts, cached beside it). `--without` leaves out every photo simulated with a condition of the
 * named families (leave-one-family-out runs) and writes the models to `--out` instead of the shipped weights.
 * `--holes-only` refits the hole model alone and keeps the shipped edge models (a change of hole inputs only); the
 * fences around the training cells are then as the shipped edge models read them. `--sim-version` trains on the
 * photos an earlier simulator left in the temp folder (none is simulated again). `--more` adds COUNT plain training
 * photos from `train-FIRST` on after the first range (photos already simulated elsewhere in the numbering).
 * `--also` adds COUNT training photos of the current simulator with CONDITION forced on (a condition newer than
 * those photos). `--jitter` adds to each training photo a twin read through its grid with every line moved by up to
 * CELLS across itself: strokes beside their lines, without a simulated freehand hand.
 *
 * The context model learns from what the local model reads of the edges around each edge; on the training photos
 * that reading comes from local models fitted without the photo (three folds), so it is as wrong as on a new photo.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { projectRoot } from '../../src/data/load.js';
import { emptyBoard, type Board } from '../../src/engine/board.js';
import { againstSheet, HOLE_INPUTS, HOLE_OWN_INPUTS, holeInputs } from '../../src/scan/cell-inputs.js';
import { CONTEXT_INPUTS, contextInputs, edgeIndex, LOCAL_INPUTS } from '../../src/scan/edge-inputs.js';
import { mlpLogit, sigmoid, type Mlp } from '../../src/scan/mlp.js';
import { averagedEdgeLogits, certaintyFor } from '../../src/scan/read.js';
import type { SheetScale } from '../../src/scan/chances.js';
import { edgePairs, type ScanModels } from '../../src/scan/models.js';
import { MODELS } from '../../src/scan/models.weights.js';
import { MEASURES, type PhotoMeasures } from '../../src/scan/ood.js';
import { measureOne, readEvidence, type PhotoEvidence } from './evidence.js';
import { fit, fitSheetScale, fitTemperature, type Examples } from './fit.js';
import { mapInChildren } from './in-children.js';
import { CONDITIONS } from './conditions.js';
import { cachePhotos, photoBase, type PhotoSet, type SetConditions } from './photo-cache.js';
import { SIM_VERSION } from './simulate-photo.js';

/**
 * Measures `count` photos of a set from number `first` (on every core) and reads their evidence; `version`: see
 * photoDir.
 */
export async function evidenceOf(set: PhotoSet, count: number, c?: SetConditions, version = SIM_VERSION, first = 0, jitter = 0): Promise<PhotoEvidence[]> {
  if (version === SIM_VERSION) await cachePhotos(set, count, c, first);
  const items = Array.from({ length: count }, (_, i) => ({ base: photoBase(set, first + i, c, version), photo: first + i, jitter }));
  const missing = items.find((it) => !existsSync(`${it.base}.truth.json`));
  if (missing) throw new Error(`no photo ${missing.base}.jpg: simulator version ${version} photos are not simulated again`);
  await mapInChildren({ module: pathToFileURL(join(projectRoot, 'tools/sim/evidence.ts')).href, name: 'measureOne' }, items, `measuring ${set} photos${jitter ? ' through a moved grid' : ''}`);
  return items.map((it) => readEvidence(it.base, jitter)).filter((e) => !e.refused);
}

/**
 * Validation photos with conditions drawn (`c`: some families left out), and `plain` more with none drawn, so that the
 * chances come true on both.
 */
export async function validationEvidence(count: number, plain = 0, version = SIM_VERSION, c?: SetConditions): Promise<PhotoEvidence[]> {
  return [...(await evidenceOf('val', count, c, version)), ...(plain ? await evidenceOf('val', plain, { draw: 'none' }, version) : [])];
}

/** How far (cells) the shipped models' twins moved the grid's lines (`--jitter`; the leave-one-out runs fit alike). */
export const MOVED_GRID = 0.2;

/**
 * `count` training photos from number `from` as located, and with `jitter` each one's twin read through a moved
 * grid (only photos read both ways, in the same order).
 */
export async function trainingEvidence(count: number, c: SetConditions | undefined, jitter: number, version = SIM_VERSION, from = 0, kept: (p: PhotoEvidence) => boolean = () => true): Promise<{ located: PhotoEvidence[]; twins: PhotoEvidence[] }> {
  const located = (await evidenceOf('train', count, c, version, from)).filter(kept);
  if (!jitter) return { located, twins: [] };
  const moved = new Map((await evidenceOf('train', count, c, version, from, jitter)).map((e) => [e.photo, e]));
  const both = located.filter((e) => moved.has(e.photo));
  return { located: both, twins: both.map((e) => moved.get(e.photo)!) };
}

/**
 * The training photos with each one's twin read through a moved grid beside it, both in the same fold (the folds go
 * by place, three apart): the context model must not learn a photo's reading from its own twin.
 */
export function withTwins(photos: PhotoEvidence[], twins: PhotoEvidence[]): PhotoEvidence[] {
  if (twins.length !== photos.length || twins.some((t, i) => t.photo !== photos[i].photo)) throw new Error('the moved-grid twins do not match the photos one for one');
  const out: PhotoEvidence[] = [];
  // a last block of one or two photos keeps no twins: theirs would fall in another fold
  for (let i = 0; i < photos.length; i += 3) out.push(...photos.slice(i, i + 3), ...(i + 3 <= photos.length ? twins.slice(i, i + 3) : []));
  return out;
}

const L = LOCAL_INPUTS.length;

/** The first number of the photos `--also` adds. */
const ALSO_FROM = 5000;

/**
 * Vertices the scanner placed this far (cells) from the truth's: its edges and cells are left out of the fitting.
 * Their ink is not where the truth's fences are, so they would teach the models that a fence drawn on its line is
 * a blank; registration is measured on its own (tools/diag/registration.ts).
 */
const MISPLACED = 0.15;

/** Whether edge i of a photo lies between well-placed vertices. */
function edgePlaced(p: PhotoEvidence, i: number): boolean {
  if (!p.vertexOff.length) return true;
  const W = p.cols + 1;
  const a = p.row[i] * W + p.col[i];
  const b = p.kind[i] === 0 ? a + 1 : a + W;
  return p.vertexOff[a] < MISPLACED && p.vertexOff[b] < MISPLACED;
}

/** Whether cell i of a photo has its four corners well placed. */
function cellPlaced(p: PhotoEvidence, i: number): boolean {
  if (!p.vertexOff.length) return true;
  const W = p.cols + 1;
  const a = p.cellRow[i] * W + p.cellCol[i];
  return [a, a + 1, a + W, a + W + 1].every((k) => p.vertexOff[k] < MISPLACED);
}
const HO = HOLE_OWN_INPUTS.length;

function localExamples(photos: PhotoEvidence[]): Examples {
  const n = photos.reduce((s, p) => s + p.y.length, 0);
  const x = new Float32Array(n * L);
  const y = new Uint8Array(n);
  let at = 0;
  for (const p of photos)
    for (let i = 0; i < p.y.length; i++) {
      if (!edgePlaced(p, i)) continue;
      x.set(p.local.subarray(i * L, (i + 1) * L), at * L);
      y[at++] = p.y[i];
    }
  return { x: x.subarray(0, at * L), d: L, y: y.subarray(0, at) };
}

const rowOf = (p: PhotoEvidence, i: number, d: number, src: Float32Array) => Float64Array.from(src.subarray(i * d, (i + 1) * d));

function edgesOf(p: PhotoEvidence) {
  return Array.from(p.y, (_, i) => ({ kind: (p.kind[i] ? 'v' : 'h') as 'h' | 'v', row: p.row[i], col: p.col[i] }));
}

/** The local model's fence probabilities on a photo. */
function localP(p: PhotoEvidence, m: Mlp): Float64Array {
  return Float64Array.from(p.y, (_, i) => sigmoid(mlpLogit(p.local.subarray(i * L, (i + 1) * L), m)));
}

/** The context model's inputs of a photo, given the local model's probabilities. */
function contextOf(p: PhotoEvidence, p1: Float64Array): Float64Array[] {
  const edges = edgesOf(p);
  const local = edges.map((_, i) => rowOf(p, i, L, p.local));
  return contextInputs(local, edges, p1, edgeIndex(edges, p.rows, p.cols));
}

/** The board of the fences whose log-odds are at least 0. */
export function boardFrom(p: PhotoEvidence, z: Float64Array): Board {
  const b = emptyBoard(p.rows, p.cols);
  for (let i = 0; i < p.y.length; i++) {
    if (z[i] < 0) continue;
    if (p.kind[i] === 0) b.h[p.row[i] * p.cols + p.col[i]] = 1;
    else b.v[p.row[i] * (p.cols + 1) + p.col[i]] = 1;
  }
  return b;
}

/** Each read cell's hole model inputs, the fences around it as `board` has them. */
export function holeRows(p: PhotoEvidence, board: Board): Float64Array[] {
  const own = Array.from(p.cellY, (_, i) => p.holeOwn.subarray(i * HO, (i + 1) * HO));
  const vsSheet = againstSheet(own);
  return own.map((x, i) => holeInputs(x, vsSheet[i], board, p.cellRow[i], p.cellCol[i], p.center));
}

const stack = (rows: Float64Array[], d: number): Float32Array => {
  const x = new Float32Array(rows.length * d);
  rows.forEach((r, i) => x.set(r, i * d));
  return x;
};

/**
 * The log-odds the whole reading gives a photo's edges (fenced) and cells (a hole), as the scanner computes them
 * (read.ts: every edge pair's log-odds averaged).
 */
export function photoLogits(p: PhotoEvidence, m: Pick<ScanModels, 'edgeLocal' | 'edgeContext' | 'edgeMore' | 'hole'>): { edges: Float64Array; holes: Float64Array } {
  const edges = edgeLogitsOf(p, m);
  return { edges, holes: Float64Array.from(holeRows(p, boardFrom(p, edges)), (x) => mlpLogit(x, m.hole)) };
}

/** Every edge pair's log-odds of a photo's edges, averaged as the scanner averages them. */
function edgeLogitsOf(p: PhotoEvidence, m: Pick<ScanModels, 'edgeLocal' | 'edgeContext' | 'edgeMore'>): Float64Array {
  return averagedEdgeLogits(m, p.y.length, (pair) => contextOf(p, localP(p, pair.edgeLocal)));
}

/** The validation photos read through the whole reading: edge and cell log-odds beside their truths. */
interface Validation {
  edges: { z: Float64Array; y: Uint8Array };
  cells: { z: Float64Array; y: Uint8Array };
  /** Each photo's log-odds, in `val`'s order (the sheet scale is fitted photo by photo). */
  photos: PhotoLogits[];
}

type PhotoLogits = ReturnType<typeof photoLogits>;

function validate(val: PhotoEvidence[], m: Pick<ScanModels, 'edgeLocal' | 'edgeContext' | 'edgeMore' | 'hole'>): Validation {
  const ze: number[] = [];
  const ye: number[] = [];
  const zh: number[] = [];
  const yh: number[] = [];
  const photos = val.map((p) => photoLogits(p, m));
  for (const [i, p] of val.entries()) {
    const l = photos[i];
    ze.push(...l.edges);
    ye.push(...p.y);
    zh.push(...l.holes);
    yh.push(...p.cellY);
  }
  return { edges: { z: Float64Array.from(ze), y: Uint8Array.from(ye) }, cells: { z: Float64Array.from(zh), y: Uint8Array.from(yh) }, photos };
}

/** How many edges and cells the validation reading gets wrong, and how its chances come true, at `temperature`. */
function validationLines(v: Validation, temperature: ScanModels['temperature']): string[] {
  return ([['edges', v.edges, temperature.edge], ['cells', v.cells, temperature.hole]] as const).map(([what, { z, y }, t]) => {
    const wrong = z.filter((x, i) => (x >= 0 ? 1 : 0) !== y[i]).length;
    return `  validation ${what}: ${wrong} wrong of ${z.length}; ${calibrationLine(z, y, t)}`;
  });
}

/**
 * The models of `first` with the edge pairs of `others` averaged in (read.ts), the temperatures fitted again on
 * `val` for the averaged log-odds; the hole model and the photo ranges are the first's.
 */
export function ensembleModels(first: ScanModels, others: ScanModels[], val: PhotoEvidence[], log: (s: string) => void = () => {}): ScanModels {
  const m: ScanModels = { ...first, edgeMore: [...(first.edgeMore ?? []), ...others.flatMap((o) => edgePairs(o).map(({ edgeLocal, edgeContext }) => ({ edgeLocal, edgeContext })))] };
  const v = validate(val, m);
  m.temperature = { edge: fitTemperature(v.edges.z, v.edges.y), hole: fitTemperature(v.cells.z, v.cells.y) };
  m.sheet = sheetScaleOn(val, m, v.photos);
  m.about = `${first.about}; edges averaged with ${others.map((o) => o.about).join('; ')}`;
  log(`${edgePairs(m).length} edge pairs; temperatures edge ${m.temperature.edge}, hole ${m.temperature.hole} on ${val.length} validation photos`);
  validationLines(v, m.temperature).forEach((line) => log(line));
  return m;
}

export interface Trained {
  models: ScanModels;
  report: string[];
}

/** The edge models, and each training photo's local reading by local models fitted without it. */
interface EdgeModels {
  edgeLocal: Mlp;
  edgeContext: Mlp;
  p1: Map<PhotoEvidence, Float64Array>;
}

function fitEdgeModels(train: PhotoEvidence[], log: (s: string) => void): EdgeModels {
  const opts = { hidden: Number(process.env.BAAKO_HIDDEN ?? 64), epochs: 10 };
  // 1. the local edge model, and its readings of each training photo by models fitted without it
  const edgeLocal = fit(localExamples(train), LOCAL_INPUTS, { ...opts, seed: 'edge-local' });
  const folds = 3;
  const p1 = new Map<PhotoEvidence, Float64Array>();
  for (let f = 0; f < folds; f++) {
    const m = fit(localExamples(train.filter((_, i) => i % folds !== f)), LOCAL_INPUTS, { ...opts, seed: `edge-local-${f}` });
    train.forEach((p, i) => i % folds === f && p1.set(p, localP(p, m)));
    log(`  local fold ${f + 1}/${folds}`);
  }
  // 2. the context model
  const ctxRows: Float64Array[] = [];
  const ctxY: number[] = [];
  for (const p of train) {
    contextOf(p, p1.get(p)!).forEach((x, i) => {
      if (!edgePlaced(p, i)) return;
      ctxRows.push(x);
      ctxY.push(p.y[i]);
    });
  }
  const C = CONTEXT_INPUTS.length;
  const edgeContext = fit({ x: stack(ctxRows, C), d: C, y: Uint8Array.from(ctxY) }, CONTEXT_INPUTS, { ...opts, seed: 'edge-context' });
  log(`edge models fitted on ${ctxY.length} edges placed within ${MISPLACED} cell`);
  return { edgeLocal, edgeContext, p1 };
}

/**
 * Fits the three models on `train` and their temperatures on `val`; `keep`: models whose edge models, edge
 * temperature and photo ranges are kept as they are (the hole model alone is fitted, on the fences they read).
 */
export function trainModels(train: PhotoEvidence[], val: PhotoEvidence[], about: string, log: (s: string) => void = () => {}, keep?: ScanModels): Trained {
  const report: string[] = [];
  const say = (s: string) => {
    report.push(s);
    log(s);
  };
  const fitted = keep ? undefined : fitEdgeModels(train, say);
  const { edgeLocal, edgeContext } = keep ?? fitted!;
  // 3. the hole model, with the fences as the edge models read them: kept models as the scanner reads them (every
  // pair averaged), fresh ones by the local reading of the models fitted without the photo
  const fences = (p: PhotoEvidence) => (fitted ? Float64Array.from(contextOf(p, fitted.p1.get(p)!), (x) => mlpLogit(x, edgeContext)) : edgeLogitsOf(p, keep!));
  const holeRowsAll: Float64Array[] = [];
  const holeY: number[] = [];
  for (const p of train) {
    const board = boardFrom(p, fences(p));
    holeRows(p, board).forEach((x, i) => {
      if (!cellPlaced(p, i)) return;
      holeRowsAll.push(x);
      holeY.push(p.cellY[i]);
    });
  }
  const hole = fit({ x: stack(holeRowsAll, HOLE_INPUTS.length), d: HOLE_INPUTS.length, y: Uint8Array.from(holeY) }, HOLE_INPUTS, { hidden: 16, epochs: 20, seed: 'hole' });
  // 4. temperatures on the validation photos, through the whole reading
  const v = validate(val, { edgeLocal, edgeContext, edgeMore: keep?.edgeMore, hole });
  const temperature = { edge: keep ? keep.temperature.edge : fitTemperature(v.edges.z, v.edges.y), hole: fitTemperature(v.cells.z, v.cells.y) };
  say(`fitted on ${train.length} photos; temperatures edge ${temperature.edge}, hole ${temperature.hole} on ${val.length} validation photos`);
  validationLines(v, temperature).forEach(say);
  say(`  ${keep ? 'edge models kept; ' : ''}hole model fitted on ${holeY.length} cells placed within ${MISPLACED} cell`);
  const edgeMore = keep?.edgeMore?.length ? { edgeMore: keep.edgeMore } : {};
  const fittedModels = { edgeLocal, edgeContext, ...edgeMore, hole, temperature, ranges: keep ? keep.ranges : rangesOf(train) };
  // 5. how the sheet's own doubts sharpen its chances, on the same validation photos
  const sheet = sheetScaleOn(val, fittedModels, v.photos);
  say(`  sheet scale: log-odds times exp(${sheet.base} + ${sheet.perDoubt} ln(1 + items at ${sheet.doubtFrom} or more))`);
  return { models: { ...fittedModels, sheet, about }, report };
}

/**
 * The sheet scale (src/scan/chances.ts) fitted on validation photos read through the whole reading, softened as the
 * scanner softens a photo outside the training photos' ranges. `logits`: the photos' log-odds by these models, where
 * the caller has read them already.
 */
export function sheetScaleOn(val: PhotoEvidence[], m: Omit<ScanModels, 'sheet' | 'about'>, logits = val.map((p) => photoLogits(p, m))): SheetScale {
  const sheets = val.map((p, i) => {
    const l = logits[i];
    const certainty = certaintyFor(l.edges, l.holes, p.measures as PhotoMeasures, m);
    const wrong = Uint8Array.from([...Array.from(l.edges, (z, i) => Number((z >= 0 ? 1 : 0) !== p.y[i])), ...Array.from(l.holes, (z, i) => Number((z >= 0 ? 1 : 0) !== p.cellY[i]))]);
    return { certainty, wrong };
  });
  return fitSheetScale(sheets);
}

/** The training photos' range of each photo measure: its 1st to 99th percentile. */
function rangesOf(photos: PhotoEvidence[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const k of MEASURES) {
    const v = photos.map((p) => p.measures[k]).filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
    if (!v.length) continue;
    const q = (f: number) => v[Math.min(v.length - 1, Math.floor(f * (v.length - 1)))];
    out[k] = [Math.round(q(0.01) * 1e4) / 1e4, Math.round(q(0.99) * 1e4) / 1e4];
  }
  return out;
}

/** How often items given a chance of being wrong in each band were wrong. */
export function calibrationLine(z: ArrayLike<number>, y: ArrayLike<number>, t: number): string {
  const bands = [0, 0.001, 0.01, 0.05, 0.2, 0.51];
  const out: string[] = [];
  for (let b = 0; b + 1 < bands.length; b++) {
    let n = 0;
    let wrong = 0;
    let expected = 0;
    for (let i = 0; i < z.length; i++) {
      const c = sigmoid(-Math.abs(z[i]) / t);
      if (c < bands[b] || c >= bands[b + 1]) continue;
      n++;
      expected += c;
      if ((z[i] >= 0 ? 1 : 0) !== y[i]) wrong++;
    }
    out.push(`${bands[b]}-${bands[b + 1]}: ${wrong}/${n} (expected ${expected.toFixed(1)})`);
  }
  return out.join(', ');
}

/**
 * Writes the shipped models as a TypeScript module. The weights are a JSON string parsed at load: V8 parses half a
 * megabyte of JSON faster than the same object literal in JavaScript, and every `baako scan` loads them.
 */
export function writeShipped(models: ScanModels): void {
  writeFileSync(
    join(projectRoot, 'src', 'scan', 'models.weights.ts'),
    `// Written by tools/sim/train-models.ts (${models.about}): do not edit by hand.\n` +
      `import type { ScanModels } from './models.js';\n\nexport const MODELS: ScanModels = JSON.parse(${JSON.stringify(JSON.stringify(models))});\n`,
  );
}

/**
 * The trainer's options: an option it does not know stops it (a misspelt one would otherwise fit on other photos
 * than meant, ten minutes later), and a list option given twice counts both (`--also A:200 --also B:200` as
 * `--also A:200,B:200`) rather than keeping one of them.
 */
export function trainOptions(args: string[]): (name: string, dflt: string) => string {
  const text = { type: 'string' } as const;
  const list = { type: 'string', multiple: true } as const;
  const options = { photos: text, first: text, val: text, out: text, 'sim-version': text, jitter: text, without: list, more: list, also: list, 'holes-only': { type: 'boolean' } } as const;
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args, options, strict: true }).values;
  } catch (e) {
    process.stderr.write(`train-models: ${(e as Error).message}\n`);
    process.exit(2);
  }
  return (name, dflt) => {
    const v = values[name];
    if (v === undefined) return dflt;
    return Array.isArray(v) ? v.join(',') : String(v);
  };
}

async function main(): Promise<void> {
  const opt = trainOptions(process.argv.slice(2));
  const photos = Number(opt('photos', '1500'));
  // training photos from number K on: a fit on other photos than an earlier one's, to average with it (ensemble-models)
  const first = Number(opt('first', '0'));
  if (!Number.isInteger(first) || first < 0) {
    process.stderr.write(`train-models: --first expects the number of the first training photo (0 or more), found "${opt('first', '')}"\n`);
    process.exit(2);
  }
  const valCount = Number(opt('val', '300'));
  const without = opt('without', '').split(',').filter(Boolean);
  const out = opt('out', '');
  const holesOnly = opt('holes-only', '') === 'true';
  const version = Number(opt('sim-version', String(SIM_VERSION)));
  const kept = (p: PhotoEvidence) => !p.families.some((f) => without.includes(f));
  // photos with a condition forced on, from the current simulator, numbered from ALSO_FROM so that their games
  // are not the plain set's again; checked before anything is simulated
  const also = opt('also', '').split(',').filter(Boolean).map((spec) => {
    const [name, n] = spec.split(':');
    if (!CONDITIONS.some((c) => c.name === name) || !/^[1-9]\d*$/.test(n ?? '')) {
      process.stderr.write(`train-models: --also expects CONDITION:COUNT with a condition's name (docs/simulator.md) and a positive count, found "${spec}"\n`);
      process.exit(2);
    }
    return { name, n: Number(n) };
  });
  // more plain photos from other stretches of the numbering, after the first stretch (in the order given)
  const more = opt('more', '').split(',').filter(Boolean).map((spec) => {
    const [from, n] = spec.split(':');
    if (!/^\d+$/.test(from ?? '') || !/^[1-9]\d*$/.test(n ?? '')) {
      process.stderr.write(`train-models: --more expects FIRST:COUNT (the number of the first training photo and how many), found "${spec}"\n`);
      process.exit(2);
    }
    return { from: Number(from), n: Number(n) };
  });
  const jitter = Number(opt('jitter', '0'));
  if (!(jitter >= 0 && jitter <= 0.5)) {
    process.stderr.write(`train-models: --jitter expects how far (cells, 0 to 0.5) to move the grid's lines for each photo's twin, found "${opt('jitter', '')}"\n`);
    process.exit(2);
  }
  // each stretch of training photos, and with --jitter their twins read through a moved grid
  const located: PhotoEvidence[] = [];
  const twins: PhotoEvidence[] = [];
  const gather = async (count: number, c: SetConditions | undefined, v: number, from: number) => {
    const got = await trainingEvidence(count, c, jitter, v, from, kept);
    located.push(...got.located);
    twins.push(...got.twins);
    return got.located.length;
  };
  await gather(photos, undefined, version, first);
  for (const { from, n } of more) await gather(n, undefined, version, from);
  const plain = located.length;
  const alsoAbout: string[] = [];
  for (const { name, n } of also) alsoAbout.push(`${await gather(n, { force: [name] }, SIM_VERSION, ALSO_FROM)} simulator-v${SIM_VERSION} with ${name}`);
  const train = jitter ? withTwins(located, twins) : located;
  if (jitter) alsoAbout.push(`each with a twin read through a grid moved up to ${jitter} cell`);
  const val = (await evidenceOf('val', valCount, undefined, version)).filter(kept);
  // the shipped weights as they are: their hole model may have been fitted on other inputs
  const shipped = MODELS;
  const about = holesOnly
    ? `${shipped.about.replace(/; hole model refitted on [^;]*/, '')}; hole model refitted on ${train.length} simulator-v${version} photos`
    : `${train.length} photos (${[`${plain} simulator-v${version}${first || more.length ? ` from train-${[first, ...more.map((m) => m.from)].join(', train-')}` : ''}`, ...alsoAbout].join(', ')})${without.length ? `, without ${without.join(', ')}` : ''}`;
  const { models } = trainModels(train, val, about, (s) => console.log(s), holesOnly ? shipped : undefined);
  if (out) writeFileSync(out, JSON.stringify(models));
  else writeShipped(models);
  console.log(`wrote ${out || 'src/scan/models.weights.ts'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
