/**
 * The page's static files: app.js (src/web bundled with esbuild, the rules engine included) and app.css.
 * Built into dist/public by `npm run build`; when the server runs from the TypeScript sources (tsx, tests)
 * they are bundled in memory at start instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRoot } from '../data/load.js';

export interface Asset {
  type: string;
  body: Buffer;
}

export type Assets = Map<string, Asset>;

const webDir = join(projectRoot, 'src', 'web') + '/';
const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

/** Bundles the page with esbuild (a build-time tool: imported only here). */
export async function bundleWeb(minify: boolean): Promise<Assets> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: { app: `${webDir}app.ts`, style: `${webDir}app.css` },
    bundle: true,
    write: false,
    outdir: '/out',
    format: 'esm',
    target: ['es2020', 'safari15', 'chrome100', 'firefox100'],
    minify,
    legalComments: 'none',
    external: ['/favicon.svg'],
    logLevel: 'silent',
  });
  const assets: Assets = new Map();
  for (const f of out.outputFiles) {
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    assets.set(name === 'style.css' ? 'app.css' : name, { type: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8', body: Buffer.from(f.contents) });
  }
  assets.set('favicon.svg', { type: 'image/svg+xml', body: readFileSync(`${webDir}favicon.svg`) });
  return assets;
}

export async function loadAssets(): Promise<Assets> {
  if (!import.meta.url.endsWith('.ts') && existsSync(`${publicDir}app.js`)) {
    const assets: Assets = new Map();
    assets.set('app.js', { type: 'text/javascript; charset=utf-8', body: readFileSync(`${publicDir}app.js`) });
    assets.set('app.css', { type: 'text/css; charset=utf-8', body: readFileSync(`${publicDir}app.css`) });
    assets.set('favicon.svg', { type: 'image/svg+xml', body: readFileSync(`${publicDir}favicon.svg`) });
    return assets;
  }
  return bundleWeb(false);
}
