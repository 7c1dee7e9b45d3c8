import type { Cell, GameData, Score, SheetState } from '../engine/types.js';
import { findCard } from '../engine/cards.js';
import { pad, padStart } from './output.js';

const cellList = (cells: Cell[]) => cells.map(([r, c]) => `${r},${c}`).join(' ');

/** A readable breakdown of a score: each card, each discovery with its points and whether its condition paid. */
export function formatScore(game: GameData, state: SheetState, score: Score, heading: string): string[] {
  const lines = [`${heading}: sheet ${state.side}, total ${score.total}${score.title ? ` (${score.title})` : ''}`];
  const width = Math.max(...state.cards.map((c) => c.length), 9) + 2;
  for (const name of state.cards) {
    const card = findCard(game, name);
    const ds = score.discoveries.filter((d) => d.card === card.name);
    lines.push(`  ${pad(card.name, width)}${padStart(score.cards[card.name] ?? 0, 3)}   ${ds.length} found; ${card.wording.toLowerCase()}`);
    // Discoveries worth nothing (treasures and ruins whose condition fails) go on one line.
    const idle = ds.filter((d) => d.points === 0 && !d.eggs);
    for (const d of ds) {
      if (idle.includes(d)) continue;
      const why = d.conditionMet ? 'condition met' : 'condition not met';
      const egg = d.eggs ? `, ${d.eggs} egg${d.eggs > 1 ? 's' : ''} inside` : '';
      lines.push(`    ${padStart(d.points, 2)}  at ${cellList(d.cells)} (${why}${egg})`);
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
