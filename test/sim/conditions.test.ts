import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { createSetup } from '../../src/engine/setup.js';
import { simulateSheet } from '../../src/engine/simulate.js';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';
import { readFileSync } from 'node:fs';
import { applyConditions, CONDITIONS, conditionsTable, FAMILIES, resolveConditions } from '../../tools/sim/conditions.js';
import { drawKnobs, DIFFICULTIES } from '../../tools/sim/difficulty.js';
import { freehandFences, MAX_ACROSS, MAX_END, plainFreehand, type FreehandKnobs } from '../../tools/sim/fences.js';
import type { Hand } from '../../tools/sim/hand.js';
import { makeRand } from '../../tools/sim/rand.js';
import { holeMark } from '../../tools/sim/holes.js';
import { simulatePhoto } from '../../tools/sim/simulate-photo.js';
import { checkTruth } from '../helpers/sim-truth.js';

const game = loadGame();
const small = { sizes: [[1200, 900]] as [number, number][] };

describe('condition registry', () => {
  it('names each condition once, in a known family, with a description and ranges; every family has several', () => {
    const names = CONDITIONS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of CONDITIONS) {
      expect(FAMILIES).toContain(c.family);
      expect(c.description.length).toBeGreaterThan(20);
      expect(c.ranges.length).toBeGreaterThan(5);
      expect(c.chance).toBeGreaterThanOrEqual(0);
      expect(c.chance).toBeLessThan(1);
      expect(FAMILIES as readonly string[]).not.toContain(c.name);
    }
    for (const f of FAMILIES) expect(CONDITIONS.filter((c) => c.family === f).length).toBeGreaterThanOrEqual(2);
    // a condition drawn only when forced comes after every drawn one, so that adding it changed no cached photo
    const firstForcedOnly = CONDITIONS.findIndex((c) => c.chance === 0);
    if (firstForcedOnly >= 0) expect(CONDITIONS.slice(firstForcedOnly).every((c) => c.chance === 0)).toBe(true);
    expect(() => resolveConditions('no-such-thing')).toThrow(/unknown condition or family "no-such-thing"/);
  });

  it('docs/simulator.md holds the table of conditions as the registry writes it (tools/sim/cli.ts --list --markdown)', () => {
    expect(readFileSync('docs/simulator.md', 'utf8')).toContain(conditionsTable());
  });

  it('draws at random by default, never an excluded family, always a forced one; excluding one shifts no other', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const d = DIFFICULTIES[i % 4];
      const k = () => drawKnobs(makeRand(`k${i}`), d);
      const all = applyConditions(makeRand(`c${i}`), k());
      all.forEach((n) => seen.add(n));
      for (const fam of FAMILIES) {
        const without = applyConditions(makeRand(`c${i}`), k(), { exclude: [fam] });
        expect(without.filter((n) => resolveConditions(fam).some((c) => c.name === n))).toEqual([]);
        // the other families' conditions are the same as without the exclusion
        expect(without).toEqual(all.filter((n) => CONDITIONS.find((c) => c.name === n)!.family !== fam));
      }
      const forced = applyConditions(makeRand(`c${i}`), k(), { draw: 'none', force: ['freehand'] });
      expect(forced.length).toBeGreaterThan(0);
      for (const n of forced) expect(CONDITIONS.find((c) => c.name === n)!.family).toBe('freehand');
      // one of each group only
      const groups = forced.map((n) => CONDITIONS.find((c) => c.name === n)!.group).filter(Boolean);
      expect(new Set(groups).size).toBe(groups.length);
      expect(applyConditions(makeRand(`c${i}`), k(), { draw: 'none' })).toEqual([]);
      // a condition drawn only when forced is on when named, not with its family
      expect(applyConditions(makeRand(`c${i}`), k(), { draw: 'none', force: ['erased'] })).not.toContain('erased-even');
      expect(applyConditions(makeRand(`c${i}`), k(), { draw: 'none', force: ['erased-even'] })).toEqual(['erased-even']);
      expect(applyConditions(makeRand(`c${i}`), k(), { draw: 'none', force: ['hatching'] })).not.toContain('cover-fill');
      expect(applyConditions(makeRand(`c${i}`), k(), { draw: 'none', force: ['cover-fill'] })).toEqual(['cover-fill']);
      expect(applyConditions(makeRand(`c${i}`), k(), { draw: 'none', force: ['hatching'] })).not.toContain('cover-hatch');
      expect(applyConditions(makeRand(`c${i}`), k(), { draw: 'none', force: ['cover-hatch'] })).toEqual(['cover-hatch']);
    }
    // 300 draws see every condition with a chance, and never one drawn only when forced
    expect([...seen].sort()).toEqual(CONDITIONS.filter((c) => c.chance > 0).map((c) => c.name).sort());
  });
});

