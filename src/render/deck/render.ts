/**
 * A data-driven deck as PDF: the layout's front for every card (a row, repeated by its copies), as many cards a page
 * as fit with the 3 mm bleed and crop marks, and with `duplex` a page of backs after each page of fronts, mirrored
 * for long-edge flipping and shifted by the measured back offset. Whole-page components (size a4, page, ...) print
 * one a page without bleed or marks. The block of cards is the page's TrimBox, with the bleed its BleedBox.
 * `renderDeckSinglePdf` prints one card a page at its trim size plus the bleed, as print shops ask.
 */
import type { Layout, Section } from '../../data/deck.js';
import type { DeckData } from '../../data/deck-data.js';
import { DataError, OptionError } from '../../errors.js';
import { backSlot, BLEED, drawCropMarks, paginate } from '../imposition.js';
import { finish, newDoc, setPageBoxes, type Doc } from '../pdf.js';
import { mm, type Box } from '../../geometry/sheet-layout.js';
import { drawCardSide } from './card.js';
import type { DeckDoc } from './context.js';
import { drawDeckNote } from './notes.js';
import { cardMm, deckSheet, parseDeckSize, type DeckPaper, type DeckSheet, type DeckSize } from './sizes.js';

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
  /** The image files drawn (absolute paths). */
  images: string[];
  cards: number;
  pages: number;
  sheet: DeckSheet;
  size: DeckSize;
}

/** The size a deck prints at: the option, else the layout's. */
export function deckSize(layout: Layout, size?: DeckSize): DeckSize {
  return size ?? parseDeckSize(layout.size, { file: layout.shown });
}

/** A document for a deck: the layout's fonts registered, images opened once, colours resolved once. */
export function deckDoc(layout: Layout, data: DeckData, dims: [number, number], bleed: number): DeckDoc {
  const doc = newDoc({ title: layout.name, size: dims });
  for (const [name, file] of Object.entries(layout.fonts)) doc.registerFont(name, file);
  return { doc, layout, source: data.source, images: new Map(), colors: new Map(), bleed };
}

/** The block of cut cards is where the sheet is trimmed; the bleed runs round it. */
function blockBoxes(doc: Doc, block: Box): void {
  setPageBoxes(doc, block, { x: block.x - BLEED, y: block.y - BLEED, w: block.w + 2 * BLEED, h: block.h + 2 * BLEED });
}

export function checkCards(layout: Layout, data: DeckData): void {
  if (data.cards.length === 0) throw new DataError(data.source || layout.shown, undefined, 'no cards to print (no rows, or every row has 0 copies)');
}

export async function renderDeckPdf(layout: Layout, data: DeckData, opts: DeckRenderOptions): Promise<RenderedDeck> {
  const size = deckSize(layout, opts.size);
  const cards = data.cards;
  const sheet = deckSheet(size, opts.paper, cards.length);
  if (opts.duplex && !layout.back) throw new OptionError('duplex', `${layout.shown} has no back`);
  checkCards(layout, data);
  const W = (sheet.card.w / 72) * 25.4;
  const H = (sheet.card.h / 72) * 25.4;
  const dims: [number, number] = [sheet.page.width, sheet.page.height];
  const dd = deckDoc(layout, data, dims, BLEED);
  const { doc } = dd;
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
      blockBoxes(doc, sheet.block);
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
        blockBoxes(doc, { ...sheet.block, x: sheet.block.x + mm(o.x), y: sheet.block.y + mm(o.y) });
        drawDeckNote(doc, sheet, `backs of page ${p + 1} · flip on the long edge${o.x || o.y ? ` · back offset ${o.x},${o.y} mm` : ''}`, false);
      }
    }
  });
  const pdf = await finish(doc);
  return { pdf, images: [...dd.images.keys()], cards: cards.length, pages: pages.length * (opts.duplex ? 2 : 1), sheet, size };
}

export interface SingleRenderOptions {
  /** Overrides the layout's size. */
  size?: DeckSize;
  /** Paper of a whole-page component (size a4 / page ...). */
  paper?: DeckPaper;
  /** Bleed round each card in millimetres (default 3). */
  bleedMm?: number;
  /** A page of the card's back after each front (the layout must have a back). */
  backs?: boolean;
  /** Exactly these pages, in this order (default: every card's front, and its back with `backs`). */
  sides?: SinglePage[];
  onProgress?: (done: number, total: number) => void;
}

export interface SinglePage {
  /** Index into the deck's cards. */
  card: number;
  /** 'back' draws the layout's back, or a plain back naming the deck when it has none. */
  side: 'front' | 'back';
}

export interface RenderedSingle {
  pdf: Buffer;
  /** The image files drawn (absolute paths). */
  images: string[];
  pages: SinglePage[];
  /** The card's trim size and the bleed, millimetres. */
  card: { w: number; h: number };
  bleed: number;
  size: DeckSize;
}

/** The back a layout without one gets where a back must exist (a Tabletop Simulator deck): dark, with the deck's name. */
export function plainBack(layout: Layout): Section {
  return {
    background: '#3b3b3b',
    elements: [{ kind: 'text', text: layout.name.replace(/[{}]/g, ''), x: '10%', y: '10%', w: '80%', h: '80%', font: 'title', size: 14, minSize: 6, align: 'center', valign: 'middle', color: '#e8e8e8' }],
  };
}

/**
 * One card a page, the page the card's trim size plus its bleed on every side: the TrimBox is the card, the BleedBox
 * (and MediaBox) the card with its bleed. Backs, when asked, follow their front and are not mirrored (each page is a
 * card of its own; the shop turns it). Fonts are embedded and images are placed at their full resolution.
 */
export async function renderDeckSinglePdf(layout: Layout, data: DeckData, opts: SingleRenderOptions = {}): Promise<RenderedSingle> {
  const size = deckSize(layout, opts.size);
  if (opts.backs && !layout.back) throw new OptionError('duplex', `${layout.shown} has no back`);
  checkCards(layout, data);
  const { w: W, h: H } = cardMm(size, opts.paper ?? 'a4');
  const bleedMm = opts.bleedMm ?? BLEED / mm(1);
  const b = mm(bleedMm);
  const cut: Box = { x: b, y: b, w: mm(W), h: mm(H) };
  const full: Box = { x: 0, y: 0, w: cut.w + 2 * b, h: cut.h + 2 * b };
  const dims: [number, number] = [full.w, full.h];
  const dd = deckDoc(layout, data, dims, b);
  const { doc } = dd;
  const back = layout.back ?? plainBack(layout);
  const pages = opts.sides ?? data.cards.flatMap((_, i): SinglePage[] => (opts.backs ? [{ card: i, side: 'front' }, { card: i, side: 'back' }] : [{ card: i, side: 'front' }]));
  pages.forEach((p, k) => {
    doc.addPage({ size: dims, margin: 0 });
    drawCardSide(dd, p.side, p.side === 'front' ? layout.front : back, data.cards[p.card], cut, full, W, H);
    setPageBoxes(doc, cut, full);
    opts.onProgress?.(k + 1, pages.length);
  });
  const pdf = await finish(doc);
  return { pdf, images: [...dd.images.keys()], pages, card: { w: W, h: H }, bleed: bleedMm, size };
}
