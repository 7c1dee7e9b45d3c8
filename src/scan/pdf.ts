/**
 * PDFs of scanned sheets (an office printer's document feeder makes one PDF of a stack): every page is a sheet.
 * A scanned page is one picture covering the page: that picture is handed over as stored, at its own
 * resolution (a JPEG's bytes as they are, so sharp shrinks it on load as it does a photo; other encodings
 * decoded by MuPDF). Any other page (a sheet PDF from `baako sheet`, a page with drawing or text over its
 * picture, a scanner's mixed-raster page of several layers) is rendered at 300 dpi.
 *
 * MuPDF (WebAssembly, about 10 MB) is loaded on the first PDF only.
 */
import type * as Mupdf from 'mupdf';
import { sharp } from '../sharp.js';
import { InputError } from '../errors.js';
import type { RawPixels } from './heic.js';
import { mupdf, type Mu } from './mupdf.js';

/** Pages a PDF may have: a game night's stack of sheets fits many times over, and a bigger file is a mistake. */
export const MAX_PDF_PAGES = 200;
/** Resolution a page that is not a scan is rendered at. */
export const RENDER_DPI = 300;
/** Share of the page a picture must cover for the page to count as a scan. */
const SCAN_COVER = 0.85;

export interface PdfPage {
  /** 1-based. */
  page: number;
  /** The page's picture: a JPEG's bytes, or decoded pixels. */
  source: Buffer | RawPixels;
  /** 'embedded': the scan's own picture; 'rendered': the page drawn at RENDER_DPI. */
  how: 'embedded' | 'rendered';
  /** Pixels per inch of the picture on the page. */
  dpi: number;
}

/** What a page draws, as far as telling a scan from a vector page needs. */
interface Drawn {
  images: { width: number; height: number; ctm: Mupdf.Matrix }[];
  /** Visible vector drawing or text after the first picture (what lies under it does not show). */
  over: number;
}

const area = (r: number[]) => Math.max(0, r[2] - r[0]) * Math.max(0, r[3] - r[1]);

