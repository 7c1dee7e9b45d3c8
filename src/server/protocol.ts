/**
 * What the server and the page say to each other (JSON). Types only: the page imports them too.
 */
import type { ReviewItem } from '../engine/review.js';
import type { Paper, SetupSource } from '../engine/setup.js';
import type { Discovery, GameData, Score, SheetState, Side } from '../engine/types.js';

/**
 * The straightened land picture: vertex (i, j) of the land is at pixel (margin + j * cell, margin + i * cell).
 */
export interface LandView {
  width: number;
  height: number;
  cell: number;
  margin: number;
  rows: number;
  cols: number;
}

/** Pixel position of vertex (row, col) in a LandView picture. */
export function landPoint(v: LandView, row: number, col: number): [x: number, y: number] {
  return [v.margin + col * v.cell, v.margin + row * v.cell];
}

/** Where a review item sits in a LandView picture: the middle of its edge, or of its cell. */
export function itemCentre(v: LandView, it: ReviewItem): [x: number, y: number] {
  const [x, y] = landPoint(v, it.row, it.col);
  if (it.kind === 'hole') return [x + v.cell / 2, y + v.cell / 2];
  return it.kind === 'h' ? [x + v.cell / 2, y] : [x, y + v.cell / 2];
}

export interface CreateGameRequest {
  /** Player names, or a number of players (named "Player 1", ...). */
  players: string[] | number;
  seed?: string;
  side?: Side;
  paper?: Paper;
}

/** One turn of the table's dice, with what it means at the table. */
export interface DiceTurn {
  turn: number;
  dice: [number, number];
  /** Pairs rolled again before this one (a double 1 on sheet A), in order. */
  rerolled: [number, number][];
  /** What the roll means: a hole to pass, a double 1 rolled again, a pause, the last turn. */
  says: string[];
  pause: boolean;
  last: boolean;
  at: number;
}

/** The table's dice of a game: sent with the game, and to every open page whenever they change (event `dice`). */
export interface DiceState {
  gameId: string;
  side: Side;
  turns: number;
  pausesAfter: number[];
  /** The game's turns so far, in order: the current one last. */
  rolls: DiceTurn[];
  /** Every pair rolled, in order: kept, rolled again (a double 1), or undone by the host. */
  history: { seq: number; turn: number; dice: [number, number]; status: 'kept' | 'rerolled' | 'undone'; at: number }[];
  /** The next turn to roll, or null when every turn is rolled. */
  next: number | null;
  /** Whether players' phones may roll too (sheet B, solo); otherwise only the host. */
  playersRoll: boolean;
  /** Grows with every roll and undo: a page keeps the newest state it was told of. */
  version: number;
}

/** A sheet against the game's rolls (where it has any). */
export interface SheetRollsCheck {
  agrees: boolean;
  /** "checked against 15 rolls: holes 3 of 3, fence edges 118 (expected 116-119)", or what disagrees. */
  summary: string;
  /** Where it disagrees: "The rolls gave 3 holes; this sheet has 2." */
  note: string | null;
}

export interface GameInfo {
  id: string;
  title: string;
  setupId: string;
  seed: string;
  side: Side;
  paper: Paper;
  cards: string[];
  players: string[];
  createdAt: number;
  /** The rules the page scores with (the same engine as the server). */
  rules: GameData;
  /** The table's dice so far. */
  dice: DiceState;
}

export interface HostInfo extends GameInfo {
  hostKey: string;
  joinUrl: string;
  /** Every address a phone might reach the server at. */
  joinUrls: string[];
  /** The pack's files on the server, and where game.json is for `baako scan --game`. */
  files: { name: string; url: string; bytes: number }[];
  gameJson: string;
  dataDir: string;
  sheets: SheetSummary[];
  /** Players' photos kept on the server (they may carry the phone's location): DELETE /api/host/KEY/photos. */
  photos: number;
  /** PDFs of scanned sheets the host sent, newest first. */
  scans: ScanBatchView[];
}

/** What DELETE /api/host/KEY/photos answers. */
export interface PhotosDeleted {
  deleted: number;
  /** Photos still waiting for the scanner, kept until read (delete again afterwards). */
  waiting: number;
}

/**
 * A page of a scanned PDF: 'filed' under the player its QR code names (or the host picked), 'unassigned' when
 * its code could not be read (the host picks the player), 'refused' (another game's sheet), 'failed' (no sheet
 * read on it: a blank page, a back side), 'waiting' (not read yet).
 */
