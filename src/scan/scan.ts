import { findCard } from '../engine/cards.js';
import { scoreState } from '../engine/score.js';
import type { Paper, SetupSource, SheetSetup, SheetTag } from '../engine/setup.js';
import type { GameData, Score, SheetState, Side } from '../engine/types.js';
import { ScanRefused } from '../errors.js';
import { applyAnswers, type Answer } from './answers.js';
import { rateDoubts, type RatedItem } from './ask.js';
import type { EdgeFeature } from './edge-features.js';
import { defaultModels, type ScanModels } from './models.js';
import { gatherEvidence, readSheet, type SheetEvidence, type UncertainItem } from './read.js';
import type { StrokeCalibration } from './stroke-calibration.js';
import { inkMap, type InkMap } from './inkmap.js';
import { locateGrid, type LandGrid } from './grid.js';
import { registerToDots } from './register.js';
import { loadPhoto, type Photo, type PhotoInput } from './image.js';
import { fourthMarkerCandidates } from './fourth-marker.js';
import { findMarkers, mergeHits, quadCandidates, type MarkerHit } from './markers.js';
import { findPose, poseFor, type Pose } from './orient.js';
import { borderContrast } from './grid.js';
import { loadQrReader, readSheetQr } from './qr.js';
import { checkFinished, checkReadable, checkRegistered } from './refuse.js';
import { reviewAgainstRolls, type RollsReview } from './rolls-check.js';
import type { Roll } from '../engine/rolls.js';
import { TUNING } from './tuning.js';
import type { PrintedSetup } from './printed-setup.js';

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
  /** The models to read with (default: those shipped with the scanner). */
  models?: ScanModels;
  /** Receives what was measured on the land before anything is decided (for training the models). */
  collect?: (ev: SheetEvidence, where: { grid: LandGrid; photoScale: number }) => void;
  /** Moves the located grid before the land is read (training: strokes off their lines). */
  reshapeGrid?: (g: LandGrid) => LandGrid;
  /**
   * What the player found at spots the scanner asked about (or any interior edge or cell of sheet A): taken as
   * read surely, so the total, its range and the spots left to check follow from them.
   */
  answers?: Answer[];
  /** Return even a reading too doubtful to trust (default false: refused with advice); for measurements. */
  keepDoubtful?: boolean;
  /**
   * The table's rolls: the reading is checked against them, and where the count disagrees its likeliest culprits
   * are asked first. Not for a sheet whose QR code names another game than the fallback's.
   */
  rolls?: Roll[];
}

export interface ScanResult {
  state: SheetState;
  score: Score;
  /**
   * The chance the reading is exactly right, as the scanner's models reckon it (0..1, to 3 decimals): the product of
   * every item's chance of being right as read alone (not sharpened by the sheet, chances.ts). How it holds up on photos never trained on is in docs/benchmarks.md.
   */
  confidence: number;
  /** The items worth a look, the asked ones first (likeliest wrong first), then those likely right. */
  uncertain: RatedItem[];
  /** The lowest and highest total the asked items allow until the player answers them. */
  range: [number, number];
  player?: number;
  game?: string;
  paper: Paper;
  /** Where the setup came from: the QR code, the caller's fallback, or the sheet's print (the QR code unreadable). */
  setupFrom: SetupSource;
  /**
   * With a fallback and no QR code: the side and cards the sheet's print shows, where they are not the fallback's
   * (the sheet may be another game's). Absent where they agree or the print could not tell.
   */
  printedOtherwise?: SheetSetup;
  /** The reading against the rolls, when given; where the count disagrees its culprits lead `uncertain`, asked. */
  rolls?: RollsReview;
  /** The answers given (`answers`), as applied: those spots are read as answered and no longer in doubt. */
  answered?: Answer[];
  /** For overlays and diagnosis. */
  photo: Photo;
  pose: Pose;
  grid: LandGrid;
  ink: InkMap;
  calibration: StrokeCalibration;
  edges: EdgeFeature[];
  timings: Record<string, number>;
}

/**
 * The threshold's block should be about a corner square's size: these suit squares of 40 px and more at working
 * size, the last resort below (`smallMarkers`) squares of 15 to 30 px.
 */
export const markerSearches = [
  { shrink: 2, block: 31 },
  { shrink: 1, block: 51 },
  { shrink: 3, block: 21 },
];
/**
 * For squares of 15 to 30 px (a small sheet far off, a 2 MP photo), whose white ring a larger block blurs away.
 * Tried after three squares have placed the fourth: small blocks find square-like marks the others do not, and a
 * set of four with one of those can pass the borderline's check before the right placement is tried.
 */
