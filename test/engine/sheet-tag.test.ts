import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { createSetup, decodeSheetTag, encodeSheetTag, encodeSheetTagV1, type SheetTag } from '../../src/engine/setup.js';

const game = loadGame();
const names = game.cards.map((c) => c.name);

describe('sheet tag (the QR text)', () => {
  const setup = createSetup(game, 'Night_of-the-42nd', 'A', 12);
  const tag: SheetTag = { game: setup.id, seed: setup.seed, side: 'A', paper: 'letter', player: 11, cards: setup.cards };

  it('names the cards by their place in the game, so the text fits QR version 2 at error correction Q', () => {
    const text = encodeSheetTag(tag, names);
    expect(text).toMatch(/^BAAKO2:[0-9A-Z]{1,7}:A:L:11:[0-9A-Z]{5}$/);
    expect(QRCode.create(text, { errorCorrectionLevel: 'Q' }).version).toBe(2);
    const { seed: _, ...rest } = tag;
    expect(decodeSheetTag(text, names)).toEqual(rest);
  });

  it('still reads the first version, card names in full, and writes it for cards the game does not list', () => {
    const v1 = encodeSheetTagV1(tag);
    expect(v1.startsWith('BAAKO1:')).toBe(true);
    expect(decodeSheetTag(v1, names)).toEqual(tag);
    const custom = { ...tag, cards: [...tag.cards.slice(0, 4), 'Homemade Ruin'] };
    expect(encodeSheetTag(custom, names)).toBe(encodeSheetTagV1(custom));
  });

  it('gives null for a text that is not a whole Baako tag, or names a card the game lacks', () => {
    const text = encodeSheetTag(tag, names);
    expect(decodeSheetTag(text, names.slice(0, 3))).toBeNull();
    expect(decodeSheetTag(text.replace(':A:', ':C:'), names)).toBeNull();
    expect(decodeSheetTag(text.replace(':L:', ':B5:'), names)).toBeNull();
    expect(decodeSheetTag(text.replace(':11:', ':-1:'), names)).toBeNull();
    expect(decodeSheetTag(`${text}:X`, names)).toBeNull();
    expect(decodeSheetTag('https://example.com', names)).toBeNull();
  });
});
