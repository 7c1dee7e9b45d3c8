/**
 * Holes shaded lightly: in a faint photo they hold no more ink than a noisy photo's blank cells, so the hole model
 * also sees each cell against the other cells of its own sheet.
 */
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import type { CellFeature } from '../../src/scan/cell-features.js';
import { againstSheet, HOLE_INPUTS, HOLE_OWN_INPUTS, holeOwnInputs } from '../../src/scan/cell-inputs.js';
import type { StrokeCalibration } from '../../src/scan/stroke-calibration.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { simulatePhoto } from '../../tools/sim/simulate-photo.js';

const at = (name: string) => HOLE_OWN_INPUTS.indexOf(name as (typeof HOLE_OWN_INPUTS)[number]);
const vsAt = (name: string) => HOLE_INPUTS.indexOf(`${name}VsSheet` as (typeof HOLE_INPUTS)[number]) - HOLE_OWN_INPUTS.length;

/** A sheet of `n` cells with the given inner median ink each (every other own input 0). */
function sheet(medians: number[]): Float64Array[] {
  return medians.map((m) => {
    const x = new Float64Array(HOLE_OWN_INPUTS.length);
    x[at('innerMedian')] = m;
    return x;
  });
}

describe('a cell against its sheet', () => {
  it('puts a lightly shaded cell far above its own sheet’s blank cells, whatever the sheet’s noise', () => {
    const noisy = Array.from({ length: 80 }, (_, i) => 0.15 + 0.03 * Math.sin(i * 7.1));
    const quiet = Array.from({ length: 80 }, (_, i) => 0.01 + 0.005 * Math.sin(i * 7.1));
    quiet[40] = 0.15;
    const inNoisy = againstSheet(sheet(noisy)).map((v) => v[vsAt('innerMedian')]);
    const inQuiet = againstSheet(sheet(quiet)).map((v) => v[vsAt('innerMedian')]);
    // The same ink (0.15): a blank among blanks in the noisy sheet, a mark in the quiet one.
    expect(Math.max(...inNoisy)).toBeLessThan(1.5);
    expect(inQuiet[40]).toBeGreaterThan(4);
    expect(Math.max(...inQuiet.filter((_, i) => i !== 40))).toBeLessThan(0.5);
  });

  it('is 0 on a clean sheet (no division by a zero spread) and does not depend on the cells’ order', () => {
    expect(againstSheet(sheet(new Array(30).fill(0))).every((v) => v.every((x) => x === 0))).toBe(true);
    const medians = [0.02, 0.3, 0.01, 0.05, 0.02, 0.04];
    const forward = againstSheet(sheet(medians)).map((v) => v[vsAt('innerMedian')]);
    const backward = againstSheet(sheet([...medians].reverse())).map((v) => v[vsAt('innerMedian')]).reverse();
    expect(backward).toEqual(forward);
    expect(againstSheet([])).toEqual([]);
  });
});

describe('a cell’s ink as a texture', () => {
  const n = 34;
  const cal: StrokeCalibration = { level: 0.4, threshold: 0.2, blank: 0.02, mostLevel: 0.4, chroma: 0, way: { h: 0.4, v: 0.4 } };
  const cell = (ink: (x: number, y: number) => number): CellFeature => {
    const inner = Uint8Array.from({ length: n * n }, (_, i) => Math.round(ink(i % n, Math.floor(i / n))));
    const none = new Float32Array(20);
    return { row: 0, col: 0, diagonals: [none, none], inner, innerMost: inner, chroma: 0, tone: 0, evenness: 1, paperEven: 1, light: 1, glare: 1 };
  };
  const texture = (f: CellFeature) => {
    const x = holeOwnInputs(f, cal);
    return Object.fromEntries(['gradient', 'coherence', 'blockCoherence', 'cover15'].map((k) => [k, x[at(k)]]));
  };
  // Light hatching: diagonal strokes 2 px wide every 5 px at a third of the sheet's level, against noise as strong.
  let seed = 7;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 0.33 * 0.4 * 255;
  const hatched = texture(cell((x, y) => ((x + y) % 5 < 2 ? 0.33 * 0.4 * 255 : 0)));
  const noisy = texture(cell(() => noise()));
  const blank = texture(cell(() => 0));

  it('finds hatching’s one direction, which noise of the same ink does not have', () => {
    expect(hatched.coherence).toBeGreaterThan(0.9);
    expect(hatched.blockCoherence).toBeGreaterThan(0.9);
    expect(noisy.coherence).toBeLessThan(0.3);
    expect(noisy.blockCoherence).toBeLessThan(0.5);
    expect(hatched.cover15).toBeCloseTo(0.4, 1);
  });

  it('is 0 on a blank cell', () => {
    expect(blank).toEqual({ gradient: 0, coherence: 0, blockCoherence: 0, cover15: 0 });
  });
});

describe('light shading in a faint hand', () => {
  const game = loadGame();
  // Seeds whose photos' light holes the hole model without the sheet's cells missed (2 and 3 of each).
  for (const seed of [2, 6]) {
    it(`reads every hole of simulated photo light-${seed}`, async () => {
      const sim = await simulatePhoto(`light-${seed}`, 'easy', { sizes: [[3264, 2448]], conditions: { draw: 'none', force: ['light-shading', 'light-hand'] } });
      const r = await scanPhoto(sim.jpeg, game);
      const key = ([a, b]: readonly number[]) => `${a},${b}`;
      expect(r.state.holes.map(key).sort()).toEqual(sim.truth.holes.map(key).sort());
    }, 60_000);
  }
});
