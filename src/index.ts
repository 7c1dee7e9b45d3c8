/**
 * baako-print as a library: score sheets, scan photos of them, print sheets, cards, packs, decks and the board.
 *
 * Importing it loads only the game logic and the data checks: the PDF renderer and the scanner (sharp, zxing)
 * are loaded by the first call that needs them. Every error meant for the caller is a BaakoError with a `code`
 * (a ScanRefused for a photo the scanner will not read, a DataError for a file that does not hold what it should,
 * an OptionError for an option it cannot take); anything else thrown is a bug.
 */
import { resolve } from 'node:path';
import { loadBoard } from './data/board.js';
import { loadGame } from './data/load.js';
import { parseSheet, validateState } from './data/state.js';
import { loadLayout as loadLayoutFile, type Layout } from './data/deck.js';
import { loadDeckData as loadDeckDataFile, readDeckData as readDeckDataFile, type DeckData } from './data/deck-data.js';
import { builtinDecks as listBuiltinDecks, type BuiltinDeck } from './data/deck-builtin.js';
import { findCard, UnknownCardError } from './engine/cards.js';
import { writeNotation } from './engine/notation.js';
import { scoreState as scoreSheetState } from './engine/score.js';
import { checkRolls as checkSheetRolls, describeRollsCheck, parseRolls, RollsError, validateRolls, type Roll, type RollsCheck } from './engine/rolls.js';
import { createSetup, type GameSetup, type Paper, type SetupSource, type SheetSetup } from './engine/setup.js';
import type { GameData, Score, SheetState, Side } from './engine/types.js';
import { OptionError } from './errors.js';
import { MAX_PLAYERS, parsePaper, parsePlayers, parseSeed, parseSide } from './render/options.js';
import type { SheetGeometry } from './geometry/sheet-layout.js';
import type { Answer as SpotAnswer } from './scan/answers.js';

export { BaakoError, DataError, OptionError, ScanRefused, UserError } from './errors.js';
export type { DataErrorCode, ScanRefusal } from './errors.js';
export { loadGame } from './data/load.js';
export { loadBoard } from './data/board.js';
export type { BoardData } from './data/board.js';
export type { Answer as SpotAnswer } from './scan/answers.js';
export type { Cell, Discovery, GameData, Score, SheetState, Side } from './engine/types.js';
export type { GameSetup, Paper, SetupSource, SheetSetup } from './engine/setup.js';
export type { Roll, RollsCheck, RollsExpectation } from './engine/rolls.js';
export type { Layout } from './data/deck.js';
export type { DeckData, DeckCard } from './data/deck-data.js';
export type { BuiltinDeck } from './data/deck-builtin.js';
export type { SheetGeometry } from './geometry/sheet-layout.js';

/** Options every call that needs the game's rules takes. */
export interface GameOption {
  /** The game data (default: the package's templates, as `loadGame()` reads them). */
  game?: GameData;
}

// ---- scoring -------------------------------------------------------------------------------------------

/**
 * Reads a sheet given as text: sheet-state JSON, or the ASCII sheet notation. `source` names it in errors
 * (default "sheet"). Throws a DataError naming the field that is wrong.
 */
export function readSheet(text: string, opts: GameOption & { source?: string } = {}): SheetState {
  return parseSheet(opts.game ?? loadGame(), text, opts.source ?? 'sheet');
}

/** A sheet state in the ASCII sheet notation (what `readSheet` reads back). */
export function writeSheet(state: SheetState, opts: GameOption = {}): string {
  const sheet = (opts.game ?? loadGame()).sheets[state.side];
  return writeNotation(state, { printedMap: sheet.map, center: sheet.center });
}

/**
 * The score of a finished sheet: each card's points, the penalties, every discovery. The state is checked first
 * (sizes, borderline, card names; a DataError names the field that is wrong), so it may come from anywhere.
 */
export function scoreState(state: SheetState, opts: GameOption & { source?: string } = {}): Score {
  const game = opts.game ?? loadGame();
  return scoreSheetState(game, validateState(game, state, opts.source ?? 'state'));
}

