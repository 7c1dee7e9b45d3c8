#!/usr/bin/env node
// The `baako` command: runs the bundled CLI (npm ci / npm run build compiles src/ to dist/ and bundles the CLI).
import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22.1+ keeps V8's compiled code between runs (in the temporary folder); Node 20 has no such cache.
module.enableCompileCache?.();

/**
 * A help page as the build saved it (src/cli/help-cache.ts), for `baako [COMMAND] --help` (or -h) on a pipe or a
 * terminal as wide as the pages were made for; undefined for anything else, which yargs answers.
 */
function savedHelp(args) {
  const last = args.at(-1);
  if (process.env.BAAKO_HELP_CACHE === 'off' || args.length > 2 || (last !== '--help' && last !== '-h')) return undefined;
  try {
    const saved = JSON.parse(readFileSync(new URL('../dist/bundle/help.json', import.meta.url), 'utf8'));
    if (Math.min(saved.columns, process.stdout.columns || saved.columns) !== saved.columns) return undefined;
    return saved.pages[[...args.slice(0, -1), '--help'].join(' ')];
  } catch {
    return undefined;
  }
}

const args = process.argv.slice(2);
const help = savedHelp(args);
const main = new URL('../dist/bundle/main.js', import.meta.url);
if (help !== undefined) {
  // (a reader that stops early, `| head`, is not an error)
  process.stdout.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
  });
  process.stdout.write(help);
} else if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('baako: not built yet: run `npm ci` (or `npm run build`) in the project folder first\n');
  process.exit(2);
} else {
  const { run } = await import(main.href);
  process.exitCode = await run(args);
}
