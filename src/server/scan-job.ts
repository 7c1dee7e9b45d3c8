/** One photo through the scanner, as the server needs it: checks, the reading, and the straightened land as a JPEG. */
import { writeFileSync } from 'node:fs';
import sharp, { type Metadata } from 'sharp';
import { loadGame } from '../data/load.js';
import type { ReviewItem } from '../engine/review.js';
import type { Roll } from '../engine/rolls.js';
import type { Paper } from '../engine/setup.js';
import type { Score, SheetState, Side } from '../engine/types.js';
import { UserError } from '../errors.js';
import { rectifyLand } from '../scan/rectify.js';
import { LIKELY_RIGHT } from '../scan/read.js';
import { scanPhoto } from '../scan/scan.js';
import type { LandView } from './protocol.js';

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
}

export interface ScanOutcome {
  state: SheetState;
  score: Score;
  uncertain: ReviewItem[];
  confidence: number;
  player?: number;
  game?: string;
  paper: Paper;
  setupFrom: 'qr' | 'fallback';
  land: LandView;
  timings: Record<string, number>;
}

export type JobResult = { ok: true; outcome: ScanOutcome } | { ok: false; status: number; error: string };

/** Formats sharp decodes here, and the most pixels each may have (a PNG decodes whole; a JPEG shrinks on load). */
const FORMATS: Record<string, number> = { jpeg: 120e6, png: 40e6, webp: 40e6 };

/** A scanner message without the file name it starts with ("photo: no sheet found: ..." -> "No sheet found: ..."). */
export function plainMessage(message: string): string {
  const m = message.replace(/^photo: /, '');
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/** Runs a job; failures a person can fix come back as a message, anything else throws. */
export async function runScanJob(job: ScanJob): Promise<JobResult> {
  try {
    let meta: Metadata;
    try {
      meta = await sharp(job.photo).metadata();
    } catch {
      return { ok: false, status: 415, error: 'This file is not a photo the scanner can read: use a JPEG, PNG or WebP photo' };
    }
    const limit = FORMATS[meta.format ?? ''];
    if (!limit) return { ok: false, status: 415, error: `This is a ${meta.format ?? 'unknown'} image: use a JPEG, PNG or WebP photo` };
    if (!meta.width || !meta.height || meta.width * meta.height > limit) {
      return { ok: false, status: 413, error: `The photo has too many pixels (${meta.width} x ${meta.height}): use the phone camera's normal resolution` };
    }
    const r = await scanPhoto(job.photo, loadGame(), { fallback: job.fallback, name: 'photo', rolls: job.rolls?.length ? job.rolls : undefined });
    // The rolls' culprits lead the doubts and are never folded away as likely right.
    const culprits = r.rolls?.culprits.length ?? 0;
    const rect = rectifyLand(r.photo, r.grid, job.cell, job.margin);
    const jpeg = await sharp(Buffer.from(rect.rgb.buffer, rect.rgb.byteOffset, rect.rgb.length), { raw: { width: rect.width, height: rect.height, channels: 3 } })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    writeFileSync(job.land, jpeg);
    return {
      ok: true,
      outcome: {
        state: r.state,
        score: r.score,
        uncertain: r.uncertain.map(({ kind, row, col }, i) =>
          i < culprits ? { kind, row, col, rolls: true } : r.risks[i] < LIKELY_RIGHT ? { kind, row, col, likely: true } : { kind, row, col },
        ),
        confidence: r.confidence,
        player: r.player,
        game: r.game,
        paper: r.paper,
        setupFrom: r.setupFrom,
        land: { width: rect.width, height: rect.height, cell: rect.cell, margin: rect.margin, rows: r.grid.rows, cols: r.grid.cols },
        timings: r.timings,
      },
    };
  } catch (e) {
    if (e instanceof UserError) return { ok: false, status: 422, error: plainMessage(e.message) };
    throw e;
  }
}
