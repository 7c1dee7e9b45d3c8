import type { Homography } from './homography.js';
import type { Photo } from './image.js';
import { instantiate, reserve, type WasmMemory } from './wasm/instance.js';
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
/** The grey plane the module's memory holds. */
let resident: WeakRef<Uint8Array> | undefined;

const at8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The module with the photo's grey plane in place and `bytes` more reserved after it and the homography (written
 * there): the first free byte is returned.
 */
function ready(photo: Photo, h: Homography, bytes: number): { m: SamplerModule; hm: number; free: number } {
  const m = (sampler ??= instantiate<SamplerModule>(SAMPLER_WASM));
  const n = photo.width * photo.height;
  const hm = at8(n);
  reserve(m.memory, hm + 72 + bytes);
  if (resident?.deref() !== photo.grey) {
    new Uint8Array(m.memory.buffer, 0, n).set(photo.grey.subarray(0, n));
    resident = new WeakRef(photo.grey);
  }
  new Float64Array(m.memory.buffer, hm, 9).set(h);
  return { m, hm, free: hm + 72 };
}

/**
 * A corner search's scores over the lattice of greys at (x0 + (i - n) * unit, y0 + (j - n) * unit) for i, j from 0 to
 * span - 1 (`reach` places more around the search on every side):
 * for each of the side x side places, the sum of sign[k] * lattice[place + step[k]], [b * side + a].
 */
export function latticeScores(photo: Photo, h: Homography, x0: number, y0: number, unit: number, n: number, span: number, reach: number, side: number, sign: Int8Array, step: Int32Array): Float64Array {
  const terms = sign.length;
  const { m, hm, free } = ready(photo, h, 8 * span * span + 8 * side * side + 4 * terms + at8(terms));
  const latticeAt = free;
  const scoresAt = latticeAt + 8 * span * span;
  const stepAt = scoresAt + 8 * side * side;
  const signAt = stepAt + 4 * terms;
  const mem = m.memory.buffer;
  new Int32Array(mem, stepAt, terms).set(step);
  new Int8Array(mem, signAt, terms).set(sign);
  m.lattice(0, photo.width, photo.height, hm, x0, y0, unit, n, span, latticeAt);
  m.scores(latticeAt, span, reach, side, terms, signAt, stepAt, scoresAt);
  return new Float64Array(mem, scoresAt, side * side);
}

/**
 * The best of the (2n + 1)^2 places (cx + a * fine * cell, cy + b * fine * cell), a then b from -n (the first of
 * equals), each scored as the sum of sign[k] * the grey at the place + (ox[k], oy[k]) * unit.
 */
export function bestPlace(photo: Photo, h: Homography, cell: number, cx: number, cy: number, n: number, fine: number, unit: number, sign: Int8Array, ox: Int32Array, oy: Int32Array): { x: number; y: number } {
  const terms = sign.length;
  const { m, hm, free } = ready(photo, h, 16 + 8 * terms + at8(terms));
  const oxAt = free + 16;
  const oyAt = oxAt + 4 * terms;
  const signAt = oyAt + 4 * terms;
  const mem = m.memory.buffer;
  new Int32Array(mem, oxAt, terms).set(ox);
  new Int32Array(mem, oyAt, terms).set(oy);
  new Int8Array(mem, signAt, terms).set(sign);
  m.fine(0, photo.width, photo.height, hm, cell, cx, cy, n, fine, unit, terms, signAt, oxAt, oyAt, free);
  const best = new Float64Array(mem, free, 2);
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
  const { m, hm, free } = ready(photo, h, 24 * n + 24 * O + 8 * O + 8 * turn.length + 8 * samples + 8 + at8(n));
  const vals = free;
  const c = vals + 8 * n;
  const acc = c + 8 * n;
  const pre = acc + 8 * n;
  const farAt = pre + 24 * O;
  const turnAt = farAt + 8 * O;
  const d = turnAt + 8 * turn.length;
  const sum = d + 8 * samples;
  const back = sum + 8;
  const mem = m.memory.buffer;
  new Float64Array(mem, farAt, O).set(far);
  new Float64Array(mem, turnAt, turn.length).set(turn);
  m.across(0, photo.width, photo.height, hm, cell, sx, sy, ax, ay, len, nx, ny, samples, O, start, step, vals);
  m.contrast(vals, samples, O, reach, pre, pre + 8 * O, pre + 16 * O, c);
  const found = m.path(c, samples, O, farAt, turnAt, T, acc, back, start, step, clear, d, sum);
  return { d: new Float64Array(mem, d, samples).slice(), found, sum: new Float64Array(mem, sum, 1)[0] };
}
