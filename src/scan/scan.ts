import { findCard } from '../engine/cards.js';
import { scoreState } from '../engine/score.js';
import type { Paper, SheetTag } from '../engine/setup.js';
import type { GameData, Score, SheetState, Side } from '../engine/types.js';
import { UserError } from '../errors.js';
import { calibrateEdges, holeLevel, type InkCalibration } from './classify.js';
import type { EdgeFeature } from './features.js';
import { readSheet, type ReadOptions, type UncertainItem } from './read.js';
import { cellFeatures, edgeFeatures } from './features.js';
import { inkMap, type InkMap } from './inkmap.js';
import { locateGrid, type LandGrid } from './grid.js';
import { loadPhoto, type Photo } from './image.js';
import { fourthMarkerCandidates } from './fourth-marker.js';
import { findMarkers, quadCandidates, type MarkerHit } from './markers.js';
import { borderContrast, findPose, poseFor, type Pose } from './orient.js';
import { readSheetQr } from './qr.js';
import { checkFinished, checkReadable } from './refuse.js';
import { reviewAgainstRolls, type RollsReview } from './rolls-check.js';
import type { Roll } from '../engine/rolls.js';

export type { UncertainItem };

/** What the caller knows when the QR code cannot be read (from game.json or --cards). */
export interface FallbackSetup {
  side: Side;
  cards: string[];
  game?: string;
  player?: number;
  paper?: Paper;
}

export interface ScanOptions {
  fallback?: FallbackSetup;
  /** Name for messages (the file name). */
  name?: string;
  /** Longest side of the working image in pixels. */
  maxSide?: number;
  /** How doubtful edges get their best guess (for training and comparing the edge model). */
  read?: ReadOptions;
  /** Return even a reading too doubtful to trust (default false: refused with advice); for measurements. */
  keepDoubtful?: boolean;
  /** The table's rolls: the reading is checked against them (not for a sheet whose QR code names another game than the fallback's). */
  rolls?: Roll[];
}

export interface ScanResult {
  state: SheetState;
  score: Score;
  /**
   * The chance the reading is exactly right, as the models reckon it (0..1, to 3 decimals): the product of each
   * doubtful item's chance of its guess being right. Slightly modest on 899 photos never trained on, read with
   * every doubt kept: at 0.99 and up 615 of 615 read exactly, 0.95-0.99 97 of 98, 0.9-0.95 32 of 33, 0.8-0.9 29
   * of 30, 0.5-0.8 47 of 59 (mean 0.68), under 0.5 22 of 64 (mean 0.24).
   */
  confidence: number;
  uncertain: UncertainItem[];
  /** For each uncertain item, the chance its best guess is wrong, as the models see it. */
  risks: number[];
  player?: number;
  game?: string;
  paper: Paper;
  /** Where the setup came from. */
  setupFrom: 'qr' | 'fallback';
  /** The reading against the rolls, when given; its culprits lead `uncertain` where the count disagrees. */
  rolls?: RollsReview;
  /** For overlays and diagnosis. */
  photo: Photo;
  pose: Pose;
  grid: LandGrid;
  ink: InkMap;
  calibration: InkCalibration;
  edges: EdgeFeature[];
  timings: Record<string, number>;
}

const markerSearches = [
  { shrink: 2, block: 31 },
  { shrink: 1, block: 51 },
  { shrink: 3, block: 21 },
];

/** Minimum borderline contrast for a pose to be taken as the sheet's (wrong ones measure near 0). */
const MIN_BORDER = 0.2;

/**
 * Finds the four corner squares and the pose they give: each candidate set (best first, at several search
 * scales) must show the printed land's borderline where it says, or the next is tried. A QR code's finder
 * patterns look like markers; this is what keeps them out when a real corner square is hidden.
 */
function locate(photo: Photo, name: string, papers: Paper[]): { markers: MarkerHit[]; pose: Pose } {
  let most = 0;
  const seen: MarkerHit[][] = [];
  for (const search of markerSearches) {
    const hits = findMarkers(photo.grey, photo.width, photo.height, search);
    seen.push(hits);
    most = Math.max(most, hits.length);
    for (const four of quadCandidates(hits)) {
      const found = findPose(photo, four, papers);
      if (found && found.best.borderContrast >= MIN_BORDER) return { markers: four, pose: found.best };
    }
  }
  // Three found: look for the fourth where they say it must be.
  for (const hits of seen) {
    if (hits.length < 3) continue;
    for (const four of fourthMarkerCandidates(photo, hits, papers)) {
      const found = findPose(photo, four, papers);
      if (found && found.best.borderContrast >= MIN_BORDER) return { markers: four, pose: found.best };
    }
  }
  if (most === 0) throw new UserError(`${name}: no sheet found: photograph the whole sheet, all four corner squares visible`);
  if (most < 4) {
    throw new UserError(`${name}: found only ${most} of the sheet's 4 corner squares: photograph the whole sheet, all four corner squares visible`);
  }
  throw new UserError(`${name}: could not find the sheet's 4 corner squares around its land (one may be hidden, cut off or in glare): photograph the whole sheet, flat, all four corner squares visible`);
}

