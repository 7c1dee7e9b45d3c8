/**
 * What a file is, told by its first bytes, never by its name: phones and scanners name files as they like
 * (an iPhone's ".HEIC" may hold a JPEG, a ".jpg" sent from Android may be a HEIC).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { InputError, ScanRefused } from '../errors.js';

export type FileKind = 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' | 'avif' | 'heic' | 'pdf' | 'video' | 'empty' | 'unknown';

/** Bytes enough to tell every kind (a PDF's header may come after some junk: the format allows 1 KB of it). */
export const HEAD_BYTES = 1024;

/** HEIF brands of HEVC-coded images and image sequences (ISO/IEC 23008-12), and the generic MIAF ones. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'mif2']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
/** MP4 and QuickTime brands: a Live Photo's motion, a screen recording, a clip renamed .heic. */
const VIDEO_BRANDS = new Set(['qt  ', 'isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'M4V ', 'M4VH', 'avc1', 'dash', '3gp4', '3gp5', '3gp6', '3g2a', 'MSNV', 'XAVC']);

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The brands of an ISO base media file (HEIF, AVIF, MP4, MOV): the major brand first, or [] if it is not one. */
export function isoBrands(head: Uint8Array): string[] {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return [];
  const size = Math.min(head.length, ((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

export function fileKind(head: Uint8Array): FileKind {
  if (head.length === 0) return 'empty';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 4 && (ascii(head, 0, 4) === 'II*\0' || ascii(head, 0, 4) === 'MM\0*')) return 'tiff';
  if (head.length >= 6 && /^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'gif';
  const brands = isoBrands(head);
  if (brands.length) {
    // A HEIC's major brand is heic (or mif1 with heic among the compatible ones); an AVIF's is avif (or mif1 with avif).
    const [major] = brands;
    const hevc = brands.some((b) => b.startsWith('he') && HEIC_BRANDS.has(b));
    if (AVIF_BRANDS.has(major)) return 'avif';
    if (HEIC_BRANDS.has(major)) return major.startsWith('m') && !hevc && brands.some((b) => AVIF_BRANDS.has(b)) ? 'avif' : 'heic';
    if (hevc) return 'heic';
    if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
    if (brands.some((b) => VIDEO_BRANDS.has(b))) return 'video';
    return 'unknown';
  }
  // QuickTime files may start with another box than ftyp.
  if (head.length >= 8 && /^(moov|mdat|wide|free|skip)$/.test(ascii(head, 4, 8))) return 'video';
  const pdfAt = Buffer.from(head.buffer, head.byteOffset, head.length).indexOf('%PDF-');
  if (pdfAt >= 0 && pdfAt < HEAD_BYTES) return 'pdf';
  return 'unknown';
}

/** The first bytes of a file; a missing file is a one-line error. */
export function readHead(path: string, name = path): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ScanRefused('file-not-found', name, 'no such file');
    if (code === 'EISDIR') throw new InputError('unreadable', `${name}: is a folder, not a photo or a PDF`);
    if (code === 'EACCES' || code === 'EPERM') throw new InputError('unreadable', `${name}: cannot be read (no permission)`);
    throw e;
  }
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const n = readSync(fd, buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, n);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EISDIR') throw new InputError('unreadable', `${name}: is a folder, not a photo or a PDF`);
    throw e;
  } finally {
    closeSync(fd);
  }
}

/** The one-line errors of the kinds no reader takes (the others go to their decoders). */
export function refuseKind(kind: FileKind, name: string): void {
  if (kind === 'empty') throw new InputError('empty', `${name}: the file is empty (0 bytes): copy it again from the phone or the scanner`);
  if (kind === 'video') throw new InputError('video', `${name}: this is a video (MP4 or QuickTime), not a photo: take a photo of the sheet, or save a still of it as JPEG`);
}
