/** The photo's header read before its pixels: what the scanner can decode, and how big a picture it takes. */
import { readHead, fileKind } from '../scan/file-type.js';
import { sharp, type Metadata } from '../sharp.js';

/**
 * Formats read here, and the most pixels each may have (a PNG or a HEIC decodes whole; a JPEG shrinks on load).
 * sharp reads an AVIF's header and pixels; an iPhone's HEIC (HEVC) is decoded by the scanner's own decoder.
 */
const FORMATS: Record<string, number> = { jpeg: 120e6, png: 40e6, webp: 40e6, tiff: 40e6, 'heif/av1': 40e6, 'heif/hevc': 50e6 };
const FORMAT_NAMES = 'a JPEG, HEIC, PNG or WebP photo';

/** `code` names the refusal (the scanner's ScanRefused codes, 'not-an-image', ...) for a program to branch on. */
export type Refusal = { ok: false; status: number; error: string; code?: string };

/**
 * What the photo's header says, before anything decodes its pixels: a refusal for a format the scanner does not
 * read or a picture of too many pixels; undefined when the scanner may try it. Cheap (the header only), so the
 * server checks it before acknowledging an upload, and again in the scan job.
 */
export async function checkPhoto(path: string, type = path.slice(path.lastIndexOf('.') + 1)): Promise<Refusal | undefined> {
  let meta: Metadata;
  try {
    // The header is read whatever its size: the limit below is ours, with its own message.
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    if (type === 'pdf') return { ok: false, status: 415, error: 'This is a PDF, not a photo: take a photo of your sheet (the host page takes PDFs of scanned sheets)', code: 'pdf' };
    // A HEIC whose header sharp cannot read is the HEIC decoder's to explain (the scan).
    if (fileKind(readHead(path)) === 'heic') return undefined;
    return { ok: false, status: 415, error: `This file is not a photo the scanner can read: use ${FORMAT_NAMES}`, code: 'not-an-image' };
  }
  const format = meta.format === 'heif' ? `heif/${meta.compression ?? ''}` : (meta.format ?? '');
  const limit = FORMATS[format];
  if (!limit) return { ok: false, status: 415, error: `This is a ${meta.format ?? 'unknown'} image: use ${FORMAT_NAMES}`, code: 'not-an-image' };
  if (!meta.width || !meta.height) return { ok: false, status: 415, error: `This file is not a photo the scanner can read: use ${FORMAT_NAMES}`, code: 'not-an-image' };
  if (meta.width * meta.height > limit) {
    const mp = (meta.width * meta.height) / 1e6;
    return { ok: false, status: 413, error: `The photo has too many pixels (${meta.width} x ${meta.height}, ${mp.toFixed(0)} megapixels; at most ${limit / 1e6}): use the phone camera's normal resolution`, code: 'too-many-pixels' };
  }
  return undefined;
}
