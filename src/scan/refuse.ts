import { fewestFenceEdges, fewestFenceEdgesEachWay } from '../engine/moves.js';
import type { GameData, SheetState } from '../engine/types.js';
import { askedCount } from '../engine/review.js';
import { ScanRefused } from '../errors.js';
import type { RatedItem } from './ask.js';
import type { LandGrid } from './grid.js';
import type { SheetEvidence } from './read.js';
import { TUNING } from './tuning.js';

/*
 * When a reading cannot help and the photo is refused with advice (exit 2: retake) rather than read badly. A
 * reading with doubts is read and its doubts asked; one with more spots to ask than a person would check before
 * redoing the sheet by hand, or more errors likely than asking can catch, is refused.
 */

const { maxAsked: MAX_ASKED, mostExpectedWrong: MOST_EXPECTED_WRONG } = TUNING.refuse;

/**
 * Refuses a reading with more spots to ask than a person checks, or with more items likely misread than the asking
 * can cover: a hand the models never saw (fences drawn well beside their lines) is misread edge after edge, each
 * alone moving nothing, so none is asked and the total comes out wrong.
 */
export function checkReadable(name: string, rated: RatedItem[]): void {
  const asked = askedCount(rated);
  if (asked > MAX_ASKED) {
    throw new ScanRefused('too-doubtful', name, `the photo is too hard to read reliably (${asked} spots to check): retake it closer, in even light, holding still`);
  }
  const expected = rated.reduce((sum, r) => sum + r.chance, 0);
  if (expected > MOST_EXPECTED_WRONG) {
    throw new ScanRefused('too-doubtful', name, `the photo is too hard to read reliably (about ${Math.round(expected)} items likely misread): retake it closer, in even light, holding still`);
  }
}

/**
 * Refuses a reading with fewer fences than any finished sheet holds, or with fewer edges clearly inked: pencil
 * washed out by overexposure, or too faint for the photo, vanishes without a trace, and the land reads as nearly
 * blank with nothing to doubt.
 */
export function checkFinished(name: string, state: SheetState, ev: SheetEvidence, game: GameData): void {
  // interior edges only: the borderline reads as fenced
  const ones = (line: string) => line.split('1').length - 1;
  const { h, v } = state.fences;
  const fences = h.slice(1, -1).reduce((n, line) => n + ones(line), 0) + v.reduce((n, line) => n + ones(line.slice(1, -1)), 0);
  // each way's strokes against its own level, as they are read (a way smeared pale by a moving phone still counts)
  const inkedWay = (kind: 'h' | 'v') => {
    const t = (ev.cal.threshold * ev.cal.way[kind]) / ev.cal.level;
    return ev.edges.filter((e, i) => e.kind === kind && ev.strokes[i].q30 >= t).length;
  };
  const [across, down] = [inkedWay('h'), inkedWay('v')];
  const inked = across + down;
  const fewest = fewestFenceEdges(game.sheets[state.side], game.specialFences);
  if (Math.min(fences, inked) < fewest) {
    throw new ScanRefused('unfinished', name, `found pencil on only ${Math.min(fences, inked)} edges where a finished sheet has at least ${fewest} fence edges (its special fences alone): the pencil does not show in this photo: retake it in softer, even light, or trace the fences darker`);
  }
  // One way only: the phone moved while the photo was taken, and its smear wiped out the strokes across it (below
  // even their own way's split).
  const fewestWay = fewestFenceEdgesEachWay(game.sheets[state.side], game.specialFences);
  if (Math.min(across, down) < fewestWay) {
    const [few, way] = across < down ? [across, 'along the rows'] : [down, 'down the columns'];
    throw new ScanRefused('too-blurry', name, `found pencil on only ${few} edges ${way} where a finished sheet has at least ${fewestWay} each way (its special fences): the photo is smeared one way: hold the phone still and retake it`);
  }
}

/** The largest step between neighbouring cell sides a placed grid may have (TUNING.refuse.mostCellStep). */
export const MOST_CELL_STEP = TUNING.refuse.mostCellStep;

/** The largest ratio between neighbouring cell sides along a grid line (1 on a flat sheet). */
export function cellStep(grid: Pick<LandGrid, 'rows' | 'cols' | 'xs' | 'ys'>): number {
  const { rows, cols, xs, ys } = grid;
  const W = cols + 1;
  const side = (a: number, b: number) => Math.hypot(xs[a] - xs[b], ys[a] - ys[b]);
  let worst = 0;
  const step = (a: number, b: number, c: number) => (worst = Math.max(worst, Math.abs(Math.log(side(a, b) / side(b, c)))));
  for (let r = 0; r <= rows; r++) for (let c = 0; c + 2 <= cols; c++) step(r * W + c, r * W + c + 1, r * W + c + 2);
  for (let c = 0; c <= cols; c++) for (let r = 0; r + 2 <= rows; r++) step(r * W + c, (r + 1) * W + c, (r + 2) * W + c);
  return Math.exp(worst);
}

export function checkRegistered(name: string, grid: LandGrid): void {
  if (cellStep(grid) > MOST_CELL_STEP) {
    throw new ScanRefused('not-flat', name, 'the sheet is bent or folded too much to place its grid: lay it flat (under a book for a minute) and retake it from straight above');
  }
}
