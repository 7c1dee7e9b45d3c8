import { describe, expect, it } from 'vitest';
import { calibrateStrokes } from '../../src/scan/stroke-calibration.js';
import type { StrokeFeature } from '../../src/scan/stroke.js';

/** Strokes with these q30s (the rest of a stroke's measures do not enter the levels but its colour's). */
const strokes = (q30s: number[]): StrokeFeature[] => q30s.map((q30) => ({ q30, most: q30, chroma: 0 }) as StrokeFeature);

/** A sheet's edges: `drawn` fences of each way at these inks among blanks at 0.02. */
function sheet(h: number, v: number, drawn = 30, blanks = 100) {
  const q = [...Array(drawn).fill(h), ...Array(blanks).fill(0.02), ...Array(drawn).fill(v), ...Array(blanks).fill(0.02)];
  const kinds = [...Array(drawn + blanks).fill('h'), ...Array(drawn + blanks).fill('v')] as ('h' | 'v')[];
  return calibrateStrokes(strokes(q), kinds);
}

describe('calibrateStrokes', () => {
  it('measures both ways against the sheet level when a hand presses them alike', () => {
    const cal = sheet(0.4, 0.34);
    expect(cal.way).toEqual({ h: cal.level, v: cal.level });
  });

  it('measures a way smeared pale (a phone moving across its strokes) against its own level', () => {
    const cal = sheet(0.4, 0.2);
    expect(cal.way.h).toBe(cal.level);
    expect(cal.way.v).toBeCloseTo(0.2, 2);
  });

  it('never below 0.4 of the sheet level, and not from a way with hardly a stroke', () => {
    const faint = sheet(0.5, 0.05);
    expect(faint.way.v).toBeCloseTo(0.4 * faint.level, 6);
    const few = sheet(0.4, 0.15, 30, 100);
    const none = calibrateStrokes(strokes([...Array(30).fill(0.4), ...Array(100).fill(0.02), 0.15, 0.15, ...Array(100).fill(0.02)]), [...Array(130).fill('h'), ...Array(102).fill('v')]);
    expect(few.way.v).toBeLessThan(few.level);
    expect(none.way).toEqual({ h: none.level, v: none.level });
  });
});
