/** PDF documents with stable bytes, and atomic file writing (temporary name, then rename). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import PDFDocument from 'pdfkit';
import { UserError } from '../errors.js';
import { registerFonts } from './fonts.js';

/** Every PDF carries this creation/modification date, so the same input gives the same bytes. */
export const FIXED_DATE = new Date(Date.UTC(2024, 0, 1, 0, 0, 0));

export type Doc = PDFKit.PDFDocument;

export interface DocOptions {
  title: string;
  /** Page size in points. */
  size: [number, number];
}

/** A new document: no automatic page, no margins, fixed dates, the project's fonts registered. */
export function newDoc(opts: DocOptions): Doc {
  const doc = new PDFDocument({
    size: opts.size,
    margin: 0,
    autoFirstPage: false,
    compress: true,
    info: {
      Title: opts.title,
      Creator: 'baako-print',
      Producer: 'baako-print (PDFKit)',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  registerFonts(doc);
  return doc;
}

/** A rectangle in page points from the top-left corner (the drawing's coordinates). */
interface PageRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Sets the current page's TrimBox (where it is cut) and BleedBox (how far its artwork runs past the cut), so a print
 * shop's preflight sees both. PDF boxes are measured from the bottom-left corner; numbers keep 1/1000 pt.
 */
export function setPageBoxes(doc: Doc, trim: PageRect, bleed: PageRect): void {
  const page = (doc as unknown as { page: { height: number; dictionary: { data: Record<string, unknown> } } }).page;
  const box = (r: PageRect) => [r.x, page.height - (r.y + r.h), r.x + r.w, page.height - r.y].map((v) => Math.round(v * 1000) / 1000);
  page.dictionary.data.TrimBox = box(trim);
  page.dictionary.data.BleedBox = box(bleed);
}

/** Ends a document and collects its bytes. */
export function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

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
  if (missing.length === 0 && !statSync(d).isDirectory()) throw new UserError(`cannot create folder ${dir} (it is a file)`);
  for (const m of missing) {
    try {
      mkdirSync(m);
    } catch (e) {
      // Another process may have made it meanwhile.
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(m).isDirectory()) continue;
      throw new UserError(`cannot create folder ${dir} (${reason(e)})`);
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
        throw new UserError(`cannot write ${f.path} (${reason(e)})`);
      }
    }
    for (const t of temps) {
      try {
        renameSync(t.tmp, t.path);
      } catch (e) {
        throw new UserError(`cannot write ${t.path} (${reason(e)})`);
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