/** The score of a sheet given as text (the ASCII notation, or sheet-state JSON). */
export function scoreNotation(text: string, opts: GameOption & { source?: string } = {}): Score {
  const game = opts.game ?? loadGame();
  return scoreSheetState(game, parseSheet(game, text, opts.source ?? 'sheet'));
}

// ---- the table's dice ----------------------------------------------------------------------------------

/** Rolls written as "3,4 1,6 ..." (a turn a pair, separated by spaces): the list `checkRolls` and `scanPhoto` take. */
export function readRolls(text: string): Roll[] {
  try {
    return parseRolls(text);
  } catch (e) {
    if (e instanceof RollsError) throw new OptionError('rolls', e.message);
    throw e;
  }
}

/** A sheet against the table's rolls, with `summary`, the line `baako score` prints. */
export interface SheetRollsCheck extends RollsCheck {
  summary: string;
}

/**
 * A sheet against the rolls it was played from: its holes (sheet A) and its fence edges (within the range the
 * special fences allow). Rolls that do not fit the sheet's side are an OptionError ('rolls').
 */
export function checkRolls(state: SheetState, rolls: Roll[], opts: GameOption & { source?: string } = {}): SheetRollsCheck {
  const game = opts.game ?? loadGame();
  const sheet = validateState(game, state, opts.source ?? 'state');
  try {
    validateRolls(game, sheet.side, rolls);
  } catch (e) {
    if (e instanceof RollsError) throw new OptionError('rolls', e.message);
    throw e;
  }
  const c = checkSheetRolls(game, sheet, rolls);
  return { ...c, summary: describeRollsCheck(c) };
}

// ---- scanning ------------------------------------------------------------------------------------------

/** An item the scanner is unsure of: an edge (`h` horizontal, `v` vertical) or a cell's hole. */
export interface UncertainItem {
  kind: 'h' | 'v' | 'hole';
  row: number;
  col: number;
  /** The chance (0..1) that the scanner's guess for it is wrong. */
  chance: number;
  /** Whether the guess counts as likely right (a person may skip checking it). */
  likely: boolean;
  /** What the total gains (or loses) if the guess is wrong. */
  points: number;
}

/** What the scanner read on a photo of a finished sheet. */
export interface SheetReading {
  state: SheetState;
  score: Score;
  /** The chance (0..1) that the whole reading is exactly right, as the scanner's models reckon it. */
  confidence: number;
  /** The items worth a look: those to check first (likeliest wrong first), then those likely right. */
  uncertain: UncertainItem[];
  /** The lowest and highest total the items to check allow until they are checked. */
  range: [number, number];
  /** From the sheet's QR code (or the fallback). */
  player?: number;
  game?: string;
  paper: Paper;
  /** Where the setup (side, cards) came from: the QR code, `fallback`, or the cards printed on the sheet when its QR code could not be read. */
  setupFrom: SetupSource;
  /**
   * With `fallback` and no QR code: the side and cards the sheet's print shows, where they are not the fallback's
   * (the sheet may be another game's). Absent where they agree or the print could not tell.
   */
  printedOtherwise?: SheetSetup;
  /** With `rolls`: the reading against them. Where the count disagrees, its culprits lead `uncertain`, to check. */
  rollsCheck?: SheetRollsCheck & {
    /** Where the count disagrees, the question for a person: "The rolls gave 5 holes; 4 were read: is one of these a hole?" */
    note: string | null;
    /** The items the count points at, likeliest wrong first. */
    culprits: { kind: 'h' | 'v' | 'hole'; row: number; col: number }[];
    /** The one switch that makes the count agree, where the models clearly favour it (never applied). */
    proposal?: { kind: 'h' | 'v' | 'hole'; row: number; col: number };
  };
  /** With `answers`: the spots answered, read as answered and no longer in doubt. */
  answered?: SpotAnswer[];
  /** With `overlay: true`: a PNG of what was read, drawn over the straightened sheet. */
  overlay?: Buffer;
}

