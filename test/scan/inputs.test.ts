/**
 * Photos and scans as people have them: HEIC from a phone, a printer's multi-page PDF, and the broken files
 * among them (each refused in one line, the others still read).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { scanSchema } from '../../src/data/formats.js';
import { loadGame } from '../../src/data/load.js';
import { createSetup } from '../../src/engine/setup.js';
import { renderSheetPdf } from '../../src/render/sheet.js';
import { fileKind } from '../../src/scan/file-type.js';
import { decodeHeic } from '../../src/scan/heic.js';
import { MAX_PDF_PAGES, PdfFile } from '../../src/scan/pdf.js';
import { scanPhoto, type ScanResult } from '../../src/scan/scan.js';
import { baako } from '../cli/run.js';
import { heifEnc, heifSequence, heifWithoutImage, quickTimeMovie, scannedPdf, tempFile, withPrimary, withTransform } from '../helpers/inputs.js';

const game = loadGame();
const photos = join(import.meta.dirname, '../../fixtures/photos');
const photo = (name: string) => readFileSync(join(photos, `${name}.jpg`));
const truth = (name: string) => JSON.parse(readFileSync(join(photos, `${name}.truth.json`), 'utf8'));
/** What must not change between two inputs of the same sheet. */
const reading = (r: ScanResult) => ({ state: r.state, total: r.score.total, player: r.player, game: r.game, setupFrom: r.setupFrom });

/** Fixture 03 at half size: small enough for x265 and the decoders to be quick. */
let half: Buffer;
beforeAll(async () => {
  half = await sharp(photo('03-easy-a-letter-hb')).resize(1632).jpeg({ quality: 92 }).toBuffer();
});

/** The PDF `baako sheet` prints: page 1 for player 2 of a 3-player game. */
const setup = createSetup(game, 'inputs-vector', 'A', 3);
const sheetPdf = () => renderSheetPdf({ side: 'A', paper: 'a4', setup, players: [2], game });

describe('HEIC photos', () => {
  let halfRead: ScanResult;
  beforeAll(async () => {
    halfRead = await scanPhoto(half, game);
  });

  it('a HEIC made from a fixture photo reads the same as its JPEG, whatever its name says', async () => {
    const jpeg = photo('03-easy-a-letter-hb');
    const heic = heifEnc(jpeg);
    expect(fileKind(heic)).toBe('heic');
    const [fromJpeg, fromHeic] = await Promise.all([scanPhoto(jpeg, game), scanPhoto(tempFile('IMG_0001.jpg', heic), game)]);
    expect(reading(fromHeic)).toEqual(reading(fromJpeg));
    expect(fromHeic.player).toBe(truth('03-easy-a-letter-hb').player);
    expect(fromHeic.photo.original).toEqual({ width: 3264, height: 2448 });
  }, 240_000);

  it('honours the mirroring and rotation the file carries (imir, irot)', async () => {
    const mirrored = heifEnc(await sharp(half).flop().jpeg({ quality: 92 }).toBuffer());
    // Stored mirrored with nothing saying so, the sheet cannot read; with imir it reads as the upright photo.
    await expect(scanPhoto(mirrored, game)).rejects.toThrow(/QR code|corner squares/);
    expect(reading(await scanPhoto(withTransform(mirrored, 'imir', 0), game))).toEqual(reading(halfRead));
    const turned = await decodeHeic(withTransform(heifEnc(half), 'irot', 1), 'turned.heic');
    expect([turned.width, turned.height]).toEqual([1224, 1632]);
  }, 240_000);

  it('reads the primary image of a file holding several', async () => {
    const grey = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } }).jpeg().toBuffer();
    const two = heifEnc(grey, 60, half);
    expect((await decodeHeic(two, 'two.heic')).width).toBe(800);
    const primarySecond = withPrimary(two, 2);
    expect(reading(await scanPhoto(primarySecond, game))).toEqual(reading(halfRead));
  }, 240_000);
});

