/** Stage 1: the blank printed sheet of a game, rendered by the project's renderer in memory and rasterised with mupdf. */
import * as mupdf from 'mupdf';
import type { GameSetup, Paper } from '../../src/engine/setup.js';
import type { GameData } from '../../src/engine/types.js';
import { renderSheetPdf } from '../../src/render/sheet.js';
import { mm, sheetLayout, type SheetGeometry } from '../../src/geometry/sheet-layout.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where a player writes outside the land, found on the rendered page (PDF points). Each is optional: it is
 * left out when the page's text and pixels do not confirm the position (the renderer's layout may change).
 */
export interface WritingPlaces {
  /** the name line: handwriting sits on its bottom edge */
  name?: Box;
  /** the score bar's boxes: one per card in play, penalties, total */
  score?: Box[];
  /** the turn circles of the timeline */
  turns?: { x: number; y: number; r: number }[];
  /** the cross-out boxes of the six special fences */
  specials?: Box[];
}

export interface BlankPage {
  geometry: SheetGeometry;
  places: WritingPlaces;
  /** pixels per PDF point */
  scale: number;
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel, row-major */
  rgb: Uint8Array;
}

type Quad = number[];

function quadBox(q: Quad): Box {
  const xs = [q[0], q[2], q[4], q[6]];
  const ys = [q[1], q[3], q[5], q[7]];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

function find(page: mupdf.Page, text: string): Box[] {
  return page.search(text, undefined).map((hit) => quadBox(hit[0] as unknown as Quad));
}

/** Where to write, from the renderer's layout boxes, each checked against the text found on the page. */
function writingPlaces(page: mupdf.Page, game: GameData, setup: GameSetup, paper: Paper, raster: Raster): WritingPlaces {
  const sheet = game.sheets[setup.side];
  const layout = sheetLayout(setup.side, paper, sheet);
  const places: WritingPlaces = {};
  const label = find(page, 'Archaeologist:')[0];
  if (label) {
    const h = layout.header;
    const x = label.x + label.w + mm(2);
    const bottom = label.y + label.h + mm(1);
    if (h.x + h.w - x > mm(25)) places.name = { x, y: bottom - mm(8), w: h.x + h.w - x, h: mm(8) };
  }
  // timeline circles (mirrors drawTimeline; kept only if the "TURNS" label is where the layout puts it)
  const tl = layout.timeline;
  const turnsLabel = find(page, 'TURNS').find((b) => b.y > tl.y - mm(2) && b.y < tl.y + tl.h);
  if (turnsLabel) {
    const turns = sheet.timeline.turns;
    const pauses = new Set(sheet.timeline.pausesAfter);
    const cy = tl.y + tl.h / 2;
    const x0 = turnsLabel.x + turnsLabel.w + mm(3);
    const avail = tl.x + tl.w - mm(30) - x0;
    const d = Math.min(mm(6.8), tl.h * 0.8);
    const step = (avail - pauses.size * mm(6)) / turns;
    const list: { x: number; y: number; r: number }[] = [];
    let x = x0;
    for (let t = 1; t <= turns; t++) {
      list.push({ x: x + step / 2, y: cy, r: d / 2 });
      x += step + (pauses.has(t) ? mm(6) : 0);
    }
    // the turn numbers are printed inside the circles: check the first and the last
    const one = find(page, '1').some((b) => Math.hypot(b.x + b.w / 2 - list[0].x, b.y + b.h / 2 - cy) < mm(2));
    const lastN = find(page, String(turns)).some((b) => Math.hypot(b.x + b.w / 2 - list[turns - 1].x, b.y + b.h / 2 - cy) < mm(2));
    if (one && lastN) places.turns = list;
  }
  // special fences' cross-out boxes (mirrors drawColumn): two columns, located by the labels "Straight" (1) and "Staircase" (4)
  const col = layout.column;
  const first = find(page, 'Straight').find((b) => b.x > col.x && b.x < col.x + col.w);
  const fourth = find(page, 'Staircase').find((b) => b.x > col.x && b.x < col.x + col.w);
  if (first && fourth && fourth.x > first.x && fourth.y > first.y) {
    const cw = (col.w - mm(2)) / 2;
    const x0 = first.x - mm(4.5);
    const y0 = first.y - mm(1);
    const dx = fourth.x - first.x;
    const dy = fourth.y - first.y;
    const bx = mm(3.6);
    if (Math.abs(dx - (cw + mm(2))) < mm(1)) {
      places.specials = game.specialFences.map((_, i) => ({ x: x0 + (i % 2) * dx + cw - bx - mm(1.4), y: y0 + Math.floor(i / 2) * dy + mm(1.4), w: bx, h: bx }));
    }
  }
  const total = find(page, 'Total').filter((b) => b.y > layout.geometry.grid.y + layout.geometry.grid.rows * layout.geometry.grid.cell);
  if (total.length === 1) {
    const boxes = scoreBoxes(raster, total[0]);
    if (boxes.length === setup.cards.length + 2) places.score = boxes;
  }
  return places;
}

interface Raster {
  rgb: Uint8Array;
  width: number;
  height: number;
  scale: number;
}

/**
 * The score bar's boxes, found in the raster: below the "Total" label, the box's top and bottom borders;
 * along the box's middle row, the white runs at least 10 mm wide are the boxes (the last is Total's).
 */
function scoreBoxes(r: Raster, label: Box): Box[] {
  const dark = (x: number, y: number) => {
    const o = (Math.round(y) * r.width + Math.round(x)) * 3;
    return r.rgb[o] + r.rgb[o + 1] + r.rgb[o + 2] < 3 * 140;
  };
  const cx = (label.x + label.w / 2) * r.scale;
  let y = Math.ceil((label.y + label.h) * r.scale);
  const limit = Math.min(r.height - 1, y + Math.round(mm(20) * r.scale));
  while (y < limit && !dark(cx, y)) y++;
  const top = y;
  while (y < limit && dark(cx, y)) y++;
  while (y < limit && !dark(cx, y)) y++;
  const bottom = y;
  if (y >= limit || bottom - top < mm(4) * r.scale) return [];
  const mid = (top + bottom) / 2;
  const runs: Box[] = [];
  let start = -1;
  for (let x = 0; x < r.width; x++) {
    if (!dark(x, mid)) {
      if (start < 0) start = x;
      continue;
    }
    if (start >= 0 && x - start > mm(10) * r.scale && x > 0) runs.push({ x: start / r.scale, y: top / r.scale, w: (x - start) / r.scale, h: (bottom - top) / r.scale });
    start = -1;
  }
  // the boxes end with the one under "Total"
  const last = runs.findIndex((b) => b.x <= cx / r.scale && b.x + b.w >= cx / r.scale);
  return last < 0 ? [] : runs.slice(0, last + 1).filter((b) => b.x > 0);
}

// Rendering a sheet PDF costs ~0.3 s, so the PDFs of recent games (all players' pages) are kept.
const pdfCache = new Map<string, Promise<Buffer>>();

function gamePdf(game: GameData, setup: GameSetup, paper: Paper): Promise<Buffer> {
  const key = `${setup.id}|${setup.seed}|${setup.side}|${paper}|${setup.players}`;
  let pdf = pdfCache.get(key);
  if (!pdf) {
    pdf = renderSheetPdf({ side: setup.side, paper, setup, game });
    pdfCache.set(key, pdf);
    if (pdfCache.size > 64) pdfCache.delete(pdfCache.keys().next().value!);
  }
  return pdf;
}

/** Renders the blank sheet of `setup` for `player` (1-based) on `paper` and rasterises it at `dpi`. */
export async function blankPage(game: GameData, setup: GameSetup, player: number, paper: Paper, dpi: number): Promise<BlankPage> {
  const pdf = await gamePdf(game, setup, paper);
  const layout = sheetLayout(setup.side, paper, game.sheets[setup.side]);
  const scale = dpi / 72;
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(player - 1);
    const pix = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const width = pix.getWidth();
    const height = pix.getHeight();
    const stride = pix.getStride();
    const src = pix.getPixels();
    const rgb = new Uint8Array(width * height * 3);
    if (stride === width * 3) rgb.set(src.subarray(0, width * height * 3));
    else for (let y = 0; y < height; y++) rgb.set(src.subarray(y * stride, y * stride + width * 3), y * width * 3);
    pix.destroy();
    const places = writingPlaces(page, game, setup, paper, { rgb, width, height, scale: width / layout.geometry.page.width });
    page.destroy();
    return { geometry: layout.geometry, places, scale: width / layout.geometry.page.width, width, height, rgb };
  } finally {
    doc.destroy();
  }
}
