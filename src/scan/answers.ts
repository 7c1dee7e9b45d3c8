/**
 * A player's answers to the spots the scanner asked about: each sets an edge or a cell as the paper shows it. An
 * answered item is no longer in doubt, so the reading is taken as it would have been had the models been sure of it.
 */
import { OptionError } from '../errors.js';
import { itemKey } from '../engine/review.js';
import type { Reading } from './read.js';

/** What the paper shows at one spot: an interior edge fenced (1) or open (0), or a cell a hole (1) or blank (0). */
export interface Answer {
  kind: 'h' | 'v' | 'hole';
  row: number;
  col: number;
  value: 0 | 1;
}

const WORDS: Record<'edge' | 'hole', Record<string, 0 | 1>> = {
  edge: { fenced: 1, fence: 1, open: 0, blank: 0 },
  hole: { hole: 1, blank: 0, open: 0 },
};

/** What a word says a spot of `kind` is (`fenced`, `open`, `hole`, `blank`, any case), or undefined. */
export const answerWord = (kind: Answer['kind'], word: string): 0 | 1 | undefined => WORDS[kind === 'hole' ? 'hole' : 'edge'][word.toLowerCase()];

/** A spot's value in words: an edge `fenced` or `open`, a cell `a hole` or `blank`. */
export const valueName = (u: Pick<Answer, 'kind'> & { value: number }) => (u.kind === 'hole' ? (u.value ? 'a hole' : 'blank') : u.value ? 'fenced' : 'open');

/** How a spot was read, as the lists of doubts say it: `read fenced`, `read open`, `read as a hole`, `read blank`. */
export const readText = (u: Pick<Answer, 'kind'> & { value: number }) => `read ${u.kind === 'hole' && u.value ? 'as ' : ''}${valueName(u)}`;

/**
 * Reads `h4,7=fenced`, `v3,2=open` or `4,7=hole` (also `cell 4,7=blank`): the spots as the scan output names them.
 * Throws an OptionError naming `option` for anything else.
 */
export function parseAnswer(text: string, option = 'answer'): Answer {
  const m = /^\s*(h|v|cell\s*|hole\s*)?(\d+)\s*,\s*(\d+)\s*=\s*([a-z]+)\s*$/i.exec(text);
  const hint = 'write a spot as the scan names it, then what the paper shows: h4,7=fenced, v3,2=open, 4,7=hole or 4,7=blank';
  if (!m) throw new OptionError(option, `cannot read "${text}": ${hint}`);
  const prefix = (m[1] ?? '').trim().toLowerCase();
  const kind = prefix === 'h' || prefix === 'v' ? prefix : 'hole';
  const value = answerWord(kind, m[4]);
  if (value === undefined) throw new OptionError(option, `"${text}": ${kind === 'hole' ? 'a cell is a hole or blank' : 'an edge is fenced or open'}`);
  return { kind, row: Number(m[2]), col: Number(m[3]), value };
}

/** A spot as messages name it: `edge h4,7`, `cell 3,2`. */
export const spotName = (u: Pick<Answer, 'kind' | 'row' | 'col'>) => (u.kind === 'hole' ? `cell ${u.row},${u.col}` : `edge ${u.kind}${u.row},${u.col}`);

/** A spot as the lists of spots name it, short: `h4,7`, `cell 3,2`. */
export const spotLabel = (u: Pick<Answer, 'kind' | 'row' | 'col'>) => (u.kind === 'hole' ? `cell ${u.row},${u.col}` : `${u.kind}${u.row},${u.col}`);

/**
 * Where a spot is on the paper, in words, rows and columns counted from 1 from the top left (the spot names count
 * grid lines from 0, which nobody does at a table): `the cell in row 5, column 8`, `the edge between rows 4 and 5,
 * in column 8`.
 */
export function spotPlace(u: Pick<Answer, 'kind' | 'row' | 'col'>): string {
  if (u.kind === 'hole') return `the cell in row ${u.row + 1}, column ${u.col + 1}`;
  if (u.kind === 'h') return `the edge between rows ${u.row} and ${u.row + 1}, in column ${u.col + 1}`;
  return `the edge between columns ${u.col} and ${u.col + 1}, in row ${u.row + 1}`;
}

/**
 * The reading with the answers applied: each answered item takes the answer's value and is sure (chance 0), so it
 * leaves the doubts, and the confidence no longer counts it against the reading. An answer for a spot the scanner
 * does not read (the borderline, a cell off the land, a cell on sheet B) throws an OptionError naming `option`.
 */
export function applyAnswers(reading: Reading, answers: Answer[], option = 'answer'): Reading {
  const read = new Set(reading.items.map(itemKey));
  const given = new Map<string, Answer>();
  for (const a of answers) {
    if (!read.has(itemKey(a))) throw new OptionError(option, `${spotName(a)} is not a spot the scanner reads on this sheet (an interior edge, or a cell on sheet A)`);
    const before = given.get(itemKey(a));
    if (before && before.value !== a.value) throw new OptionError(option, `${spotName(a)} answered both ways`);
    given.set(itemKey(a), a);
  }
  let confidence = reading.confidence;
  const alone = [...reading.alone];
  const items = reading.items.map((it, i) => {
    const a = given.get(itemKey(it));
    if (!a) return it;
    // As read alone, this item's doubt is part of the confidence: an answer takes it out.
    confidence /= 1 - alone[i];
    alone[i] = 0;
    return { ...it, value: a.value, chance: 0 };
  });
  const fences = { h: [...reading.fences.h], v: [...reading.fences.v] };
  for (const a of given.values()) {
    if (a.kind === 'hole') continue;
    const line = fences[a.kind][a.row];
    fences[a.kind][a.row] = line.slice(0, a.col) + String(a.value) + line.slice(a.col + 1);
  }
  return {
    ...reading,
    fences,
    // as readSheet gives them: the cells read as holes, in the order they were read
    holes: items.filter((it) => it.kind === 'hole' && it.value).map((it) => [it.row, it.col] as [number, number]),
    items,
    uncertain: reading.uncertain.filter((it) => !given.has(itemKey(it))),
    alone,
    confidence: Math.min(1, confidence),
  };
}
