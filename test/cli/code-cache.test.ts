/**
 * The CLI's compiled code kept between runs (src/cli/code-cache.ts) and the CommonJS bundle's imports
 * (src/cli/cjs-imports.ts).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cjsImports } from '../../src/cli/cjs-imports.js';
import { worthKeeping } from '../../src/cli/code-cache.js';
import { bin, ensureBuilt } from '../../tools/built.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const loader = join(root, 'src', 'cli', 'code-cache.ts');

/**
 * Loads `file` for `command` in a fresh process, as bin/baako.js does, runs it with `argv` and keeps its code: what it
 * answered and whether it ran from cached code. (Within one process V8 reuses what it compiled already whatever the
 * cache holds.)
 */
function load(file: string, command: string, folder: string, argv: string[] = []): { cached: boolean; value: number } {
  const code = `import { loadCachedCli } from ${JSON.stringify(pathToFileURL(loader).href)};
const r = loadCachedCli(${JSON.stringify(file)}, ${JSON.stringify(command)}, ${JSON.stringify(folder)});
const value = await r.cli.run(${JSON.stringify(argv)});
r.save();
process.stdout.write(JSON.stringify({ cached: r.cached, value }));`;
  const p = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  if (p.status !== 0) throw new Error(p.stderr);
  return JSON.parse(p.stdout);
}

/** A CommonJS script like the bundle: `run` answers with a number it computes, and says which module it imported. */
function script(dir: string, value: number): string {
  const file = join(dir, 'cli.cjs');
  writeFileSync(
    file,
    `const { sep } = require('node:path');
exports.run = async (argv) => {
  const path = await globalThis.__baakoImport('node:path');
  const square = (x) => x * x;
  return square(${value}) + argv.length + (path.sep === sep ? 0 : 1000);
};
`,
  );
  return file;
}

describe('the code cache of the bundled CLI', () => {
  it('compiles without cached code the first time, keeps it, and runs from it the next time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-cc-'));
    const folder = join(dir, 'cache');
    const file = script(dir, 7);
    expect(load(file, 'scan', folder, ['a', 'b'])).toEqual({ cached: false, value: 51 });
    const kept = readdirSync(folder);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(new RegExp(`^scan-[0-9a-f]{16}-${process.version}-${process.arch}\\.v8$`));
    expect(load(file, 'scan', folder)).toEqual({ cached: true, value: 49 });
    expect(readdirSync(folder)).toEqual(kept);
    // another command keeps its own
    expect(load(file, 'score', folder).cached).toBe(false);
    expect(readdirSync(folder).sort()).toEqual([kept[0], kept[0].replace(/^scan/, 'score')].sort());
  });

  it('never uses code compiled from another script, and drops the command’s code from other builds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-cc-'));
    const folder = join(dir, 'cache');
    // two scripts of the same length, which V8's own check (the source's length) cannot tell apart
    const file = script(dir, 3);
    load(file, 'scan', folder);
    const before = readdirSync(folder);
    script(dir, 4);
    expect(load(file, 'scan', folder)).toEqual({ cached: false, value: 16 });
    const after = readdirSync(folder);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  it('clears the parts of files a killed run left, once they are old, and leaves a part being written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-cc-'));
    const folder = join(dir, 'cache');
    mkdirSync(folder, { mode: 0o700 });
    const old = join(folder, 'scan-0123456789abcdef-v20.0.0-x64.v8.123.part');
    const fresh = join(folder, 'score-0123456789abcdef-v20.0.0-x64.v8.456.part');
    writeFileSync(old, 'half');
    writeFileSync(fresh, 'half');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, hourAgo, hourAgo);
    load(script(dir, 1), 'deck', folder);
    expect(readdirSync(folder).filter((f) => f.endsWith('.part'))).toEqual([fresh.split('/').pop()]);
  });

  it('compiles afresh over a damaged cache file and writes it again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-cc-'));
    const folder = join(dir, 'cache');
    const file = script(dir, 5);
    load(file, 'scan', folder);
    const [name] = readdirSync(folder);
    writeFileSync(join(folder, name), 'not V8 code');
    expect(load(file, 'scan', folder)).toEqual({ cached: false, value: 25 });
    expect(load(file, 'scan', folder)).toEqual({ cached: true, value: 25 });
  });

  it.skipIf(process.platform === 'win32' || process.getuid?.() === undefined)('leaves alone a folder other users can write to', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-cc-'));
    const folder = join(dir, 'cache');
    mkdirSync(folder);
    chmodSync(folder, 0o777);
    const file = script(dir, 2);
    expect(load(file, 'scan', folder)).toEqual({ cached: false, value: 4 });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('runs from a folder it cannot create, as without a cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-cc-'));
    const file = script(dir, 6);
    writeFileSync(join(dir, 'taken'), '');
    expect(load(file, 'scan', join(dir, 'taken', 'cache'))).toEqual({ cached: false, value: 36 });
  });
});

