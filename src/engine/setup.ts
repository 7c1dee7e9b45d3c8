import { hashString, pick, rng } from './random.js';
import type { GameData, Side } from './types.js';

/** The setup of one game: what every sheet's QR code carries (plus the player number). */
export interface GameSetup {
  id: string;
  seed: string;
  side: Side;
  /** The five cards in play, one per type, in type order (treasure, small, medium, large fossil, ruin). */
  cards: string[];
  players: number;
}

/** Draws one card of each type at random from the seed: the same seed always gives the same setup. */
export function createSetup(game: GameData, seed: string, side: Side, players: number): GameSetup {
  const rand = rng(`baako:${seed}`);
  const cards = game.types.map((t) => {
    const ofType = game.cards.filter((c) => c.type === t.id);
    if (ofType.length === 0) throw new Error(`no card of type "${t.id}" to draw`);
    return pick(rand, ofType).name;
  });
  const id = hashString(`${seed}|${side}|${cards.join(',')}`).toString(36).padStart(7, '0');
  return { id, seed, side, cards, players };
}

/** What a sheet's QR code says: the game plus the player the sheet belongs to. */
export type Paper = 'a4' | 'letter';

export interface SheetTag {
  game: string;
  seed: string;
  side: Side;
  /** The paper the sheet was printed for: it selects the sheet geometry the scanner rectifies to. */
  paper: Paper;
  cards: string[];
  player: number;
}

const PREFIX = 'BAAKO1';

/**
 * Compact QR text: BAAKO1:GAME:SEED:SIDE:PAPER:PLAYER:CARD/CARD/CARD/CARD/CARD, upper case except the seed.
 * Upper case, ':' and '/' are QR alphanumeric characters (5.5 bits each instead of 8), so the code needs a
 * smaller QR version and gets bigger modules, which is what a phone photo needs to read it.
 * Seeds may not contain ':' (seeds are [A-Za-z0-9_-]); card names may not contain '/' or ':'.
 */
export function encodeSheetTag(tag: SheetTag): string {
  return [PREFIX, tag.game.toUpperCase(), tag.seed, tag.side, tag.paper.toUpperCase(), String(tag.player), tag.cards.map((c) => c.toUpperCase()).join('/')].join(':');
}

/**
 * Parses a sheet's QR text; null when it is not a Baako sheet tag. Card names are spelled as in `knownCards`
 * when given (the QR carries them upper case).
 */
export function decodeSheetTag(text: string, knownCards: string[] = []): SheetTag | null {
  const parts = text.split(':');
  if (parts.length !== 7 || parts[0] !== PREFIX) return null;
  const [, game, seed, side, paperText, player, cards] = parts;
  const paper = paperText.toLowerCase();
  if (side !== 'A' && side !== 'B') return null;
  if (paper !== 'a4' && paper !== 'letter') return null;
  const p = Number(player);
  if (!Number.isInteger(p) || p < 0) return null;
  const spelled = new Map(knownCards.map((c) => [c.toUpperCase(), c]));
  const list = cards.split('/').map((c) => spelled.get(c) ?? c);
  if (list.length < 1 || list.some((c) => c.length === 0)) return null;
  return { game: game.toLowerCase(), seed, side, paper, cards: list, player: p };
}
