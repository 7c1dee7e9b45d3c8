/** One simulated phone photo of a finished sheet, with its ground truth: stages 1-4 put together. */
import { loadGame } from '../../src/data/load.js';
import { scoreState } from '../../src/engine/score.js';
import { createSetup, type Paper } from '../../src/engine/setup.js';
import { simulateGame } from '../../src/engine/simulate.js';
import type { Cell, GameData, SheetState, Side } from '../../src/engine/types.js';
import { sheetGeometry, type SheetGeometry } from '../../src/geometry/sheet-layout.js';
import { placeSheet } from './camera.js';
import { applyConditions, type ConditionOptions } from './conditions.js';
import { drawKnobs, mixDifficulty, type Difficulty, type SimKnobs } from './difficulty.js';
import { apply, multiply, type Mat3, type Pt } from './homography.js';
import { blankPage, type BlankPage } from './page.js';
import { drawGame, type PencilTruth } from './pencil.js';
import { photograph } from './photo.js';
import { makeSurface } from './surface.js';
import { makeRand, type Rand } from './rand.js';

/** Bumped whenever the same seed starts giving different photos. */
export const SIM_VERSION = 6;

/** The truth file written beside each photo: a sheet state (formats.md) plus who, what and how. */
export interface PhotoTruth extends SheetState {
  player: number;
  game: string;
  paper: Paper;
  /** the setup's seed and player count (what the sheet's QR code carries besides the cards) */
  seed: string;
  players: number;
  /** the name handwritten in the name field, if any */
  playerName: string | null;
  /** the engine's score of this state */
  score: number;
  sim: {
    version: number;
    seed: string;
    difficulty: Difficulty;
    /** the conditions that were on (conditions.ts), in the registry's order */
    conditions: string[];
    photo: { width: number; height: number; storedWidth: number; storedHeight: number; exifOrientation: number; jpegQuality: number; megapixels: number };
    page: { width: number; height: number; dpi: number };
    /** the sheet geometry the photo was made with (a scanner reads it from src/render: if they differ, regenerate) */
    geometry: { grid: SheetGeometry['grid']; markers: SheetGeometry['markers']; qr: SheetGeometry['qr'] };
    /** page points (formats.md geometry) to displayed photo pixels (EXIF orientation applied); curl excluded */
    homography: Mat3;
    /** area of the sheet / area of the frame */
    fill: number;
    /** outer boxes of the four fiducials in the photo, page order TL, TR, BR, BL; each box's corners TL, TR, BR, BL (of the page) */
    markers: Pt[][];
    /**
     * land corners: vertices (0,0), (0,cols), (rows,cols), (rows,0); the center point; and every vertex (i, j)
     * of the land at vertices[i][j] (on a sheet that is not flat, no one homography gives them)
     */
    grid: { corners: Pt[]; center: Pt; vertices: Pt[][] };
    /** the farthest a land vertex lies from where the homography puts it, photo px (0 for a flat sheet) */
    warpPx: number;
    qr: Pt[];
    /** page corners in the photo */
    page_corners: Pt[];
    knobs: Omit<SimKnobs, 'difficulty'>;
    drawn: PencilTruth;
  };
}

export interface SimulatedPhoto {
  jpeg: Buffer;
  truth: PhotoTruth;
}

