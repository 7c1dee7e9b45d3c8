/**
 * Where everything sits on a printed Baako sheet: pure layout math, no pdfkit, no I/O.
 *
 * The scanner and the photo simulator import `sheetGeometry` directly; the PDF renderer (sheet.ts) draws
 * exactly these boxes. Units are PDF points (1/72 inch) from the page's top-left corner, y downwards.
 * The land, the markers and the QR code sit at the same distances from the top-left corner on A4 and Letter
 * (markers on the right and bottom follow the page edges).
 */
import type { Paper } from '../engine/setup.js';
import type { Side } from '../engine/types.js';

export type { Paper, Side };

/** Points per millimetre. */
export const MM = 72 / 25.4;
export const mm = (v: number): number => v * MM;

export const PAPER_SIZES: Record<Paper, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};

/** One land cell: 11 mm on every paper. */
export const CELL = mm(11);
/** Fiducial marker: outer black square 10 mm (white 2/3, core 1/3 of it), outer box 8 mm from the page edges. */
export const MARKER_SIZE = mm(10);
export const MARKER_INSET = mm(8);
/** White kept around each marker. */
export const MARKER_CLEAR = mm(3);
/** The QR symbol's outer box including its 4-module quiet zone. */
export const QR_BOX = mm(32);
/** No text or artwork this close outside the borderline. */
export const LAND_CLEAR = mm(4);

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Sheet geometry JSON (docs/formats.md) plus side, paper, qr and center. */
export interface SheetGeometry {
  side: Side;
  paper: Paper;
  page: { width: number; height: number };
  /** Vertex (i, j) of the land is at (x + j * cell, y + i * cell). */
  grid: { rows: number; cols: number; x: number; y: number; cell: number };
  /** Outer boxes of the four identical fiducials: top-left, top-right, bottom-right, bottom-left. */
  markers: { x: number; y: number; size: number }[];
  /** The QR symbol's outer box including its quiet zone (a square). */
  qr: { x: number; y: number; size: number };
  /** The center point (a vertex of the land). */
  center: { x: number; y: number };
  /** Where the archaeologist's name is written: the box standing on the name line. */
  nameField: { x: number; y: number; width: number; height: number };
}

/** The parts of a sheet definition the geometry depends on (default: Baako's 12 x 12 land, center (6, 6)). */
export interface LandShape {
  grid: { rows: number; cols: number };
  center: [number, number];
}

const BAAKO_LAND: LandShape = { grid: { rows: 12, cols: 12 }, center: [6, 6] };

const r2 = (v: number) => Math.round(v * 100) / 100;

/** Land's top-left corner: 60 mm from the top, its right edge 16 mm from the page's right edge. */
const LAND_TOP = mm(60);
const LAND_RIGHT_MARGIN = mm(16);
/** Left of the header: right of the top-left marker's clear zone. */
const HEADER_X = MARKER_INSET + MARKER_SIZE + MARKER_CLEAR;
/** The name line and the writing box above it (the label "Archaeologist:" sits left of NAME_X). */
const NAME_X = HEADER_X + mm(27);
const NAME_LINE_Y = MARKER_INSET + mm(27.2);
const NAME_H = mm(8);

export function sheetGeometry(side: Side, paper: Paper, land: LandShape = BAAKO_LAND): SheetGeometry {
  const page = PAPER_SIZES[paper];
  if (!page) throw new Error(`unknown paper "${paper}"`);
  const { rows, cols } = land.grid;
  const cell = r2(CELL);
  const x = r2(page.width - LAND_RIGHT_MARGIN - cols * cell);
  const y = r2(LAND_TOP);
  const s = r2(MARKER_SIZE);
  const i = r2(MARKER_INSET);
  const markers = [
    { x: i, y: i, size: s },
    { x: r2(page.width - i - s), y: i, size: s },
    { x: r2(page.width - i - s), y: r2(page.height - i - s), size: s },
    { x: i, y: r2(page.height - i - s), size: s },
  ];
  const q = r2(QR_BOX);
  const qr = { x: r2(page.width - MARKER_INSET - MARKER_SIZE - MARKER_CLEAR - mm(0.5) - QR_BOX), y: i, size: q };
  return {
    side,
    paper,
    page: { ...page },
    grid: { rows, cols, x, y, cell },
    markers,
    qr,
    center: { x: r2(x + land.center[1] * cell), y: r2(y + land.center[0] * cell) },
    nameField: { x: r2(NAME_X), y: r2(NAME_LINE_Y - NAME_H), width: r2(qr.x - mm(4) - NAME_X), height: r2(NAME_H) },
  };
}

