import { instantiate, reserve, type WasmMemory } from './wasm/instance.js';
import { MORPHOLOGY_WASM } from './wasm/morphology.wasm.js';

/**
 * A grey-level closing with a square window k pixels wide (a max filter, then a min filter), channel by channel on
 * interleaved pixels, samples past the sides left out: what OpenCV's morphologyEx(MORPH_CLOSE) with a rectangle
 * gives, byte for byte. Its filters run in WebAssembly SIMD, sixteen bytes an instruction (wasm/morphology.wat):
 * OpenCV's wasm build takes each byte and each of the k taps on its own.
 */

interface Morphology {
  memory: WasmMemory;
  rows(src: number, dst: number, rowBytes: number, height: number, r: number, step: number, isMax: number, pad: number): void;
  columns(src: number, dst: number, rowBytes: number, height: number, r: number, isMax: number): void;
  darkness(img: number, bg: number, n: number, ink: number, most: number, paper: number, brightest: number, clipped: number): void;
}

let instance: Morphology | undefined;

/** The compiled filters, instantiated on first use. */
const morphology = (): Morphology => (instance ??= instantiate<Morphology>(MORPHOLOGY_WASM));

/**
 * Closes `src` in the filters' memory: the picture at 0, its closing at the returned offset; `extra` bytes are
 * reserved past the end of the working space, from `free`.
 */
function close(m: Morphology, src: Uint8Array, width: number, height: number, channels: number, k: number, extra = 0): { closed: number; free: number } {
  const rowBytes = width * channels;
  if (rowBytes < 16) throw new RangeError(`the closing needs rows of 16 bytes or more, not ${rowBytes}`);
  const n = rowBytes * height;
  const r = k >> 1;
  // the picture, two working copies and one padded row
  const a = n;
  const b = 2 * n;
  const pad = 3 * n;
  const free = Math.ceil((pad + rowBytes + 2 * r * channels + 16) / 16) * 16;
  reserve(m.memory, free + extra);
  new Uint8Array(m.memory.buffer, 0, n).set(src);
  m.rows(0, a, rowBytes, height, r, channels, 1, pad);
  m.columns(a, b, rowBytes, height, r, 1);
  m.columns(b, a, rowBytes, height, r, 0);
  m.rows(a, b, rowBytes, height, r, channels, 0, pad);
  return { closed: b, free };
}

/**
 * The closing of `src` (width x height pixels of `channels` interleaved bytes) with a k x k window, k odd: a view of
 * the filters' memory, read before the next call (which writes over it, or moves it as the memory grows).
 */
export function closeSquare(src: Uint8Array, width: number, height: number, channels: number, k: number): Uint8Array {
  const m = morphology();
  const { closed } = close(m, src, width, height, channels, k);
  return new Uint8Array(m.memory.buffer, closed, width * height * channels);
}

/** What inkmap.ts takes of each pixel of the straightened land against its closing. */
export interface LandDarkness {
  /** Darkness in the least dark channel whose paper is not clipped (or the dimmest paper's, all clipped). */
  ink: Uint8Array;
  /** The same in the darkest such channel. */
  most: Uint8Array;
  /** The closing's brightest channel: the paper's brightness. */
  paper: Uint8Array;
  /** The land's brightest channel. */
  brightest: Uint8Array;
}

/**
 * The land (RGB) closed with a k x k window, and each pixel's darkness against the closing, 255 (b - v) / b in
 * each channel (0 where the closing b is 8 or less), with channels whose closing reaches `clipped` (clipped paper)
 * left out: inkmap.ts's rules, computed sixteen pixels at a time.
 */
export function landDarkness(img: Uint8Array, width: number, height: number, k: number, clipped: number): LandDarkness {
  const px = width * height;
  if (px < 16) throw new RangeError(`the land needs 16 pixels or more, not ${px}`);
  const m = morphology();
  const { closed, free } = close(m, img, width, height, 3, k, 4 * px);
  m.darkness(0, closed, px, free, free + px, free + 2 * px, free + 3 * px, clipped);
  const plane = (i: number) => new Uint8Array(m.memory.buffer, free + i * px, px).slice();
  return { ink: plane(0), most: plane(1), paper: plane(2), brightest: plane(3) };
}
