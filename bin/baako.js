#!/usr/bin/env node
// The `baako` command: runs the bundled CLI (npm ci / npm run build compiles src/ to dist/ and bundles the CLI).
import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22.1+ keeps V8's compiled code of ES modules between runs (this file and the loader); the CLI's script keeps
// its own on every version (below).
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
const script = new URL('../dist/bundle/baako.cjs', import.meta.url);
if (help !== undefined) {
  // (a reader that stops early, `| head`, is not an error)
  process.stdout.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
  });
  process.stdout.write(help);
} else if (!existsSync(fileURLToPath(script))) {
  process.stderr.write('baako: not built yet: run `npm ci` (or `npm run build`) in the project folder first\n');
  process.exit(2);
} else {
  // The CLI is one script (src/cli/bundle.ts), compiled with the code the last run of this command left
  // (src/cli/code-cache.ts).
  const { loadCachedCli, loadCli, worthKeeping } = await import(new URL('../dist/cli/code-cache.js', import.meta.url).href);
  if (process.env.BAAKO_CODE_CACHE === 'off') {
    process.exitCode = await loadCli(fileURLToPath(script)).run(args);
  } else {
    const { cli, save } = loadCachedCli(fileURLToPath(script), /^[a-z]+$/.test(args[0] ?? '') ? args[0] : 'cli');
    process.exitCode = await cli.run(args);
    if (worthKeeping(args, process.exitCode)) save();
  }
}
