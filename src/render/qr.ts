/** QR codes drawn as vector squares (no image), 4-module quiet zone. */
import QRCode from 'qrcode';
import type { Doc } from './pdf.js';

/**
 * Version 2 (25 modules) at error correction Q holds the Baako sheet tag (alphanumeric, see encodeSheetTag), so
 * the module size is the same on every sheet and as large as the box allows: phone photos need big modules, and
 * Q recovers a quarter of the code under a pencil mark or glare. A longer text takes the smallest version at M.
 */
export const QR_MIN_VERSION = 2;
export const QUIET = 4;

export interface QrMatrix {
  size: number;
  dark(row: number, col: number): boolean;
}

export function qrMatrix(text: string): QrMatrix {
  let qr: QRCode.QRCode;
  try {
    qr = QRCode.create(text, { errorCorrectionLevel: 'Q', version: QR_MIN_VERSION });
  } catch {
    qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  }
  const m = qr.modules;
  return { size: m.size, dark: (r, c) => Boolean(m.get(r, c)) };
}

/** Draws a QR symbol filling `box` (its quiet zone included) with white, then the dark modules. */
export function drawQr(doc: Doc, text: string, box: { x: number; y: number; size: number }): void {
  const q = qrMatrix(text);
  const mod = box.size / (q.size + 2 * QUIET);
  const x0 = box.x + QUIET * mod;
  const y0 = box.y + QUIET * mod;
  doc.save();
  doc.rect(box.x, box.y, box.size, box.size).fill('#ffffff');
  // One rectangle per horizontal run of dark modules, all filled at once.
  for (let r = 0; r < q.size; r++) {
    let c = 0;
    while (c < q.size) {
      if (!q.dark(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < q.size && q.dark(r, c)) c++;
      doc.rect(x0 + start * mod, y0 + r * mod, (c - start) * mod, mod);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