/**
 * The rest of the sheet's layout: boxes the renderer draws into and a simulator may write into. Not part of the
 * scanner contract (free to change), but the single source of these positions: sheet.ts draws exactly these.
 * Everything stays out of the markers' clear zones, the QR box and LAND_CLEAR around the land.
 */
export interface SheetLayout {
  geometry: SheetGeometry;
  /** Title and name field: right of the top-left marker's clear zone, left of the QR. */
  header: Box;
  title: Box;
  /** The black square with the side letter. */
  sideBox: Box;
  /** Baseline-free top of the "Archaeologist:" label (right-aligned to nameField.x - 2 mm) and the name line's y. */
  nameLabel: { right: number; y: number };
  nameLine: { x1: number; x2: number; y: number };
  /** Turn circles with the pause marks. */
  timeline: Box;
  turns: { turn: number; x: number; y: number; r: number }[];
  pauses: { after: number; x: number; y: number; size: number }[];
  /** The pause legend (mark and text) at the right of the timeline. */
  pauseLegend: Box;
  /** Left of the land: die legend then the six special fences. */
  column: Box;
  dice: { face: number; y: number; h: number }[];
  specialsTop: number;
  /** One box per special fence; `cross` is the box a player crosses it out in. */
  specials: (Box & { cross: Box })[];
  /** Below the land: the five cards in play, the score bar, notes. */
  footer: Box;
  cards: Box[];
  /** Score bar: one box per card, penalties, total (in that order); labels stand above each box. */
  scoreTop: number;
  score: Box[];
  /** The hole/egg note line. */
  notesY: number;
  /** Sheet B: the solo titles line (between the bottom markers). */
  titles: Box | null;
}

export interface LayoutInput extends LandShape {
  timeline: { turns: number; pausesAfter: number[] };
  soloTitles?: unknown[];
}

const SIDE_DEFAULTS: Record<Side, LayoutInput> = {
  A: { ...BAAKO_LAND, timeline: { turns: 15, pausesAfter: [5, 10, 15] }, soloTitles: [] },
  B: { ...BAAKO_LAND, timeline: { turns: 12, pausesAfter: [4, 8, 12] }, soloTitles: [1] },
};

export const CARDS_IN_PLAY = 5;
export const SPECIAL_FENCES = 6;
const DIE_FACES = 6;