export interface ScanPageView {
  page: number;
  status: 'filed' | 'unassigned' | 'refused' | 'failed' | 'waiting';
  /** The page's picture (absent until the page is taken out of the PDF). */
  imageUrl?: string;
  /** Why it was refused or not read. */
  message?: string;
  /** The sheet filed from it. */
  sheet?: { no: number; player: number; name: string; status: SheetStatus; total: number; checks: number; asked: number; reviewUrl: string };
  /** What a page to assign reads as. */
  total?: number;
  checks?: number;
  asked?: number;
}

export interface ScanBatchView {
  id: string;
  name: string;
  bytes: number;
  /** Known once the PDF is checked. */
  pages: number | null;
  status: 'checking' | 'reading' | 'done';
  createdAt: number;
  items: ScanPageView[];
}

export interface AssignPageRequest {
  player: number;
}

export type SheetStatus = 'review' | 'confirmed' | 'replaced' | 'removed';

export interface SheetSummary {
  no: number;
  player: number;
  name: string;
  status: SheetStatus;
  total: number;
  /** The doubts listed, and of them the spots asked (doubted enough to check, and able to change the total). */
  checks: number;
  asked: number;
  createdAt: number;
  confirmedAt: number | null;
  landUrl: string;
  /** The sheet (as confirmed, or as read while in review) against the game's rolls. */
  rolls?: SheetRollsCheck;
}

export interface SheetView {
  /** The secret id: whoever holds it may confirm the sheet. */
  id: string;
  gameId: string;
  no: number;
  player: number;
  name: string;
  /** The player number in the sheet's QR code (the printed page), when it was read. */
  qrPlayer: number | null;
  status: SheetStatus;
  /** The scanner's reading, the items it doubts, those switched at confirmation, and the resulting state. */
  scanned: SheetState;
  uncertain: ReviewItem[];
  toggled: ReviewItem[];
  state: SheetState;
  score: Score;
  confidence: number;
  setupFrom: SetupSource;
  land: LandView & { url: string };
  createdAt: number;
  confirmedAt: number | null;
  /** Things worth a look (another player's printed sheet, a sheet this one replaces). */
  notes: string[];
  /** The sheet (as read, or as confirmed) against the game's rolls now; the page checks each switch itself. */
  rolls?: SheetRollsCheck;
  scanMs: number;
}

/**
 * A photo acknowledged but not (or not successfully) read: what `POST .../sheets` answers (202), and
 * `GET .../sheets/ID` until the sheet is read, when it answers the SheetView instead.
 */
export interface PendingSheet {
  id: string;
  gameId: string;
  player: number;
  name: string;
  /** queued: waiting for the scanner or being read; refused: the scanner could not read it (see error). */
  status: 'queued' | 'refused';
  /** queued: 0 while the scanner reads it, else its place in the line (1: next). */
  position?: number;
  /** queued: about how many seconds until it is read. */
  waitSeconds?: number;
  /** refused: why, for the player, and the HTTP status it stands for (413, 415, 422, ...). */
  error?: string;
  errorStatus?: number;
  /** refused: what went wrong, to branch on (see ApiError's code). */
  code?: string;
  receivedAt: number;
}

/** What `GET .../sheets/ID` answers: the sheet as read, or the photo still on its way. */
export type SheetAnswer = SheetView | PendingSheet;

/** Whether the scanner has read the photo (the answer is the sheet). */
export const isRead = (a: SheetAnswer): a is SheetView => a.status !== 'queued' && a.status !== 'refused';

/**
 * The body of a 503 "busy" answer to an upload: the photos ahead of this one (accepted, and those of phones told
 * to wait before it), so that the phone can say so while it waits, and the seconds to wait (as Retry-After).
 */
export interface BusyAnswer extends ApiError {
  ahead: number;
  retryAfter: number;
}

export interface ConfirmRequest {
  /** Uncertain items switched by the player (each at most once). */
  toggled: ReviewItem[];
}

export interface BoardEntry {
  rank: number;
  no: number;
  player: number;
  name: string;
  total: number;
  finds: number;
  cards: Record<string, number>;
  penalties: number;
  penaltyDetail: Score['penaltyDetail'];
  discoveries: Discovery[];
  title?: string;
  /** Items the scanner doubted (the player checked them before confirming). */
  checked: number;
  confirmedAt: number;
  landUrl: string;
  land: LandView;
  state: SheetState;
}

export interface Board {
  gameId: string;
  title: string;
  cards: string[];
  entries: BoardEntry[];
  /** Players without a confirmed sheet yet. */
  waiting: string[];
  updatedAt: number;
}

export interface ApiError {
  error: string;
  /** What went wrong, to branch on: a refused photo's reason ('too-blurry', 'no-sheet', ...; see ScanRefused), 'invalid-option'... */
  code?: string;
}
