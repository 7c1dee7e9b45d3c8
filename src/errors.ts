/**
 * An error caused by the user's input (a file, an option, a photo). The CLI prints its message as one line
 * and exits with `exitCode`; anything else is a bug and keeps its stack trace.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

/** What is wrong with an input file, for library callers that want to act on it rather than show the message. */
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

/** A file the scanner cannot take, with the reason as a code; the message says what to do. */
export class InputError extends UserError {
  constructor(
    readonly code: InputProblem,
    message: string,
  ) {
    super(message);
    this.name = 'InputError';
  }
}
