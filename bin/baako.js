#!/usr/bin/env node
// The `baako` command: runs the bundled CLI (npm ci / npm run build compiles src/ to dist/ and bundles the CLI).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/bundle/main.js', import.meta.url);
if (!existsSync(fileURLToPath(main))) {
  process.stderr.write('baako: not built yet: run `npm ci` (or `npm run build`) in the project folder first\n');
  process.exit(2);
}
const { run } = await import(main.href);
process.exitCode = await run(process.argv.slice(2));
