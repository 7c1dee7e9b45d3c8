import type { EdgeProbe } from './probe.js';
import { DOT_CLEAR, DOTS_PER_CELL } from './probe.js';
import { instantiate, regions, ResidentPlane, type WasmMemory } from './wasm/instance.js';
import { EDGE_WASM } from './wasm/edge.wasm.js';

/**
 * edge-features.ts's searches along an edge, run in WebAssembly (wasm/edge.wat): where its printed dots lie along
 * and across it, and the ink along its best smooth path. They run for every edge once a photo, before V8 has
 * optimised JavaScript, where each double they compute would be a heap number. The ink map stays in the module's
 * memory for the land's next edge.
 */
interface EdgeModule {
  memory: WasmMemory;
  phase(ink: number, base: number, along: number, across: number, from: number, to: number, band: number, period: number, search: number, scratch: number): number;
  dotOffset(ink: number, base: number, along: number, across: number, from: number, to: number, phase: number, period: number, clear: number, reach: number, least: number, contrast: number): number;
  path(ink: number, base: number, along: number, across: number, from: number, to: number, band: number, shift: number, phase: number, period: number, clear: number, smooth: number, valid: number, steps: number, inks: number, sm: number, acc: number, back: number, out: number): number;
}

let mod: EdgeModule | undefined;
/** The land's ink map in the module's memory. */
const ink = new ResidentPlane();

/** The module with the probe's ink map in place and after it the regions named in `sizes` (bytes each): their offsets. */
function ready<K extends string>(p: EdgeProbe, sizes: Record<K, number>): { m: EdgeModule; at: Record<K, number> } {
  const m = (mod ??= instantiate<EdgeModule>(EDGE_WASM));
  const at = regions(p.m.ink.length, sizes);
  ink.place(m.memory, p.m.ink, p.m.ink.length, at.end);
  return { m, at };
}

/**
 * Where along the edge its printed dots are (pixels off where the geometry puts them: a curled sheet shifts them):
 * the phase, within `search` pixels, of the 6-per-cell comb whose teeth are darkest across the band.
 */
export function dotPhase(p: EdgeProbe, band: number, search: number): number {
  const { m, at } = ready(p, { scratch: 4 * (p.to - p.from) });
  return m.phase(0, p.base, p.along, p.across, p.from, p.to, band, p.cell / DOTS_PER_CELL, search, at.scratch);
}

/**
 * Where across the band the printed dots lie (pixels off the geometric line, within `reach`): at each offset the ink
 * at the dots against the ink between them; 0 when no offset shows them by `least` (0..255) or the line already does.
 */
export function dotLineOffset(p: EdgeProbe, reach: number, least: number): number {
  const { m, at } = ready(p, { contrast: 8 * (2 * reach + 1) });
  return m.dotOffset(0, p.base, p.along, p.across, p.from, p.to, p.phase, p.cell / DOTS_PER_CELL, DOT_CLEAR * p.cell, reach, least, at.contrast);
}

/**
 * Ink along the best smooth path through the band (`band` pixels either side of the dots' line, a pixel across a
 * step at most), each step smoothed over `smooth` steps either side, at the steps between the printed dots. A
 * wobbly stroke is one such path; noise and the ends of hatch lines, which the darkest pixel step by step picks up,
 * are not.
 */
export function pathInk(p: EdgeProbe, band: number, smooth: number): Float32Array {
  const L = p.to - p.from;
  const O = 2 * band + 1;
  const { m, at } = ready(p, { valid: L, steps: 4 * (L + 1), inks: 4 * (L + 1), sm: 4 * L * O, acc: 4 * L * O, back: L * O, out: 4 * L });
  const n = m.path(0, p.base, p.along, p.across, p.from, p.to, band, p.shift, p.phase, p.cell / DOTS_PER_CELL, DOT_CLEAR * p.cell, smooth, at.valid, at.steps, at.inks, at.sm, at.acc, at.back, at.out);
  return new Float32Array(m.memory.buffer, at.out, n).slice();
}