export interface ScanPhotoOptions extends GameOption {
  /** The game's setup, used when the sheet's QR code cannot be read (else such a photo is refused). */
  fallback?: { side: Side; cards: string[]; game?: string; player?: number; paper?: Paper };
  /** The photo's name in error messages (default: the file name, or "photo"). */
  name?: string;
  /** Also draw the overlay PNG. */
  overlay?: boolean;
  /**
   * The table's rolls the sheet was played from (`readRolls`): the reading is checked against them, and where the
   * count disagrees the likeliest culprits are asked first. Left unused for a sheet of another game than `fallback.game`.
   */
  rolls?: Roll[];
  /**
   * What a person found at the spots a reading asked about (or any interior edge, or cell of sheet A): read as
   * answered, so the total, its range and the spots left to check follow. A spot the scanner does not read throws
   * an OptionError (code 'invalid-option').
   */
  answers?: SpotAnswer[];
}

/**
 * Reads a photo (a file name, or the bytes of a JPEG, PNG or WebP) of a finished sheet. A photo it cannot read
 * well enough is refused with a ScanRefused whose `code` says why ('no-sheet', 'too-blurry', 'qr-unreadable'...)
 * and whose message says what to do.
 */
export async function scanPhoto(photo: string | Buffer, opts: ScanPhotoOptions = {}): Promise<SheetReading> {
  const game = opts.game ?? loadGame();
  const [{ scanPhoto: scan }, { rollsCheckJson }] = await Promise.all([import('./scan/scan.js'), import('./scan/rolls-check.js')]);
  const r = await scan(photo, game, { fallback: opts.fallback, name: opts.name, rolls: opts.rolls, answers: opts.answers });
  const reading: SheetReading = {
    state: r.state,
    score: r.score,
    confidence: r.confidence,
    uncertain: r.uncertain.map(({ kind, row, col, chance, likely, points }) => ({ kind, row, col, chance, likely, points })),
    range: r.range,
    ...(r.player !== undefined ? { player: r.player } : {}),
    ...(r.game !== undefined ? { game: r.game } : {}),
    paper: r.paper,
    setupFrom: r.setupFrom,
    ...(r.printedOtherwise ? { printedOtherwise: r.printedOtherwise } : {}),
    ...(r.rolls ? { rollsCheck: rollsCheckJson(r.rolls) } : {}),
    ...(r.answered ? { answered: r.answered } : {}),
  };
  if (opts.overlay) {
    const { renderOverlay } = await import('./scan/overlay.js');
    const title = `${r.player !== undefined ? `player ${r.player}, ` : ''}total ${r.score.total}`;
    reading.overlay = await renderOverlay({ ...r, title, printedHoles: game.sheets[r.state.side].map.holes });
  }
  return reading;
}

// ---- printing ------------------------------------------------------------------------------------------

/** Card misregistration on the backs, in mm (as read off the calibration page), each within +-20. */
export type BackOffset = { x: number; y: number };

function backOffset(v: BackOffset | undefined): BackOffset | undefined {
  if (v === undefined) return undefined;
  if (!Number.isFinite(v?.x) || !Number.isFinite(v?.y) || Math.abs(v.x) > 20 || Math.abs(v.y) > 20) {
    throw new OptionError('backOffset', `${JSON.stringify(v)} is not { x, y } in millimetres, each within 20`);
  }
  return v;
}

export interface SetupOptions extends GameOption {
  /** Players, 1-100 (a sheet each). */
  players?: number;
  /** The setup's seed (letters, digits, _ and -): the same seed gives the same cards. Random if left out. */
  seed?: string;
  /** A (multiplayer) or B (solo); default A, or B for one player. */
  side?: Side;
}

/** A game's setup: its id, seed, side and the five cards in play (what the sheets' QR codes carry). */
export function createGame(opts: SetupOptions = {}): GameSetup {
  const game = opts.game ?? loadGame();
  const players = parsePlayers(opts.players ?? 1);
  return createSetup(game, parseSeed(opts.seed), parseSide(opts.side ?? (players === 1 ? 'B' : 'A')), players);
}

