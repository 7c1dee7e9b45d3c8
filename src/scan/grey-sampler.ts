import type { Homography } from './homography.js';
import type { Photo } from './image.js';
import { at8, instantiate, regions, ResidentPlane, type WasmMemory } from './wasm/instance.js';
import { SAMPLER_WASM } from './wasm/sampler.wasm.js';

/**
 * The land's searches in the photo's grey plane through a homography, run in WebAssembly (wasm/sampler.wat): the
 * borderline's offsets across each side and the corners' lattices and scores. They run once a photo, before V8
 * has optimised JavaScript, where each double they compute would be a heap number. The grey plane stays in the
 * module's memory (from byte 0) for the photo's next search; results are views into that memory, good until the
 * next call.
 */
interface SamplerModule {
  memory: WasmMemory;
  lattice(g: number, w: number, h: number, hm: number, x0: number, y0: number, unit: number, n: number, span: number, out: number): void;
  scores(lattice: number, span: number, reach: number, side: number, terms: number, sign: number, step: number, out: number): void;
  fine(g: number, w: number, h: number, hm: number, cell: number, cx: number, cy: number, n: number, fine: number, unit: number, terms: number, sign: number, ox: number, oy: number, out: number): void;
  across(g: number, w: number, h: number, hm: number, cell: number, sx: number, sy: number, ax: number, ay: number, len: number, nx: number, ny: number, samples: number, O: number, start: number, step: number, out: number): void;
  contrast(vals: number, samples: number, O: number, r: number, pre: number, suf: number, paper: number, out: number): void;
  path(c: number, samples: number, O: number, far: number, turn: number, T: number, acc: number, back: number, start: number, step: number, clear: number, d: number, sum: number): number;
}

let sampler: SamplerModule | undefined;
/** The photo's grey plane in the module's memory. */
const grey = new ResidentPlane();

/**
 * The module with the photo's grey plane in place, the homography written after it, and after that the regions
 * named in `sizes` (bytes each): their offsets.
 */
function ready<K extends string>(photo: Photo, h: Homography, sizes: Record<K, number>): { m: SamplerModule; hm: number; at: Record<K, number> } {
  const m = (sampler ??= instantiate<SamplerModule>(SAMPLER_WASM));
  const n = photo.width * photo.height;
  const hm = at8(n);
  const at = regions(hm + 72, sizes);
  grey.place(m.memory, photo.grey, n, at.end);
  new Float64Array(m.memory.buffer, hm, 9).set(h);
  return { m, hm, at };
}

/**
 * A corner search's scores over the lattice of greys at (x0 + (i - n) * unit, y0 + (j - n) * unit) for i, j from 0 to
 * span - 1 (`reach` places more around the search on every side):
 * for each of the side x side places, the sum of sign[k] * lattice[place + step[k]], [b * side + a].
 */
export function latticeScores(photo: Photo, h: Homography, x0: number, y0: number, unit: number, n: number, span: number, reach: number, side: number, sign: Int8Array, step: Int32Array): Float64Array {
  const terms = sign.length;
  const { m, hm, at } = ready(photo, h, { lattice: 8 * span * span, scores: 8 * side * side, step: 4 * terms, sign: terms });
  const mem = m.memory.buffer;
  new Int32Array(mem, at.step, terms).set(step);
  new Int8Array(mem, at.sign, terms).set(sign);
  m.lattice(0, photo.width, photo.height, hm, x0, y0, unit, n, span, at.lattice);
  m.scores(at.lattice, span, reach, side, terms, at.sign, at.step, at.scores);
  return new Float64Array(mem, at.scores, side * side);
}

/**
 * The best of the (2n + 1)^2 places (cx + a * fine * cell, cy + b * fine * cell), a then b from -n (the first of
 * equals), each scored as the sum of sign[k] * the grey at the place + (ox[k], oy[k]) * unit.
 */
export function bestPlace(photo: Photo, h: Homography, cell: number, cx: number, cy: number, n: number, fine: number, unit: number, sign: Int8Array, ox: Int32Array, oy: Int32Array): { x: number; y: number } {
  const terms = sign.length;
  const { m, hm, at } = ready(photo, h, { best: 16, ox: 4 * terms, oy: 4 * terms, sign: terms });
  const mem = m.memory.buffer;
  new Int32Array(mem, at.ox, terms).set(ox);
  new Int32Array(mem, at.oy, terms).set(oy);
  new Int8Array(mem, at.sign, terms).set(sign);
  m.fine(0, photo.width, photo.height, hm, cell, cx, cy, n, fine, unit, terms, at.sign, at.ox, at.oy, at.best);
  const best = new Float64Array(mem, at.best, 2);
  return { x: best[0], y: best[1] };
}

/**
 * A side's borderline: the contrast across it at each of its `samples`, [k * O + o] (the grey at (sx, sy) + (ax, ay)
 * * ((k + 0.5) / samples) * len, moved (start + o * step) * cell along the normal (nx, ny), against the brightest
 * grey within `reach` offsets either side: (paper - grey) / paper, 0 where the paper is black), then the darkest
 * smooth path through it: at most T offsets a sample, each move costing turn[|move| + T] and each offset far[o].
 * Its offset at each sample (to a sub-step), how many of its points have contrast over `clear`, and its contrast
 * summed.
 */
export function borderPath(photo: Photo, h: Homography, cell: number, sx: number, sy: number, ax: number, ay: number, len: number, nx: number, ny: number, samples: number, O: number, start: number, step: number, reach: number, far: Float64Array, turn: Float64Array, T: number, clear: number): { d: Float64Array; found: number; sum: number } {
  const n = samples * O;
  const { m, hm, at } = ready(photo, h, { vals: 8 * n, c: 8 * n, acc: 8 * n, window: 24 * O, far: 8 * O, turn: 8 * turn.length, d: 8 * samples, sum: 8, back: n });
  const mem = m.memory.buffer;
  new Float64Array(mem, at.far, O).set(far);
  new Float64Array(mem, at.turn, turn.length).set(turn);
  m.across(0, photo.width, photo.height, hm, cell, sx, sy, ax, ay, len, nx, ny, samples, O, start, step, at.vals);
  // (the window maximum's prefix, suffix and paper rows)
  m.contrast(at.vals, samples, O, reach, at.window, at.window + 8 * O, at.window + 16 * O, at.c);
  const found = m.path(at.c, samples, O, at.far, at.turn, T, at.acc, at.back, start, step, clear, at.d, at.sum);
  return { d: new Float64Array(mem, at.d, samples).slice(), found, sum: new Float64Array(mem, at.sum, 1)[0] };
}
