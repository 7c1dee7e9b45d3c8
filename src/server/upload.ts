/** Receiving a photo: streamed to a temporary file under a generated name, size-limited, type sniffed. */
import { createWriteStream, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
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

export interface Received {
  path: string;
  bytes: number;
  /** What the first bytes say (the scanner decodes it again to be sure). */
  type: 'jpg' | 'png' | 'webp';
}

/** The image type from its first bytes, or a message for the formats a phone may send that cannot be read. */
export function sniff(head: Buffer): Received['type'] | { refused: string } {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (/^(heic|heix|hevc|hevx|mif1|msf1|avif)$/.test(brand)) {
      return { refused: `This is a ${brand === 'avif' ? 'AVIF' : 'HEIC'} photo, which the scanner cannot read: set the camera to "Most Compatible" (JPEG), or upload it from this page, which converts it` };
    }
  }
  return { refused: 'This file is not a photo: take a photo of your sheet (JPEG, PNG or WebP)' };
}

const HEAD = 16;

/**
 * Reads the request body into DIR/ID.part. Refuses a declared length over `limit` before reading, stops at
 * `limit` bytes, and refuses an empty body or one that does not start like an image. On failure nothing is left.
 */
export function receiveUpload(req: IncomingMessage, dir: string, limit: number): Promise<Received> {
  const mb = Math.round(limit / 1e6);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new UploadError(413, `The photo is too big (${(declared / 1e6).toFixed(1)} MB; at most ${mb} MB)`));
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
      if (bytes > limit) return fail(new UploadError(413, `The photo is too big (more than ${mb} MB)`));
      if (head.length < HEAD) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD - head.length)]);
        if (head.length >= HEAD) {
          const t = sniff(head);
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
      if (bytes === 0) return fail(new UploadError(400, 'No photo was sent'));
      const t = sniff(head);
      if (typeof t !== 'string') return fail(new UploadError(415, t.refused));
      out.end(() => {
        if (failed) return;
        resolve({ path, bytes, type: t });
      });
    });
    out.on('error', (e) => fail(new UploadError(500, `Could not store the photo (${(e as NodeJS.ErrnoException).code ?? e.message})`)));
  });
}
