import { describe, expect, it } from 'vitest';
import { blankState } from '../../src/engine/board.js';
import { loadGame } from '../../src/data/load.js';
import { ScanRefused, UserError } from '../../src/errors.js';
import type { InkCalibration } from '../../src/scan/classify.js';
import type { EdgeFeature } from '../../src/scan/features.js';
import type { InkMap } from '../../src/scan/inkmap.js';
import { checkFinished, checkReadable } from '../../src/scan/refuse.js';

const game = loadGame();
/** Faint pencil (typical fence ink under 0.13) and dark pencil. */
const FAINT_CAL: InkCalibration = { threshold: 0.07, blank: 0.04, drawn: 0.085, inkLevel: 0.11, paperLevel: 0.015 };
const DARK_CAL: InkCalibration = { threshold: 0.16, blank: 0.08, drawn: 0.2, inkLevel: 0.31, paperLevel: 0.02 };

/** An edge in even light scoring `score`. */
const edge = (kind: 'h' | 'v', row: number, col: number, score: number): EdgeFeature => ({
  kind, row, col, score, presence: score, light: 1, glare: 1, across: 1, low: score, median: score, noise: 0,
  thirds: [score, score, score], path: score, ridge: score, oblique: 0, phase: 0, shift: 0,
});
const evenEdges = (score: number) => Array.from({ length: 40 }, (_, i) => edge('h', 1 + (i % 11), i % 12, score));
const land = (clipped: number) => ({ clipped }) as InkMap;

/** Expected wrong guesses: the models unsure enough for the limits on doubts to hold. */
const UNSURE = 1;

const refusal = (f: () => void): string => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  return '';
};

describe('refusing a reading too unsure to help', () => {
  const edges = evenEdges(0.1);

  it('faint pencil: up to 40 doubts on a sheet with holes to read, 60 on one without (sheet B)', () => {
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0), 40, UNSURE, true))).toBe('');
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0), 41, UNSURE, true))).toMatch(/^p: the pencil is too faint to read reliably \(41 doubtful .*: trace the fences darker, or retake/);
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0), 60, UNSURE, false))).toBe('');
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0), 61, UNSURE, false))).toMatch(/too faint to read reliably \(61 doubtful/);
  });

  it('faint pencil on paper washed out white: 25 doubts', () => {
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0.7), 25, UNSURE, false))).toBe('');
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0.7), 26, UNSURE, false))).toMatch(/washed out white \(overexposed\).*: retake the photo in softer light/);
    // below half the land clipped, the faint limits hold
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0.4), 40, UNSURE, true))).toBe('');
  });

  it('pencil just darker than faint: 60 doubts, washed out or not', () => {
    const justDarker = { ...FAINT_CAL, inkLevel: 0.135 };
    expect(refusal(() => checkReadable('p', edges, justDarker, land(1), 60, UNSURE, true))).toBe('');
    expect(refusal(() => checkReadable('p', edges, justDarker, land(1), 61, UNSURE, true))).toMatch(/too faint or the photo too blurry .*\(61 doubtful .*: retake it closer/);
  });

  it('pencil clearly darker than faint (ink level 0.14 and up): 100 doubts', () => {
    expect(refusal(() => checkReadable('p', edges, { ...DARK_CAL, inkLevel: 0.14 }, land(0), 100, UNSURE, true))).toBe('');
    expect(refusal(() => checkReadable('p', edges, DARK_CAL, land(1), 100, UNSURE, true))).toBe('');
    expect(refusal(() => checkReadable('p', edges, DARK_CAL, land(1), 101, UNSURE, true))).toMatch(/too faint or the photo too blurry .*\(101 doubtful .*: retake it closer/);
  });

  it('keeps a reading the models are sure of, however many doubts, except on paper washed out white', () => {
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0), 200, 0.99, true))).toBe('');
    expect(refusal(() => checkReadable('p', edges, DARK_CAL, land(0), 300, 0.5, true))).toBe('');
    expect(refusal(() => checkReadable('p', edges.map((e) => ({ ...e, across: 0.6, ridge: 0.05 })), FAINT_CAL, land(0), 50, 0.2, true))).toBe('');
    expect(refusal(() => checkReadable('p', edges, FAINT_CAL, land(0.7), 26, 0, false))).toMatch(/washed out white/);
  });

  it('faint pencil with 40 edges where a shadow\'s edge could swallow a stroke', () => {
    const alongShadow = edges.map((e) => ({ ...e, across: 0.6, ridge: 0.05 }));
    expect(refusal(() => checkReadable('p', alongShadow, FAINT_CAL, land(0), 0, UNSURE, true))).toMatch(/a shadow or glare covers part of the land .*: retake/);
    expect(refusal(() => checkReadable('p', alongShadow.slice(1), FAINT_CAL, land(0), 0, UNSURE, true))).toBe('');
  });
});

describe('refusing a reading with fewer fences than a finished sheet', () => {
  /** A sheet A (its borderline fenced, as read) with the first `n` horizontal interior edges fenced, and the edges' scores. */
  function sheet(n: number, inkedScore: number) {
    const state = blankState('A', ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road']);
    const edges: EdgeFeature[] = [];
    let k = 0;
    state.fences.h = state.fences.h.map((line, i) => {
      if (i === 0 || i === 12) return line;
      return [...line].map((_, j) => {
        const on = k < n ? (k++, '1') : '0';
        edges.push(edge('h', i, j, on === '1' ? inkedScore : 0.01));
        return on;
      }).join('');
    });
    return { state, edges };
  }

  it('19 fence edges (the three shortest special fences) are the least a finished sheet holds', () => {
    const ok = sheet(19, 0.3);
    expect(refusal(() => checkFinished('p', ok.state, ok.edges, DARK_CAL, game))).toBe('');
    const few = sheet(18, 0.3);
    expect(refusal(() => checkFinished('p', few.state, few.edges, DARK_CAL, game))).toMatch(/^p: found pencil on only 18 edges where a finished sheet has at least 19 fence edges .*: retake it/);
  });

  it('fences read from traces under the threshold do not count as pencil found', () => {
    const traces = sheet(48, 0.05);
    expect(refusal(() => checkFinished('p', traces.state, traces.edges, DARK_CAL, game))).toMatch(/found pencil on only 0 edges/);
  });
});

describe('refusals carry a code to branch on', () => {
  const edges = evenEdges(0.1);
  const codeOf = (f: () => void): string | undefined => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(ScanRefused);
      expect((e as ScanRefused).photo).toBe('p');
      expect((e as ScanRefused).message).toBe(`p: ${(e as ScanRefused).reason}`);
      return (e as ScanRefused).code;
    }
    return undefined;
  };

  it('too faint, washed out, uneven light, too doubtful, unfinished', () => {
    expect(codeOf(() => checkReadable('p', edges, FAINT_CAL, land(0), 41, UNSURE, true))).toBe('too-faint');
    expect(codeOf(() => checkReadable('p', edges, FAINT_CAL, land(0.7), 26, UNSURE, false))).toBe('washed-out');
    expect(codeOf(() => checkReadable('p', edges.map((e) => ({ ...e, across: 0.6, ridge: 0.05 })), FAINT_CAL, land(0), 0, UNSURE, true))).toBe('uneven-light');
    expect(codeOf(() => checkReadable('p', edges, DARK_CAL, land(1), 101, UNSURE, true))).toBe('too-doubtful');
    const state = blankState('A', ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road']);
    expect(codeOf(() => checkFinished('p', state, [], DARK_CAL, game))).toBe('unfinished');
  });
});
