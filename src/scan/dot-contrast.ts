import { instantiate, reserve, type WasmMemory } from './wasm/instance.js';
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
let resident: WeakRef<Uint8Array> | undefined;

/**
 * One stretch's dot contrast at every offset across, -R..R pixels ([o + R]): its pixels lie at base + s * step +
 * o * side for s from `from` to `to`; the dots come every `period` pixels along.
 */
export function stretchContrast(red: Uint8Array, from: number, to: number, base: number, step: number, side: number, R: number, period: number): Float64Array {
  const m = (mod ??= instantiate<DotsModule>(DOTS_WASM));
  const at = Math.ceil(red.length / 8) * 8;
  const sums = at;
  const counts = sums + 8 * period;
  const out = counts + 8 * period;
  reserve(m.memory, out + 8 * (2 * R + 1));
  if (resident?.deref() !== red) {
    new Uint8Array(m.memory.buffer, 0, red.length).set(red);
    resident = new WeakRef(red);
  }
  m.stretch(0, from, to, base, step, side, R, period, sums, counts, out);
  return new Float64Array(m.memory.buffer, out, 2 * R + 1).slice();
}
