/** The photo's header read before its pixels: what the scanner can decode, and how big a picture it takes. */
import sharp, { type Metadata } from 'sharp';

/**
 * Formats sharp decodes here, and the most pixels each may have (a PNG decodes whole; a JPEG shrinks on load).
 * HEIF is read when its pictures are AV1 (AVIF); HEVC (an iPhone's HEIC) needs a decoder sharp's build lacks.
 */
const FORMATS: Record<string, number> = { jpeg: 120e6, png: 40e6, webp: 40e6, tiff: 40e6, 'heif/av1': 40e6 };

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
    if (type === 'pdf') return { ok: false, status: 415, error: 'This is a PDF, not a photo: take a photo of your sheet (JPEG, PNG or WebP)' };
    if (type === 'heic') return HEIC;
    return { ok: false, status: 415, error: 'This file is not a photo the scanner can read: use a JPEG, PNG or WebP photo' };
  }
  const format = meta.format === 'heif' ? `heif/${meta.compression ?? ''}` : (meta.format ?? '');
  const limit = FORMATS[format];
  if (!limit) return format === 'heif/hevc' ? HEIC : { ok: false, status: 415, error: `This is a ${meta.format ?? 'unknown'} image: use a JPEG, PNG or WebP photo` };
  if (!meta.width || !meta.height) return { ok: false, status: 415, error: 'This file is not a photo the scanner can read: use a JPEG, PNG or WebP photo' };
  if (meta.width * meta.height > limit) {
    const mp = (meta.width * meta.height) / 1e6;
    return { ok: false, status: 413, error: `The photo has too many pixels (${meta.width} x ${meta.height}, ${mp.toFixed(0)} megapixels; at most ${limit / 1e6}): use the phone camera's normal resolution` };
  }
  return undefined;
}

const HEIC: Refusal = {
  ok: false,
  status: 415,
  error: 'This is a HEIC photo, which the scanner cannot read: set the camera to "Most Compatible" (JPEG), or upload it from the game\'s page, which converts it',
};
