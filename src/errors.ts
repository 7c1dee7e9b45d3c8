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
