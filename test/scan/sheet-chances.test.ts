import { describe, expect, it } from 'vitest';
import { sheetChances, sheetFactor, type SheetScale } from '../../src/scan/chances.js';
import { makeRand } from '../../tools/sim/rand.js';
import { fitSheetScale, type SheetItems } from '../../tools/sim/fit.js';

const certainty = (...chances: number[]) => Float64Array.from(chances, (c) => Math.log((1 - c) / c));

describe('chances sharpened or softened by the sheet', () => {
  const scale: SheetScale = { doubtFrom: 0.2, base: 0.4, perDoubt: -0.12 };

  it('are the models’ own without a scale', () => {
    const got = sheetChances(certainty(0.3, 0.08, 0.01)).chances;
    expect(Array.from(got, (c) => Math.round(c * 1000) / 1000)).toEqual([0.3, 0.08, 0.01]);
  });

  it('are sharper on a sheet with one doubt than on a sheet full of them, and stay 0.5 where the models cannot tell', () => {
    const clean = sheetChances(certainty(0.5, 0.3, 0.08), scale).chances;
    const doubtful = sheetChances(certainty(0.5, 0.3, 0.08, ...Array(60).fill(0.3)), scale).chances;
    expect(clean[2]).toBeLessThan(0.05);
    expect(doubtful[2]).toBeGreaterThan(clean[2]);
    expect(clean[0]).toBeCloseTo(0.5, 10);
    expect(sheetFactor(scale, 0)).toBeGreaterThan(sheetFactor(scale, 60));
  });

  it('are fitted back from sheets whose items come true at a planted scale', () => {
    const planted: SheetScale = { doubtFrom: 0.2, base: 0.5, perDoubt: -0.15 };
    const rand = makeRand('sheet-scale');
    const sheets: SheetItems[] = [];
    for (let s = 0; s < 300; s++) {
      // sheets from clean (a few doubts) to smeared (dozens)
      const doubtful = Math.floor(rand() * 40);
      const k = Float64Array.from({ length: 200 }, (_, i) => (i < doubtful ? rand() * 1.4 : 1.4 + rand() * 6));
      const truth = sheetChances(k, planted).chances;
      sheets.push({ certainty: k, wrong: Uint8Array.from(truth, (c) => Number(rand() < c)) });
    }
    const got = fitSheetScale(sheets);
    expect(got.base).toBeGreaterThan(0.3);
    expect(got.base).toBeLessThan(0.7);
    expect(got.perDoubt).toBeLessThan(-0.05);
    expect(got.perDoubt).toBeGreaterThan(-0.25);
  });
});
