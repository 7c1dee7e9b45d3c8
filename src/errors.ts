/**
 * The errors baako throws for its callers to handle. Each has a `code` to branch on and a one-line message that
 * says what is wrong and what to do; the CLI prints the message and exits with `exitCode`. Anything else thrown
 * is a bug and keeps its stack trace.
 */

/** Base of every error caused by the input (a file, an option, a photo). */
export class BaakoError extends Error {
  readonly code: string;
  /** The CLI's exit code (2: bad input). */
  readonly exitCode: number;

  constructor(message: string, code: string, opts: { exitCode?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.code = code;
    this.exitCode = opts.exitCode ?? 2;
  }
}

/** Input the command or call cannot use: a file that cannot be written, a name that matches nothing... */
export class UserError extends BaakoError {
  constructor(message: string, exitCode = 2, code = 'invalid-input') {
    super(message, code, { exitCode });
  }
}

/** An option given a value it cannot take. `option` is named as on the command line, without dashes. */
export class OptionError extends UserError {
  constructor(
    readonly option: string,
    /** What is wrong with the value (the message without the option's name). */
    readonly reason: string,
  ) {
    super(`${option}: ${reason}`, 2, 'invalid-option');
  }
}

export type DataErrorCode = 'file-not-found' | 'file-unreadable' | 'malformed-file' | 'invalid-data';

/**
 * A data file (game data, sheet state, layout, deck data, board, game.json) that cannot be read or does not
 * hold what it should: `file` as shown to the user, `path` the field (`cards[2].type`, `row 4, column 'cost'`).
 */
export class DataError extends UserError {
  constructor(
    readonly file: string,
    readonly path: string | undefined,
    /** What is wrong there (the message without the file and field). */
    readonly reason: string,
    code: DataErrorCode = 'invalid-data',
  ) {
    // A spreadsheet's place reads as one phrase: "cards.csv row 12, column 'points': ...".
    super(`${file}${path ? `${path.startsWith('row ') ? ' ' : ': '}${path}` : ''}: ${reason}`, 2, code);
  }

  /** A file that cannot be read, coded by why (missing, or anything else). */
  static unreadable(file: string, e: unknown): DataError {
    const errno = (e as NodeJS.ErrnoException).code ?? 'error';
    return new DataError(file, undefined, `cannot read (${errno})`, errno === 'ENOENT' ? 'file-not-found' : 'file-unreadable');
  }
}

/** Why a photo was refused. Each comes with advice in the message. */
export type ScanRefusal =
  /** The file is missing. */
  | 'file-not-found'
  /** Not a photo the scanner decodes (JPEG, HEIC, PNG, WebP, AVIF, TIFF), or not an image at all. */
  | 'not-an-image'
  /** The image data is cut short or damaged. */
  | 'damaged-image'
  /** Too few pixels to read a sheet. */
  | 'too-small'
  /** More pixels than the scanner decodes (a panorama, a stitched scan). */
  | 'too-many-pixels'
  /** Far too dark overall. */
  | 'too-dark'
  /** No corner square found at all. */
  | 'no-sheet'
  /** Some but not all four corner squares found (or none that frame the land). */
  | 'corners-missing'
  /** A QR code that is not a Baako sheet's. */
  | 'not-a-baako-sheet'
  /** The sheet's QR code could not be read and no fallback setup was given. */
  | 'qr-unreadable'
  /** The land's borderline cannot be traced: blur or darkness. */
  | 'too-blurry'
  /** More spots to check than a person would check before redoing the sheet by hand. */
  | 'too-doubtful'
  /** The sheet is bent so much that the grid slipped by a cell somewhere. */
  | 'not-flat'
  /** Fewer fences than any finished sheet has: the pencil does not show, or the sheet is not finished. */
  | 'unfinished';

/** A photo the scanner cannot read well enough to score; `photo` is its name in messages. */
export class ScanRefused extends UserError {
  declare readonly code: ScanRefusal;

  constructor(
    code: ScanRefusal,
    readonly photo: string,
    /** What is wrong and what to do (the message without the photo's name). */
    readonly reason: string,
  ) {
    super(`${photo}: ${reason}`, 2, code);
  }
}

/**
 * A message kept on one line whatever it quotes from the user's input (JSON.parse quotes a piece of the text,
 * line breaks included): line breaks, other control characters and those that reorder text on screen
 * (bidirectional controls) are written as escapes.
 */
export function oneLine(message: string): string {
  return message.replace(/\r\n|[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) =>
    c === '\r\n' || c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What is wrong with an input file (HEIC, PDF, or what it claims to be), for callers that act on it. */
export type InputProblem =
  | 'missing'
  | 'empty'
  | 'unreadable'
  | 'damaged'
  | 'too-small'
  | 'encrypted'
  | 'too-many-pages'
  | 'no-image'
  | 'video'
  | 'pdf';

/** A file the scanner cannot take (a PDF or HEIC it cannot open, a video...), its reason as a code; the message says what to do. */
export class InputError extends UserError {
  declare readonly code: InputProblem;

  constructor(code: InputProblem, message: string) {
    super(message, 2, code);
  }
}