export function sheetLayout(side: Side, paper: Paper, input: LayoutInput = SIDE_DEFAULTS[side]): SheetLayout {
  const g = sheetGeometry(side, paper, input);
  const { width: W, height: H } = g.page;
  const landH = g.grid.rows * g.grid.cell;
  const edge = mm(10);

  // Header.
  const header: Box = { x: HEADER_X + mm(1), y: MARKER_INSET, w: g.qr.x - mm(4) - HEADER_X - mm(1), h: g.qr.size };
  const sq = mm(13);
  const sideBox: Box = { x: header.x + header.w - sq, y: header.y, w: sq, h: sq };
  const title: Box = { x: header.x, y: header.y, w: header.w - sq - mm(4), h: mm(9) };
  const nf = g.nameField;
  const nameLine = { x1: nf.x, x2: nf.x + nf.width, y: nf.y + nf.height };
  const nameLabel = { right: nf.x - mm(2), y: nameLine.y - mm(5.2) };

  // Timeline.
  const tlTop = MARKER_INSET + g.qr.size + mm(3);
  const timeline: Box = { x: edge, y: tlTop, w: W - 2 * edge, h: g.grid.y - LAND_CLEAR - mm(1) - tlTop };
  const cy = timeline.y + timeline.h / 2;
  const legendW = mm(30);
  const x0 = timeline.x + mm(14);
  const avail = timeline.x + timeline.w - legendW - x0;
  const d = Math.min(mm(6.8), timeline.h * 0.8);
  const pauseW = mm(6);
  const pausesAfter = new Set(input.timeline.pausesAfter);
  const step = (avail - pausesAfter.size * pauseW) / input.timeline.turns;
  const turns: SheetLayout['turns'] = [];
  const pauses: SheetLayout['pauses'] = [];
  let x = x0;
  for (let t = 1; t <= input.timeline.turns; t++) {
    turns.push({ turn: t, x: x + step / 2, y: cy, r: d / 2 });
    x += step;
    if (pausesAfter.has(t)) {
      pauses.push({ after: t, x: x + pauseW / 2, y: cy, size: mm(4.2) });
      x += pauseW;
    }
  }
  const pauseLegend: Box = { x: timeline.x + timeline.w - legendW + mm(2), y: timeline.y, w: legendW - mm(2), h: timeline.h };

  // Column left of the land.
  const column: Box = { x: edge, y: g.grid.y, w: g.grid.x - LAND_CLEAR - mm(1) - edge, h: landH };
  const dieRow = mm(6);
  const dice = Array.from({ length: DIE_FACES }, (_, i) => ({ face: i + 1, y: column.y + mm(3.6) + i * dieRow, h: dieRow }));
  const specialsTop = column.y + mm(3.6) + DIE_FACES * dieRow + mm(2.5);
  const gy = specialsTop + mm(8);
  const gap = mm(2);
  const sw = (column.w - gap) / 2;
  const rowsN = Math.ceil(SPECIAL_FENCES / 2);
  const sh = (column.y + column.h - gy - gap * (rowsN - 1)) / rowsN;
  const bx = mm(3.6);
  const specials = Array.from({ length: SPECIAL_FENCES }, (_, i) => {
    const sx = column.x + (i % 2) * (sw + gap);
    const sy = gy + Math.floor(i / 2) * (sh + gap);
    return { x: sx, y: sy, w: sw, h: sh, cross: { x: sx + sw - bx - mm(1.4), y: sy + mm(1.4), w: bx, h: bx } };
  });

  // Footer below the land. Rows: cards in play, score bar, notes (and solo titles on B).
  const fTop = g.grid.y + landH + LAND_CLEAR + mm(1);
  const footer: Box = { x: edge, y: fTop, w: W - 2 * edge, h: H - MARKER_INSET - fTop };
  const solo = (input.soloTitles?.length ?? 0) > 0;
  const cardsH = mm(31);
  const scoreH = mm(5) + mm(9);
  const notesH = mm(5);
  const titlesH = solo ? mm(4) : 0;
  const needed = mm(4) + cardsH + mm(3) + scoreH + mm(3) + notesH;
  // The bottom corners belong to the markers and their clear zones: the notes row ends above them (1 mm spare);
  // sheet B's solo titles line sits between the two bottom markers.
  const bottom = H - HEADER_X - mm(1);
  const extra = Math.max(0, Math.min(mm(5), (bottom - fTop - needed) / 2));
  const cardsTop = fTop + mm(4);
  const cgap = mm(2.5);
  const cw = (footer.w - cgap * (CARDS_IN_PLAY - 1)) / CARDS_IN_PLAY;
  const cards = Array.from({ length: CARDS_IN_PLAY }, (_, i) => ({ x: footer.x + i * (cw + cgap), y: cardsTop, w: cw, h: cardsH }));
  const scoreTop = cardsTop + cardsH + mm(3) + extra;
  const slots = CARDS_IN_PLAY + 2;
  const opW = mm(5);
  const sb0 = footer.x + mm(14);
  const bw = (footer.x + footer.w - sb0 - opW * (slots - 1)) / slots;
  const score = Array.from({ length: slots }, (_, i) => ({ x: sb0 + i * (bw + opW), y: scoreTop + mm(5), w: bw, h: mm(9) }));
  const notesY = scoreTop + scoreH + mm(3) + extra;
  const titles = solo ? { x: HEADER_X + mm(1), y: notesY + notesH + mm(2.5), w: W - 2 * (HEADER_X + mm(1)), h: titlesH } : null;

  return {
    geometry: g,
    header,
    title,
    sideBox,
    nameLabel,
    nameLine,
    timeline,
    turns,
    pauses,
    pauseLegend,
    column,
    dice,
    specialsTop,
    specials,
    footer,
    cards,
    scoreTop,
    score,
    notesY,
    titles,
  };
}