export interface SimulateOptions {
  /**
   * which conditions are on (conditions.ts): by default each is drawn with its chance on top of the preset;
   * 'none' is the preset alone (the photos of version 1); an object excludes or forces families and conditions
   */
  conditions?: ConditionOptions | 'none' | 'random';
  /** adjust the drawn knobs (after the conditions) before anything is made (e.g. force a hard case) */
  tweak?: (k: SimKnobs) => void;
  /** restrict the photo sizes (landscape [w, h] pairs) */
  sizes?: [number, number][];
  game?: GameData;
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The neighbour's sheet (the `neighbour-sheet` condition): the next player's sheet of the same game night, a game of
 * its own drawn by the same hand, rendered like the photographed one.
 */
async function neighbourPage(game: GameData, setup: ReturnType<typeof createSetup>, sheet: SimKnobs['sheet'], seed: string, dpi: number, rand: Rand, knobs: SimKnobs): Promise<BlankPage> {
  // (a game night of one has no next player: the same number, another game)
  const player = sheet.players > 1 ? (sheet.player % sheet.players) + 1 : sheet.player;
  const { state } = simulateGame(game, sheet.side as Side, setup.cards, `${seed}:neighbour`);
  const page = await blankPage(game, setup, player, sheet.paper, dpi);
  drawGame(rand, page, game, state, knobs.pencil);
  return page;
}

/** A copy with every number rounded to 4 decimals (the truth files stay readable). */
function rounded<T>(v: T): T {
  if (typeof v === 'number') return (Math.round(v * 1e4) / 1e4) as T;
  if (Array.isArray(v)) return v.map(rounded) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rounded(x)])) as T;
  return v;
}
const pt = (p: Pt): Pt => [r2(p[0]), r2(p[1])];

/** The farthest a land vertex's true position lies from the homography's. */
function warpPx(map: (p: Pt) => Pt, h: Mat3, g: SheetGeometry['grid']): number {
  let worst = 0;
  for (let i = 0; i <= g.rows; i++) {
    for (let j = 0; j <= g.cols; j++) {
      const p: Pt = [g.x + j * g.cell, g.y + i * g.cell];
      const a = map(p);
      const b = apply(h, p);
      worst = Math.max(worst, Math.hypot(a[0] - b[0], a[1] - b[1]));
    }
  }
  return worst;
}

