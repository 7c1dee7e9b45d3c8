import { instantiate, regions, ResidentPlane, type WasmMemory } from './wasm/instance.js';
import { DOTS_WASM } from './wasm/dots.wasm.js';

/**
 * register.ts's dot contrasts, run in WebAssembly (wasm/dots.wat): the land is registered once a photo, before V8
 * has optimised JavaScript, where each double the sums make would be a heap number. The straightened red raster
 * stays in the module's memory for the raster's next stretch.
 */
interface DotsModule {
  memory: WasmMemory;
  stretch(red: number, from: number, to: number, base: number, step: number, side: number, R: number, period: number, sums: number, counts: number, out: number): void;
}

let mod: DotsModule | undefined;
/** The straightened red raster in the module's memory. */
const red = new ResidentPlane();

/**
 * One stretch's dot contrast at every offset across, -R..R pixels ([o + R]): its pixels lie at base + s * step +
 * o * side for s from `from` to `to`; the dots come every `period` pixels along.
 */
export function stretchContrast(raster: Uint8Array, from: number, to: number, base: number, step: number, side: number, R: number, period: number): Float64Array {
  const m = (mod ??= instantiate<DotsModule>(DOTS_WASM));
  const at = regions(raster.length, { sums: 8 * period, counts: 8 * period, out: 8 * (2 * R + 1) });
  red.place(m.memory, raster, raster.length, at.end);
  m.stretch(0, from, to, base, step, side, R, period, at.sums, at.counts, at.out);
  return new Float64Array(m.memory.buffer, at.out, 2 * R + 1).slice();
}
