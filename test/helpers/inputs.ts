/**
 * Inputs as people bring them, made in the tests: HEIC photos (Debian's heif-enc, from libheif-examples), PDFs of
 * scanned sheets (pdfkit, a photo a page), and the broken files a scanner must refuse in one line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

const work = mkdtempSync(join(tmpdir(), 'baako-inputs-'));
let made = 0;

/** A HEIC of a JPEG or PNG, by heif-enc (x265's fastest preset: the tests need a HEIC, not a small one). */
export function heifEnc(image: Buffer, quality = 85, ...more: Buffer[]): Buffer {
  const inputs = [image, ...more].map((b, i) => {
    const p = join(work, `in-${++made}-${i}.${b[0] === 0x89 ? 'png' : 'jpg'}`);
    writeFileSync(p, b);
    return p;
  });
  const out = join(work, `out-${made}.heic`);
  const r = spawnSync('heif-enc', ['-q', String(quality), '-p', 'preset=ultrafast', '-o', out, ...inputs], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new Error(`heif-enc failed (${r.error?.message ?? r.stderr}): install Debian's libheif-examples (.ci/run does)`);
  }
  return readFileSync(out);
}

/**
 * The HEIC with its 16-byte 'pixi' property (heif-enc writes one, associated with the image, as essential)
 * turned into another property of the same size: 'imir' (axis 0 or 1) or 'irot' (quarter turns). The box keeps
 * its size (a payload of 8 bytes where the property reads 1), so no offset in the file moves.
 */
export function withTransform(heic: Buffer, type: 'imir' | 'irot', value: number): Buffer {
  const at = heic.indexOf(Buffer.from([0, 0, 0, 16, ...Buffer.from('pixi')]));
  if (at < 0) throw new Error('no pixi box to replace: heif-enc writes its boxes differently now');
  const out = Buffer.from(heic);
  Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from(type), Buffer.from([value]), Buffer.alloc(7)]).copy(out, at);
  return out;
}

/** The HEIC with its primary item (pitm) set to `item`. */
export function withPrimary(heic: Buffer, item: number): Buffer {
  const at = heic.indexOf('pitm');
  if (at < 0) throw new Error('no pitm box');
  const out = Buffer.from(heic);
  out.writeUInt16BE(item, at + 8);
  return out;
}

/** An ISO base media box, and a full box (version 0, no flags). */
export const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
export const fullBox = (type: string, ...payload: Buffer[]) => box(type, Buffer.alloc(4), ...payload);
const brands = (...b: string[]) => Buffer.from(b.flatMap((x, i) => (i === 1 ? ['\0\0\0\0', x] : [x])).join(''), 'latin1');

/** A HEIF whose meta box names no item: nothing to decode. */
export const heifWithoutImage = () => Buffer.concat([box('ftyp', brands('heic', 'mif1', 'heic')), fullBox('meta', fullBox('hdlr', Buffer.alloc(4), Buffer.from('pict'), Buffer.alloc(13)))]);
/** A HEIF image sequence with no still image: a movie box and its data, no meta box. */
export const heifSequence = () => Buffer.concat([box('ftyp', brands('msf1', 'msf1', 'hevc', 'iso8')), box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(64))]);
/** A QuickTime movie (a Live Photo's motion) as phones write it. */
export const quickTimeMovie = () => Buffer.concat([box('ftyp', brands('qt  ', 'qt  ')), box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(64))]);

export type PdfPage = { jpeg: Buffer } | { png: Buffer } | { mirrored: Buffer } | { blank: true };

/**
 * A PDF as a scanner writes it: each photo fills its page at 300 dpi (a JPEG embedded as it is, a PNG
 * re-encoded by pdfkit, a JPEG placed mirrored: the page shows it flipped), or a blank page.
 */
export async function scannedPdf(pages: PdfPage[]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const p of pages) {
    if ('blank' in p) {
      doc.addPage({ size: 'A4', margin: 0 });
      continue;
    }
    const image = 'jpeg' in p ? p.jpeg : 'png' in p ? p.png : p.mirrored;
    const m = await sharp(image).metadata();
    const turned = (m.orientation ?? 1) >= 5;
    const w = (((turned ? m.height : m.width) ?? 0) * 72) / 300;
    const h = (((turned ? m.width : m.height) ?? 0) * 72) / 300;
    doc.addPage({ size: [w, h], margin: 0 });
    if ('mirrored' in p) doc.save().transform(-1, 0, 0, 1, w, 0);
    doc.image(image, 0, 0, { width: w, height: h });
    if ('mirrored' in p) doc.restore();
  }
  doc.end();
  return done;
}

/** A file in the tests' temporary folder. */
export function tempFile(name: string, data: Buffer | string): string {
  const p = join(work, name);
  writeFileSync(p, data);
  return p;
}