describe('each condition', () => {
  // one photo of the preset alone per family, each condition of the family forced on the same seed
  const bases = new Map<string, ReturnType<typeof simulatePhoto>>();
  const baseOf = (family: string) => {
    if (!bases.has(family)) bases.set(family, simulatePhoto(`cond-${family}`, 'medium', { ...small, conditions: 'none' }));
    return bases.get(family)!;
  };
  for (const c of CONDITIONS) {
    it(`${c.name} (${c.family}) can be forced alone, changes the photo, and the truth says so`, async () => {
      const seed = `cond-${c.family}`;
      const base = await baseOf(c.family);
      const on = await simulatePhoto(seed, 'medium', { ...small, conditions: { draw: 'none', force: [c.name] } });
      expect(base.truth.sim.conditions).toEqual([]);
      expect(on.truth.sim.conditions).toEqual([c.name]);
      expect(on.jpeg.equals(base.jpeg)).toBe(false);
      // the game on the sheet is the same: a condition changes how it looks, not what a person reads (a forced
      // hatching condition makes the sheet an A, whose holes the player draws)
      if (c.sideA) expect(on.truth.side).toBe('A');
      else expect([on.truth.fences, on.truth.holes, on.truth.score]).toEqual([base.truth.fences, base.truth.holes, base.truth.score]);
      await checkTruth(on.jpeg, on.truth);
    }, 120_000);
  }

  it('same seed and options give the same photo; other options another', async () => {
    const opts = { ...small, conditions: { draw: 'none' as const, force: ['fold-thirds', 'fence-offset'] } };
    const a = await simulatePhoto('det', 'hard', opts);
    const b = await simulatePhoto('det', 'hard', opts);
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(JSON.stringify(a.truth)).toBe(JSON.stringify(b.truth));
    expect(a.truth.sim.conditions).toEqual(['fence-offset', 'fold-thirds']);
    const c = await simulatePhoto('det', 'hard', { ...small, conditions: { draw: 'none', force: ['fold-thirds'] } });
    expect(c.jpeg.equals(a.jpeg)).toBe(false);
  }, 120_000);
});

describe('freehand fences', () => {
  const wild: FreehandKnobs = {
    bias: [0.15, -0.15], spread: 0.1, tilt: 0.15, shortEnds: 0.5, shortMax: MAX_END, longEnds: 0.9, longMax: MAX_END,
    waver: 0.07, bow: 0.06, join: 0.9, turn: 0.8, drift: 0.07, double: 0.7, pressure: 1, width: 1,
  };
  const hand: Hand = { width: 2, alpha: 0.7, pressureVar: 0.1, wobble: 1, jitter: 0.1, overshoot: 0.1, gapProb: 0, sloppy: 0.5 };

  it('keeps every stroke within 0.3 cell of a fenced edge\'s line, its ends within reason, and covers every fenced edge', () => {
    for (const [i, side] of (['A', 'B', 'A', 'B'] as const).entries()) {
      const setup = createSetup(game, `freehand-${i}`, side, side === 'A' ? 3 : 1);
      const state = simulateSheet(game, side, setup.cards, `freehand-${i}`);
      const grid = sheetGeometry(side, 'a4').grid;
      const fk = i < 3 ? wild : { ...wild, join: 0, turn: 0 };
      const { strokes, stats } = freehandFences(makeRand(`fh${i}`), state, grid, hand, fk);
      expect(stats.maxAcross).toBeLessThanOrEqual(MAX_ACROSS + 1e-9);
      expect(stats.maxPast).toBeLessThanOrEqual(MAX_END + 1e-9);
      expect(stats.maxShort).toBeLessThanOrEqual(MAX_END + 1e-9);
      if (fk.join > 0) expect(stats.runs).toBeGreaterThan(0);
      // the fenced edges as segments in cells
      const fenced: { a: [number, number]; b: [number, number] }[] = [];
      for (let r = 1; r < grid.rows; r++) for (let c = 0; c < grid.cols; c++) if (state.fences.h[r][c] === '1') fenced.push({ a: [c, r], b: [c + 1, r] });
      for (let r = 0; r < grid.rows; r++) for (let c = 1; c < grid.cols; c++) if (state.fences.v[r][c] === '1') fenced.push({ a: [c, r], b: [c, r + 1] });
      const covered = fenced.map(() => new Set<number>());
      const tremor = 0.02;
      for (const s of strokes) {
        for (const [px, py] of s.pts) {
          const x = (px - grid.x) / grid.cell;
          const y = (py - grid.y) / grid.cell;
          // a point belongs to a fenced edge when it lies within 0.3 cell across its line and within the ends' reach
          let near = false;
          fenced.forEach((e, k) => {
            const horiz = e.a[1] === e.b[1];
            const across = horiz ? Math.abs(y - e.a[1]) : Math.abs(x - e.a[0]);
            const along = horiz ? x - e.a[0] : y - e.a[1];
            if (across <= MAX_ACROSS + tremor && along >= -MAX_END - tremor && along <= 1 + MAX_END + tremor) {
              near = true;
              if (along >= 0 && along <= 1) covered[k].add(Math.floor(along * 20));
            }
          });
          expect(near, `stroke point (${x.toFixed(2)}, ${y.toFixed(2)}) cells is near no fenced edge`).toBe(true);
        }
      }
      // every fenced edge has ink along at least half its length
      covered.forEach((c, k) => expect(c.size, `edge ${JSON.stringify(fenced[k])}`).toBeGreaterThanOrEqual(10));
    }
  });

  it('a plain hand stays close to the line (as the ruled path does)', () => {
    const setup = createSetup(game, 'plain', 'A', 2);
    const state = simulateSheet(game, 'A', setup.cards, 'plain');
    const fk = plainFreehand({ overshoot: 0.08, joinProb: 0.5, wobble: 0.4, sloppy: 0.3 });
    const { stats } = freehandFences(makeRand('plain'), state, sheetGeometry('A', 'a4').grid, hand, fk);
    expect(stats.maxAcross).toBeLessThan(0.15);
  });
});

