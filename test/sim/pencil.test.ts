import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { createSetup } from '../../src/engine/setup.js';
import { simulateSheet } from '../../src/engine/simulate.js';
import { blankPage, type BlankPage } from '../../tools/sim/page.js';
import { drawGame, type PencilKnobs } from '../../tools/sim/pencil.js';
import { makeRand } from '../../tools/sim/rand.js';

const game = loadGame();

const knobs = (over: Partial<PencilKnobs>): PencilKnobs => ({
  instrument: 'hb', pressure: 1, wobble: 0.3, overshoot: 0.05, gapProb: 0, joinProb: 0.5, sloppy: 0.3, shadeProb: 0.3,
  doodleRate: 1, smudges: 3, name: 'ADA', extras: true, ...over,
});

/** Mean darkness (0 white .. 255 black, green channel) in a window of the page around a point in PDF points. */
function darkness(p: BlankPage, x: number, y: number, r: number): number {
  let sum = 0;
  let n = 0;
  const cx = Math.round(x * p.scale);
  const cy = Math.round(y * p.scale);
  for (let j = cy - r; j <= cy + r; j++) for (let i = cx - r; i <= cx + r; i++) (sum += 255 - p.rgb[(j * p.width + i) * 3 + 1]), n++;
  return sum / n;
}

describe('pencil stage', () => {
  it('draws every fenced interior edge, leaves open edges and map cells clean', async () => {
    const setup = createSetup(game, 'pencil-test', 'A', 3);
    const state = simulateSheet(game, 'A', setup.cards, 'pencil-test');
    for (const instrument of ['pen', 'hb', 'faint'] as const) {
      const blank = await blankPage(game, setup, 1, 'a4', 100);
      const page: BlankPage = { ...blank, rgb: blank.rgb.slice() };
      const drawn = drawGame(makeRand(instrument), page, game, state, knobs({ instrument, smudges: 0, doodleRate: 0 }));
      expect(drawn.instrument).toBe(instrument);
      const { x, y, cell, rows, cols } = page.geometry.grid;
      // ink added across the line (the stroke may wander a few px off the printed line): the darkest offset
      const added = (px: number, py: number) => {
        let best = -Infinity;
        for (let dy = -4; dy <= 4; dy += 0.5) best = Math.max(best, darkness(page, px, py + dy * 0.72, 1) - darkness(blank, px, py + dy * 0.72, 1));
        return best;
      };
      let minFenced = Infinity;
      let maxOpen = -Infinity;
      for (let i = 1; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          // the middle of the horizontal edge (i, j): on the grid line, between its dots
          const d = added(x + (j + 0.5) * cell, y + i * cell);
          if (state.fences.h[i][j] === '1') minFenced = Math.min(minFenced, d);
          else if (!state.holes.some(([r, c]) => (r === i || r === i - 1) && c === j)) maxOpen = Math.max(maxOpen, d);
        }
      }
      expect(minFenced).toBeGreaterThan(instrument === 'faint' ? 8 : 25);
      expect(maxOpen).toBeLessThan(5);
    }
  });

  it('puts doodles well inside discovery cells and records holes, smudges and doodles', async () => {
    const setup = createSetup(game, 'pencil-test-2', 'B', 1);
    const state = simulateSheet(game, 'B', setup.cards, 'pencil-test-2');
    const page = await blankPage(game, setup, 1, 'letter', 100);
    const drawn = drawGame(makeRand('d'), page, game, state, knobs({}));
    expect(drawn.doodles.length).toBeGreaterThan(0);
    expect(drawn.smudges.length).toBe(3);
    expect(drawn.holeStyles.length).toBe(state.holes.length);
    for (const s of drawn.smudges) expect(s.kind === 'h' ? state.fences.h[s.row][s.col] : state.fences.v[s.row][s.col]).toBe('0');
  });
});
