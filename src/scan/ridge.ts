import { BLUR_WASM } from './wasm/blur.wasm.js';
import { instantiate, reserve, type WasmMemory } from './wasm/instance.js';

/**
 * Directional ridge maps: how sharply the image dips across a vertical line (`v`, the second derivative in x)
 * and across a horizontal one (`h`, in y), at a pencil line's scale, relative to the paper there, 0..255.
 *
 * The ink map's top-hat measures a line against the paper around it; on the steep ramp of light at a shadow's
 * edge the darker side of the ramp passes for that paper and a faint line along the ramp reads as nothing. A
 * ramp is as wide as the shadow's penumbra and curves gently; a line is a pencil's width and curves sharply, so
 * a second derivative at the pencil's scale still sees it there (measured on 400 simulated photos of pale pencil:
 * of 4,257 fences along a shadow's edge, 391 read under half the threshold on the ink map, 11 on this map). In
 * even light it is the noisier measure (148 of 45,883 fences under half the threshold, the ink map 57).
 * It is taken on the brightest channel, where the coloured print is palest and grey pencil as dark as anywhere,
 * and scaled so a line on even paper reads about as it does on the ink map.
 */
export interface RidgeMaps {
  h: Uint8Array;
  v: Uint8Array;
}

/** Gaussian scale of the derivative, in pixels of the straightened land (a cell is 48 px, a line 2-4 px). */
export const SIGMA = 0.8;
/** Ridge over ink-map darkness for drawn lines on even paper (median over 42,000 simulated fences in even light). */
const GAIN = 1 / 1.34;

/**
 * OpenCV's 8-bit Gaussian kernel for SIGMA, in 256ths: (6, 58, 128, 58, 6). Its blur is fixed-point (whole sums,
 * rounded once), so the same integers give the same bytes; test/scan/ridge.test.ts holds it to OpenCV's blur.
 */
const KERNEL = [6, 58, 128] as const;

interface Blur {
  memory: WasmMemory;
  gaussian5(src: number, dst: number, width: number, height: number, ka: number, kb: number, kc: number, tmp: number, pad: number): void;
  ridge(src: number, paper: number, width: number, height: number, gain: number, v: number, h: number, padded: number): void;
}

let instance: Blur | undefined;

/** The compiled blur and ridge filters, instantiated on first use. */
const blurModule = (): Blur => (instance ??= instantiate<Blur>(BLUR_WASM));

/** Blurs `brightest` into the module's memory, as OpenCV's GaussianBlur(SIGMA) blurs 8 bits; `at`: where it is. */
function blurInto(m: Blur, brightest: Uint8Array, width: number, height: number): { at: number } {
  if (width < 16 || height < 3) throw new RangeError(`the ridge maps need a land 16 x 3 or larger, not ${width} x ${height}`);
  const n = width * height;
  // the picture, its rows' sums (16 bits), a padded row, the result
  const tmp = Math.ceil(n / 16) * 16;
  const pad = tmp + 2 * n;
  const at = pad + Math.ceil((width + 4 + 16) / 16) * 16;
  reserve(m.memory, at + n);
  new Uint8Array(m.memory.buffer, 0, n).set(brightest);
  m.gaussian5(0, at, width, height, KERNEL[0], KERNEL[1], KERNEL[2], tmp, pad);
  return { at };
}

/**
 * The brightest channel blurred as OpenCV's GaussianBlur(SIGMA) blurs 8 bits, sixteen pixels at a time in
 * WebAssembly SIMD (wasm/blur.wat): a view of the module's memory, read before the next call.
 */
export function blurred(brightest: Uint8Array, width: number, height: number): Uint8Array {
  const m = blurModule();
  const { at } = blurInto(m, brightest, width, height);
  // (the memory's buffer taken after the blur, which may have grown it)
  return new Uint8Array(m.memory.buffer, at, width * height);
}

/** Ridge maps of the land from its brightest channel (per pixel) and its paper brightness (the ink map's). */
export function ridgeMaps(brightest: Uint8Array, paper: Uint8Array, width: number, height: number): RidgeMaps {
  const n = width * height;
  const m = blurModule();
  // (blurred as 8 bits, as the edge model's training photos were: a floating-point blur moves the ridge values the
  // model weighs enough to shift sheets at the refusal limits)
  const { at } = blurInto(m, brightest, width, height);
  // the paper, the two maps and a padded copy of the blurred land after the blur's own memory
  const paperAt = Math.ceil((at + n) / 16) * 16;
  const vAt = paperAt + n;
  const hAt = vAt + n;
  const paddedAt = hAt + n;
  reserve(m.memory, paddedAt + (width + 2) * height + 16);
  new Uint8Array(m.memory.buffer, paperAt, n).set(paper);
  m.ridge(at, paperAt, width, height, 255 * GAIN, vAt, hAt, paddedAt);
  return { v: new Uint8Array(m.memory.buffer, vAt, n).slice(), h: new Uint8Array(m.memory.buffer, hAt, n).slice() };
}
