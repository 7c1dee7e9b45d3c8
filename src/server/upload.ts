/**
 * Receiving a photo (or a host's PDF of scanned sheets): its declared type checked at the door, the body streamed to a temporary file, size-limited,
 * its first bytes sniffed, then flushed to the disk before anything acknowledges it.
 */
import { createWriteStream, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { fsyncLater } from './durable.js';

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** What the first bytes say: the extension the photo is stored under (the decoder reads it again to be sure). */
export type PhotoType = 'jpg' | 'png' | 'webp' | 'avif' | 'heic' | 'tif' | 'pdf';

export interface Received {
  path: string;
  bytes: number;
  type: PhotoType;
}

/**
 * The body types accepted: raw images as a phone or a scanner sends them, and PDF (a host's scan of several
 * sheets). Which of them can be read is the decoder's business; anything else is refused before it is read.
 */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/tiff', 'image/heic', 'image/heif', 'application/pdf'] as const;

/** The declared Content-Type's problem, or undefined when it is one of UPLOAD_TYPES. */
export function contentTypeProblem(header: string | undefined): string | undefined {
  const type = (header ?? '').split(';')[0].trim().toLowerCase();
  if ((UPLOAD_TYPES as readonly string[]).includes(type)) return undefined;
  const said = type ? `a body of type ${type.slice(0, 60)}` : 'a body without a Content-Type';
  return `Send the photo itself as the body with its image type (image/jpeg, image/png, image/webp, image/heic, ...), not ${said}`;
}

/** The type from the first bytes, or a message when they are not those of an image or a PDF. */
export function sniff(head: Buffer): PhotoType | { refused: string } {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (/^(avif|avis)$/.test(brand)) return 'avif';
    if (/^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(brand)) return 'heic';
  }
  if (head.length >= 4 && (head.toString('latin1', 0, 4) === 'II*\0' || head.toString('latin1', 0, 4) === 'MM\0*')) return 'tif';
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  return { refused: 'This file is not a photo: take a photo of your sheet (JPEG, HEIC, PNG or WebP)' };
}

/** Megabytes as a person reads them: 25, 1.5. */
export const mb = (bytes: number) => String(Number((bytes / 1e6).toFixed(3)));

/**
 * "1.04 MB; at most 1 MB": the size with as many decimals as it takes to read bigger than the limit (never
 * "1.0 MB; at most 1 MB"), in bytes when three are not enough.
 */
export function sizeOverLimit(bytes: number, limit: number): string {
  for (let d = 1; d <= 3; d++) {
    const shown = Math.floor((bytes / 1e6) * 10 ** d) / 10 ** d;
    if (shown > limit / 1e6) return `${shown.toFixed(d)} MB; at most ${mb(limit)} MB`;
  }
  return `${bytes.toLocaleString('en')} bytes; at most ${limit.toLocaleString('en')}`;
}

const HEAD = 16;

/**
 * Reads the request body into `path` and flushes it to the disk. Refuses a declared length over `limit` before
 * reading, stops at `limit` bytes, and refuses an empty body or one that does not start like an image or a PDF.
 * On failure nothing is left.
 */
export function receiveUpload(req: IncomingMessage, path: string, limit: number, accept?: readonly PhotoType[]): Promise<Received> {
  const what = accept && !accept.some((t) => t !== 'pdf') ? 'PDF' : 'photo';
  // The first bytes' type, or why it is refused (not an image, or not one of the types this route takes).
  const check = (h: Buffer): PhotoType | { refused: string } => {
    const t = sniff(h);
    if (typeof t !== 'string' || !accept || accept.includes(t)) return t;
    return { refused: what === 'PDF' ? 'This file is not a PDF: upload the PDF the scanner made of the sheets (photos go through the players’ page)' : 'This is a PDF: the host uploads PDFs of scanned sheets on the host page; from a phone, take a photo of your sheet' };
  };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new UploadError(413, `The ${what} is too big (${sizeOverLimit(declared, limit)})`));
  }
  return new Promise<Received>((resolve, reject) => {
    const out = createWriteStream(path, { flags: 'wx' });
    let bytes = 0;
    let head = Buffer.alloc(0);
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe?.();
      req.removeAllListeners('data');
      // Keep draining (and discarding) what the client still sends, so it reads our answer.
      req.resume();
      out.destroy();
      out.once('close', () => rmSync(path, { force: true }));
      rmSync(path, { force: true });
      reject(e);
    };
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      bytes += chunk.length;
      if (bytes > limit) return fail(new UploadError(413, `The ${what} is too big (more than ${mb(limit)} MB, the most this server accepts)`));
      if (head.length < HEAD) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD - head.length)]);
        if (head.length >= HEAD) {
          const t = check(head);
          if (typeof t !== 'string') return fail(new UploadError(415, t.refused));
        }
      }
      if (!out.write(chunk)) {
        req.pause();
        out.once('drain', () => req.resume());
      }
    });
    req.on('error', (e) => fail(new UploadError(400, `The upload was cut off (${e.message})`)));
    req.on('aborted', () => fail(new UploadError(400, 'The upload was cut off')));
    req.on('end', () => {
      if (failed) return;
      if (bytes === 0) return fail(new UploadError(400, `No ${what} was sent`));
      const t = check(head);
      if (typeof t !== 'string') return fail(new UploadError(415, t.refused));
      out.end(() => {
        if (failed) return;
        fsyncLater(path).then(
          () => (failed ? undefined : resolve({ path, bytes, type: t })),
          (e: NodeJS.ErrnoException) => fail(new UploadError(500, `Could not store the ${what} (${e.code ?? e.message})`)),
        );
      });
    });
    out.on('error', (e) => fail(new UploadError(500, `Could not store the ${what} (${(e as NodeJS.ErrnoException).code ?? e.message})`)));
  });
}