export interface SheetsOptions extends SetupOptions {
  /** a4 (default) or letter. */
  paper?: Paper;
  /** The game to print sheets of (default: a new one from players, seed and side). */
  setup?: GameSetup;
  /** Only these players' pages (default: one page a player). */
  pages?: number[];
  /** An archaeologist name printed on every page. */
  name?: string;
}

/** Baako sheets as a PDF, one page a player, with the geometry the scanner reads them by. */
export async function renderSheets(opts: SheetsOptions = {}): Promise<{ pdf: Buffer; setup: GameSetup; geometry: SheetGeometry }> {
  const game = opts.game ?? loadGame();
  const paper = parsePaper(opts.paper ?? 'a4');
  const setup = opts.setup ?? createGame({ ...opts, game });
  const pages = opts.pages?.map((p) => parsePlayers(p, 'pages'));
  const [{ renderSheetPdf }, { sheetGeometry }] = await Promise.all([import('./render/sheet.js'), import('./geometry/sheet-layout.js')]);
  const pdf = await renderSheetPdf({ side: setup.side, paper, setup, players: pages, name: opts.name, game });
  return { pdf, setup, geometry: sheetGeometry(setup.side, paper, game.sheets[setup.side]) };
}

export interface CardsOptions extends GameOption {
  /** a4 (default) or letter. */
  paper?: Paper;
  /** Only these cards, by name (default: all 15). */
  cards?: string[];
  /** A page of backs after each page of fronts (flip on the long edge). */
  duplex?: boolean;
  backOffset?: BackOffset;
}

/** The discovery cards at poker size, 9 a page, with bleed and crop marks. */
export async function renderCards(opts: CardsOptions = {}): Promise<Buffer> {
  const game = opts.game ?? loadGame();
  const cards = opts.cards?.map((c) => {
    try {
      return findCard(game, c).name;
    } catch (e) {
      if (e instanceof UnknownCardError) throw new OptionError('cards', e.message);
      throw e;
    }
  });
  const { renderCardsPdf } = await import('./render/cards.js');
  return renderCardsPdf({ paper: parsePaper(opts.paper ?? 'a4'), cards, duplex: opts.duplex, backOffset: backOffset(opts.backOffset), game });
}

export interface PackOptions extends SetupOptions {
  players: number;
  paper?: Paper;
  duplex?: boolean;
  backOffset?: BackOffset;
}

/** The files of a game night: sheets.pdf, sheets.geometry.json, cards.pdf, host.pdf and game.json. */
export interface Pack {
  setup: GameSetup & { paper: Paper };
  files: { name: string; data: Buffer | string }[];
}

function packOptions(opts: PackOptions) {
  const game = opts.game ?? loadGame();
  const players = parsePlayers(opts.players);
  return {
    game,
    players,
    seed: parseSeed(opts.seed),
    side: parseSide(opts.side ?? (players === 1 ? 'B' : 'A')),
    paper: parsePaper(opts.paper ?? 'a4'),
    duplex: opts.duplex,
    backOffset: backOffset(opts.backOffset),
  };
}

/** A game night's files, in memory. */
export async function renderPack(opts: PackOptions): Promise<Pack> {
  const { renderPack: render } = await import('./render/pack.js');
  return render(packOptions(opts));
}

/** A game night's files written into `dir` (made if needed); none is left half written. */
export async function writePack(dir: string, opts: PackOptions): Promise<Pack> {
  const { writePack: write } = await import('./render/pack.js');
  return write(dir, packOptions(opts));
}

// ---- decks ---------------------------------------------------------------------------------------------

/** Reads and checks a deck layout (.layout.json). Throws a DataError naming the field that is wrong. */
export function loadLayout(path: string): Layout {
  return loadLayoutFile(path);
}

/** The decks that come with the package: their names and layout files. */
export function builtinDecks(): BuiltinDeck[] {
  return listBuiltinDecks();
}

/**
 * A deck's cards from a CSV or JSON data file (default: the layout's own data, or one card without data),
 * checked against the layout. Throws a DataError naming the file, row and column.
 */
