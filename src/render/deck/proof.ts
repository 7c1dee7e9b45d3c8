/**
 * A proof sheet (`--proof out.png`): every distinct card once (the first card of each data row), at its real size
 * in a grid with its row number and copies under it, the back at the end, the deck's name on top. Drawn as one PDF
 * page by the same drawing code as the deck, then rasterised by mupdf: a quick look, or a picture to post.
 */
import type { Layout } from '../../data/deck.js';
import type { DeckData } from '../../data/deck-data.js';
import { OptionError } from '../../errors.js';
import { mm } from '../../geometry/sheet-layout.js';
import { finish } from '../pdf.js';
import { line } from '../text.js';
import { drawCardSide } from './card.js';
import { encodePng } from './images.js';
import { PdfRaster } from './raster.js';
import { checkCards, deckDoc, deckSize } from './render.js';
import { cardMm, type DeckPaper, type DeckSize } from './sizes.js';

/** More distinct cards than this make a sheet too big to look at: print the deck instead. */
export const MAX_PROOF_CARDS = 500;
/** Largest side of the proof image in pixels; the resolution drops to fit. */
export const MAX_PROOF_SIDE = 8000;

export interface ProofOptions {
  size?: DeckSize;
  paper?: DeckPaper;
  /** Pixels per inch (default 100; lower when the sheet would pass 8000 pixels). */
  dpi?: number;
}

export interface Proof {
  png: Buffer;
  width: number;
  height: number;
  /** Distinct cards shown (backs not counted). */
  cards: number;
  /** The image files the cards draw (absolute paths). */
  images: string[];
}

const GAP = 6;
const LABEL = 5;
const MARGIN = 10;
const HEAD = 12;

export async function renderProof(layout: Layout, data: DeckData, opts: ProofOptions = {}): Promise<Proof> {
  checkCards(layout, data);
  const size = deckSize(layout, opts.size);
  const { w: W, h: H } = cardMm(size, opts.paper ?? 'a4');
  // The first card of each row stands for its copies.
  const firsts: { card: number; copies: number }[] = [];
  const seen = new Map<number, { card: number; copies: number }>();
  data.cards.forEach((c, i) => {
    const hit = seen.get(c.row);
    if (hit) hit.copies++;
    else {
      const e = { card: i, copies: 1 };
      seen.set(c.row, e);
      firsts.push(e);
    }
  });
  if (firsts.length > MAX_PROOF_CARDS) throw new OptionError('proof', `${firsts.length} distinct cards; a proof sheet shows at most ${MAX_PROOF_CARDS} (print the deck, or use --png)`);
  const tiles = firsts.length + (layout.back ? 1 : 0);
  // Columns for a sheet about 3:2 wide, at most 10.
  const cw = W + GAP;
  const ch = H + LABEL + GAP;
  const cols = Math.max(1, Math.min(10, tiles, Math.round(Math.sqrt((tiles * ch * 1.5) / cw))));
  const rows = Math.ceil(tiles / cols);
  const pageW = mm(2 * MARGIN + cols * cw - GAP);
  const pageH = mm(2 * MARGIN + HEAD + rows * ch - GAP);
  const dd = deckDoc(layout, data, [pageW, pageH], 0);
  const { doc } = dd;
  doc.addPage({ size: [pageW, pageH], margin: 0 });
  doc.rect(0, 0, pageW, pageH).fill('#e9e6e0');
  const distinct = `${firsts.length} distinct card${firsts.length === 1 ? '' : 's'}, ${data.cards.length} in the deck`;
  line(doc, `${layout.name} · ${distinct}`, mm(MARGIN), mm(MARGIN), { font: 'title', size: 14, color: '#2b2620' });
  const tile = (i: number, part: 'front' | 'back', card: number, label: string) => {
    const x = mm(MARGIN + (i % cols) * cw);
    const y = mm(MARGIN + HEAD + Math.floor(i / cols) * ch);
    const cut = { x, y, w: mm(W), h: mm(H) };
    drawCardSide(dd, part, part === 'front' ? layout.front : layout.back!, data.cards[card], cut, cut, W, H);
    doc.save().lineWidth(0.3).strokeColor('#9a9388').rect(x, y, mm(W), mm(H)).stroke().restore();
    line(doc, label, x + mm(W) / 2, y + mm(H) + mm(1.2), { size: 7, color: '#4a443c', align: 'center' });
  };
  firsts.forEach((f, i) => {
    const row = data.cards[f.card].row;
    tile(i, 'front', f.card, `${row ? `row ${row}` : 'card'}${f.copies > 1 ? ` · x${f.copies}` : ''}`);
  });
  if (layout.back) tile(firsts.length, 'back', 0, 'back');
  const pdf = await finish(doc);
  let dpi = opts.dpi ?? 100;
  dpi = Math.min(dpi, (MAX_PROOF_SIDE * 72) / Math.max(pageW, pageH));
  const width = Math.round((pageW / 72) * dpi);
  const height = Math.round((pageH / 72) * dpi);
  const raster = await PdfRaster.open(pdf);
  try {
    const rgb = raster.rgb(0, { x: 0, y: 0, w: pageW, h: pageH }, width, height);
    return { png: await encodePng(rgb, dpi), width, height, cards: firsts.length, images: [...dd.images.keys()] };
  } finally {
    raster.close();
  }
}
