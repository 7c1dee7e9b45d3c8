/**
 * The borderline's contrast in WebAssembly (src/scan/wasm/sampler.wat's contrast, with its van Herk window maximum)
 * against the slow way: each sample's darkness against the brightest value within r either side, cut at the ends.
 */
import { describe, expect, it } from 'vitest';
import { instantiate, reserve, type WasmMemory } from '../../src/scan/wasm/instance.js';
import { SAMPLER_WASM } from '../../src/scan/wasm/sampler.wasm.js';

interface Sampler {
  memory: WasmMemory;
  contrast(vals: number, samples: number, O: number, r: number, pre: number, suf: number, paper: number, out: number): void;
}

/** Each row's contrast, the slow way. */
function brute(rows: number[][], r: number): number[] {
  return rows.flatMap((v) =>
    v.map((x, i) => {
      const paper = Math.max(...v.slice(Math.max(0, i - r), Math.min(v.length, i + r + 1)));
      return paper > 0 ? (paper - x) / paper : 0;
    }),
  );
}

describe('the window maximum and contrast in WebAssembly', () => {
  it('matches the largest value of every window, cut at both ends', () => {
    const m = instantiate<Sampler>(SAMPLER_WASM);
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const n of [1, 2, 5, 24, 25, 26, 91, 100]) {
      for (const r of [0, 1, 3, 12, 40]) {
        // three rows, one of them black in places (no paper: contrast 0)
        const rows = [0, 1, 2].map((k) => Array.from({ length: n }, () => (k === 2 && rand() < 0.5 ? 0 : Math.round(rand() * 255))));
        const vals = 0;
        const pre = 8 * 3 * n;
        const out = pre + 24 * n;
        reserve(m.memory, out + 8 * 3 * n);
        new Float64Array(m.memory.buffer, vals, 3 * n).set(rows.flat());
        m.contrast(vals, 3, n, r, pre, pre + 8 * n, pre + 16 * n, out);
        expect(Array.from(new Float64Array(m.memory.buffer, out, 3 * n)), `n ${n} r ${r}`).toEqual(brute(rows, r));
      }
    }
  });
});
