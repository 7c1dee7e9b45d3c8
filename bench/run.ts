/**
 * `npm run bench [-- NAME...]`: runs every bench/*.ts module's exported `bench()` (or only the named ones)
 * and prints their numbers. Benchmarks print; they never fail a build.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const modules = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .sort()
  .filter((f) => only.length === 0 || only.includes(basename(f, '.ts')));

for (const file of modules) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { bench?: () => Promise<void> | void; explicitOnly?: boolean };
  if (typeof mod.bench !== 'function') continue;
  // (modules that take hours run only when named)
  if (mod.explicitOnly && !only.includes(basename(file, '.ts'))) continue;
  console.log(`\n== ${basename(file, '.ts')} ==`);
  await mod.bench();
}