describe('PDFs of scanned sheets', () => {
  const four = ['06-easy-a-letter-pen', '08-medium-a-a4-faint', '03-easy-a-letter-hb', '26-hard-a-a4-curl-shadow'];

  it('reads a 4-page scan as 4 sheets in page order, each with its player (--json)', async () => {
    const pdf = tempFile('scans.pdf', await scannedPdf(four.map((n) => ({ jpeg: photo(n) }))));
    const r = baako(['scan', pdf, '--json']);
    expect([0, 3], r.stderr).toContain(r.code);
    const items = JSON.parse(r.stdout) as { photo: string; page: number; player: number; game: string; error?: string }[];
    expect(items.map((i) => i.page)).toEqual([1, 2, 3, 4]);
    expect(items.every((i) => i.photo === pdf && !i.error)).toBe(true);
    expect(items.map((i) => i.player)).toEqual(four.map((n) => truth(n).player));
    expect(items.map((i) => i.game)).toEqual(four.map((n) => truth(n).game));
  }, 240_000);

  it('hands over a scanned page’s own picture: the JPEG as stored, or the decoded pixels of another encoding', async () => {
    const jpeg = photo('08-medium-a-a4-faint');
    const png = await sharp(photo('03-easy-a-letter-hb')).resize(1632).png().toBuffer();
    const flopped = await sharp(half).flop().jpeg({ quality: 92 }).toBuffer();
    const pdf = await PdfFile.open(await scannedPdf([{ jpeg }, { png }, { mirrored: flopped }]), 'scans.pdf');
    try {
      expect(pdf.pages).toBe(3);
      const p1 = await pdf.page(1);
      expect(p1).toMatchObject({ page: 1, how: 'embedded', dpi: 300 });
      expect(Buffer.isBuffer(p1.source) && p1.source.equals(jpeg)).toBe(true);
      const p2 = await pdf.page(2);
      expect(p2).toMatchObject({ how: 'embedded', source: { width: 1632, height: 1224, channels: 3 } });
      const fromPng = await scanPhoto(p2.source, game);
      expect(fromPng.player).toBe(truth('03-easy-a-letter-hb').player);
      // A picture stored mirrored and placed mirrored on the page: read as the page shows it, upright.
      const p3 = await pdf.page(3);
      expect(reading(await scanPhoto(p3.source, game))).toEqual(reading(fromPng));
    } finally {
      pdf.close();
    }
  }, 240_000);

  it('renders a vector page at 300 dpi: a printed sheet reads as one with no pencil', async () => {
    const pdf = await PdfFile.open(await sheetPdf(), 'sheet.pdf');
    try {
      const page = await pdf.page(1);
      expect(page).toMatchObject({ how: 'rendered', dpi: 300 });
      // A4 at 300 dpi (MuPDF rounds the page's 2480.3 x 3507.9 pixels outwards).
      expect(page.source).toMatchObject({ width: 2481, height: 3508 });
      // What the scanner makes of it when asked to keep whatever it reads: the sheet, its QR code, no fence.
      const r = await scanPhoto(page.source, game, { keepDoubtful: true });
      expect(r).toMatchObject({ setupFrom: 'qr', player: 2, game: setup.id, paper: 'a4' });
      expect(r.state.fences.h.slice(1, -1).join('')).not.toContain('1');
      // (without keepDoubtful it is refused as unfinished: see the bad inputs below)
    } finally {
      pdf.close();
    }
  }, 240_000);

  it('a page that fails gets its error, the others still read; the text output is a line a page', async () => {
    const pdf = tempFile('night.pdf', await scannedPdf([{ jpeg: photo('06-easy-a-letter-pen') }, { blank: true }, { jpeg: photo('03-easy-a-letter-hb') }]));
    const json = baako(['scan', pdf, '--json']);
    expect(json.code).toBe(2);
    const items = JSON.parse(json.stdout) as Record<string, unknown>[];
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ photo: pdf, page: 1, player: 3 });
    expect(items[1]).toEqual({ photo: pdf, page: 2, error: expect.stringMatching(/^.*night\.pdf p2: no sheet found/), code: 'no-sheet' });
    expect(items[2]).toMatchObject({ photo: pdf, page: 3, player: 1 });
    // Each entry, read or not, is scan JSON as docs/formats.md gives it.
    for (const item of items) expect(scanSchema.safeParse(item).success, JSON.stringify(item).slice(0, 200)).toBe(true);

    const text = baako(['scan', pdf]);
    expect(text.code).toBe(2);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/night\.pdf p1: player 3, \d+ points( \([^)]*\))?, sheet A, confidence [01]\.\d\d/);
    expect(lines[1]).toMatch(/night\.pdf p3: player 1, \d+ points/);
    expect(text.stdout).toMatch(/rank +player +total/);
    expect(text.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^baako: .*night\.pdf p2: no sheet found/)]);
  }, 240_000);
});