/** Simulates the photo of seed `seed` at `difficulty` ('mix' draws the difficulty from the seed). */
export async function simulatePhoto(seed: string | number, difficulty: Difficulty | 'mix' = 'mix', opts: SimulateOptions = {}): Promise<SimulatedPhoto> {
  const game = opts.game ?? loadGame();
  const rand = makeRand(`photo:${seed}`);
  const diff = difficulty === 'mix' ? mixDifficulty(rand.fork('difficulty')) : difficulty;
  const knobs = drawKnobs(rand.fork('knobs'), diff, opts.sizes);
  const co: ConditionOptions = opts.conditions === 'none' ? { draw: 'none' } : opts.conditions === 'random' || !opts.conditions ? {} : opts.conditions;
  const conditions = applyConditions(rand.fork('conditions'), knobs, co);
  opts.tweak?.(knobs);
  const { sheet } = knobs;

  const prof = process.env.BAAKO_SIM_PROFILE === '1';
  let t0 = performance.now();
  const lap = (what: string) => {
    if (prof) process.stderr.write(`${what} ${(performance.now() - t0).toFixed(0)} ms  `);
    t0 = performance.now();
  };
  // 1. the game and the finished sheet
  const setup = createSetup(game, sheet.gameSeed, sheet.side, sheet.players);
  const { state, rolls } = simulateGame(game, sheet.side as Side, setup.cards, `photo:${seed}`);

  // 3a. the camera first: it decides how finely the page must be rendered
  const geom = sheetGeometry(sheet.side, sheet.paper);
  const markerPts: Pt[] = geom.markers.flatMap((m) => [[m.x, m.y], [m.x + m.size, m.y], [m.x + m.size, m.y + m.size], [m.x, m.y + m.size]] as Pt[]);
  const W = knobs.photo.width;
  const H = knobs.photo.height;
  const curlRoom = Math.abs(knobs.photo.curl?.amount ?? 0) * 6;
  const pageCorners: Pt[] = [[0, 0], [geom.page.width, 0], [geom.page.width, geom.page.height], [0, geom.page.height]];
  const keep = knobs.camera.wholePage ? pageCorners : markerPts;
  let margin = Math.max(W, H) * 0.012 + curlRoom;
  let cam = placeSheet(geom.page, { width: W, height: H }, knobs.camera, keep, margin);
  const surface = knobs.photo.surface ? makeSurface(knobs.photo.surface, geom.page) : null;
  for (let i = 0; surface && i < 8; i++) {
    // the kept points must stay in the frame on the bent sheet too
    let over = 0;
    for (const [u, v] of keep) {
      const [x, y, h] = surface.at(u, v);
      const q = cam.project3d(x, y, h);
      over = Math.max(over, margin - q[0], margin - q[1], q[0] - (W - margin), q[1] - (H - margin));
    }
    if (over <= 0) break;
    margin += over + 4;
    cam = placeSheet(geom.page, { width: W, height: H }, knobs.camera, keep, margin);
  }
  const dpi = Math.round(Math.min(300, Math.max(110, cam.maxScale * 72)));

  // 1-2. the page, then the game drawn on it
  const page = await blankPage(game, setup, sheet.player, sheet.paper, dpi);
  lap('page');
  const drawn = drawGame(rand.fork('pencil'), page, game, state, knobs.pencil);

  lap('pencil');
  // 3. the photograph
  const photo = await photograph(rand.fork('photo'), page, cam.homography, knobs.photo, surface ? { surface, project3d: cam.project3d } : null, knobs.photo.neighbour ? await neighbourPage(game, setup, sheet, `photo:${seed}`, dpi, rand.fork('neighbour'), knobs) : null);

  lap('photo');
  if (prof) process.stderr.write('\n');
  // 4. the truth (in the final photo's pixels: a recompressed photo is smaller than the one rendered)
  const [sx, sy] = photo.scale;
  const homography = sx === 1 && sy === 1 ? cam.homography : multiply([sx, 0, 0, 0, sy, 0, 0, 0, 1], cam.homography);
  const g = page.geometry;
  const { rows, cols, x, y, cell } = g.grid;
  const box = (b: { x: number; y: number; size: number }): Pt[] =>
    ([[b.x, b.y], [b.x + b.size, b.y], [b.x + b.size, b.y + b.size], [b.x, b.y + b.size]] as Pt[]).map((p) => pt(photo.map(p)));
  const truth: PhotoTruth = {
    side: state.side,
    cards: state.cards,
    fences: state.fences,
    holes: state.holes as Cell[],
    rolls,
    player: sheet.player,
    game: setup.id,
    paper: sheet.paper,
    seed: setup.seed,
    players: setup.players,
    playerName: knobs.pencil.name,
    score: scoreState(game, state).total,
    sim: {
      version: SIM_VERSION,
      seed: String(seed),
      difficulty: diff,
      conditions,
      photo: {
        width: photo.width,
        height: photo.height,
        storedWidth: photo.storedWidth,
        storedHeight: photo.storedHeight,
        exifOrientation: photo.exif,
        jpegQuality: knobs.photo.jpegQuality,
        megapixels: r2((photo.width * photo.height) / 1e6),
      },
      page: { width: g.page.width, height: g.page.height, dpi },
      geometry: { grid: g.grid, markers: g.markers, qr: g.qr },
      homography: homography.map((v) => +v.toPrecision(10)),
      fill: r2(cam.fill),
      markers: g.markers.map(box),
      grid: {
        corners: ([[x, y], [x + cols * cell, y], [x + cols * cell, y + rows * cell], [x, y + rows * cell]] as Pt[]).map((p) => pt(photo.map(p))),
        center: pt(photo.map([g.center.x, g.center.y])),
        vertices: Array.from({ length: rows + 1 }, (_, i) => Array.from({ length: cols + 1 }, (_, j) => pt(photo.map([x + j * cell, y + i * cell])))),
      },
      warpPx: r2(warpPx(photo.map, homography, g.grid)),
      qr: box(g.qr),
      page_corners: ([[0, 0], [g.page.width, 0], [g.page.width, g.page.height], [0, g.page.height]] as Pt[]).map((p) => pt(photo.map(p))),
      knobs: rounded({ sheet: knobs.sheet, pencil: knobs.pencil, camera: knobs.camera, photo: knobs.photo }),
      drawn: rounded(drawn),
    },
  };
  return { jpeg: photo.jpeg, truth };
}