export const smallMarkers = { shrink: 1, block: 21 };

const { minBorder: MIN_BORDER, minBorderPlaced: MIN_BORDER_PLACED, severalSheets: SEVERAL_SHEETS } = TUNING.locate;

/**
 * Finds the four corner squares and the pose they give: each candidate set (best first, at several search
 * scales) must show the printed land's borderline where it says, or the next is tried. A QR code's finder
 * patterns look like markers; this is what keeps them out when a real corner square is hidden.
 */
function locate(photo: Photo, name: string, papers: Paper[]): { markers: MarkerHit[]; pose: Pose } {
  let most = 0;
  const fourFound = (hits: MarkerHit[]) => {
    // More squares than a sheet's four (a neighbour's sheet beside it): four from two sheets can show some borderline
    // too, so every set is measured and the one whose borderline shows best is kept.
    const several = hits.length >= SEVERAL_SHEETS;
    let best: { markers: MarkerHit[]; pose: Pose } | undefined;
    for (const four of quadCandidates(hits, several ? Infinity : undefined)) {
      const found = findPose(photo, four, papers);
      if (!found || found.best.borderContrast < MIN_BORDER) continue;
      if (!several) return { markers: four, pose: found.best };
      if (found.best.borderContrast > (best?.pose.borderContrast ?? 0)) best = { markers: four, pose: found.best };
    }
    return best;
  };
  // Three found: look for the fourth where they say it must be. Every place is tried and the one whose land's
  // borderline shows best kept: a wrong place can still show a little of it.
  const fourthPlaced = (seen: MarkerHit[][]) => {
    for (const hits of seen) {
      if (hits.length < 3) continue;
      let best: { markers: MarkerHit[]; pose: Pose } | undefined;
      for (const four of fourthMarkerCandidates(photo, hits, papers)) {
        const found = findPose(photo, four, papers);
        if (found && found.best.borderContrast >= MIN_BORDER_PLACED && found.best.borderContrast > (best?.pose.borderContrast ?? 0)) best = { markers: four, pose: found.best };
      }
      if (best) return best;
    }
    return undefined;
  };
  const seen: MarkerHit[][] = [];
  for (const search of markerSearches) {
    const hits = findMarkers(photo.grey, photo.width, photo.height, search);
    seen.push(hits);
    most = Math.max(most, hits.length);
    const got = fourFound(hits);
    if (got) return got;
  }
  // Each square found by one search or another: a sheet half in shadow shows each to a different block.
  const merged = mergeHits(seen);
  const wider = merged.length > most;
  if (wider) {
    most = merged.length;
    const got = fourFound(merged);
    if (got) return got;
  }
  const placed = fourthPlaced(wider ? [merged, ...seen] : seen);
  if (placed) return placed;
  const small = findMarkers(photo.grey, photo.width, photo.height, smallMarkers);
  most = Math.max(most, small.length);
  const got = fourFound(small) ?? fourthPlaced([small]);
  if (got) return got;
  if (most === 0) throw new ScanRefused('no-sheet', name, 'no sheet found: photograph the whole sheet, all four corner squares visible');
  if (most < 4) {
    throw new ScanRefused('corners-missing', name, `found only ${most} of the sheet's 4 corner squares: photograph the whole sheet, all four corner squares visible`);
  }
  throw new ScanRefused('corners-missing', name, "could not find the sheet's 4 corner squares around its land (one may be hidden, cut off or in glare): photograph the whole sheet, flat, all four corner squares visible");
}

const DARK = TUNING.refuse.dark;

/**
 * Refuses a photo far too dark to read. Its brightest parts are measured, not its mean: a sheet lit on a dark table
 * fills a small part of the frame, and it is the sheet that must be lit.
 */
function checkExposure(photo: Photo, name: string): void {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < photo.grey.length; i += 17, n++) hist[photo.grey[i]]++;
  let acc = 0;
  let v = 255;
  while (v > 0 && acc + hist[v] < n * 0.02) acc += hist[v--];
  if (v < DARK) throw new ScanRefused('too-dark', name, `the photo is far too dark (its brightest parts at ${v}/255): take it in better light`);
}

/** The land's grid where the pose says, moved onto its printed dots. */
function findLand(photo: Photo, pose: Pose, name: string): LandGrid {
  const bordered = locateGrid(photo, pose);
  if (bordered.borderFound < 0.5) {
    throw new ScanRefused('too-blurry', name, "the photo is too blurry or too dark to read the land's borderline: hold the phone still, in good light");
  }
  return registerToDots(photo, bordered);
}

