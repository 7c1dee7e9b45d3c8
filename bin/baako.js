#!/usr/bin/env node
// The `baako` command: runs the bundled CLI (npm ci / npm run build compiles src/ to dist/ and bundles the CLI).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 22.1+ keeps V8's compiled code between runs (in the temporary folder); Node 20 has no such cache.
module.enableCompileCache?.();

const main = new URL('../dist/bundle/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('baako: not built yet: run `npm ci` (or `npm run build`) in the project folder first\n');
  process.exit(2);
}
const { run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2));
