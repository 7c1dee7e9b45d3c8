/**
 * Tabletop Simulator sheets (`--tts`): the deck's fronts on grid images of at most 10 x 7 cards, the last slot of each
 * grid (the 70th on a full sheet) the face TTS shows for a hidden card, so a sheet holds 69 cards and a bigger deck
 * gets several. No side of a sheet is larger than `maxSide` pixels (4096 by default, what TTS loads everywhere), and
 * a card is never drawn larger than at `dpi`. A back image goes with them (a sheet of backs when the layout's back
 * changes from card to card), and a JSON file gives the numbers TTS's import dialog asks for.
 */
import { referencedColumns, type Layout } from '../../data/deck.js';
import type { DeckData } from '../../data/deck-data.js';
import { mm } from '../../geometry/sheet-layout.js';
import { distinctSides, encodePng, sideKeys } from './images.js';
import { PdfRaster, type Region, type Rgb } from './raster.js';
import { renderDeckSinglePdf, type SinglePage } from './render.js';
import type { DeckPaper, DeckSize } from './sizes.js';

export const TTS_MAX_COLUMNS = 10;
export const TTS_MAX_ROWS = 7;
/** Cards a sheet holds: its last slot is the hidden-card face. */
export const TTS_PER_SHEET = TTS_MAX_COLUMNS * TTS_MAX_ROWS - 1;
export const TTS_MAX_SIDE = 4096;

