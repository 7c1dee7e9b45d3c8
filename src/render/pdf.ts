/** PDF documents with stable bytes. */
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import { registerFonts } from './fonts.js';

// Required: pdfkit's CommonJS build loads faster than its ES module build (and shares fontkit with fonts.ts).
const PDFDocument = createRequire(import.meta.url)('pdfkit') as typeof PDFKitDocument;

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
