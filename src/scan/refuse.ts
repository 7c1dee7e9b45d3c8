import { fewestFenceEdges } from '../engine/moves.js';
import type { GameData, SheetState } from '../engine/types.js';
import { ScanRefused } from '../errors.js';
import { FAINT, strokeMayHide, type InkCalibration } from './classify.js';
import type { EdgeFeature } from './features.js';
import type { InkMap } from './inkmap.js';

/*
 * When a reading is too unsure to help and the photo is refused with advice (exit 2: retake) rather than read badly.
 * Each limit was set from simulated photos; the measurements are beside it.
 */

/** Most doubtful items a reading may have: past it, a person would redo the sheet by hand; better to retake. */
const MAX_DOUBTS = 60;
/**
 * Pencil clearly darker than faint keeps its sure readings sure with more doubts around them: on 1,900 simulated
 * photos (1,200 training, 700 held out), sheets at this ink level or above with 61 to 100 doubts read exactly 32
 * times in 48, and none held an unflagged error. The 4 of darker-than-faint pencil past 60 doubts that held one
 * had 61 doubts at ink level 0.133, or 113 and more.
 */
const CLEAR = 0.14;
const MAX_DOUBTS_CLEAR = 100;
/**
 * With pencil this faint, many doubts mean the sure-looking readings cannot be trusted either (on 1,200 simulated
 * training photos, faint-pencil sheets with 26 to 40 doubts: 21 of 27 read exactly, 1 held an unflagged error, on
 * paper washed out white, where the limit stays 25 (below); with 41 to 60 doubts: 41 of 61 exact, 2 unflagged
 * errors, a light hatching and an X across a shadow's edge, both at 41).
 */
const MAX_DOUBTS_FAINT = 40;
/**
 * The same on a sheet with no holes to read (sheet B's are printed): the unflagged errors behind the faint limit
 * were holes missed on sheet A. With only fences to read, faint sheets with 41 to 60 doubts read exactly 20 times
 * in 28 on the training photos, with no unflagged error; past 60 the general limit holds (one at 61 missed a fence).
 */
const MAX_DOUBTS_FAINT_NO_HOLES = MAX_DOUBTS;

/** Edges along a shadow's edge or in glare from which a photo of faint pencil is refused: too much can vanish. */
const MAX_LOSING_FAINT = 40;

/**
 * Share of the land's paper clipped white past which faint pencil keeps the stricter limit on doubts: the camera's
 * tone curve presses light greys into white, so a faint stroke can vanish anywhere (on 1,200 training photos, 2
 * faint-pencil sheets went past 0.5, one with 19 fences gone without a trace and 29 doubts; on the benchmark a
 * faint sheet at 0.73 with 1 doubt reads exactly; darker pencil read exactly on 44 of 45 training sheets past 0.5).
 */
const WASHED_OUT = 0.5;
const MAX_DOUBTS_WASHED_OUT = 25;

/**
 * Expected wrong guesses (the models' chance of each doubtful item's guess being wrong, summed) under which a
 * reading is kept whatever its count of doubts. The limits on doubts stood for a sheet a person would have to redo
 * by hand, from before the models guessed; a reading whose guesses the models are this sure of is mostly right,
 * with each doubt still flagged. Of the 364 refused among 3,093 simulated training photos, 215 have guesses under
 * 1: 173 read exactly, 39 with each error flagged, 3 with an unflagged one (a light hatching, a fence of coloured
 * pencil and a light X, all on faint pencil with 41 to 60 doubts, each read as a sure blank the models gave 0.004
 * to 0.27). Of 900 photos never trained on (700 held out and the benchmark), 33: 27 exactly, 6 flagged, none
 * unflagged. The chances summed are the models' own, and on photos never trained on they come true at the rates
 * they state (see LIKELY_RIGHT in read.ts). Paper washed out white keeps its limit: a sheet refused there with
 * guesses at 1.3 had 20 fences vanished without a doubt.
 */
const MAX_RISK = 1;

/**
 * Refuses a reading too unsure to help: faint pencil on paper washed out white, or, unless the models are sure
 * of their guesses (`risk` under MAX_RISK), across shadows' edges or glare, or doubts everywhere.
 */
export function checkReadable(name: string, edges: EdgeFeature[], cal: InkCalibration, ink: InkMap, doubts: number, risk: number, readsHoles: boolean): void {
  const faint = cal.inkLevel < FAINT;
  if (faint && ink.clipped >= WASHED_OUT && doubts > MAX_DOUBTS_WASHED_OUT) {
    throw new ScanRefused('washed-out', name, `the paper is washed out white (overexposed) and the pencil too faint to show on it (${doubts} doubtful edges or holes): retake the photo in softer light, out of direct sun and without flash`);
  }
  if (risk < MAX_RISK) return;
  if (faint && edges.filter((e) => strokeMayHide(e, cal)).length >= MAX_LOSING_FAINT) {
    throw new ScanRefused('uneven-light', name, `a shadow or glare covers part of the land and the pencil is too faint to read there: retake the photo in even light, without the phone's shadow`);
  }
  if (faint && doubts > (readsHoles ? MAX_DOUBTS_FAINT : MAX_DOUBTS_FAINT_NO_HOLES)) {
    throw new ScanRefused('too-faint', name, `the pencil is too faint to read reliably (${doubts} doubtful edges or holes): trace the fences darker, or retake the photo in brighter, even light`);
  }
  if (doubts > (cal.inkLevel >= CLEAR ? MAX_DOUBTS_CLEAR : MAX_DOUBTS)) {
    throw new ScanRefused('too-doubtful', name, `the pencil is too faint or the photo too blurry to read reliably (${doubts} doubtful edges or holes): retake it closer, in good light, holding still`);
  }
}

/**
 * Refuses a reading with fewer fences than any finished sheet holds, or with fewer edges clearly inked: pencil
 * washed out by overexposure, or too faint for the photo, vanishes without a trace, and the land reads as nearly
 * blank with nothing to doubt (a simulated faint sheet photographed overexposed: 48 of its 174 fences read, from
 * traces, fewer than 3 edges clearly inked, no doubt raised).
 */
export function checkFinished(name: string, state: SheetState, edges: EdgeFeature[], cal: InkCalibration, game: GameData): void {
  // interior edges only: the borderline reads as fenced
  const ones = (line: string) => line.split('1').length - 1;
  const { h, v } = state.fences;
  const fences = h.slice(1, -1).reduce((n, line) => n + ones(line), 0) + v.reduce((n, line) => n + ones(line.slice(1, -1)), 0);
  const inked = edges.filter((e) => e.score >= cal.threshold).length;
  const fewest = fewestFenceEdges(game.sheets[state.side], game.specialFences);
  if (Math.min(fences, inked) < fewest) {
    throw new ScanRefused('unfinished', name, `found pencil on only ${Math.min(fences, inked)} edges where a finished sheet has at least ${fewest} fence edges (its special fences alone): the pencil does not show in this photo: retake it in softer, even light, or trace the fences darker`);
  }
}
