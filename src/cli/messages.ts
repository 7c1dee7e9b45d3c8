import { oneLine, OptionError, ScanRefused, type BaakoError } from '../errors.js';

/**
 * An error's message as the command line says it: options with their dashes, and the flag that helps where
 * one does. The library's messages name no flags.
 */
export function cliMessage(e: BaakoError): string {
  return oneLine(withFlags(e));
}

function withFlags(e: BaakoError): string {
  if (e instanceof OptionError) return `--${e.option}: ${e.reason}`;
  if (e instanceof ScanRefused && e.code === 'qr-unreadable') return `${e.message}, or pass --game game.json`;
  return e.message;
}
