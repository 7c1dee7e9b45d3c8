/**
 * Card images from the deck's own PDF: mupdf (WebAssembly) rasterises the pages `renderDeckSinglePdf` drew, so a
 * card's PNG and its PDF page come from one drawing and can never disagree. Loaded only when images are asked for.
 */
import type * as Mupdf from 'mupdf';

type MupdfModule = typeof Mupdf;
let loaded: Promise<MupdfModule> | undefined;

/** mupdf's module, loaded once (it is large: about 10 MB of WebAssembly). */
export function mupdf(): Promise<MupdfModule> {
  loaded ??= import('mupdf');
  return loaded;
}

/** A region of a page in points from its top-left corner. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An RGB raster, 3 bytes a pixel, row-major. */
export interface Rgb {
  width: number;
  height: number;
  data: Uint8Array;
}

/** An open PDF whose pages are rasterised one region at a time. Call `close()` when done. */
export class PdfRaster {
  private constructor(
    private readonly m: MupdfModule,
    private readonly doc: Mupdf.Document,
  ) {}

  static async open(pdf: Uint8Array): Promise<PdfRaster> {
    const m = await mupdf();
    return new PdfRaster(m, m.Document.openDocument(pdf, 'application/pdf'));
  }

  get pages(): number {
    return this.doc.countPages();
  }

  /**
   * `region` of page `index` scaled to exactly `width` x `height` pixels on white: the pixel size is fixed first and
   * the scale follows from it, so a print shop's 822 x 1122 is never 823 x 1122 by rounding.
   */
  pixmap(index: number, region: Region, width: number, height: number, dpi?: number): Mupdf.Pixmap {
    const { m } = this;
    const page = this.doc.loadPage(index);
    try {
      const pix = new m.Pixmap(m.ColorSpace.DeviceRGB, [0, 0, width, height], false);
      pix.clear(255);
      if (dpi) pix.setResolution(Math.round(dpi), Math.round(dpi));
      const matrix = m.Matrix.concat(m.Matrix.translate(-region.x, -region.y), m.Matrix.scale(width / region.w, height / region.h));
      const dev = new m.DrawDevice(m.Matrix.identity, pix);
      try {
        page.run(dev, matrix);
      } finally {
        dev.close();
        dev.destroy();
      }
      return pix;
    } finally {
      page.destroy();
    }
  }

  /** The same, as an RGB buffer (copied out of WebAssembly memory). */
  rgb(index: number, region: Region, width: number, height: number): Rgb {
    const pix = this.pixmap(index, region, width, height);
    try {
      return { width, height, data: new Uint8Array(pix.getPixels()) };
    } finally {
      pix.destroy();
    }
  }

  /** The same, encoded as a PNG that records its resolution (so a shop's checker reads 300 dpi). */
  png(index: number, region: Region, width: number, height: number, dpi: number): Uint8Array {
    const pix = this.pixmap(index, region, width, height, dpi);
    try {
      return pix.asPNG();
    } finally {
      pix.destroy();
    }
  }

  close(): void {
    this.doc.destroy();
  }
}
