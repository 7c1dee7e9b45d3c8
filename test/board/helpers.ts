/** Shared helpers of the board tests: copies of the template, text and font sizes of PDF pages (mupdf). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { defaultBoardPath } from '../../src/data/board.js';

export const tmp = mkdtempSync(join(tmpdir(), 'baako-board-'));

/** The default board definition as a plain object (a fresh copy each call). */
export function templateJson(): Record<string, any> {
  return JSON.parse(readFileSync(defaultBoardPath, 'utf8'));
}

/** Writes a (changed) copy of the template, or raw text, to a temporary file and returns its path. */
export function writeBoardFile(name: string, data: unknown): string {
  const p = join(tmp, name);
  writeFileSync(p, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
  return p;
}

export interface PageText {
  text: string;
  /** Font size of every text line on the page. */
  sizes: number[];
  fonts: string[];
}

export function pageText(pdf: Uint8Array, page = 0): PageText {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const p = doc.loadPage(page);
    const st = p.toStructuredText('preserve-whitespace');
    const json = JSON.parse(st.asJSON()) as { blocks: { lines?: { font: { size: number; name: string } }[] }[] };
    const lines = json.blocks.flatMap((b) => b.lines ?? []);
    const out = { text: st.asText(), sizes: lines.map((l) => l.font.size), fonts: [...new Set(lines.map((l) => l.font.name))] };
    st.destroy();
    p.destroy();
    return out;
  } finally {
    doc.destroy();
  }
}

/** Page sizes in points. */
export function pageSizes(pdf: Uint8Array): { width: number; height: number }[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => {
      const b = doc.loadPage(i).getBounds();
      return { width: b[2] - b[0], height: b[3] - b[1] };
    });
  } finally {
    doc.destroy();
  }
}