function transformedBox(m: Mupdf.Matrix): number[] {
  const pts = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map(([u, v]) => [m[0] * u + m[2] * v + m[4], m[1] * u + m[3] * v + m[5]]);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** An open PDF; pages are read one at a time (a page's picture is all that is held). */
export class PdfFile {
  private constructor(
    private readonly mu: Mu,
    private readonly doc: Mupdf.Document,
    readonly name: string,
    readonly pages: number,
  ) {}

  /**
   * Opens a PDF. Refused with a one-line InputError: a password-protected file, one MuPDF cannot make sense
   * of, one with no pages or more than MAX_PDF_PAGES.
   */
  static async open(data: Uint8Array, name: string): Promise<PdfFile> {
    if (data.length === 0) throw new InputError('empty', `${name}: the file is empty (0 bytes): copy it again from the scanner`);
    const mu = await mupdf();
    let doc: Mupdf.Document;
    try {
      doc = mu.Document.openDocument(data, 'application/pdf');
    } catch (e) {
      throw new InputError('damaged', `${name}: the PDF is damaged (${oneLine(e)}): scan the sheets again, or copy the file again`);
    }
    if (doc.needsPassword()) {
      doc.destroy();
      throw new InputError('encrypted', `${name}: the PDF is protected by a password: save it again without one (in a PDF viewer, print it to a new PDF), or scan the sheets again`);
    }
    let pages: number;
    try {
      pages = doc.countPages();
    } catch (e) {
      doc.destroy();
      throw new InputError('damaged', `${name}: the PDF is damaged (${oneLine(e)}): scan the sheets again, or copy the file again`);
    }
    if (pages === 0) {
      doc.destroy();
      throw new InputError('damaged', `${name}: the PDF has no pages that can be read (damaged or truncated): scan the sheets again, or copy the file again`);
    }
    if (pages > MAX_PDF_PAGES) {
      doc.destroy();
      throw new InputError('too-many-pages', `${name}: the PDF has ${pages} pages, more than the ${MAX_PDF_PAGES} a scan may have: split it into smaller files (qpdf --split-pages=${MAX_PDF_PAGES} in.pdf out.pdf), or scan fewer sheets at a time`);
    }
    return new PdfFile(mu, doc, name, pages);
  }

  /** The picture of page `n` (1-based); a page that cannot be read is an InputError naming it. */
  async page(n: number): Promise<PdfPage> {
    if (!Number.isInteger(n) || n < 1 || n > this.pages) throw new RangeError(`page ${n} of ${this.pages}`);
    const mu = this.mu;
    let page: Mupdf.Page | undefined;
    try {
      page = this.doc.loadPage(n - 1);
      const bounds = page.getBounds();
      const drawn = this.drawn(page);
      const scan = drawn.images.length === 1 && drawn.over === 0 ? drawn.images[0] : undefined;
      const box = scan ? transformedBox(scan.ctm) : undefined;
      const pageArea = area(bounds);
      const inside = box ? area([Math.max(box[0], bounds[0]), Math.max(box[1], bounds[1]), Math.min(box[2], bounds[2]), Math.min(box[3], bounds[3])]) : 0;
      if (scan && pageArea > 0 && inside / pageArea >= SCAN_COVER) {
        const picture = await this.embedded(page, scan);
        if (picture) return { page: n, source: picture, how: 'embedded', dpi: Math.round((Math.max(scan.width, scan.height) / Math.max(box![2] - box![0], box![3] - box![1])) * 72) };
      }
      const s = RENDER_DPI / 72;
      const pix = page.toPixmap(mu.Matrix.scale(s, s), mu.ColorSpace.DeviceRGB, false, true);
      try {
        return { page: n, source: pixels(pix), how: 'rendered', dpi: RENDER_DPI };
      } finally {
        pix.destroy();
      }
    } catch (e) {
      if (e instanceof InputError) throw e;
      throw new InputError('damaged', `${this.name} p${n}: this page of the PDF is damaged (${oneLine(e)}): scan the sheet again`);
    } finally {
      page?.destroy();
    }
  }

  close(): void {
    this.doc.destroy();
  }

  private drawn(page: Mupdf.Page): Drawn {
    const d: Drawn = { images: [], over: 0 };
    const visible = () => {
      if (d.images.length) d.over++;
    };
    const dev = new this.mu.Device({
      fillImage: (image, ctm) => void d.images.push({ width: image.getWidth(), height: image.getHeight(), ctm: [...ctm] as Mupdf.Matrix }),
      fillPath: visible,
      strokePath: visible,
      fillText: visible,
      strokeText: visible,
      fillShade: visible,
      fillImageMask: visible,
    });
    try {
      page.run(dev, this.mu.Matrix.identity);
      dev.close();
    } finally {
      dev.destroy();
    }
    return d;
  }

  /**
   * The page's one picture as stored: its JPEG bytes when the PDF keeps it as a plain JPEG, else its pixels as
   * MuPDF decodes them. Placed mirrored on the page (a negative determinant), it is mirrored as the page shows
   * it; turned, it is left as stored, since the scanner finds the sheet in any rotation. Undefined when the picture cannot be found in the
   * page's resources (the page is then rendered).
   */
  private async embedded(page: Mupdf.Page, drawn: Drawn['images'][number]): Promise<Buffer | RawPixels | undefined> {
    const pdfPage = page as Mupdf.PDFPage;
    if (!pdfPage.getObject) return undefined;
    const found: Mupdf.PDFObject[] = [];
    const visit = (resources: Mupdf.PDFObject, depth: number) => {
      const xobjects = resources.get('XObject');
      if (!xobjects.isDictionary()) return;
      xobjects.forEach((ref) => {
        const x = ref.resolve();
        const subtype = x.get('Subtype');
        if (subtype.isName() && subtype.asName() === 'Image' && x.get('Width').asNumber() === drawn.width && x.get('Height').asNumber() === drawn.height) found.push(ref);
        else if (subtype.isName() && subtype.asName() === 'Form' && depth < 3 && x.get('Resources').isDictionary()) visit(x.get('Resources'), depth + 1);
      });
    };
    const resources = pdfPage.getObject().getInheritable('Resources');
    if (resources.isDictionary()) visit(resources, 0);
    if (found.length !== 1) return undefined;
    const ref = found[0];
    const x = ref.resolve();
    const m = drawn.ctm;
    const mirrored = m[0] * m[3] - m[1] * m[2] < 0;

    const filter = x.get('Filter');
    const filters = filter.isName() ? [filter.asName()] : filter.isArray() ? Array.from({ length: filter.length }, (_, i) => filter.get(i).asName()) : [];
    const cs = x.get('ColorSpace').resolve();
    const csName = cs.isName() ? cs.asName() : cs.isArray() && cs.get(0).isName() ? cs.get(0).asName() : '';
    const plainJpeg =
      filters.length === 1 &&
      filters[0] === 'DCTDecode' &&
      x.get('Decode').isNull() &&
      x.get('SMask').isNull() &&
      x.get('Mask').isNull() &&
      (csName === 'DeviceRGB' || csName === 'DeviceGray' || (csName === 'ICCBased' && [1, 3].includes(cs.get(1).resolve().get('N').asNumber())));
    if (plainJpeg) {
      const jpeg = Buffer.from(ref.readRawStream().asUint8Array());
      // Inside a PDF the page places the picture: an orientation tag in the JPEG is not the PDF's, so the pixels
      // are taken as stored when it would mirror them.
      const meta = await sharp(jpeg).metadata().catch(() => undefined);
      const tagMirrors = [2, 4, 5, 7].includes(meta?.orientation ?? 1);
      if (!mirrored && !tagMirrors) return jpeg;
      const { data, info } = await sharp(jpeg, { failOn: 'none' })
        .flop(mirrored)
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, channels: info.channels as RawPixels['channels'], data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
    }
    const doc = (page as Mupdf.PDFPage)._doc;
    const image = doc.loadImage(ref);
    try {
      const pix = image.toPixmap();
      try {
        const rgb = pix.getColorSpace()?.isRGB() && !pix.getAlpha() ? pix : pix.convertToColorSpace(this.mu.ColorSpace.DeviceRGB, false);
        try {
          const raw = pixels(rgb);
          return mirrored ? flop(raw) : raw;
        } finally {
          if (rgb !== pix) rgb.destroy();
        }
      } finally {
        pix.destroy();
      }
    } finally {
      image.destroy();
    }
  }
}

/** A MuPDF pixmap's pixels (RGB, no alpha), without the row padding. */
function pixels(pix: Mupdf.Pixmap): RawPixels {
  const width = pix.getWidth();
  const height = pix.getHeight();
  const n = pix.getNumberOfComponents() + (pix.getAlpha() ? 1 : 0);
  const stride = pix.getStride();
  const src = pix.getPixels();
  const data = new Uint8Array(width * height * 3);
  if (n === 3 && stride === width * 3) data.set(src.subarray(0, data.length));
  else {
    for (let y = 0; y < height; y++) {
      for (let x = 0, i = y * stride, j = y * width * 3; x < width; x++, i += n, j += 3) {
        data[j] = src[i];
        data[j + 1] = src[i + (n >= 3 ? 1 : 0)];
        data[j + 2] = src[i + (n >= 3 ? 2 : 0)];
      }
    }
  }
  return { width, height, channels: 3, data };
}

function flop(p: RawPixels): RawPixels {
  const { width, height, channels: c } = p;
  const data = new Uint8Array(p.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * c;
      const to = (y * width + (width - 1 - x)) * c;
      for (let k = 0; k < c; k++) data[to + k] = p.data[from + k];
    }
  }
  return { ...p, data };
}

const oneLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0].replace(/\.$/, '').slice(0, 120);