describe('bad inputs: one line each, nothing else lost', () => {
  it('refuses each with its reason and reads the good one beside them', async () => {
    const heic = heifEnc(half, 60);
    const encrypted = new mupdf.PDFDocument(await scannedPdf([{ jpeg: half }]));
    const many = new mupdf.PDFDocument();
    for (let i = 0; i <= MAX_PDF_PAGES; i++) many.insertPage(-1, many.addPage([0, 0, 595, 842], 0, {}, ''));
    const files: [string, Buffer | string, RegExp][] = [
      ['empty.heic', Buffer.alloc(0), /empty\.heic: the file is empty \(0 bytes\)/],
      ['empty.pdf', Buffer.alloc(0), /empty\.pdf: the file is empty \(0 bytes\)/],
      ['live.heic', quickTimeMovie(), /live\.heic: this is a video \(MP4 or QuickTime\), not a photo/],
      ['burst.heic', heifSequence(), /burst\.heic: this HEIC file holds a video or an image sequence, not a still photo/],
      ['nothing.heic', heifWithoutImage(), /nothing\.heic: this HEIC file holds no image/],
      ['cut.heic', heic.subarray(0, Math.round(heic.length / 2)), /cut\.heic: the HEIC image data is damaged or truncated/],
      ['locked.pdf', Buffer.from(encrypted.saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=x').asUint8Array()), /locked\.pdf: the PDF is protected by a password/],
      ['junk.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 65)]), /junk\.pdf: the PDF is damaged/],
      ['cut.pdf', (await scannedPdf([{ jpeg: half }, { jpeg: half }])).subarray(0, 150_000), /cut\.pdf: the PDF (is damaged|has no pages that can be read)/],
      ['many.pdf', Buffer.from(many.saveToBuffer('compress').asUint8Array()), new RegExp(`many\\.pdf: the PDF has ${MAX_PDF_PAGES + 1} pages, more than the ${MAX_PDF_PAGES} a scan may have`)],
      ['sheet.pdf', await sheetPdf(), /sheet\.pdf p1: found pencil on only 0 edges/],
    ];
    const paths = files.map(([name, data]) => tempFile(name, data));
    const good = tempFile('good.heic', heic);
    const r = baako(['scan', '--json', ...paths, good]);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(files.length);
    files.forEach(([, , pattern], i) => expect(lines[i]).toMatch(new RegExp(`^baako: .*${pattern.source}`)));
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const items = JSON.parse(r.stdout) as { photo: string; error?: string; player?: number }[];
    expect(items.at(-1)).toMatchObject({ photo: good, player: 1 });
    expect(items.slice(0, -1).every((i) => i.error)).toBe(true);
  }, 240_000);

  it('library callers get an InputError with a code', async () => {
    await expect(scanPhoto(Buffer.alloc(0), game)).rejects.toMatchObject({ name: 'InputError', code: 'empty' });
    await expect(scanPhoto(heifWithoutImage(), game)).rejects.toMatchObject({ code: 'no-image' });
    await expect(scanPhoto(quickTimeMovie(), game)).rejects.toMatchObject({ code: 'video' });
    await expect(scanPhoto(Buffer.from('%PDF-1.4\n'), game)).rejects.toMatchObject({ code: 'pdf' });
    await expect(PdfFile.open(Buffer.from('%PDF-1.7\nnothing'), 'x.pdf')).rejects.toMatchObject({ code: 'damaged' });
  });
});