describe('the built CLI with its code cache', () => {
  it('reads a photo the same from a cold and a cached run, and keeps the scan command’s code', () => {
    ensureBuilt();
    const folder = mkdtempSync(join(tmpdir(), 'baako-cc-'));
    const photo = join(root, 'fixtures', 'photos', '07-easy-b-letter-12mp.jpg');
    const run = (env: Record<string, string>) => spawnSync(process.execPath, [bin, 'scan', photo, '--json'], { env: { ...process.env, BAAKO_CODE_CACHE_DIR: folder, ...env }, encoding: 'utf8' });
    const off = run({ BAAKO_CODE_CACHE: 'off' });
    expect(readdirSync(folder)).toEqual([]);
    const cold = run({});
    expect(readdirSync(folder).filter((f) => f.startsWith('scan-'))).toHaveLength(1);
    const warm = run({});
    expect([cold.status, warm.status]).toEqual([off.status, off.status]);
    expect(off.stdout.length).toBeGreaterThan(1000);
    // (the timings differ run to run)
    const same = (s: string) => JSON.stringify({ ...JSON.parse(s), timings: undefined });
    expect(same(cold.stdout)).toBe(same(off.stdout));
    expect(same(warm.stdout)).toBe(same(off.stdout));
  }, 60_000);

  it('keeps no code from a help page, a version or a refusal', () => {
    const folder = mkdtempSync(join(tmpdir(), 'baako-cc-'));
    const env = { ...process.env, BAAKO_CODE_CACHE_DIR: folder, BAAKO_HELP_CACHE: 'off' };
    for (const args of [['scan', '--help'], ['--version'], ['scan', join(root, 'README.md')]]) spawnSync(process.execPath, [bin, ...args], { env });
    expect(readdirSync(folder)).toEqual([]);
    expect(worthKeeping(['scan', 'a.jpg'], 3)).toBe(true);
    expect(worthKeeping(['pack', '--players', '4'], 0)).toBe(true);
    expect(worthKeeping(['scan', 'a.jpg', '-h'], 0)).toBe(false);
    expect(worthKeeping(['scan', 'a.jpg'], 2)).toBe(false);
  }, 60_000);
});

describe("the CommonJS bundle's imports", () => {
  const external = ['mupdf', 'zxing-wasm', 'esbuild'];

  it("sends a package's import() to the loader, subpaths too", () => {
    expect(cjsImports('const m = import("mupdf"); f(import("zxing-wasm/reader"));', external)).toBe('const m = globalThis.__baakoImport("mupdf"); f(globalThis.__baakoImport("zxing-wasm/reader"));');
  });

  it('leaves alone what only names import(): text for another process, members, other words', () => {
    const code = 'const boot = `import(${JSON.stringify(x)}).then(() => import(${y}))`; a.import("mupdf"); reimport("mupdf");';
    expect(cjsImports(code, external)).toBe(code);
  });

  it('stops the build at an import() it cannot send: a file of its own, a name computed, a package not left out', () => {
    for (const code of ['await import("./run/scan.js")', 'import(name)', 'import("sharp")', "import('tsx')"]) expect(() => cjsImports(code, external), code).toThrow(/keeps an import\(\)/);
  });
});
