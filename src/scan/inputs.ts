/**
 * The sheets in a list of files: a photo is one sheet, a PDF one sheet a page. A file that cannot be opened at
 * all (missing, empty, a password-protected PDF) becomes an entry with its error, so the others still read.
 */
import { readFileSync } from 'node:fs';
import { BaakoError } from '../errors.js';
import { fileKind, readHead } from './file-type.js';
import type { PhotoInput } from './image.js';
import { PdfFile } from './pdf.js';

export interface SheetInput {
  file: string;
  /** 1-based page of a PDF. */
  page?: number;
  /** How messages and listings name it: the file, or "FILE pN". */
  name: string;
  /** The picture to read; a PDF page is taken out of its file only now (one page's pixels held at a time). */
  load?: () => Promise<PhotoInput>;
  /** Why the file cannot be read, when it cannot. */
  error?: BaakoError;
}

export interface OpenedInputs {
  sheets: SheetInput[];
  /** Whether a PDF was among the files (its pages are listed one line each). */
  pdf: boolean;
  close(): void;
}

export const pageName = (file: string, page: number) => `${file} p${page}`;

/** Opens the files, in order; PDFs are opened (checked and counted) here, their pages read later. */
export async function openInputs(files: string[]): Promise<OpenedInputs> {
  const sheets: SheetInput[] = [];
  const open: PdfFile[] = [];
  for (const file of files) {
    try {
      if (fileKind(readHead(file)) !== 'pdf') {
        sheets.push({ file, name: file, load: async () => file });
        continue;
      }
      const pdf = await PdfFile.open(readFileSync(file), file);
      open.push(pdf);
      for (let page = 1; page <= pdf.pages; page++) {
        sheets.push({ file, page, name: pageName(file, page), load: async () => (await pdf.page(page)).source });
      }
    } catch (e) {
      if (!(e instanceof BaakoError)) throw e;
      sheets.push({ file, name: file, error: e });
    }
  }
  return { sheets, pdf: open.length > 0, close: () => open.forEach((p) => p.close()) };
}
