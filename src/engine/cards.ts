import { congruentMasks, shapeCells } from './shapes.js';
import type { Card, Category, GameData } from './types.js';

/** A card in play with what scoring needs precomputed. */
export interface PlayCard {
  card: Card;
  category: Category;
  size: number;
  masks: Set<number>;
}

export class UnknownCardError extends Error {
  constructor(
    readonly cardName: string,
    known: string[],
  ) {
    super(`unknown card "${cardName}": expected one of ${known.join(', ')}`);
    this.name = 'UnknownCardError';
  }
}

export function findCard(game: GameData, name: string): Card {
  const card = game.cards.find((c) => c.name === name) ?? game.cards.find((c) => c.name.toLowerCase() === name.toLowerCase());
  if (!card) throw new UnknownCardError(name, game.cards.map((c) => c.name));
  return card;
}

/** The game's cards of each type, in type order (a sheet's cards in play are one of each). */
export function cardsByType(game: GameData): Card[][] {
  return game.types.map((t) => game.cards.filter((c) => c.type === t.id));
}

export function categoryOf(game: GameData, card: Card): Category {
  const t = game.types.find((x) => x.id === card.type);
  if (!t) throw new Error(`card "${card.name}" has type "${card.type}" that no type definition names`);
  return t.category;
}

const cache = new WeakMap<GameData, Map<string, PlayCard>>();

/** The cards of a game in play, looked up by name, with their shape masks (memoised per game). */
export function playCards(game: GameData, names: string[]): PlayCard[] {
  let byName = cache.get(game);
  if (!byName) {
    byName = new Map();
    cache.set(game, byName);
  }
  return names.map((name) => {
    let pc = byName.get(name);
    if (!pc) {
      const card = findCard(game, name);
      const cells = shapeCells(card.shape);
      pc = { card, category: categoryOf(game, card), size: cells.length, masks: congruentMasks(cells) };
      byName.set(name, pc);
    }
    return pc;
  });
}
