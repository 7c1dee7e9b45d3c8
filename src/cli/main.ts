import { readFileSync } from 'node:fs';
import yargs from 'yargs';
import { BaakoError, UserError } from '../errors.js';
import { boardCommand } from './commands/board.js';
import { scanCommand } from './commands/scan.js';
import { scoreCommand } from './commands/score.js';
import { sheetCommand } from './commands/sheet.js';
import { cardsCommand } from './commands/cards.js';
import { packCommand } from './commands/pack.js';
import { deckCommand } from './commands/deck.js';
import { serveCommand } from './commands/serve.js';
import { cliMessage } from './messages.js';

// Each command module holds only its options; its code is imported when it runs, so `baako --help` or
// `baako score` never load the PDF renderer, the scanner or the server.

let pipesGuarded = false;

/** The package's version (package.json is two folders up from both src/cli and dist/cli). */
function version(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** Output piped into a program that stops reading (`| head`) is not an error: end quietly. */
function guardPipes(): void {
  if (pipesGuarded) return;
  pipesGuarded = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}

/** Runs the CLI with the given arguments and returns the exit code (errors are one line, no stack trace). */
export async function run(argv: string[]): Promise<number> {
  guardPipes();
  const parser = yargs(argv)
    // Everything else the CLI says is English: yargs' own words in the reader's language would mix two.
    .locale('en')
    .scriptName('baako')
    .usage('$0 <command> [options]\n\nPrint Baako sheets, cards and boards; score finished sheets from files or photos.')
    .command(scoreCommand)
    .command(sheetCommand)
    .command(cardsCommand)
    .command(packCommand)
    .command(scanCommand)
    .command(boardCommand)
    .command(deckCommand)
    .command(serveCommand)
    .demandCommand(1, 'name a command')
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version(version())
    .alias('v', 'version')
    .wrap(Math.min(100, process.stdout.columns || 100))
    // Throwing here stops yargs before any handler runs: a command with a bad option does nothing.
    .fail((msg, err) => {
      if (err) throw err;
      throw new UserError(`${msg} (see baako --help)`);
    })
    .exitProcess(false);
  // yargs renders a command's whole help before running it, to show it if the command fails; the fail handler
  // above never shows it, and the rendering is a large share of a short command's time.
  (parser as unknown as { getInternalMethods(): { getUsageInstance(): { cacheHelpMessage(): void } } }).getInternalMethods().getUsageInstance().cacheHelpMessage = () => {};
  try {
    await parser.parseAsync();
  } catch (e) {
    if (e instanceof BaakoError) {
      process.stderr.write(`baako: ${cliMessage(e)}\n`);
      return e.exitCode;
    }
    throw e;
  }
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}

// Run directly (node --import tsx src/cli/main.ts ...) as well as through bin/baako.js.
// (no top-level await: the CLI is also bundled as a CommonJS script, src/cli/bundle.ts)
if (import.meta.url === `file://${process.argv[1]}`) {
  void run(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