describe('sheets that do not lie flat', () => {
  it('folded into thirds: the land\'s lines kink at the creases, no homography fits, the truth still matches the photo', async () => {
    const { jpeg, truth } = await simulatePhoto('folded', 'medium', { sizes: [[1600, 1200]], conditions: { draw: 'none', force: ['fold-thirds'] } });
    expect(truth.sim.knobs.photo.surface?.folds).toHaveLength(2);
    expect(truth.sim.warpPx).toBeGreaterThan(1);
    await checkTruth(jpeg, truth);
    // the farthest any vertex of a land line lies off the straight line through its two ends (photo px): a kink
    const v = truth.sim.grid.vertices;
    let worst = 0;
    const off = (line: [number, number][]) => {
      const [a, b] = [line[0], line[line.length - 1]];
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      for (const p of line) worst = Math.max(worst, Math.abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / len);
    };
    for (const row of v) off(row);
    for (let j = 0; j < v[0].length; j++) off(v.map((row) => row[j]));
    expect(worst).toBeGreaterThan(1);
  });
});

describe('shade-to-lines', () => {
  const hand: Hand = { width: 1.5, alpha: 0.7, pressureVar: 0.1, wobble: 0.5, jitter: 0.05, overshoot: 0, gapProb: 0, sloppy: 0.3 };
  const cell = 20;
  /** How far inside the cell's lines the strokes' points stop (in cells; negative: over them), nearest side. */
  const margin = (strokes: { pts: [number, number][] }[]) => {
    const pts = strokes.flatMap((s) => s.pts);
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    return Math.min(Math.min(...xs), Math.min(...ys), cell - Math.max(...xs), cell - Math.max(...ys)) / cell;
  };

  it('takes a shaded hole to its lines and over them, where the presets keep it well inside', () => {
    for (let i = 0; i < 20; i++) {
      // (a scribble's loops keep their centres a loop's radius in: it does not reach every side)
      for (const style of ['shaded', 'light', 'cross-hatch', 'one-direction', 'dense-diagonal'] as const) {
        const inside = margin(holeMark(makeRand(`in${i}${style}`), style, 0, 0, cell, hand));
        const reaching = margin(holeMark(makeRand(`in${i}${style}`), style, 0, 0, cell, hand, [-0.04, 0.02]));
        expect(inside, style).toBeGreaterThan(0.02);
        expect(reaching, style).toBeLessThan(0.04);
        expect(reaching, style).toBeGreaterThan(-0.1);
      }
    }
  });

  it('shades densely in diagonals for cover-hatch: several times the strokes of one-direction, each at 45 degrees', () => {
    let [dense, sparse] = [0, 0];
    for (let i = 0; i < 20; i++) {
      const strokes = holeMark(makeRand(`dd${i}`), 'dense-diagonal', 0, 0, cell, hand);
      dense += strokes.length;
      sparse += holeMark(makeRand(`dd${i}`), 'one-direction', 0, 0, cell, hand).length;
      for (const { pts } of strokes) {
        const [a, b] = [pts[0], pts[pts.length - 1]];
        const slope = Math.abs((b[1] - a[1]) / (b[0] - a[0]));
        expect(slope).toBeGreaterThan(0.6);
        expect(slope).toBeLessThan(1.7);
      }
    }
    expect(dense).toBeGreaterThanOrEqual(2 * sparse);
  });

  it('comes last of the drawn conditions, so the random draws of every condition before it are as they were', () => {
    const names = CONDITIONS.filter((c) => c.chance > 0).map((c) => c.name);
    expect(names.at(-1)).toBe('shade-to-lines');
  });
});
