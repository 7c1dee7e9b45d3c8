/**
 * Card sizes and papers of `baako deck`, and how many cards a page holds: as many as fit with the 3 mm bleed and
 * crop marks kept inside the printable area (4 mm beyond the bleed), the page turned sideways when that fits more.
 */
import { DataError, OptionError } from '../../errors.js';
import { BLEED, cardGrid, type SheetOfCards } from '../imposition.js';
import { mm } from '../../geometry/sheet-layout.js';

export const DECK_PAPERS = {
  a4: { width: 595.28, height: 841.89, label: 'A4', w: 210, h: 297 },
  letter: { width: 612, height: 792, label: 'Letter', w: 215.9, h: 279.4 },
  a3: { width: 841.89, height: 1190.55, label: 'A3', w: 297, h: 420 },
} as const;
export type DeckPaper = keyof typeof DECK_PAPERS;

/** Named card sizes, millimetres. */
export const CARD_SIZES: Record<string, { w: number; h: number }> = {
  poker: { w: 63, h: 88 },
  bridge: { w: 57, h: 89 },
  tarot: { w: 70, h: 120 },
  square: { w: 70, h: 70 },
};

/** A card cut from a sheet, or a component that is a whole page (no bleed, no crop marks). */
export type DeckSize =
  | { kind: 'card'; w: number; h: number; label: string }
  | { kind: 'page'; paper: DeckPaper | 'page'; landscape: boolean; label: string };

/** Margin kept beyond the bleed for the crop marks (and most printers' unprintable edge). */
export const MARGIN_MM = 4;

export function parsePaperName(v: unknown): DeckPaper {
  const s = String(v ?? '').toLowerCase();
  if (!(s in DECK_PAPERS)) throw new OptionError('paper', `unknown paper "${v}" (expected a4, letter or a3)`);
  return s as DeckPaper;
}

/** poker | bridge | tarot | square | WxHmm (e.g. 50x70mm) | a4 | letter | a3 | page, each page size with "-landscape". */
/** `from`: the layout file the size is read from (else it is the size option). */
export function parseDeckSize(v: unknown, from?: { file: string }): DeckSize {
  const bad = (reason: string) => (from ? new DataError(from.file, 'size', reason) : new OptionError('size', reason));
  const s = String(v ?? '').trim().toLowerCase();
  const named = CARD_SIZES[s];
  if (named) return { kind: 'card', ...named, label: `${s} (${named.w} x ${named.h} mm)` };
  const m = /^(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*mm$/.exec(s);
  if (m) {
    const w = Number(m[1]);
    const h = Number(m[2]);
    if (w < 15 || h < 15) throw bad(`${w} x ${h} mm is too small (at least 15 x 15 mm)`);
    return { kind: 'card', w, h, label: `${w} x ${h} mm` };
  }
  const p = /^(a4|letter|a3|page)(-landscape)?$/.exec(s);
  if (p) return { kind: 'page', paper: p[1] as DeckPaper | 'page', landscape: Boolean(p[2]), label: `${p[1] === 'page' ? 'whole page' : DECK_PAPERS[p[1] as DeckPaper].label}${p[2] ? ' landscape' : ''}` };
  throw bad(`unknown size "${v}" (expected poker, bridge, tarot, square, WxHmm like 50x70mm, or a4, letter, a3, page for a whole page)`);
}

/** A card's (or whole-page component's) trim size in millimetres. */
export function cardMm(size: DeckSize, paper: DeckPaper): { w: number; h: number } {
  if (size.kind === 'card') return { w: size.w, h: size.h };
  const p = DECK_PAPERS[size.paper === 'page' ? paper : size.paper];
  return size.landscape ? { w: p.h, h: p.w } : { w: p.w, h: p.h };
}

export interface DeckSheet extends SheetOfCards {
  perPage: number;
  landscape: boolean;
  /** False for a whole-page component: no bleed, no crop marks, no notes. */
  cut: boolean;
  paper: DeckPaper;
}

function grid(paper: DeckPaper, landscape: boolean, w: number, h: number) {
  const p = DECK_PAPERS[paper];
  const pw = landscape ? p.h : p.w;
  const ph = landscape ? p.w : p.h;
  const room = 2 * (BLEED / mm(1) + MARGIN_MM);
  const cols = Math.floor((pw - room + 1e-9) / w);
  const rows = Math.floor((ph - room + 1e-9) / h);
  return { cols: Math.max(0, cols), rows: Math.max(0, rows), pw, ph };
}

/**
 * The sheet the deck's cards are laid out on: portrait, or landscape when that holds more cards a page (and the
 * deck of `count` cards needs more than portrait holds).
 */
export function deckSheet(size: DeckSize, paper: DeckPaper, count = Infinity): DeckSheet {
  if (size.kind === 'page') {
    const pp = size.paper === 'page' ? paper : size.paper;
    const p = DECK_PAPERS[pp];
    const [w, h] = size.landscape ? [p.height, p.width] : [p.width, p.height];
    const page = { width: w, height: h };
    const s = cardGrid(page, w, h, 1, 1);
    const full = { x: 0, y: 0, w, h };
    return { ...s, slots: [{ ...s.slots[0], cut: full, clip: full }], perPage: 1, landscape: size.landscape, cut: false, paper: pp };
  }
  const portrait = grid(paper, false, size.w, size.h);
  const land = grid(paper, true, size.w, size.h);
  const pn = portrait.cols * portrait.rows;
  const useLand = land.cols * land.rows > pn && (pn === 0 || count > pn);
  const g = useLand ? land : portrait;
  if (g.cols * g.rows === 0) {
    const room = 2 * (BLEED / mm(1) + MARGIN_MM);
    const p = DECK_PAPERS[paper];
    throw new OptionError(
      'size',
      `a ${size.w} x ${size.h} mm card does not fit on ${p.label} with its bleed and crop marks (at most ${fmt(p.w - room)} x ${fmt(p.h - room)} mm): print it on a3 paper`,
    );
  }
  const s = cardGrid({ width: mm(g.pw), height: mm(g.ph) }, mm(size.w), mm(size.h), g.cols, g.rows);
  return { ...s, perPage: g.cols * g.rows, landscape: useLand, cut: true, paper };
}

function fmt(n: number): string {
  return String(Math.round(n * 10) / 10);
}
