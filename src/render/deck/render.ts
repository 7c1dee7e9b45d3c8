/**
 * A data-driven deck as PDF: the layout's front for every card (a row, repeated by its copies), as many cards a page
 * as fit with the 3 mm bleed and crop marks, and with `duplex` a page of backs after each page of fronts, mirrored
 * for long-edge flipping and shifted by the measured back offset. Whole-page components (size a4, page, ...) print
 * one a page without bleed or marks.
 */
import type { Layout } from '../../data/deck.js';
import type { DeckData } from '../../data/deck-data.js';
import { DataError, OptionError } from '../../errors.js';
import { backSlot, drawCropMarks, paginate } from '../imposition.js';
import { finish, newDoc } from '../pdf.js';
import { drawCardSide } from './card.js';
import type { DeckDoc } from './context.js';
import { drawDeckNote } from './notes.js';
import { deckSheet, parseDeckSize, type DeckPaper, type DeckSheet, type DeckSize } from './sizes.js';

export interface DeckRenderOptions {
  paper: DeckPaper;
  /** Overrides the layout's size. */
  size?: DeckSize;
  duplex?: boolean;
  /** Back misregistration correction in mm (as read on the calibration page). */
  backOffset?: { x: number; y: number };
  /** Called after each card is drawn. */
  onProgress?: (done: number, total: number) => void;
}

export interface RenderedDeck {
  pdf: Buffer;
  cards: number;
  pages: number;
  sheet: DeckSheet;
  size: DeckSize;
}

/** The size a deck prints at: the option, else the layout's. */
export function deckSize(layout: Layout, size?: DeckSize): DeckSize {
  return size ?? parseDeckSize(layout.size, { file: layout.shown });
}

export async function renderDeckPdf(layout: Layout, data: DeckData, opts: DeckRenderOptions): Promise<RenderedDeck> {
  const size = deckSize(layout, opts.size);
  const cards = data.cards;
  const sheet = deckSheet(size, opts.paper, cards.length);
  if (opts.duplex && !layout.back) throw new OptionError('duplex', `${layout.shown} has no back`);
  if (cards.length === 0) throw new DataError(data.source || layout.shown, undefined, 'no cards to print (no rows, or every row has 0 copies)');
  const W = (sheet.card.w / 72) * 25.4;
  const H = (sheet.card.h / 72) * 25.4;
  const dims: [number, number] = [sheet.page.width, sheet.page.height];
  const doc = newDoc({ title: layout.name, size: dims });
  for (const [name, file] of Object.entries(layout.fonts)) doc.registerFont(name, file);
  const dd: DeckDoc = { doc, layout, source: data.source, images: new Map(), colors: new Map() };
  const pages = paginate(cards, sheet.perPage);
  let done = 0;
  pages.forEach((onPage, p) => {
    doc.addPage({ size: dims, margin: 0 });
    onPage.forEach((card, i) => {
      const slot = sheet.slots[i];
      drawCardSide(dd, 'front', layout.front, card, slot.cut, slot.clip, W, H);
      opts.onProgress?.(++done, cards.length);
    });
    if (sheet.cut) {
      drawCropMarks(doc, sheet);
      drawDeckNote(doc, sheet, `${layout.name} · page ${p + 1} of ${pages.length}${opts.duplex ? ' · fronts' : ''}`, true);
    }
    if (opts.duplex && layout.back) {
      doc.addPage({ size: dims, margin: 0 });
      onPage.forEach((card, i) => {
        const b = backSlot(sheet, sheet.slots[i], opts.backOffset);
        drawCardSide(dd, 'back', layout.back!, card, b.cut, b.clip, W, H);
      });
      if (sheet.cut) {
        const o = opts.backOffset ?? { x: 0, y: 0 };
        drawDeckNote(doc, sheet, `backs of page ${p + 1} · flip on the long edge${o.x || o.y ? ` · back offset ${o.x},${o.y} mm` : ''}`, false);
      }
    }
  });
  const pdf = await finish(doc);
  return { pdf, cards: cards.length, pages: pages.length * (opts.duplex ? 2 : 1), sheet, size };
}
