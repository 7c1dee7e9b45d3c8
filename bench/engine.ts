import { loadGame } from '../src/data/load.js';
import { boardFromState } from '../src/engine/board.js';
import { scoreBoard } from '../src/engine/score.js';
import { createSetup } from '../src/engine/setup.js';
import { simulateSheet } from '../src/engine/simulate.js';
import type { Report } from './report.js';

/** Scores 10,000 random simulated sheets on one core; target >= 20,000 sheets per second. */
export function bench(report: Report): void {
  const game = loadGame();
  const N = 10_000;
  const t0 = performance.now();
  const states = Array.from({ length: N }, (_, i) => {
    const side = i % 4 === 0 ? 'B' : 'A';
    return simulateSheet(game, side, createSetup(game, `bench-${i % 50}`, side, 1).cards, i);
  });
  const tSim = performance.now() - t0;
  const boards = states.map((s) => boardFromState(s, game.sheets[s.side].map));
  // warm up the JIT, then measure scoring alone (boards are prebuilt, as the scanner hands them over)
  for (let i = 0; i < 2000; i++) scoreBoard(game, game.sheets[states[i].side], boards[i], states[i].cards);
  let checksum = 0;
  const t1 = performance.now();
  for (let i = 0; i < N; i++) checksum += scoreBoard(game, game.sheets[states[i].side], boards[i], states[i].cards).total;
  const tScore = performance.now() - t1;
  const t2 = performance.now();
  for (let i = 0; i < N; i++) boardFromState(states[i], game.sheets[states[i].side].map);
  const tBoard = performance.now() - t2;
  const perSecond = (ms: number) => `${Math.round(N / (ms / 1000)).toLocaleString('en')} sheets/s`;
  report.row(`score ${N.toLocaleString('en')} random sheets, one core`, perSecond(tScore), '>= 20,000 sheets/s');
  report.row('sheet state to board, then score', perSecond(tScore + tBoard));
  report.row(`simulate ${N.toLocaleString('en')} sheets played by dice`, `${(tSim / 1000).toFixed(2)} s`);
  report.note(`Scoring is timed on prebuilt boards, as the scanner hands them over, after a warm-up (checksum ${checksum}).`);
}