function checkExposure(photo: Photo, name: string): void {
  let sum = 0;
  const step = 97;
  let n = 0;
  for (let i = 0; i < photo.grey.length; i += step, n++) sum += photo.grey[i];
  const mean = sum / n;
  if (mean < 28) throw new UserError(`${name}: the photo is far too dark (mean brightness ${Math.round(mean)}/255): take it in better light`);
}

/** Reads a photo of a finished sheet: where it is, which game it belongs to, every fence and hole, the score. */
export async function scanPhoto(input: Buffer | string, game: GameData, opts: ScanOptions = {}): Promise<ScanResult> {
  const name = opts.name ?? (typeof input === 'string' ? input : 'photo');
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (k: string) => {
    const now = performance.now();
    timings[k] = Math.round((now - t) * 10) / 10;
    t = now;
  };

  const photo = await loadPhoto(input, { maxSide: opts.maxSide, name });
  lap('decode');
  checkExposure(photo, name);
  const papers: Paper[] = opts.fallback?.paper ? [opts.fallback.paper] : ['a4', 'letter'];
  const { markers, pose: found } = locate(photo, name, papers);
  let pose = found;
  lap('markers+pose');

  // The QR code names the game, the side, the cards, the player and the paper.
  const qr = await readSheetQr(photo, pose, game.cards.map((c) => c.name));
  lap('qr');
  let tag: SheetTag | null = qr?.tag ?? null;
  if (qr && !tag) throw new UserError(`${name}: this sheet's QR code is not a Baako sheet's ("${qr.text.slice(0, 40)}"): photograph a sheet printed by baako`);
  if (tag && tag.paper !== pose.paper) {
    const other = poseFor(markers, pose.rotation, tag.paper);
    if (other) {
      other.borderContrast = borderContrast(photo, other);
      pose = other;
    }
  }
  const fb = opts.fallback;
  if (!tag && !fb) {
    throw new UserError(`${name}: could not read the sheet's QR code: retake the photo closer and sharper, or pass --game game.json`);
  }
  const side: Side = tag?.side ?? fb!.side;
  const cards = (tag?.cards ?? fb!.cards).map((c) => findCard(game, c).name);
  const sheet = game.sheets[side];

  const grid = locateGrid(photo, pose);
  lap('grid');
  if (grid.borderFound < 0.5) {
    throw new UserError(`${name}: the photo is too blurry or too dark to read the land's borderline: hold the phone still, in good light`);
  }

  const ink = inkMap(photo, grid);
  lap('inkmap');
  const { rows, cols } = sheet.grid;
  const edges = edgeFeatures(ink, rows, cols, sheet.center);
  const cal = calibrateEdges(edges);
  lap('edges');
  const mapHoles = new Set(sheet.map.holes.map(([r, c]) => r * sheet.grid.cols + c));
  // Sheet B has no player holes: only its printed ones.
  // Cells with hardly any ink at half the hole test's level skip the stroke search.
  const cells = side === 'A' ? cellFeatures(ink, rows, cols, (r, c) => mapHoles.has(r * cols + c), holeLevel(cal) / 2) : [];
  lap('cells');

  const reading = readSheet(ink, rows, cols, sheet.center, edges, cells, cal, opts.read);
  const { holes, uncertain, confidence } = reading;
  if (!opts.keepDoubtful) checkReadable(name, edges, cal, ink, uncertain.length, reading.risks.reduce((a, b) => a + b, 0), side === 'A');
  const state: SheetState = { side, cards, fences: reading.fences, holes };
  if (!opts.keepDoubtful) checkFinished(name, state, edges, cal, game);
  const score = scoreState(game, state);
  // The rolls' count: where it disagrees, the likeliest culprits join the doubts, first.
  const sameGame = !tag || !fb?.game || tag.game === fb.game;
  const byRolls = opts.rolls && sameGame ? reviewAgainstRolls(game, { state, uncertain, risks: reading.risks }, opts.rolls, { edges, cells, cal, center: sheet.center }) : undefined;
  lap('classify');
  return {
    state,
    score,
    confidence: Math.round(confidence * 1000) / 1000,
    uncertain: byRolls?.uncertain ?? uncertain,
    risks: byRolls?.risks ?? reading.risks,
    ...(byRolls ? { rolls: byRolls.review } : {}),
    player: tag?.player ?? fb?.player,
    game: tag?.game ?? fb?.game,
    paper: pose.paper,
    setupFrom: tag ? 'qr' : 'fallback',
    photo,
    pose,
    grid,
    ink,
    calibration: cal,
    edges,
    timings,
  };
}
