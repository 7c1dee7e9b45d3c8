/** Readings kept with their doubts, asked and refused again under another rule: what the diagnostics of asking share. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { GameData, SheetState } from '../../src/engine/types.js';
import { ScanRefused } from '../../src/errors.js';
import { rateDoubts } from '../../src/scan/ask.js';
import type { ScanModels } from '../../src/scan/models.js';
import type { ReadItem, SheetEvidence } from '../../src/scan/read.js';
import { checkFinished, checkRegistered, checkReadable } from '../../src/scan/refuse.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { evaluate } from '../evaluate.js';
import { photoBase, type PhotoSet, type SetConditions } from '../sim/photo-cache.js';

/**
 * A photo read with its doubts kept: refused already when it would be whatever is asked (`code`: the refusal's).
 * The truth is the simulator's whole truth file, its conditions and hole styles included.
 */
export type Reading = { truth: SheetState; refused: true; code?: string } | { truth: SheetState; refused: false; state: SheetState; items: ReadItem[] };

export interface ReadSet {
  set: PhotoSet;
  from: number;
  count: number;
  conditions?: SetConditions;
  /** The shipped models when left out. */
  models?: ScanModels;
  /** A file the readings are saved to, and read back from when it exists (delete it after changing the models). */
  saved?: string;
}

/** Reads a cached set's photos keeping their doubts, refusing them only as the scanner does whatever is asked. */
export async function readingsOf(game: GameData, o: ReadSet): Promise<Reading[]> {
  if (o.saved && existsSync(o.saved)) return JSON.parse(readFileSync(o.saved, 'utf8')) as Reading[];
  const readings: Reading[] = [];
  for (let i = o.from; i < o.from + o.count; i++) {
    const base = photoBase(o.set, i, o.conditions);
    const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8')) as SheetState;
    let ev: SheetEvidence | undefined;
    try {
      const r = await scanPhoto(readFileSync(`${base}.jpg`), game, { models: o.models, keepDoubtful: true, collect: (e) => (ev = e) });
      // the refusals that do not depend on what is asked, as the scanner makes them
      checkRegistered('', r.grid);
      checkFinished('', r.state, ev!, game);
      readings.push({ truth, refused: false, state: r.state, items: r.uncertain });
    } catch (e) {
      readings.push({ truth, refused: true, code: e instanceof ScanRefused ? e.code : 'error' });
    }
    if (process.stderr.isTTY) process.stderr.write(`\r${readings.length} read`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  if (o.saved) writeFileSync(o.saved, JSON.stringify(readings));
  return readings;
}

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
