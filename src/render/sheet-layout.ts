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

/** Sheet geometry JSON (../shared/formats.md) plus side, paper, qr and center. */
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
  };
}

/**
 * The rest of the sheet's layout (boxes for the renderer; not part of the scanner contract, free to change).
 * Everything stays out of the markers' clear zones, the QR box and LAND_CLEAR around the land.
 */
export interface SheetLayout {
  geometry: SheetGeometry;
  /** Title and name field: right of the top-left marker, left of the QR. */
  header: Box;
  /** Turn circles with the pause marks. */
  timeline: Box;
  /** Left of the land: die legend then the six special fences. */
  column: Box;
  /** Below the land: the five cards in play, the score bar, notes. */
  footer: Box;
}

export function sheetLayout(side: Side, paper: Paper, land: LandShape = BAAKO_LAND): SheetLayout {
  const g = sheetGeometry(side, paper, land);
  const { width: W, height: H } = g.page;
  const landW = g.grid.cols * g.grid.cell;
  const landH = g.grid.rows * g.grid.cell;
  const cornerClear = MARKER_INSET + MARKER_SIZE + MARKER_CLEAR; // 21 mm
  const side10 = mm(10);
  const header: Box = { x: cornerClear, y: MARKER_INSET, w: g.qr.x - mm(4) - cornerClear, h: g.qr.size };
  const tlTop = MARKER_INSET + g.qr.size + mm(3);
  const timeline: Box = { x: side10, y: tlTop, w: W - 2 * side10, h: g.grid.y - LAND_CLEAR - mm(1) - tlTop };
  const column: Box = { x: side10, y: g.grid.y, w: g.grid.x - LAND_CLEAR - mm(1) - side10, h: landH };
  const fTop = g.grid.y + landH + LAND_CLEAR + mm(1);
  const footer: Box = { x: side10, y: fTop, w: W - 2 * side10, h: H - MARKER_INSET - fTop };
  void landW;
  return { geometry: g, header, timeline, column, footer };
}
