/**
 * File names for card images: the card's number in the deck, zero-padded so files sort in deck order, then its
 * name made safe for every file system (ASCII letters, digits and "-", at most 40 characters), e.g.
 * `007-fire-in-a-bottle.png`. The number comes first, so names never collide and never spell a reserved
 * Windows name (CON, NUL, ...).
 */
import type { Layout } from '../../data/deck.js';
import type { DeckData } from '../../data/deck-data.js';

const MAX_SLUG = 40;

/** "Fire in a Bottle!" -> "fire-in-a-bottle"; "Ærø Æther" -> "aero-aether"; "" when nothing is left. */
export function slug(s: string): string {
  const ascii = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // (written as escapes: the CLI's bundle is ASCII, src/cli/bundle.ts)
    .replace(/\u00e6/gi, 'ae')
    .replace(/\u0153/gi, 'oe')
    .replace(/\u00f8/gi, 'o')
    .replace(/\u00df/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= MAX_SLUG) return ascii;
  const cut = ascii.slice(0, MAX_SLUG);
  const dash = cut.lastIndexOf('-');
  return (dash >= MAX_SLUG / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, '');
}

/** The column that names a card: "name" or "title" when the data has one, else the first column. */
export function nameColumn(layout: Layout, data: DeckData): string | undefined {
  const cols = data.columns;
  return cols.find((c) => /^(name|title)$/i.test(c)) ?? cols.find((c) => /name|title/i.test(c)) ?? Object.keys(layout.columns).find((c) => cols.includes(c)) ?? cols[0];
}

/** The base file name of each card (without side or extension): "007-fire-in-a-bottle". */
export function cardBaseNames(layout: Layout, data: DeckData): string[] {
  const col = nameColumn(layout, data);
  const width = Math.max(3, String(data.cards.length).length);
  return data.cards.map((c, i) => {
    const n = String(i + 1).padStart(width, '0');
    const s = col ? slug(c.values[col] ?? '') : '';
    return s ? `${n}-${s}` : n;
  });
}
