/** How a scan compares with the truth: every misread item, whether it was asked or listed, and the score after answers. */
import { scoreState } from '../src/engine/score.js';
import type { GameData, SheetState } from '../src/engine/types.js';

/** An item as a scan lists it: where, and (for the scanner's own output) whether it is asked. */
export interface ListedItem {
  kind: 'h' | 'v' | 'hole';
  row: number;
  col: number;
  /** Not asked: likely right, or moves no score. */
  likely?: boolean;
}

export interface Evaluation {
  edges: number;
  edgeErrors: { kind: 'h' | 'v'; row: number; col: number; truth: boolean }[];
  holeErrors: { row: number; col: number; truth: boolean }[];
  /** The side or a card differs from the truth's (read from the sheet's print, its QR code unreadable). */
  setupWrong: boolean;
  /** All edges and holes right, and the setup. */
  exact: boolean;
  /** Wrong items not listed at all, edges then holes: the worst outcome. */
  unlisted: { kind: 'h' | 'v' | 'hole'; row: number; col: number; truth: boolean }[];
  /** Some wrong item not listed at all, or a wrong setup. */
  confidentWrong: boolean;
  /** Wrong items not asked (listed as likely right, or not listed). */
  wrongUnasked: number;
  /** Items listed, and of them asked. */
  listed: number;
  asked: number;
  /** The total is right once the player has answered every asked item (the rest as read). */
  rightAfterAnswers: boolean;
}

const keyOf = (it: { kind: string; row: number; col: number }) => `${it.kind}${it.row},${it.col}`;

export function evaluate(truth: SheetState, read: SheetState, uncertain: ListedItem[], game?: GameData): Evaluation {
  const listed = new Set(uncertain.map(keyOf));
  const asked = new Set(uncertain.filter((u) => !u.likely).map(keyOf));
  const edgeErrors: Evaluation['edgeErrors'] = [];
  let edges = 0;
  for (const kind of ['h', 'v'] as const) {
    const t = truth.fences[kind];
    const r = read.fences[kind];
    for (let i = 0; i < t.length; i++)
      for (let j = 0; j < t[i].length; j++) {
        const border = kind === 'h' ? i === 0 || i === t.length - 1 : j === 0 || j === t[i].length - 1;
        if (border) continue;
        edges++;
        if (t[i][j] !== r[i][j]) edgeErrors.push({ kind, row: i, col: j, truth: t[i][j] === '1' });
      }
  }
  const cellKey = (c: [number, number]) => `${c[0]},${c[1]}`;
  const th = new Set(truth.holes.map(cellKey));
  const rh = new Set(read.holes.map(cellKey));
  const holeErrors: Evaluation['holeErrors'] = [];
  for (const k of new Set([...th, ...rh])) {
    if (th.has(k) !== rh.has(k)) {
      const [row, col] = k.split(',').map(Number);
      holeErrors.push({ row, col, truth: th.has(k) });
    }
  }
  // Photos made outside the project may leave the cards to their QR code: only what the truth says is checked.
  const setupWrong = truth.side !== read.side || (truth.cards !== undefined && truth.cards.join('|') !== read.cards.join('|'));
  const wrong: Evaluation['unlisted'] = [...edgeErrors, ...holeErrors.map((h) => ({ kind: 'hole' as const, ...h }))];
  const wrongKeys = wrong.map(keyOf);
  const unlisted = wrong.filter((x) => !listed.has(keyOf(x)));
  // The player answers every asked item: those take the truth's value, the rest stay as read.
  let rightAfterAnswers = true;
  if (game) {
    const answered: SheetState = { ...read, fences: { h: [...read.fences.h], v: [...read.fences.v] }, holes: [...read.holes] };
    for (const e of edgeErrors) {
      if (!asked.has(keyOf(e))) continue;
      const line = answered.fences[e.kind][e.row];
      answered.fences[e.kind][e.row] = line.slice(0, e.col) + (e.truth ? '1' : '0') + line.slice(e.col + 1);
    }
    for (const h of holeErrors) {
      if (!asked.has(keyOf({ kind: 'hole', ...h }))) continue;
      answered.holes = h.truth ? [...answered.holes, [h.row, h.col]] : answered.holes.filter(([r, c]) => r !== h.row || c !== h.col);
    }
    rightAfterAnswers = scoreState(game, answered).total === scoreState(game, truth).total;
  }
  return {
    edges,
    edgeErrors,
    holeErrors,
    setupWrong,
    exact: wrongKeys.length === 0 && !setupWrong,
    unlisted,
    // A wrong setup is flagged nowhere: as bad as a wrong item not listed.
    confidentWrong: setupWrong || unlisted.length > 0,
    wrongUnasked: wrongKeys.filter((k) => !asked.has(k)).length,
    listed: uncertain.length,
    asked: asked.size,
    rightAfterAnswers,
  };
}
