/**
 * Writing the user's files: folders made level by level, and files written to a temporary name then renamed,
 * so none is ever left half written. Kept apart from the PDF code so that commands writing PNGs or JSON do not
 * load pdfkit.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from './errors.js';

function reason(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
}

/**
 * Creates a directory (and its parents) or fails with one line. Level by level rather than with
 * `recursive: true`, which never returns for some paths (e.g. under /proc on Node 20).
 */
export function ensureDir(dir: string): void {
  const missing: string[] = [];
  let d = resolve(dir);
  while (!existsSync(d)) {
    missing.unshift(d);
    const up = dirname(d);
    if (up === d) break;
    d = up;
  }
  if (missing.length === 0 && !statSync(d).isDirectory()) throw new UserError(`cannot create folder ${dir} (it is a file)`, 2, 'cannot-write');
  for (const m of missing) {
    try {
      mkdirSync(m);
    } catch (e) {
      // Another process may have made it meanwhile.
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(m).isDirectory()) continue;
      throw new UserError(`cannot create folder ${dir} (${reason(e)})`, 2, 'cannot-write');
    }
  }
}

/**
 * Writes files so that none is ever left half written: each goes to a temporary name in the same folder and is
 * renamed into place only once all of them are written.
 */
export function writeFilesAtomic(files: { path: string; data: Buffer | string }[]): void {
  const temps: { tmp: string; path: string }[] = [];
  try {
    for (const f of files) {
      const tmp = join(dirname(f.path), `.${basename(f.path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      temps.push({ tmp, path: f.path });
      try {
        writeFileSync(tmp, f.data);
      } catch (e) {
        throw new UserError(`cannot write ${f.path} (${reason(e)})`, 2, 'cannot-write');
      }
    }
    for (const t of temps) {
      try {
        renameSync(t.tmp, t.path);
      } catch (e) {
        throw new UserError(`cannot write ${t.path} (${reason(e)})`, 2, 'cannot-write');
      }
    }
  } catch (e) {
    for (const t of temps) {
      try {
        unlinkSync(t.tmp);
      } catch {
        /* already renamed or never written */
      }
    }
    throw e;
  }
}

export function writeFileAtomic(path: string, data: Buffer | string): void {
  writeFilesAtomic([{ path, data }]);
}
