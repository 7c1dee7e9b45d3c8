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
