/** One photo through the scanner, as the server needs it: checks, the reading, and the straightened land as a JPEG. */
import { readFileSync, renameSync, existsSync } from 'node:fs';
import { sharp } from '../sharp.js';
import { loadGame } from '../data/load.js';
import { itemKey, type ReviewItem } from '../engine/review.js';
import type { Roll } from '../engine/rolls.js';
import type { Paper, SetupSource, SheetSetup } from '../engine/setup.js';
import type { Score, SheetState, Side } from '../engine/types.js';
import { ScanRefused, UserError } from '../errors.js';
import { PdfFile } from '../scan/pdf.js';
import { rectifyLand } from '../scan/rectify.js';
import { scanPhoto } from '../scan/scan.js';
import type { LandView } from './protocol.js';
import { writeFileDurable } from './durable.js';
import { checkPhoto, type Refusal } from './photo-check.js';

export interface ScanJob {
  /** The stored upload. */
  photo: string;
  /** Where to write the straightened land (JPEG). */
  land: string;
  /** The game's setup, used when the sheet's QR code cannot be read. */
  fallback: { side: Side; cards: string[]; game: string; paper: Paper };
  /** The table's rolls so far: the reading is checked against them (none: not checked). */
  rolls?: Roll[];
  /** Pixels per cell and around the land in the straightened picture. */
  cell: number;
  margin: number;
  /**
   * When the photo is a page of a stored PDF: the page is first taken out into `photo` (unless a run cut off
   * by a stop already did), then read like an upload.
   */
  pdf?: { file: string; page: number };
}

export interface ScanOutcome {
  state: SheetState;
  score: Score;
  uncertain: ReviewItem[];
  /** The lowest and highest total the asked items allow. */
  range: [number, number];
  confidence: number;
  player?: number;
  game?: string;
  paper: Paper;
  setupFrom: SetupSource;
  /** Its QR code unreadable: the side and cards its print shows, where they are not the game's. */
  printedOtherwise?: SheetSetup;
  land: LandView;
  timings: Record<string, number>;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export type JobResult = { ok: true; outcome: ScanOutcome } | Refusal;
export type { Refusal };

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A message without the file name it starts with ("PDF p3: the PDF is damaged" -> "The PDF is damaged"). */
function plainMessage(message: string): string {
  return sentence(message.replace(/^(photo|PDF)(?: p\d+)?: /, ''));
}

/** Runs a job; failures a person can fix come back as a message, anything else throws. */
export async function runScanJob(job: ScanJob): Promise<JobResult> {
  try {
    if (job.pdf && !existsSync(job.photo)) await splitPage(job.pdf.file, job.pdf.page, job.photo);
    // A PDF stays open in this thread while its pages come one after another, and no longer.
    if (!job.pdf || job.pdf.page === open?.pdf.pages) closePdf();
    const refused = await checkPhoto(job.photo);
    if (refused) return refused;
    const r = await scanPhoto(job.photo, loadGame(), { fallback: job.fallback, name: 'photo', rolls: job.rolls?.length ? job.rolls : undefined });
    // The items the rolls' count points at are marked: the phone says why it asks about them.
    const culprits = new Set(r.rolls?.culprits.map(itemKey));
    const rect = rectifyLand(r.photo, r.grid, job.cell, job.margin);
    const jpeg = await sharp(Buffer.from(rect.rgb.buffer, rect.rgb.byteOffset, rect.rgb.length), { raw: { width: rect.width, height: rect.height, channels: 3 } })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    // Whole or not at all, and on the disk before the sheet's row says it is there.
    writeFileDurable(job.land, jpeg);
    return {
      ok: true,
      outcome: {
        state: r.state,
        score: r.score,
        uncertain: r.uncertain.map(({ kind, row, col, likely, chance, points }) => ({
          kind,
          row,
          col,
          chance: round3(chance),
          points,
          ...(likely ? { likely: true } : {}),
          ...(culprits.has(itemKey({ kind, row, col })) ? { rolls: true } : {}),
        })),
        range: r.range,
        confidence: r.confidence,
        player: r.player,
        game: r.game,
        paper: r.paper,
        setupFrom: r.setupFrom,
        ...(r.printedOtherwise ? { printedOtherwise: r.printedOtherwise } : {}),
        land: { width: rect.width, height: rect.height, cell: rect.cell, margin: rect.margin, rows: r.grid.rows, cols: r.grid.cols },
        timings: r.timings,
      },
    };
  } catch (e) {
    // A refusal's reason is its message without the photo's name ("no sheet found: ..." -> "No sheet found: ...").
    if (e instanceof ScanRefused) return { ok: false, status: 422, error: sentence(e.reason), code: e.code };
    if (e instanceof UserError) return { ok: false, status: 422, error: sentence(e.message), code: e.code };
    throw e;
  }
}

/** Checking a stored PDF before its pages are read: it opens, is not locked, has 1 to MAX_PDF_PAGES pages. */
export interface PdfCheckJob {
  checkPdf: string;
}
export type PdfCheckResult = { ok: true; pages: number } | { ok: false; status: number; error: string; code?: string };

export async function runPdfCheck(job: PdfCheckJob): Promise<PdfCheckResult> {
  try {
    const pdf = await openPdf(job.checkPdf);
    return { ok: true, pages: pdf.pages };
  } catch (e) {
    if (e instanceof UserError) return { ok: false, status: 422, error: plainMessage(e.message), code: e.code };
    throw e;
  }
}

/** The PDF a worker has open: its pages are asked for one after another. */
let open: { file: string; pdf: PdfFile } | undefined;

function closePdf(): void {
  open?.pdf.close();
  open = undefined;
}

async function openPdf(file: string): Promise<PdfFile> {
  if (open?.file === file) return open.pdf;
  closePdf();
  const pdf = await PdfFile.open(readFileSync(file), 'PDF');
  open = { file, pdf };
  return pdf;
}

/** Takes page `page` out of the PDF into `out` as a JPEG: a scan's own JPEG as stored, other pages encoded. */
async function splitPage(file: string, page: number, out: string): Promise<void> {
  const { source } = await (await openPdf(file)).page(page);
  const jpeg = Buffer.isBuffer(source)
    ? source
    : await sharp(source.data, { raw: { width: source.width, height: source.height, channels: source.channels } }).jpeg({ quality: 92, chromaSubsampling: '4:4:4' }).toBuffer();
  // Written whole or not at all: a run cut off here takes the page out again.
  writeFileDurable(`${out}.part`, jpeg);
  renameSync(`${out}.part`, out);
}