/** Reads a photo of a finished sheet: where it is, which game it belongs to, every fence and hole, the score. */
export async function scanPhoto(input: PhotoInput, game: GameData, opts: ScanOptions = {}): Promise<ScanResult> {
  const name = opts.name ?? (typeof input === 'string' ? input : 'photo');
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (k: string) => {
    const now = performance.now();
    timings[k] = Math.round((now - t) * 10) / 10;
    t = now;
  };

  const decoding = loadPhoto(input, { maxSide: opts.maxSide, name });
  // The first photo of a process: zxing's wasm compiles in the background while sharp decodes on its own threads.
  loadQrReader();
  const photo = await decoding;
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
  if (qr && !tag) throw new ScanRefused('not-a-baako-sheet', name, `this sheet's QR code is not a Baako sheet's ("${qr.text.slice(0, 40)}"): photograph a sheet printed by baako`);
  if (tag && tag.paper !== pose.paper) {
    const other = poseFor(markers, pose.rotation, tag.paper);
    if (other) {
      other.borderContrast = borderContrast(photo, other);
      pose = other;
    }
  }
  const fb = opts.fallback;
  let grid = findLand(photo, pose, name);
  lap('grid');
  // No QR code: the side and the cards as printed on the sheet, read the way a person would. With nothing given
  // they are the setup; with a setup given they check it (a sheet of another game night reads with the wrong cards).
  let printed: PrintedSetup | null = null;
  if (!tag) {
    // (a reader that cannot start, MuPDF missing or broken, leaves the photo as it would be without it)
    printed = await import('./printed-setup.js').then((m) => m.readPrintedSetup(photo, pose, grid, game)).catch(() => null);
    if (!printed && !fb) throw new ScanRefused('qr-unreadable', name, "could not read the sheet's QR code nor its cards in play: retake the photo closer and sharper");
    if (printed && !fb && printed.pose.paper !== pose.paper) {
      pose = printed.pose;
      grid = findLand(photo, pose, name);
    }
    lap('setup');
  }
  const side: Side = tag?.side ?? fb?.side ?? printed!.side;
  const cards = (tag?.cards ?? fb?.cards ?? printed!.cards).map((c) => findCard(game, c).name);
  const sheet = game.sheets[side];
  if (opts.reshapeGrid) grid = opts.reshapeGrid(grid);
  const ink = inkMap(photo, grid);
  lap('inkmap');
  const { rows, cols } = sheet.grid;
  const mapHoles = new Set(sheet.map.holes.map(([r, c]) => r * cols + c));
  // Sheet B has no player holes: only its printed ones.
  const ev = gatherEvidence(ink, {
    rows,
    cols,
    center: sheet.center,
    cellPx: grid.cellPx / photo.scale,
    dotMisfit: grid.dotMisfit ?? 0,
    readHoles: side === 'A',
    printed: (r, c) => mapHoles.has(r * cols + c),
  });
  lap('features');
  opts.collect?.(ev, { grid, photoScale: photo.scale });
  const read = readSheet(ev, opts.models ?? defaultModels());
  const reading = opts.answers?.length ? applyAnswers(read, opts.answers) : read;
  const state: SheetState = { side, cards, fences: reading.fences, holes: reading.holes };
  const score = scoreState(game, state);
  let doubts = rateDoubts(game, state, reading.uncertain);
  if (!opts.keepDoubtful) {
    checkReadable(name, doubts.items);
    checkRegistered(name, grid);
    checkFinished(name, state, ev, game);
  }
  // The rolls' count: where it disagrees, the likeliest culprits are asked, first (the total's range with them).
  const sameGame = !tag || !fb?.game || tag.game === fb.game;
  const byRolls = opts.rolls && sameGame ? reviewAgainstRolls(game, state, reading.items, opts.rolls, sheet.center, name) : undefined;
  if (byRolls?.culprits.length) doubts = rateDoubts(game, state, reading.uncertain, byRolls.culprits);
  lap('read');
  return {
    state,
    score,
    confidence: Math.round(reading.confidence * 1000) / 1000,
    uncertain: doubts.items,
    range: doubts.range,
    player: tag?.player ?? fb?.player,
    game: tag?.game ?? fb?.game,
    paper: pose.paper,
    setupFrom: tag ? 'qr' : fb ? 'fallback' : 'print',
    ...(fb && printed && (printed.side !== side || printed.cards.join('|') !== cards.join('|')) ? { printedOtherwise: { side: printed.side, cards: printed.cards } } : {}),
    ...(byRolls ? { rolls: byRolls.review } : {}),
    ...(opts.answers?.length ? { answered: opts.answers } : {}),
    photo,
    pose,
    grid,
    ink,
    calibration: ev.cal,
    edges: ev.edges,
    timings,
  };
}
