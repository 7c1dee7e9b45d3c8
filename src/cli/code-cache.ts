/**
 * The bundled CLI run with V8's compiled code kept between runs. Node 20 compiles every function again in each
 * process (Node 22's `module.enableCompileCache` keeps ES modules' code; Node 20 has no such thing), which is a
 * large share of a short command's time. The CLI is bundled as one CommonJS script (src/cli/bundle.ts); this
 * compiles it with the code a previous run of the same command left, and leaves it for the next one.
 *
 * The cached code lives in a folder of the user's own in the temporary folder, a file for each command, named by a
 * hash of the script, so a rebuilt or reinstalled CLI never runs code compiled from another. A file that cannot
 * be read or written leaves the run as it would be without it.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

/** A part file older than this was left by a run killed while writing it (a write takes milliseconds). */
const STALE_PART_MS = 10 * 60_000;

export interface CliExports {
  run(argv: string[]): Promise<number>;
}

export interface CachedCli {
  /** The bundle's exports. */
  cli: CliExports;
  /** Whether the script was compiled from cached code. */
  cached: boolean;
  /** Keeps the code compiled so far for the next run, when there was none to use (call once the command is done). */
  save(): void;
}

/**
 * A script compiled by vm has no way to import an ES module of its own (Node 20): the bundle's imports of the
 * packages that are ES modules only (mupdf, zxing-wasm) come here instead (src/cli/cjs-imports.ts rewrites them).
 */
function lendImport(): void {
  (globalThis as { __baakoImport?: (s: string) => Promise<unknown> }).__baakoImport = (s) => import(s);
}

/** The bundled CLI loaded as Node loads any CommonJS file, without the cache (BAAKO_CODE_CACHE=off). */
export function loadCli(file: string): CliExports {
  lendImport();
  return createRequire(import.meta.url)(file) as CliExports;
}

/** The cache folder: BAAKO_CODE_CACHE_DIR, or one in the temporary folder for this user. */
export function codeCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  return env.BAAKO_CODE_CACHE_DIR || join(tmpdir(), `baako-print-code-cache-${process.getuid?.() ?? 'user'}`);
}

/**
 * A folder only this user can write to: another user's cached code would run as this one. (Windows has no modes or
 * owners here: its temporary folder is the user's own.)
 */
function ours(folder: string): boolean {
  const s = lstatSync(folder);
  if (!s.isDirectory()) return false;
  if (process.platform === 'win32') return true;
  return s.uid === process.getuid?.() && (s.mode & 0o022) === 0;
}

/**
 * Whether a run's compiled code is worth keeping for its command: a command that did its work (exit 0, or 3 for a
 * scan with spots to check), not a help page, a version or a refusal, which run little of the command's code. The
 * first such run's code is kept until the CLI changes.
 */
export function worthKeeping(argv: readonly string[], exitCode: number): boolean {
  return (exitCode === 0 || exitCode === 3) && !argv.some((a) => a === '--help' || a === '-h' || a === '--version' || a === '-v');
}

/**
 * Compiles and runs the CommonJS bundle `file` for `command` (the CLI's first argument), with the cached code a run of
 * that command left if it is there and fits this script and this Node.
 */
export function loadCachedCli(file: string, command: string, folder = codeCacheFolder()): CachedCli {
  const bytes = readFileSync(file);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  // (the build keeps the script ASCII: Latin-1 reads it quicker than UTF-8 and gives V8 a string of a byte a character)
  const source = bytes.toString('latin1');
  const prefix = `${command.replace(/[^a-z0-9-]/gi, '_')}-`;
  const name = `${prefix}${hash}-${process.version}-${process.arch}.v8`;
  const path = join(folder, name);
  let cachedData: Buffer | undefined;
  try {
    if (ours(folder) && existsSync(path)) cachedData = readFileSync(path);
  } catch {
    cachedData = undefined;
  }
  // V8 checks the cached code against the source's length, its own version and flags: the name checks the rest.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  const cached = cachedData !== undefined && !script.cachedDataRejected;
  lendImport();
  const module = { exports: {} as CliExports };
  (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    cli: module.exports,
    cached,
    save() {
      if (cached) return;
      try {
        mkdirSync(folder, { recursive: true, mode: 0o700 });
        if (!ours(folder)) return;
        // written whole under another name, then renamed: a run reading it at the same time never sees half a file
        const part = `${path}.${process.pid}.part`;
        writeFileSync(part, script.createCachedData(), { mode: 0o600 });
        renameSync(part, path);
        // the command's code from other builds or Node versions is not needed again, nor a part a killed run left
        const now = Date.now();
        for (const f of readdirSync(folder)) {
          const stale = f.endsWith('.part') ? now - statSync(join(folder, f)).mtimeMs > STALE_PART_MS : f.startsWith(prefix) && f !== name;
          if (stale) rmSync(join(folder, f), { force: true });
        }
      } catch {
        // (a read-only or full temporary folder: the next run compiles again)
      }
    },
  };
}
