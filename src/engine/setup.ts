import { cardsByType } from './cards.js';
import { hashString, pick, rng } from './random.js';
import type { GameData, SheetState, Side } from './types.js';

/** The setup of one game: what every sheet's QR code carries (plus the player number). */
export interface GameSetup {
  id: string;
  seed: string;
  side: Side;
  /** The five cards in play, one per type, in type order (treasure, small, medium, large fossil, ruin). */
  cards: string[];
  players: number;
}

/** A sheet's side and cards in play: what its QR code, or its print, says of the game's setup. */
export type SheetSetup = Pick<SheetState, 'side' | 'cards'>;

/** Where a scanned sheet's setup came from: its QR code, the caller's fallback, or the cards printed on it. */
export type SetupSource = 'qr' | 'fallback' | 'print';

/** Draws one card of each type at random from the seed: the same seed always gives the same setup. */
export function createSetup(game: GameData, seed: string, side: Side, players: number): GameSetup {
  const rand = rng(`baako:${seed}`);
  const cards = cardsByType(game).map((ofType, i) => {
    if (ofType.length === 0) throw new Error(`no card of type "${game.types[i].id}" to draw`);
    return pick(rand, ofType).name;
  });
  const id = hashString(`${seed}|${side}|${cards.join(',')}`).toString(36).padStart(7, '0');
  return { id, seed, side, cards, players };
}

/** What a sheet's QR code says: the game plus the player the sheet belongs to. */
export type Paper = 'a4' | 'letter';

export interface SheetTag {
  game: string;
  /** The setup's seed: carried by the first tag version only (the game id and cards are what a reading needs). */
  seed?: string;
  side: Side;
  /** The paper the sheet was printed for: it selects the sheet geometry the scanner rectifies to. */
  paper: Paper;
  cards: string[];
  player: number;
}

const PREFIX_V1 = 'BAAKO1';
const PREFIX = 'BAAKO2';
const PAPER_CODE: Record<Paper, string> = { a4: 'A4', letter: 'L' };

/**
 * Compact QR text: BAAKO2:GAME:SIDE:PAPER:PLAYER:CARDS, where CARDS is each card's place in the game's card list,
 * one base-36 digit a card, and PAPER is A4 or L. About 26 characters, all QR alphanumeric (5.5 bits each), so
 * the code fits QR version 2 (25 modules) where the first version's card names needed version 5 (37): the same
 * printed box then has modules a third larger, what a small, far or blurred code in a phone photo needs.
 * `cardNames` is the game's card list in order; a card not in it (or a list of 36 and more) takes the first
 * version's text, card names in full, which every scanner still reads.
 */
export function encodeSheetTag(tag: SheetTag, cardNames: string[] = []): string {
  const places = tag.cards.map((c) => cardNames.indexOf(c));
  if (cardNames.length <= 36 && places.every((i) => i >= 0)) {
    return [PREFIX, tag.game.toUpperCase(), tag.side, PAPER_CODE[tag.paper], String(tag.player), places.map((i) => i.toString(36).toUpperCase()).join('')].join(':');
  }
  return encodeSheetTagV1(tag);
}

/**
 * The first version: BAAKO1:GAME:SEED:SIDE:PAPER:PLAYER:CARD/CARD/CARD/CARD/CARD, upper case except the seed.
 * Seeds may not contain ':' (seeds are [A-Za-z0-9_-]); card names may not contain '/' or ':'.
 */
export function encodeSheetTagV1(tag: SheetTag): string {
  return [PREFIX_V1, tag.game.toUpperCase(), tag.seed ?? '', tag.side, tag.paper.toUpperCase(), String(tag.player), tag.cards.map((c) => c.toUpperCase()).join('/')].join(':');
}

const playerOf = (text: string): number | null => {
  const p = Number(text);
  return /^\d+$/.test(text) && Number.isInteger(p) ? p : null;
};

/**
 * Parses a sheet's QR text of either version; null when it is not a Baako sheet tag. `knownCards` is the game's
 * card list in order: the second version names cards by their place in it, the first spells them as it does.
 */
export function decodeSheetTag(text: string, knownCards: string[] = []): SheetTag | null {
  const parts = text.split(':');
  if (parts[0] === PREFIX) {
    if (parts.length !== 6) return null;
    const [, game, side, paperCode, playerText, places] = parts;
    const paper = (Object.keys(PAPER_CODE) as Paper[]).find((k) => PAPER_CODE[k] === paperCode);
    const player = playerOf(playerText);
    if ((side !== 'A' && side !== 'B') || !paper || player === null || places.length === 0) return null;
    const cards = [...places].map((d) => knownCards[parseInt(d, 36)]);
    if (cards.some((c) => c === undefined)) return null;
    return { game: game.toLowerCase(), side, paper, cards, player };
  }
  if (parts.length !== 7 || parts[0] !== PREFIX_V1) return null;
  const [, game, seed, side, paperText, playerText, cards] = parts;
  const paper = paperText.toLowerCase();
  if (side !== 'A' && side !== 'B') return null;
  if (paper !== 'a4' && paper !== 'letter') return null;
  const player = playerOf(playerText);
  if (player === null) return null;
  const spelled = new Map(knownCards.map((c) => [c.toUpperCase(), c]));
  const list = cards.split('/').map((c) => spelled.get(c) ?? c);
  if (list.length < 1 || list.some((c) => c.length === 0)) return null;
  return { game: game.toLowerCase(), seed, side, paper, cards: list, player };
}
