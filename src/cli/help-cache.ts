/**
 * `npm run build` step, after the bundle: the help pages of `baako --help` and each `baako COMMAND --help` as
 * the bundled CLI prints them to a pipe (100 columns), kept in dist/bundle/help.json. bin/baako.js prints a page
 * from there when stdout is a pipe or a terminal of 100 columns or more, so asking for help does not load yargs
 * and every command's options; any other call, or a narrower terminal, goes to yargs as before.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../data/load.js';

const bin = join(projectRoot, 'bin', 'baako.js');
// every command's options module, as built (dist/cli/commands)
const commands = readdirSync(join(projectRoot, 'dist', 'cli', 'commands')).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -'.js'.length));
const pages: Record<string, string> = {};
for (const args of [[], ...commands.map((c) => [c])].map((c) => [...c, '--help'])) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, BAAKO_HELP_CACHE: 'off', FORCE_COLOR: '0' } });
  if (r.status !== 0 || !r.stdout.includes('Options:')) throw new Error(`baako ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  pages[args.join(' ')] = r.stdout;
}
writeFileSync(join(projectRoot, 'dist', 'bundle', 'help.json'), JSON.stringify({ columns: 100, pages }));
process.stdout.write(`help: ${Object.keys(pages).length} pages\n`);
