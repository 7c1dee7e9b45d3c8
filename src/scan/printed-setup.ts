/**
 * The setup read from the sheet's print when its QR code cannot be read (smeared, stained, torn, under a thumb):
 * the side from its letter box and turn track, and the card of each type from the card's box (its name, shape,
 * condition and points). Each is compared with the same sheet drawn by the renderer, one candidate at a time, the
 * way a person reads the sheet. A box that does not clearly show one candidate over the others gives no setup: the
 * scan is then refused as before, never guessed.
 */
import { cardsByType } from '../engine/cards.js';
import type { GameData, Side } from '../engine/types.js';
import type { SheetSetup } from '../engine/setup.js';
import { mm, sheetLayout, type Paper } from '../geometry/sheet-layout.js';
import type { LandGrid } from './grid.js';
import type { Photo } from './image.js';
import { onEitherPaper, poseNear } from './local-pose.js';
import { mupdf } from './mupdf.js';
import type { Pose } from './orient.js';
import { best, scoresOver, type Raster } from './print-compare.js';
import { TUNING } from './tuning.js';

const { pitchMm, sideMargin, cardMargin, leastMatch } = TUNING.printedSetup;

/** The side and the cards (one per type, in type order, as the QR code gives them) as printed. */
export interface PrintedSetup extends SheetSetup {
  /** The sheet's pose on the paper read with the side. */
  pose: Pose;
}

const SIDES: Side[] = ['A', 'B'];
/** Drawn pages kept for the process (a game night's server reads many sheets of one game), by game. */
const rasters = new WeakMap<GameData, Map<string, Promise<Raster>>>();

/** Sheet `side` with the k-th card of every type (the last where a type has fewer), drawn at one pixel a pitch. */
export function drawn(game: GameData, side: Side, paper: Paper, k: number): Promise<Raster> {
  const key = `${side}|${paper}|${k}`;
  let ofGame = rasters.get(game);
  if (!ofGame) rasters.set(game, (ofGame = new Map()));
  const kept = ofGame;
  let r = kept.get(key);
  if (!r) {
    r = (async () => {
      const { renderSheetPdf } = await import('../render/sheet.js');
      const cards = cardsByType(game).map((of) => of[Math.min(k, of.length - 1)].name);
      const pdf = await renderSheetPdf({ side, paper, game, setup: { id: 'print', seed: 'print', side, cards, players: 1 } });
      const mu = await mupdf();
      // MuPDF's objects live in wasm memory: each is destroyed here, not left to the collector.
      const doc = mu.Document.openDocument(pdf, 'application/pdf');
      const page = doc.loadPage(0);
      const s = 1 / mm(pitchMm);
      const pix = page.toPixmap(mu.Matrix.scale(s, s), mu.ColorSpace.DeviceGray, false, true);
      try {
        const width = pix.getWidth();
        const height = pix.getHeight();
        const stride = pix.getStride();
        const src = pix.getPixels();
        const grey = new Uint8Array(width * height);
        for (let y = 0; y < height; y++) grey.set(src.subarray(y * stride, y * stride + width), y * width);
        return { grey, width, height };
      } finally {
        pix.destroy();
        page.destroy();
        doc.destroy();
      }
    })();
    kept.set(key, r);
    r.catch(() => kept.delete(key));
  }
  return r;
}

/** How well the photo matches each side's drawing (on each paper), and each card of each type on the best one's. */
export interface PrintScores {
  sides: { side: Side; paper: Paper; score: number }[];
  cards: { names: string[]; scores: number[] }[];
}

/**
 * Compares the photo's print with every candidate drawing (for the decision below and for measuring it), on either
 * paper: without the QR code the paper is not known for sure.
 */
export async function printScores(photo: Photo, pose: Pose, grid: LandGrid, game: GameData): Promise<PrintScores & { pose: Pose }> {
  const sides: (PrintScores['sides'][number] & { pose: Pose })[] = [];
  for (const onPaper of onEitherPaper(pose)) {
    const upper = poseNear(onPaper, grid, 'top');
    for (const side of SIDES) {
      const r = await drawn(game, side, onPaper.paper, 0);
      const l = sheetLayout(side, onPaper.paper, game.sheets[side]);
      // Its letter box and its turn track (15 turns on A, 12 on B), both printed the same on every sheet.
      const score = (scoresOver(photo, upper, l.sideBox, [r])[0] + scoresOver(photo, upper, l.timeline, [r])[0]) / 2;
      sides.push({ side, paper: onPaper.paper, score, pose: onPaper });
    }
  }
  const chosen = sides[best(sides.map((s) => s.score)).at];
  const byType = cardsByType(game);
  const most = Math.max(...byType.map((of) => of.length));
  const drawings = await Promise.all(Array.from({ length: most }, (_, k) => drawn(game, chosen.side, chosen.pose.paper, k)));
  // The drawings are kept; the fonts they were drawn with would only slow every later collection of a process that
  // goes on reading photos (a game night's server).
  await import('../render/fonts.js').then((m) => m.releaseFonts());
  const slots = sheetLayout(chosen.side, chosen.pose.paper, game.sheets[chosen.side]).cards;
  const bottom = poseNear(chosen.pose, grid, 'bottom');
  const cards = byType.map((of, i) => ({ names: of.map((c) => c.name), scores: scoresOver(photo, bottom, slots[i], drawings.slice(0, of.length)) }));
  return { sides: sides.map(({ side, paper, score }) => ({ side, paper, score })), cards, pose: chosen.pose };
}

/**
 * Reads the side and the cards from the sheet's print, or null where any of them is not clear. The pose must be the
 * sheet's (its corner squares found and its borderline seen) and the grid its land's; the paper is read with the rest.
 */
export async function readPrintedSetup(photo: Photo, pose: Pose, grid: LandGrid, game: GameData): Promise<PrintedSetup | null> {
  const scores = await printScores(photo, pose, grid, game);
  // The other side, on either paper, must lose clearly. The same side on the other paper is no rival: its drawing
  // differs by a few mm, and the better of the two gives the paper.
  const chosen = scores.sides[best(scores.sides.map((s) => s.score)).at];
  const rival = Math.max(...scores.sides.filter((s) => s.side !== chosen.side).map((s) => s.score));
  if (chosen.score - rival < sideMargin || chosen.score < leastMatch) return null;
  const cards: string[] = [];
  for (const { names, scores: of } of scores.cards) {
    const pick = best(of);
    if (pick.margin < cardMargin || pick.score < leastMatch) return null;
    cards.push(names[pick.at]);
  }
  return { side: chosen.side, cards, pose: scores.pose };
}
