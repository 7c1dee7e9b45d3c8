import type { Cell, Discovery, GameData, Score, SheetState } from '../engine/types.js';
import { findCard } from '../engine/cards.js';
import { pad, padStart } from './output.js';

const cellList = (cells: Cell[]) => cells.map(([r, c]) => `${r},${c}`).join(' ');

const eggsOf = (n: number) => `${n} egg${n > 1 ? 's' : ''}`;

export interface FormatOptions {
  /** Every discovery on a line of its own (by default one-cell discoveries of equal worth share a line). */
  verbose?: boolean;
}

/** A readable breakdown of a score: each card, each discovery with its points and whether its condition paid. */
export function formatScore(game: GameData, state: SheetState, score: Score, heading: string, opts: FormatOptions = {}): string[] {
  const lines = [`${heading}: sheet ${state.side}, total ${score.total}${score.title ? ` (${score.title})` : ''}`];
  const width = Math.max(...state.cards.map((c) => c.length), 9) + 2;
  const line = (d: Discovery) => {
    const why = d.conditionMet ? 'condition met' : 'condition not met';
    return `    ${padStart(d.points, 2)}  at ${cellList(d.cells)} (${why}${d.eggs ? `, ${eggsOf(d.eggs)} inside` : ''})`;
  };
  for (const name of state.cards) {
    const card = findCard(game, name);
    const ds = score.discoveries.filter((d) => d.card === card.name);
    lines.push(`  ${pad(card.name, width)}${padStart(score.cards[card.name] ?? 0, 3)}   ${ds.length} found; ${card.wording.toLowerCase()}`);
    if (opts.verbose) {
      for (const d of ds) lines.push(line(d));
      continue;
    }
    // Discoveries worth nothing (treasures and ruins whose condition fails) go on one line, and so do one-cell
    // discoveries of equal worth (a sheet can hold twenty one-cell treasures).
    const idle = ds.filter((d) => d.points === 0 && !d.eggs);
    const groups = new Map<string, Discovery[]>();
    for (const d of ds) {
      if (idle.includes(d) || d.cells.length !== 1) continue;
      const key = `${d.points} ${d.conditionMet}`;
      groups.set(key, [...(groups.get(key) ?? []), d]);
    }
    const shown = new Set<Discovery>();
    for (const d of ds) {
      if (idle.includes(d) || shown.has(d)) continue;
      const group = d.cells.length === 1 ? groups.get(`${d.points} ${d.conditionMet}`)! : [d];
      if (group.length === 1) {
        lines.push(line(d));
        shown.add(d);
        continue;
      }
      for (const g of group) shown.add(g);
      const withEggs = group.filter((g) => g.eggs);
      const eggs = withEggs.reduce((n, g) => n + g.eggs, 0);
      const why = d.conditionMet ? 'condition met' : 'condition not met';
      lines.push(`    ${group.length} x ${d.points}  at ${cellList(group.flatMap((g) => g.cells))} (${why}${eggs ? `, ${eggsOf(eggs)} inside at ${cellList(withEggs.flatMap((g) => g.cells))}` : ''})`);
    }
    if (idle.length) lines.push(`     0  ${idle.length} not meeting the condition, at ${idle.map((d) => cellList(d.cells)).join(' | ')}`);
  }
  const pd = score.penaltyDetail;
  const parts = [];
  if (pd.eggs) parts.push(`${pd.eggs} egg${pd.eggs > 1 ? 's' : ''} inside discoveries`);
  if (pd.enclosedHoles) parts.push(`${pd.enclosedHoles} enclosed hole${pd.enclosedHoles > 1 ? 's' : ''}`);
  lines.push(`  ${pad('penalties', width)}${padStart(-score.penalties, 3)}${parts.length ? `   ${parts.join(', ')}` : ''}`);
  lines.push(`  ${pad('total', width)}${padStart(score.total, 3)}   ${score.discoveries.length} discoveries`);
  return lines;
}
