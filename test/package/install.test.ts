/**
 * The package as a user gets it: `npm pack`, then `npm install` of the tarball in a scratch folder, then the
 * `baako` command and the library used from there, by name.
 *
 * The install is offline-first against npm's cache (filled by the project's own `npm ci`) and skips install
 * scripts: the only dependency with one is better-sqlite3, whose native build takes minutes and is used only by
 * `baako serve`, which this test does not run. Measured on the 2-core machine: the install about 20 s.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../tools/built.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version as string;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const scratch = mkdtempSync(join(tmpdir(), 'baako-package-'));
const app = join(scratch, 'app');
let tarball: string;
let packed: { path: string; size: number }[];


function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: '1', npm_config_update_notifier: 'false' }, timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const baako = (...args: string[]) => run(process.execPath, [join(app, 'node_modules', '.bin', 'baako'), ...args], app);

beforeAll(() => {
  // `npm pack` would run `prepare` (the build) itself; the build is done here only when dist/ is older than src/,
  // as after `npm ci` it is not.
  ensureBuilt();
  const out = execFileSync(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], { cwd: root, encoding: 'utf8' });
  const info = JSON.parse(out)[0] as { filename: string; files: { path: string; size: number }[] };
  tarball = join(scratch, info.filename);
  packed = info.files;
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  const t = performance.now();
  const r = run(npm, ['install', tarball, '--prefer-offline', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], app);
  expect(r.code, r.stderr).toBe(0);
  console.log(`npm install of the tarball: ${((performance.now() - t) / 1000).toFixed(1)} s`);
}, 180_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the npm package', () => {
  it('holds what users run, under 5 MB: no photos, tests, tools or sources', () => {
    expect(statSync(tarball).size).toBeLessThan(5e6);
    const paths = packed.map((f) => f.path);
    for (const p of ['bin/baako.js', 'dist/index.js', 'dist/index.d.ts', 'dist/bundle/baako.cjs', 'dist/bundle/scan-worker.js', 'dist/public/app.js', 'templates/baako/cards.json', 'LICENSE', 'README.md', 'package.json']) {
      expect(paths, p).toContain(p);
    }
    expect(paths.some((p) => p.startsWith('fonts/') && p.endsWith('.ttf'))).toBe(true);
    expect(paths.filter((p) => /^(fixtures|test|tools|src|bench|out)\//.test(p) || /^dist\/(test|tools|bench|src)\//.test(p) || p.endsWith('.map'))).toEqual([]);
  });

  it('baako --version, -v and npx baako-print --help from the install', () => {
    expect(baako('--version')).toMatchObject({ code: 0, stdout: `${version}\n` });
    expect(baako('-v').stdout).toBe(`${version}\n`);
    const help = run(npm, ['exec', '--offline', '--', 'baako-print', '--help'], app);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/Commands:[\s\S]*baako scan <photos\.\.>/);
  });

  it('baako pack and baako scan from the install', () => {
    const pack = baako('pack', '--players', '2', '--seed', 'pkg');
    expect(pack.code, pack.stderr).toBe(0);
    expect(readdirSync(join(app, 'out', 'pack-pkg')).sort()).toEqual(['cards.pdf', 'game.json', 'host.pdf', 'sheets.geometry.json', 'sheets.pdf']);
    copyFileSync(join(root, 'fixtures/photos/01-easy-a-a4-pen.jpg'), join(app, 'photo.jpg'));
    const truth = JSON.parse(readFileSync(join(root, 'fixtures/photos/01-easy-a-a4-pen.truth.json'), 'utf8'));
    const scan = baako('scan', 'photo.jpg', '--json');
    expect([0, 3], scan.stderr).toContain(scan.code);
    expect(JSON.parse(scan.stdout)).toMatchObject({ player: truth.player, score: { total: truth.score } });
  }, 120_000);

  it('imports as a library by name: scores a sheet, scans a photo, catches a typed error', () => {
    copyFileSync(join(root, 'fixtures/sheets/example-a.txt'), join(app, 'sheet.txt'));
    copyFileSync(join(root, 'fixtures/photos/01-easy-a-a4-pen.jpg'), join(app, 'photo.jpg'));
    writeFileSync(
      join(app, 'use.mjs'),
      `import { readFileSync } from 'node:fs';
import { scanPhoto, scoreNotation, BaakoError, ScanRefused } from 'baako-print';
const score = scoreNotation(readFileSync('sheet.txt', 'utf8'));
const reading = await scanPhoto('photo.jpg');
let refused;
try {
  await scanPhoto('sheet.txt');
} catch (e) {
  refused = { typed: e instanceof ScanRefused && e instanceof BaakoError, code: e.code };
}
console.log(JSON.stringify({ score: score.total, scanned: reading.score.total, player: reading.player, refused }));
`,
    );
    const r = run(process.execPath, ['use.mjs'], app);
    expect(r.code, r.stderr).toBe(0);
    const truth = JSON.parse(readFileSync(join(root, 'fixtures/photos/01-easy-a-a4-pen.truth.json'), 'utf8'));
    expect(JSON.parse(r.stdout)).toEqual({ score: 20, scanned: truth.score, player: truth.player, refused: { typed: true, code: 'not-an-image' } });
  }, 120_000);

  it('its types resolve for a TypeScript user', () => {
    writeFileSync(
      join(app, 'use.ts'),
      `import { scoreNotation, scanPhoto, ScanRefused, type Score, type SheetReading } from 'baako-print';
const s: Score = scoreNotation('');
const r: Promise<SheetReading> = scanPhoto('photo.jpg');
export const code: ScanRefused['code'] = 'too-blurry';
export { s, r };
`,
    );
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const r = run(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', '--typeRoots', join(root, 'node_modules', '@types'), '--types', 'node', 'use.ts'], app);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  }, 120_000);
});
