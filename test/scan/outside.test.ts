import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { scanPhoto, type ScanResult } from '../../src/scan/scan.js';
import { outsideDir, outsidePhotos, readOutside } from '../../tools/outside.js';
import { paintOver, photoBoxOf } from '../helpers/paint.js';

/** The photo with its QR code painted paper-white, where the reading placed it (photos stored upright). */
function qrPaintedOver(bytes: Buffer, r: ScanResult): Promise<Buffer> {
  const q = r.pose.geometry.qr;
  return paintOver(bytes, photoBoxOf(r, { x: q.x, y: q.y, w: q.size, h: q.size }, 0), '#f4f1ea', 92);
}

/**
 * The photos made outside the project, by another generator (sheets carried home and folded, fences drawn
 * freehand beside their dotted line, pens, rubbed-out strokes), beside the checkout in ../shared/photos or where
 * BAAKO_OUTSIDE_PHOTOS says. Nothing is fitted on them; this measures how the scanner does on them and keeps it
 * from slipping. Skipped where the folder is absent (a package installed elsewhere).
 */
const photos = outsidePhotos();

describe.skipIf(photos.length === 0)(`photos made outside the project (${outsideDir()})`, () => {
  it('reads as many exactly, refuses no more, and leaves no more totals wrong after the answers than measured', async () => {
    const game = loadGame();
    const results = [];
    for (const f of photos) results.push(await readOutside(f, game));
    const read = results.filter((r) => r.e);
    const exact = read.filter((r) => r.e!.exact).length;
    const summary = results.map((r) => `${r.photo}: ${r.refused ? 'refused' : r.e!.exact ? `exact, asked ${r.e!.asked}` : `${r.e!.edgeErrors.length + r.e!.holeErrors.length} wrong, ${r.e!.wrongUnasked} not asked`}`).join('\n');
    // What the scanner does on them today, held so it cannot slip unnoticed; the targets (none refused, no total
    // wrong once the asked spots are answered, 15 of 16 exact) are further off and tracked in docs/benchmarks.md.
    const wrongAfter = read.filter((r) => !r.e!.rightAfterAnswers).length;
    expect(results.length - read.length, summary).toBeLessThanOrEqual(MOST_REFUSED);
    expect(wrongAfter, summary).toBeLessThanOrEqual(MOST_WRONG_AFTER_ANSWERS);
    expect(exact, summary).toBeGreaterThanOrEqual(Math.min(photos.length, LEAST_EXACT));
  }, 600_000);

  it('with the QR code painted over, reads the side and cards from the print, right on every one', async () => {
    const game = loadGame();
    const wrong: string[] = [];
    let checked = 0;
    for (const f of photos) {
      const bytes = readFileSync(join(outsideDir(), f));
      if (((await sharp(bytes).metadata()).orientation ?? 1) !== 1) continue;
      checked++;
      const r = await scanPhoto(bytes, game, { keepDoubtful: true });
      const c = await scanPhoto(await qrPaintedOver(bytes, r), game, { keepDoubtful: true }).catch((e: Error) => e);
      if (c instanceof Error) wrong.push(`${f}: ${c.message}`);
      else if (c.setupFrom !== 'print' || c.state.side !== r.state.side || c.state.cards.join() !== r.state.cards.join()) wrong.push(`${f}: ${c.setupFrom} ${c.state.side} ${c.state.cards}`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(photos.length / 2);
  }, 600_000);
});

/** The figures measured on the sixteen photos (their history: docs/benchmarks.md), so that they cannot slip. */
const LEAST_EXACT = 12;
const MOST_REFUSED = 0;
const MOST_WRONG_AFTER_ANSWERS = 1;
