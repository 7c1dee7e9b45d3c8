/**
 * Rasterising PDF pages in-process with mupdf (WebAssembly; no poppler, no network), and decoding QR codes in
 * rasters with zxing-wasm loaded from node_modules.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as mupdf from 'mupdf';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/** An RGBA raster. */
export interface Raster {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row-major. */
  data: Uint8ClampedArray;
}

/** Number of pages of a PDF. */
export function pageCount(pdf: Uint8Array): number {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return doc.countPages();
  } finally {
    doc.destroy();
  }
}

/** Renders one page (0-based) at `dpi` onto white, as RGBA. */
export function rasterize(pdf: Uint8Array, page = 0, dpi = 150): Raster {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const p = doc.loadPage(page);
    const s = dpi / 72;
    const pix = p.toPixmap(mupdf.Matrix.scale(s, s), mupdf.ColorSpace.DeviceRGB, false, true);
    const w = pix.getWidth();
    const h = pix.getHeight();
    const src = pix.getPixels();
    const n = pix.getNumberOfComponents() + (pix.getAlpha() ? 1 : 0);
    const data = new Uint8ClampedArray(w * h * 4);
    for (let i = 0, j = 0; i < w * h; i++, j += n) {
      data[i * 4] = src[j];
      data[i * 4 + 1] = src[j + 1];
      data[i * 4 + 2] = src[j + 2];
      data[i * 4 + 3] = 255;
    }
    pix.destroy();
    p.destroy();
    return { width: w, height: h, data };
  } finally {
    doc.destroy();
  }
}

export function toPng(r: Raster): Buffer {
  const png = new PNG({ width: r.width, height: r.height });
  png.data = Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength);
  return PNG.sync.write(png);
}

export function fromPng(buf: Buffer): Raster {
  const png = PNG.sync.read(buf);
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
}

/** Grey level (0 black .. 255 white) of a pixel. */
export function grey(r: Raster, x: number, y: number): number {
  const i = (Math.round(y) * r.width + Math.round(x)) * 4;
  return 0.299 * r.data[i] + 0.587 * r.data[i + 1] + 0.114 * r.data[i + 2];
}

let zxingReady = false;

function prepareZxing(): void {
  if (zxingReady) return;
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
  zxingReady = true;
}

/** The texts of the QR codes found in a raster. */
export async function decodeQr(r: Raster): Promise<string[]> {
  prepareZxing();
  const image = { data: r.data, width: r.width, height: r.height, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0];
  const found = await readBarcodes(image, { formats: ['QRCode'], tryHarder: true });
  return found.filter((f) => f.isValid).map((f) => f.text);
}
