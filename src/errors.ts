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