export interface TtsOptions {
  /** Base of the file names ("examples-potions" gives examples-potions-1.png ...). */
  name: string;
  size?: DeckSize;
  paper?: DeckPaper;
  /** Largest side of a sheet in pixels (default 4096). */
  maxSide?: number;
  /** A card is drawn at most this many pixels per inch (default 300). */
  dpi?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface TtsSheet {
  file: string;
  /** The grid, as TTS's import dialog asks for it (Width, Height) and the cards on it (Number). */
  columns: number;
  rows: number;
  cards: number;
  /** The deck's first and last card on the sheet (1-based). */
  first: number;
  last: number;
  /** With backs that differ from card to card: their sheet, laid out like the faces. */
  backs?: string;
  width: number;
  height: number;
}

export interface TtsResult {
  sheets: TtsSheet[];
  /** The back image for every card, or null with a sheet of backs each. */
  back: string | null;
  card: { width: number; height: number };
  files: { file: string; data: Buffer }[];
  manifest: TtsManifest;
  /** The image files the cards draw (absolute paths). */
  images: string[];
}

export interface TtsManifest {
  deck: string;
  cards: number;
  card: { width: number; height: number };
  back: string | null;
  uniqueBacks: boolean;
  hidden: string;
  sheets: TtsSheet[];
}

/** The grid for `n` cards (1..69) and the hidden face: up to 10 across, at least 2 x 2. */
export function ttsGrid(n: number): { columns: number; rows: number } {
  const slots = n + 1;
  const columns = Math.max(2, Math.min(TTS_MAX_COLUMNS, slots));
  const rows = Math.max(2, Math.ceil(slots / columns));
  return { columns, rows };
}

/** A card's pixel size on a grid: as wide as the sheet's largest side allows, at most `dpi`, keeping its shape. */
export function ttsCell(cardMm: { w: number; h: number }, columns: number, rows: number, maxSide: number, dpi: number): { width: number; height: number } {
  const aspect = cardMm.h / cardMm.w;
  let width = Math.min(Math.floor(maxSide / columns), Math.round((cardMm.w / 25.4) * dpi));
  if (Math.round(width * aspect) * rows > maxSide) width = Math.floor(Math.floor(maxSide / rows) / aspect);
  return { width, height: Math.round(width * aspect) };
}

/** Splits a deck into sheets of 69 cards, the last one holding the rest. */
export function ttsSheets(count: number): { first: number; cards: number }[] {
  const n = Math.ceil(count / TTS_PER_SHEET);
  const out: { first: number; cards: number }[] = [];
  for (let i = 0, first = 0; i < n; i++) {
    const cards = Math.min(TTS_PER_SHEET, count - first);
    out.push({ first, cards });
    first += cards;
  }
  return out;
}

function blit(sheet: Buffer, sheetW: number, cell: Rgb, col: number, row: number): void {
  const rowBytes = cell.width * 3;
  for (let y = 0; y < cell.height; y++) {
    const at = ((row * cell.height + y) * sheetW + col * cell.width) * 3;
    sheet.set(cell.data.subarray(y * rowBytes, (y + 1) * rowBytes), at);
  }
}

/** The files `renderTtsSheets` writes for a deck of `count` cards, known before drawing it. */
export function ttsFiles(layout: Layout, name: string, count: number): string[] {
  const uniqueBacks = Boolean(layout.back) && referencedColumns(layout, ['back']).size > 0;
  const out = ttsSheets(count).flatMap((_, s) => (uniqueBacks ? [`${name}-${s + 1}.png`, `${name}-${s + 1}-backs.png`] : [`${name}-${s + 1}.png`]));
  if (!uniqueBacks) out.push(`${name}-back.png`);
  out.push(`${name}-tts.json`);
  return out;
}

export async function renderTtsSheets(layout: Layout, data: DeckData, opts: TtsOptions): Promise<TtsResult> {
  const maxSide = opts.maxSide ?? TTS_MAX_SIDE;
  const dpi = opts.dpi ?? 300;
  const uniqueBacks = Boolean(layout.back) && referencedColumns(layout, ['back']).size > 0;
  const sides = distinctSides(layout, data, uniqueBacks ? ['front', 'back'] : ['front']);
  const pages: SinglePage[] = sides.map((s) => s.page);
  if (!uniqueBacks) pages.push({ card: 0, side: 'back' });
  const single = await renderDeckSinglePdf(layout, data, { size: opts.size, paper: opts.paper, sides: pages });
  const b = mm(single.bleed);
  const trim: Region = { x: b, y: b, w: mm(single.card.w), h: mm(single.card.h) };
  // Which page draws each card's front and back.
  const pageOf = { front: new Map<string, number>(), back: new Map<string, number>() };
  const keys = { front: sideKeys(layout, data, 'front'), back: uniqueBacks ? sideKeys(layout, data, 'back') : [] };
  pages.forEach((p, i) => {
    const k = p.side === 'front' ? keys.front[p.card] : uniqueBacks ? keys.back[p.card] : '';
    if (!pageOf[p.side].has(k)) pageOf[p.side].set(k, i);
  });
  const backPage = (c: number) => pageOf.back.get(uniqueBacks ? keys.back[c] : '')!;
  const plan = ttsSheets(data.cards.length);
  const grids = plan.map((s) => ttsGrid(s.cards));
  // One card size for every sheet of the deck: the one the first (the fullest) grid allows.
  const cell = ttsCell(single.card, grids[0].columns, grids[0].rows, maxSide, dpi);
  const raster = await PdfRaster.open(single.pdf);
  const files: { file: string; data: Buffer }[] = [];
  const sheets: TtsSheet[] = [];
  let done = 0;
  const hiddenRgb = raster.rgb(backPage(0), trim, cell.width, cell.height);
  try {
    const draw = (page: number, cache: Map<number, Rgb>) => {
      let r = cache.get(page);
      if (!r) cache.set(page, (r = raster.rgb(page, trim, cell.width, cell.height)));
      return r;
    };
    for (let s = 0; s < plan.length; s++) {
      const { first, cards } = plan[s];
      const { columns, rows } = grids[s];
      const W = columns * cell.width;
      const H = rows * cell.height;
      const faces = Buffer.alloc(W * H * 3, 255);
      const backs = uniqueBacks ? Buffer.alloc(W * H * 3, 255) : null;
      const cache = new Map<number, Rgb>();
      for (let k = 0; k < cards; k++) {
        const c = first + k;
        blit(faces, W, draw(pageOf.front.get(keys.front[c])!, cache), k % columns, Math.floor(k / columns));
        if (backs) blit(backs, W, draw(backPage(c), cache), k % columns, Math.floor(k / columns));
        opts.onProgress?.(++done, data.cards.length);
      }
      const last = columns * rows - 1;
      blit(faces, W, hiddenRgb, last % columns, Math.floor(last / columns));
      const file = `${opts.name}-${s + 1}.png`;
      files.push({ file, data: await encodePng({ width: W, height: H, data: faces }, dpi) });
      const sheet: TtsSheet = { file, columns, rows, cards, first: first + 1, last: first + cards, width: W, height: H };
      if (backs) {
        blit(backs, W, hiddenRgb, last % columns, Math.floor(last / columns));
        sheet.backs = `${opts.name}-${s + 1}-backs.png`;
        files.push({ file: sheet.backs, data: await encodePng({ width: W, height: H, data: backs }, dpi) });
      }
      sheets.push(sheet);
    }
  } finally {
    raster.close();
  }
  const back = uniqueBacks ? null : `${opts.name}-back.png`;
  if (back) files.push({ file: back, data: await encodePng(hiddenRgb, dpi) });
  const manifest: TtsManifest = {
    deck: layout.name,
    cards: data.cards.length,
    card: cell,
    back,
    uniqueBacks,
    hidden: 'the last slot of each sheet (bottom right) is the face TTS shows for a hidden card',
    sheets,
  };
  files.push({ file: `${opts.name}-tts.json`, data: Buffer.from(JSON.stringify(manifest, null, 2) + '\n') });
  return { sheets, back, card: cell, files, manifest, images: single.images };
}

