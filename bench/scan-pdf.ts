/**
 * Scanned PDFs and HEIC photos: pages per second for a 20-page PDF of flatbed scans (300 dpi JPEG pages, as an
 * office printer's document feeder writes them), read in-process and as the command a user types; the 300-dpi
 * rendering of a vector page; a 12 MP HEIC's decoding against its JPEG's.
 *
 * The scans are drawn by the photo simulator's page and pencil stages (no camera: a flat page turned a little),
 * cached in the temporary folder.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { loadGame } from '../src/data/load.js';
import { createSetup } from '../src/engine/setup.js';
import { simulateSheet } from '../src/engine/simulate.js';
import { renderSheetPdf } from '../src/render/sheet.js';
import { decodeHeic } from '../src/scan/heic.js';
import { loadPhoto } from '../src/scan/image.js';
import { openInputs } from '../src/scan/inputs.js';
import { PdfFile } from '../src/scan/pdf.js';
import { scanPhoto } from '../src/scan/scan.js';
import { drawKnobs } from '../tools/sim/difficulty.js';
import { blankPage } from '../tools/sim/page.js';
import { drawGame } from '../tools/sim/pencil.js';
import { makeRand } from '../tools/sim/rand.js';
import { SIM_VERSION } from '../tools/sim/simulate-photo.js';
import { evaluate } from '../tools/evaluate.js';
import type { Report } from './report.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = 20;

/** A 20-page PDF of scans of finished sheets of one game (players 1-20), made once and kept in tmp. */
async function scansPdf(): Promise<{ file: string; players: number[] }> {
  const dir = join(tmpdir(), `baako-bench-scans-v${SIM_VERSION}`);
  const file = join(dir, 'scans.pdf');
  const players = Array.from({ length: PAGES }, (_, i) => i + 1);
  if (existsSync(file)) return { file, players };
  mkdirSync(dir, { recursive: true });
  const game = loadGame();
  const setup = createSetup(game, 'bench-scans', 'A', PAGES);
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const player of players) {
    const rand = makeRand(`bench-scan:${player}`);
    const knobs = drawKnobs(rand.fork('knobs'), 'easy');
    const state = simulateSheet(game, 'A', setup.cards, `bench-scan:${player}`);
    const page = await blankPage(game, setup, player, 'a4', 300);
    drawGame(rand.fork('pencil'), page, game, state, knobs.pencil);
    // A sheet fed a little askew, on the scanner's white.
    const jpeg = await sharp(Buffer.from(page.rgb.buffer, page.rgb.byteOffset, page.rgb.length), { raw: { width: page.width, height: page.height, channels: 3 } })
      .rotate(rand.range(-1.2, 1.2), { background: '#fbfbf8' })
      .resize(page.width, page.height, { fit: 'cover' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const w = (page.width * 72) / 300;
    const h = (page.height * 72) / 300;
    doc.addPage({ size: [w, h], margin: 0 });
    doc.image(jpeg, 0, 0, { width: w, height: h });
  }
  doc.end();
  writeFileSync(file, await done);
  return { file, players };
}

export async function bench(report: Report): Promise<void> {
  const game = loadGame();
  const { file, players } = await scansPdf();
  const bytes = readFileSync(file);

  // Taking the pages out: MuPDF's start, then each page's JPEG as stored.
  let t = performance.now();
  const pdf = await PdfFile.open(bytes, 'scans.pdf');
  const open = performance.now() - t;
  t = performance.now();
  for (let n = 1; n <= pdf.pages; n++) await pdf.page(n);
  const split = (performance.now() - t) / pdf.pages;
  pdf.close();
  report.row('20-page scanned PDF opened and checked', `${Math.round(open)} ms`);
  report.row("a scanned page's own JPEG taken out", `${split.toFixed(1)} ms a page`);

  // Reading them all in-process, as `baako scan scans.pdf` does.
  t = performance.now();
  const c0 = process.cpuUsage();
  const inputs = await openInputs([file]);
  let right = 0;
  let failed = 0;
  let exact = 0;
  const asked: number[] = [];
  // The pencil drawn on each page, as the simulator drew it (seeded by the player).
  const setup = createSetup(game, 'bench-scans', 'A', PAGES);
  for (const [i, sheet] of inputs.sheets.entries()) {
    try {
      const r = await scanPhoto(await sheet.load!(), game, { name: sheet.name });
      if (r.player === players[i]) right++;
      const truth = simulateSheet(game, 'A', setup.cards, `bench-scan:${players[i]}`);
      if (evaluate(truth, r.state, r.uncertain, game).exact) exact++;
      asked.push(r.uncertain.filter((u) => !u.likely).length);
    } catch {
      failed++;
    }
  }
  inputs.close();
  const wall = (performance.now() - t) / 1000;
  const cpu = process.cpuUsage(c0);
  report.row(
    '20-page scanned PDF read in-process',
    `${(PAGES / wall).toFixed(2)} pages/s (${((wall * 1000) / PAGES).toFixed(0)} ms a page, ${((cpu.user + cpu.system) / 1e6 / PAGES).toFixed(2)} s CPU a page); ${right}/${PAGES} pages under their player, ${failed} refused`,
  );
  asked.sort((a, b) => a - b);
  report.row(
    'the scanned pages read: exact, and spots asked',
    `${exact}/${PAGES} exact; spots asked a page: median ${asked[Math.floor(asked.length / 2)] ?? 0}, most ${asked.at(-1) ?? 0}, none on ${asked.filter((n) => n === 0).length}`,
    'median <= 1',
  );

  // The command as a user types it (node + tsx start-up included).
  t = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'scan', file, '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64e6 });
  const cli = (performance.now() - t) / 1000;
  if (r.status !== 0 && r.status !== 3) report.note(`baako scan scans.pdf failed (${r.status}): ${r.stderr.trim().split('\n')[0]}`);
  else report.row('`baako scan scans.pdf --json` (20 pages), whole process from source', `${cli.toFixed(1)} s, ${(PAGES / cli).toFixed(2)} pages/s`);

  // A vector page (a sheet PDF, as `baako sheet` prints it) rendered at 300 dpi.
  const sheet = await renderSheetPdf({ side: 'A', paper: 'a4', setup: createSetup(game, 'bench-vector', 'A', 5), game });
  const vector = await PdfFile.open(sheet, 'sheet.pdf');
  t = performance.now();
  for (let n = 1; n <= vector.pages; n++) await vector.page(n);
  report.row('vector page rendered at 300 dpi (A4, 2481 x 3508)', `${((performance.now() - t) / vector.pages).toFixed(0)} ms a page`);
  vector.close();

  // A 12 MP HEIC against the JPEG it was made from (heif-enc, from Debian's libheif-examples).
  const jpeg = readFileSync(join(root, 'fixtures/photos/01-easy-a-a4-pen.jpg'));
  const dir = join(tmpdir(), 'baako-bench-heic');
  mkdirSync(dir, { recursive: true });
  const heicFile = join(dir, '01.heic');
  if (!existsSync(heicFile)) {
    const enc = spawnSync('heif-enc', ['-q', '85', '-o', heicFile, join(root, 'fixtures/photos/01-easy-a-a4-pen.jpg')], { encoding: 'utf8' });
    if (enc.status !== 0) {
      rmSync(heicFile, { force: true });
      report.note('heif-enc is missing (Debian: libheif-examples): no HEIC timing.');
      return;
    }
  }
  const heic = readFileSync(heicFile);
  await decodeHeic(heic, 'warm-up');
  const time = async (f: () => Promise<unknown>, runs = 3) => {
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await f();
      ms.push(performance.now() - t0);
    }
    return Math.min(...ms);
  };
  const decode = await time(() => decodeHeic(heic, '01.heic'));
  const loadHeic = await time(() => loadPhoto(heic));
  const loadJpeg = await time(() => loadPhoto(jpeg));
  report.row('12 MP HEIC (4000 x 3000) decoded by libheif (WebAssembly)', `${decode.toFixed(0)} ms`);
  report.row('12 MP photo to working pixels: HEIC vs its JPEG', `${loadHeic.toFixed(0)} ms vs ${loadJpeg.toFixed(0)} ms`);
  report.note(
    'The PDF pages are flatbed scans drawn by the simulator (300 dpi, JPEG quality 85, turned up to 1.2 degrees). A scanned page costs what a photo does: its JPEG is handed over as stored, and shrunk on load. HEIC has no such shortcut: the whole picture is decoded, on one thread.',
  );
}
