/** Receiving a photo or a PDF: streamed to a temporary file under a generated name, size-limited, type sniffed. */
import { createWriteStream, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileKind, type FileKind } from '../scan/file-type.js';
import { newId } from './ids.js';

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export type UploadType = 'jpg' | 'png' | 'webp' | 'heic' | 'avif' | 'pdf';

export interface Received {
  path: string;
  bytes: number;
  /** What the first bytes say (the scanner decodes it again to be sure). */
  type: UploadType;
}

/** What a phone may send as a photo. */
export const PHOTO_TYPES: readonly UploadType[] = ['jpg', 'png', 'webp', 'heic', 'avif'];

const TYPES: Partial<Record<FileKind, UploadType>> = { jpeg: 'jpg', png: 'png', webp: 'webp', heic: 'heic', avif: 'avif', pdf: 'pdf' };

/** The upload's type from its first bytes (never its name or Content-Type), or why it is refused. */
export function sniff(head: Buffer, accept: readonly UploadType[] = PHOTO_TYPES): UploadType | { refused: string } {
  const kind = fileKind(head);
  const type = TYPES[kind];
  if (type && accept.includes(type)) return type;
  if (type === 'pdf') return { refused: 'This is a PDF: the host uploads PDFs of scanned sheets on the host page; from a phone, take a photo of your sheet' };
  if (kind === 'video') return { refused: 'This is a video, not a photo: take a photo of your sheet' };
  if (accept.includes('pdf') && !accept.includes('jpg')) return { refused: 'This file is not a PDF: upload the PDF the scanner made of the sheets (photos go through the players’ page)' };
  return { refused: 'This file is not a photo: take a photo of your sheet (JPEG, HEIC, PNG or WebP)' };
}

/** Enough for a HEIF's compatible brands. */
const HEAD = 64;

/**
 * Reads the request body into DIR/ID.part. Refuses a declared length over `limit` before reading, stops at
 * `limit` bytes, and refuses an empty body or one that does not start like one of the `accept`ed types. On
 * failure nothing is left.
 */
export function receiveUpload(req: IncomingMessage, dir: string, limit: number, accept: readonly UploadType[] = PHOTO_TYPES): Promise<Received> {
  const mb = Math.round(limit / 1e6);
  const what = accept.includes('jpg') ? 'photo' : 'PDF';
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new UploadError(413, `The ${what} is too big (${(declared / 1e6).toFixed(1)} MB; at most ${mb} MB)`));
  }
  const path = join(dir, `${newId()}.part`);
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
      if (bytes > limit) return fail(new UploadError(413, `The ${what} is too big (more than ${mb} MB)`));
      if (head.length < HEAD) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD - head.length)]);
        if (head.length >= HEAD) {
          const t = sniff(head, accept);
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
      if (bytes === 0) return fail(new UploadError(400, `No ${what} was sent (the file is empty)`));
      const t = sniff(head, accept);
      if (typeof t !== 'string') return fail(new UploadError(415, t.refused));
      out.end(() => {
        if (failed) return;
        resolve({ path, bytes, type: t });
      });
    });
    out.on('error', (e) => fail(new UploadError(500, `Could not store the ${what} (${(e as NodeJS.ErrnoException).code ?? e.message})`)));
  });
}
