/**
 * `npm run bench [-- NAME...]`: runs every bench/*.ts module's exported `bench(report)` (or only the named ones),
 * prints their numbers and writes each module's section of docs/benchmarks.md (see report.ts). Benchmarks print
 * numbers against targets; they never fail a build. BENCH_OUT=FILE writes elsewhere (tests, trial runs).
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { machine, Report, sectionMarkdown, writeSections } from './report.js';

const dir = dirname(fileURLToPath(import.meta.url));
const out = process.env.BENCH_OUT ?? join(dir, '..', 'docs', 'benchmarks.md');
const only = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'report.ts'].includes(f) && !f.startsWith('_'))
  .map((f) => basename(f, '.ts'))
  .sort();
const unknown = only.filter((n) => !all.includes(n));
if (unknown.length > 0) {
  console.error(`bench: no benchmark named ${unknown.join(', ')} (there are: ${all.join(', ')})`);
  process.exit(2);
}

for (const name of all.filter((n) => only.length === 0 || only.includes(n))) {
  const mod = (await import(pathToFileURL(join(dir, `${name}.ts`)).href)) as { bench?: (report: Report) => Promise<void> | void; explicitOnly?: boolean };
  if (typeof mod.bench !== 'function') continue;
  // (modules that take hours run only when named)
  if (mod.explicitOnly && !only.includes(name)) continue;
  console.log(`\n== ${name} ==`);
  const report = new Report(name);
  const m = machine();
  // What a module prints itself is kept too, for modules that do not (yet) record through their report.
  const printed: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    printed.push(format(...args));
    log(...args);
  };
  try {
    await mod.bench(report);
  } catch (e) {
    console.error(`bench ${name} failed, its section of ${basename(out)} is left as it was: ${(e as Error).stack ?? e}`);
    process.exitCode = 1;
    continue;
  } finally {
    console.log = log;
  }
  writeSections(out, new Map([[name, sectionMarkdown(report, new Date(), m, printed)]]));
}
console.log(`\nwritten to ${out}`);
