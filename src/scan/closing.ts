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
}

let instance: Morphology | undefined;

/** The compiled filters, instantiated on first use. */
const morphology = (): Morphology => (instance ??= instantiate<Morphology>(MORPHOLOGY_WASM));

/** Whether closeSquare takes a picture this wide (a row of at least 16 bytes). */
export const closable = (width: number, channels: number): boolean => width * channels >= 16;

/**
 * The closing of `src` (width x height pixels of `channels` interleaved bytes) with a k x k window, k odd: a view of
 * the filters' memory, read before the next call (which writes over it, or moves it as the memory grows).
 */
export function closeSquare(src: Uint8Array, width: number, height: number, channels: number, k: number): Uint8Array {
  if (!closable(width, channels)) throw new RangeError(`closeSquare needs rows of 16 bytes or more, not ${width * channels}`);
  const m = morphology();
  const rowBytes = width * channels;
  const n = rowBytes * height;
  const r = k >> 1;
  // the picture, two working copies and one padded row
  const a = n;
  const b = 2 * n;
  const pad = 3 * n;
  const need = pad + rowBytes + 2 * r * channels + 16;
  reserve(m.memory, need);
  new Uint8Array(m.memory.buffer, 0, n).set(src);
  m.rows(0, a, rowBytes, height, r, channels, 1, pad);
  m.columns(a, b, rowBytes, height, r, 1);
  m.columns(b, a, rowBytes, height, r, 0);
  m.rows(a, b, rowBytes, height, r, channels, 0, pad);
  return new Uint8Array(m.memory.buffer, b, n);
}
