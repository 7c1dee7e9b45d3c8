/** `npm run build` step: writes the page's bundle to dist/public (see assets.ts). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleWeb } from './assets.js';

const dir = fileURLToPath(new URL('../public/', import.meta.url));
mkdirSync(dir, { recursive: true });
const assets = await bundleWeb(true);
for (const [name, a] of assets) writeFileSync(dir + name, a.body);
process.stdout.write(`web: ${[...assets].map(([n, a]) => `${n} ${Math.round(a.body.length / 1024)} KB`).join(', ')}\n`);
