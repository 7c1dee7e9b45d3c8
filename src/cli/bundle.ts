/**
 * `npm run build` step: bundles the `baako` command into dist/bundle with esbuild, one entry a command and their
 * shared code in chunks, so a command loads a handful of files instead of hundreds of small modules (yargs and
 * zod are many). Packages with native code, wasm or data files beside their code stay in node_modules.
 * dist/bundle sits two folders below the project like the rest of dist/, so paths found from import.meta.url
 * (templates, fonts, the page's assets, package.json) hold; the server's scan worker is an entry of its own.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../data/load.js';
import { lazyStringWidth } from './lazy-string-width.js';

const src = join(projectRoot, 'src');
const commands = readdirSync(join(src, 'cli', 'run')).filter((f) => f.endsWith('.ts'));
const external = ['sharp', 'better-sqlite3', 'zxing-wasm', 'mupdf', 'libheif-js', 'pdfkit', 'qrcode', 'esbuild', 'tsx'];
const result = await build({
  entryPoints: [join(src, 'cli', 'main.ts'), join(src, 'server', 'scan-worker.ts'), ...commands.map((f) => join(src, 'cli', 'run', f))],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: join(projectRoot, 'dist', 'bundle'),
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  external,
  logLevel: 'warning',
  metafile: true,
  plugins: [lazyStringWidth],
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
process.stdout.write(`cli: ${Object.keys(result.metafile.outputs).length} files, ${Math.round(bytes / 1024)} KB\n`);
