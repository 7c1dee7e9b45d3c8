import { fewestFenceEdges } from '../engine/moves.js';
import type { GameData, SheetState } from '../engine/types.js';
import { ScanRefused } from '../errors.js';
import type { RatedItem } from './ask.js';
import type { Reading, SheetEvidence } from './read.js';

/*
 * When a reading cannot help and the photo is refused with advice (exit 2: retake) rather than read badly. A
 * reading with doubts is read and its doubts asked; only one with more spots to ask than a person would check
 * before redoing the sheet by hand is refused.
 */

/**
 * Most spots a reading may ask about: past it, a retake in better light is quicker than checking them, and the
 * readings that stay wrong after the answers gather there (chosen on the validation photos, tools/diag/ask-limit.ts).
 */
export const MAX_ASKED = 10;

export function checkReadable(name: string, ev: SheetEvidence, reading: Reading, rated: RatedItem[]): void {
  const asked = rated.filter((r) => !r.likely).length;
  if (asked > MAX_ASKED) {
    throw new ScanRefused('too-doubtful', name, `the photo is too hard to read reliably (${asked} spots to check): retake it closer, in even light, holding still`);
  }
  void ev;
  void reading;
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
  const inked = ev.strokes.filter((s) => s.q30 >= ev.cal.threshold).length;
  const fewest = fewestFenceEdges(game.sheets[state.side], game.specialFences);
  if (Math.min(fences, inked) < fewest) {
    throw new ScanRefused('unfinished', name, `found pencil on only ${Math.min(fences, inked)} edges where a finished sheet has at least ${fewest} fence edges (its special fences alone): the pencil does not show in this photo: retake it in softer, even light, or trace the fences darker`);
  }
}
