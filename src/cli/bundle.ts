/**
 * `npm run build` step: bundles the `baako` command into dist/bundle with esbuild, so a command loads one file
 * instead of hundreds of small modules (yargs and zod are many). Packages with native code, wasm or data files
 * beside their code stay in node_modules. dist/bundle sits two folders below the project like the rest of dist/, so
 * paths found from import.meta.url (templates, fonts, the page's assets, package.json) hold.
 *
 * The CLI is one CommonJS script, `baako.cjs`, which bin/baako.js compiles with the V8 code its last run of the same
 * command left (src/cli/code-cache.ts; Node 20 caches code for scripts only). Each command's code runs only when the
 * command does, as before; V8 compiles only what runs. The server's scan worker is an ES module of its own.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../data/load.js';
import { cjsImports } from './cjs-imports.js';
import { lazyStringWidth } from './lazy-string-width.js';

const src = join(projectRoot, 'src');
const out = join(projectRoot, 'dist', 'bundle');
const external = ['sharp', 'better-sqlite3', 'zxing-wasm', 'mupdf', 'libheif-js', 'pdfkit', 'qrcode', 'esbuild', 'tsx'];

const worker = await build({
  entryPoints: [join(src, 'server', 'scan-worker.ts')],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: out,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  external,
  logLevel: 'warning',
  metafile: true,
});

const cjsFile = join(out, 'baako.cjs');
await build({
  entryPoints: [join(src, 'cli', 'main.ts')],
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  outfile: cjsFile,
  external,
  logLevel: 'warning',
  plugins: [lazyStringWidth],
  // ASCII without comments: read as Latin-1 (quicker than UTF-8) into a string V8 keeps a byte a character
  charset: 'ascii',
  minifyWhitespace: true,
  define: { 'import.meta.url': '__baakoImportMetaUrl' },
  banner: { js: 'var __baakoImportMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
});
const cjs = cjsImports(readFileSync(cjsFile, 'utf8'), external);
// (the loader reads it as Latin-1, which only ASCII survives whole)
const wide = cjs.search(/[^\x00-\x7f]/);
if (wide >= 0) throw new Error(`dist/bundle/baako.cjs is not ASCII: ${JSON.stringify(cjs.slice(wide - 40, wide + 10))} (write the character as an escape in src)`);
writeFileSync(cjsFile, cjs);

const workerBytes = Object.values(worker.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
process.stdout.write(`cli: dist/bundle/baako.cjs ${Math.round(cjs.length / 1024)} KB; scan worker: ${Object.keys(worker.metafile.outputs).length} files, ${Math.round(workerBytes / 1024)} KB\n`);
