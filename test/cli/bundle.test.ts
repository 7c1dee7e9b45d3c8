/**
 * The bundled CLI (dist/bundle, what bin/baako.js runs) against the CLI from source: the bundle swaps pieces of
 * yargs' dependencies for faster ones (src/cli/lazy-string-width.ts), which must not change what it prints.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { lazyStringWidth } from '../../src/cli/lazy-string-width.js';
import { ensureBuilt } from '../../tools/built.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'baako-bundle-'));
const commands = ['score', 'sheet', 'cards', 'pack', 'scan', 'board', 'deck', 'serve'];

type Width = (s: unknown, options?: object) => number;

/** string-width as a package that depends on it imports it, bundled with or without the wrapper. */
async function stringWidthFrom(importer: string, wrapped: boolean): Promise<Width> {
  const file = join(dir, `${importer.replaceAll('/', '-') || 'root'}-${wrapped ? 'wrapped' : 'real'}.mjs`);
  await build({
    stdin: { contents: "export { default } from 'string-width';", resolveDir: join(root, importer), loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: file,
    logLevel: 'silent',
    plugins: wrapped ? [lazyStringWidth] : [],
  });
  return ((await import(pathToFileURL(file).href)) as { default: Width }).default;
}

const samples = [
  '',
  'baako score <files..>',
  '  -h, --help     Show help',
  'tab\there',
  'new\nline',
  'Ăla café, naïve ±½',
  '日本語のテキスト',
  'ﾊﾝｶｸ',
  'e\u0301 a\u0308',
  '👍🏽 🇬🇧 👨‍👩‍👧',
  '\u001b[31mred\u001b[39m',
  '\u200bzero\u00adwidth',
  '\u0000\u0007\u007f',
];

describe('the string-width wrapper of the bundle', () => {
  // cliui and wrap-ansi have their own copies (7.x), yargs the newest: each is wrapped
  for (const importer of ['node_modules/cliui', 'node_modules/wrap-ansi', '']) {
    it(`measures as string-width does, loading it only for text other than printable ASCII (${importer || 'yargs'})`, async () => {
      const intl = Intl as { Segmenter: typeof Intl.Segmenter };
      const Segmenter = intl.Segmenter;
      let made = 0;
      intl.Segmenter = class extends Segmenter {
        constructor(...args: ConstructorParameters<typeof Segmenter>) {
          super(...args);
          made++;
        }
      };
      try {
        const wrapped = await stringWidthFrom(importer, true);
        expect(wrapped('baako deck [layout]'), 'ASCII').toBe(19);
        expect(made, 'a Segmenter made before any text other than ASCII').toBe(0);
        expect(wrapped('日本')).toBe(4);
        expect(made).toBeGreaterThan(0);
        const real = await stringWidthFrom(importer, false);
        for (const options of [undefined, { countAnsiEscapeCodes: true }, { ambiguousIsNarrow: false }]) {
          for (const s of samples) expect(wrapped(s, options), JSON.stringify([s, options])).toBe(real(s, options));
        }
        expect(wrapped(undefined)).toBe(real(undefined));
      } finally {
        intl.Segmenter = Segmenter;
      }
    });
  }
});

type Output = { code: number | null; stdout: string; stderr: string };

describe('the string-width wrapper of the bundle, for CommonJS', () => {
  it('leaves a require() of string-width to the package, which it gets whole', async () => {
    const bundled = async (plugins: typeof lazyStringWidth[]) => {
      const r = await build({
        stdin: { contents: "module.exports = require('string-width');", resolveDir: root, loader: 'js' },
        bundle: true,
        format: 'cjs',
        platform: 'node',
        write: false,
        metafile: true,
        logLevel: 'silent',
        plugins,
      });
      return Object.keys(r.metafile.inputs).sort();
    };
    const inputs = await bundled([lazyStringWidth]);
    expect(inputs).toContain('node_modules/string-width/index.js');
    expect(inputs).toEqual(await bundled([]));
  });
});

/** `node ARGS` with stdout a terminal of `columns` columns as far as the CLI can tell; its output. */
function node(args: string[], columns: number): Promise<Output> {
  const cols = `data:text/javascript,Object.defineProperty(process.stdout, 'columns', { value: ${columns} })`;
  return new Promise((resolve) => {
    // A German reader's locale: yargs' own words stay English like the rest of the CLI, bundled or not.
    const p = spawn(process.execPath, ['--import', cols, ...args], { cwd: root, env: { ...process.env, FORCE_COLOR: '0', LC_ALL: 'de_DE.UTF-8', LANG: 'de_DE.UTF-8' } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the bundled CLI', () => {
  beforeAll(() => ensureBuilt(), 300_000);

  it("holds zod's English messages only (zod imported as a namespace, so that the bundle keeps what is used)", () => {
    const locales = new Set<string>();
    for (const f of readdirSync(join(root, 'dist', 'bundle'))) {
      for (const m of readFileSync(join(root, 'dist', 'bundle', f), 'utf8').matchAll(/^\/\/ node_modules\/zod\/v4\/locales\/([\w-]+)\.js$/gm)) locales.add(m[1]);
    }
    expect([...locales]).toEqual(['en']);
    // the CommonJS script has no comments: its lazily started modules are named by path
    const script = readFileSync(join(root, 'dist', 'bundle', 'baako.cjs'), 'utf8');
    const named = new Set([...script.matchAll(/"node_modules\/zod\/v4\/locales\/([\w-]+)\.js"/g)].map((m) => m[1]));
    expect([...named].filter((l) => l !== 'index')).toEqual(['en']);
    expect(script).toContain('Invalid input');
  });

  it('prints the help of the CLI from source, byte for byte, at 80 and 100 columns, in English whatever the locale', async () => {
    const cases = [[], ...commands.map((c) => [c])].flatMap((c) => [80, 100].map((columns) => ({ args: [...c, '--help'], columns })));
    const runs: (typeof cases[number] & { bundled: Output; source: Output })[] = [];
    // four cases at a time: all at once would be 36 node processes on a 2-core machine
    for (let i = 0; i < cases.length; i += 4) {
      runs.push(
        ...(await Promise.all(
          cases.slice(i, i + 4).map(async ({ args, columns }) => ({
            args,
            columns,
            bundled: await node([join(root, 'bin', 'baako.js'), ...args], columns),
            source: await node(['--import', 'tsx', join(root, 'src', 'cli', 'main.ts'), ...args], columns),
          })),
        )),
      );
    }
    for (const { args, columns, bundled, source } of runs) {
      const what = `${args.join(' ')} at ${columns}`;
      expect(source.code, `${what}: ${source.stderr}`).toBe(0);
      expect(bundled.stdout.length, what).toBeGreaterThan(200);
      expect(source.stdout, what).toContain('Options:');
      expect(bundled, what).toEqual(source);
    }
    const wide = runs.find((r) => r.args.length === 1 && r.columns === 100)!.bundled.stdout;
    const narrow = runs.find((r) => r.args.length === 1 && r.columns === 80)!.bundled.stdout;
    expect(narrow, 'the widths make different help').not.toBe(wide);
  }, 180_000);
});

describe('the saved help pages (bin/baako.js)', () => {
  /** bin/baako.js in a folder of its own, beside a help.json holding one page and no bundle. */
  function lone(): string {
    const top = mkdtempSync(join(tmpdir(), 'baako-help-'));
    mkdirSync(join(top, 'bin'));
    mkdirSync(join(top, 'dist', 'bundle'), { recursive: true });
    copyFileSync(join(root, 'bin', 'baako.js'), join(top, 'bin', 'baako.js'));
    writeFileSync(join(top, 'dist', 'bundle', 'help.json'), JSON.stringify({ columns: 100, pages: { '--help': 'saved top page\n', 'scan --help': 'saved scan page\n' } }));
    return join(top, 'bin', 'baako.js');
  }

  it('prints a saved page for --help or -h on a pipe or a wide terminal, without loading the CLI', async () => {
    const bin = lone();
    for (const [args, page] of [[['--help'], 'saved top page\n'], [['-h'], 'saved top page\n'], [['scan', '--help'], 'saved scan page\n'], [['scan', '-h'], 'saved scan page\n']] as const) {
      for (const columns of [100, 140]) expect(await node([bin, ...args], columns), `${args.join(' ')} at ${columns}`).toEqual({ code: 0, stdout: page, stderr: '' });
    }
  });

  it('leaves anything else to the CLI: a narrower terminal, a page not saved, other options, the cache turned off', async () => {
    const bin = lone();
    // (the lone copy has no bundle: reaching the CLI says so)
    const notBuilt = { code: 2, stdout: '', stderr: 'baako: not built yet: run `npm ci` (or `npm run build`) in the project folder first\n' };
    expect(await node([bin, '--help'], 80)).toEqual(notBuilt);
    expect(await node([bin, 'score', '--help'], 100)).toEqual(notBuilt);
    expect(await node([bin, 'scan', 'photo.jpg', '--help'], 100)).toEqual(notBuilt);
    expect(await node([bin, '--version'], 100)).toEqual(notBuilt);
    const off = await new Promise<Output>((resolve) => {
      const p = spawn(process.execPath, [bin, '--help'], { env: { ...process.env, BAAKO_HELP_CACHE: 'off' } });
      let stderr = '';
      p.stderr.on('data', (d) => (stderr += d));
      p.on('close', (code) => resolve({ code, stdout: '', stderr }));
    });
    expect(off).toEqual(notBuilt);
  });

  it('the build saves every page the CLI prints on a pipe', () => {
    const saved = JSON.parse(readFileSync(join(root, 'dist', 'bundle', 'help.json'), 'utf8'));
    expect(Object.keys(saved.pages).sort()).toEqual(['--help', ...commands.map((c) => `${c} --help`)].sort());
    for (const [key, page] of Object.entries(saved.pages)) {
      const live = execFileSync(process.execPath, [join(root, 'bin', 'baako.js'), ...key.split(' ')], { env: { ...process.env, BAAKO_HELP_CACHE: 'off', FORCE_COLOR: '0' }, encoding: 'utf8' });
      expect(page, key).toBe(live);
    }
  }, 60_000);
});
