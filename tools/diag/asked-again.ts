/** Readings kept with their doubts, asked and refused again under another rule: what the diagnostics of asking share. */
import type { GameData, SheetState } from '../../src/engine/types.js';
import { rateDoubts } from '../../src/scan/ask.js';
import type { ReadItem } from '../../src/scan/read.js';
import { checkReadable } from '../../src/scan/refuse.js';
import { evaluate } from '../evaluate.js';

/** A photo read with its doubts kept: refused already when it would be whatever is asked. */
export type Reading = { truth: SheetState; refused: true } | { truth: SheetState; refused: false; state: SheetState; items: ReadItem[] };

export interface AskedAgain {
  exact: number;
  refused: number;
  /** Totals wrong once the asked spots are answered, and of them those with nothing asked. */
  wrongAfter: number;
  wrongSilent: number;
  /** Wrong items not asked, in all. */
  wrongUnasked: number;
  /** Spots asked on each sheet read exactly. */
  askedExact: number[];
}

/** Rates every reading's doubts again (asked from `likelyRight`, the tuning's by default) and refuses as the scanner does. */
export function askAgain(game: GameData, readings: Reading[], likelyRight?: number): AskedAgain {
  const out: AskedAgain = { exact: 0, refused: 0, wrongAfter: 0, wrongSilent: 0, wrongUnasked: 0, askedExact: [] };
  for (const r of readings) {
    if (r.refused) {
      out.refused++;
      continue;
    }
    const { items } = rateDoubts(game, r.state, r.items, [], likelyRight);
    try {
      checkReadable('', items);
    } catch {
      out.refused++;
      continue;
    }
    const e = evaluate(r.truth, r.state, items, game);
    if (e.exact) {
      out.exact++;
      out.askedExact.push(e.asked);
    }
    if (!e.rightAfterAnswers) out.wrongAfter++;
    if (!e.rightAfterAnswers && e.asked === 0) out.wrongSilent++;
    out.wrongUnasked += e.wrongUnasked;
  }
  return out;
}