export function readDeckData(layout: Layout, dataPath?: string, opts: { copiesColumn?: string } = {}): DeckData {
  const path = dataPath ?? (layout.data ? resolve(layout.dir, layout.data) : undefined);
  return readDeckDataFile(layout, path, opts);
}

/**
 * A deck's cards from a CSV, spreadsheet (.xlsx; `sheet` names one, default the first) or JSON data file, checked
 * against the layout. Throws a DataError naming the file, row and column.
 */
export async function loadDeckData(layout: Layout, dataPath?: string, opts: { copiesColumn?: string; sheet?: string } = {}): Promise<DeckData> {
  const path = dataPath ?? (layout.data ? resolve(layout.dir, layout.data) : undefined);
  return loadDeckDataFile(layout, path, opts);
}

export interface DeckOptions {
  /** The cards (default: the layout's data file): read, or a CSV, .xlsx or JSON file. */
  data?: DeckData | string;
  /** One card a page at its trim size plus a 3 mm bleed, TrimBox and BleedBox set (what print shops ask for). */
  single?: boolean;
  /** a4 (default), letter or a3. */
  paper?: string;
  /** Overrides the layout's size: poker, bridge, tarot, square, WxHmm, or a4/letter/a3/page for whole pages. */
  size?: string;
  duplex?: boolean;
  backOffset?: BackOffset;
}

export interface RenderedDeck {
  pdf: Buffer;
  cards: number;
  pages: number;
}

/** A deck of cards (or tiles, mats, boards) from a layout (or a layout file) and its data. */
export async function renderDeck(layout: Layout | string, opts: DeckOptions = {}): Promise<RenderedDeck> {
  const l = typeof layout === 'string' ? loadLayout(layout) : layout;
  const data = typeof opts.data === 'object' ? opts.data : await loadDeckData(l, opts.data);
  const [{ renderDeckPdf, renderDeckSinglePdf }, { parseDeckSize, parsePaperName }] = await Promise.all([import('./render/deck/render.js'), import('./render/deck/sizes.js')]);
  if (opts.single) {
    if (opts.backOffset) throw new OptionError('backOffset', 'shifts the backs of the 9-up sheets; with single each card has a page of its own');
    const size = opts.size !== undefined ? parseDeckSize(opts.size) : undefined;
    const r = await renderDeckSinglePdf(l, data, { size, paper: parsePaperName(opts.paper ?? 'a4'), backs: opts.duplex });
    return { pdf: r.pdf, cards: data.cards.length, pages: r.pages.length };
  }
  const r = await renderDeckPdf(l, data, {
    paper: parsePaperName(opts.paper ?? 'a4'),
    size: opts.size !== undefined ? parseDeckSize(opts.size) : undefined,
    duplex: opts.duplex,
    backOffset: backOffset(opts.backOffset),
  });
  return { pdf: r.pdf, cards: r.cards, pages: r.pages };
}

// ---- the board -----------------------------------------------------------------------------------------

export interface BoardOptions {
  /** a3 (default), tabloid, or a4-tiled (the A3 board at 1:1 over four A4 pages). */
  paper?: 'a3' | 'tabloid' | 'a4-tiled';
  /** The cut-outs (characters, tokens, player aids, bills) instead of the board. */
  tokens?: boolean;
  /** A board definition file (default: the dig-bag board of the package). */
  data?: string;
}

/** The dig-bag board, or its cut-outs, as a PDF. */
export async function renderBoard(opts: BoardOptions = {}): Promise<Buffer> {
  const board = await import('./render/board/index.js');
  const paper = board.parseBoardPaper(opts.paper ?? 'a3');
  const data = opts.data !== undefined ? loadBoard(opts.data) : loadBoard();
  const o = { board: data, source: opts.data ?? 'board.json', paper };
  return opts.tokens ? board.renderTokensPdf(o) : board.renderBoardPdf(o);
}

/** The most players a game takes. */
export { MAX_PLAYERS };
