import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { watchDeck } from '../src/cli/deck/watch.js';
import type { Out } from '../src/cli/output.js';
import { loadLayout } from '../src/data/deck.js';
import { readDeckData } from '../src/data/deck-data.js';
import { renderCardImages } from '../src/render/deck/images.js';
import { renderDeckPdf } from '../src/render/deck/render.js';
import { renderTtsSheets } from '../src/render/deck/tts.js';
import type { Report } from './report.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const layoutPath = join(root, 'templates/examples/potions.layout.json');

/** A CSV of `n` potions on the example layout (image, icons, grid shape, wrapped and shrunk text, backs). */
function bigCsv(n: number): string {
  const schools = ['water', 'fire', 'air', 'earth'];
  const shapes = ['#', '##', '.#./###/.#.', '#.#/.#./#.#', '##/##', '###/#..'];
  const rows = ['name,school,cost,power,shape,text'];
  for (let i = 0; i < n; i++) {
    const words = 'Deal damage to one enemy, then draw a card and discard a card; each other player gains one coin'.split(' ');
    const text = words.slice(0, 6 + (i % 12)).join(' ') + '.';
    rows.push(`Potion ${i + 1},${schools[i % 4]},${i % 5},${i % 4},${shapes[i % shapes.length]},"${text}"`);
  }
  return rows.join('\n') + '\n';
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const cpuSecs = (u: NodeJS.CpuUsage) => `${((u.user + u.system) / 1e6).toFixed(2)} s CPU`;

/**
 * A 500-row deck on the example layout as the imposed PDF (target under 3 s), as 300 dpi card images with backs
 * and as Tabletop Simulator sheets; then a 100-card deck rebuilt by --watch after its data changes (target < 1 s).
 * Wall times beside CPU times: a shared machine's load inflates the first.
 */
export async function bench(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'baako-bench-deck-'));
  try {
    const csv = join(dir, 'big.csv');
    writeFileSync(csv, bigCsv(500));
    const layout = loadLayout(layoutPath);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const data = readDeckData(layout, csv);
    const r = await renderDeckPdf(layout, data, { paper: 'a4', duplex: true });
    const first = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    const t1 = performance.now();
    await renderDeckPdf(layout, readDeckData(layout, csv), { paper: 'a4', duplex: true });
    const warm = performance.now() - t1;
    const kb = r.pdf.length / 1024;
    report.row(`500-card CSV deck with duplex backs (${r.pages} pages), in-process, first call`, `${secs(first)} (${cpuSecs(cpu)})`, '< 3 s');
    report.row('the same, warm', secs(warm), '< 3 s');
    report.row('its PDF', `${kb.toFixed(0)} KB, ${(kb / r.cards).toFixed(1)} KB a card`);

    const out = join(dir, 'big.pdf');
    const t2 = performance.now();
    const c = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'deck', layoutPath, '--data', csv, '--out', out], { cwd: root, encoding: 'utf8' });
    const cli = performance.now() - t2;
    if (c.status !== 0) throw new Error(`baako deck failed: ${c.stderr.trim()}`);
    report.row('`baako deck` with 500 rows, whole process from source (tsx start-up included)', `${secs(cli)}, ${(statSync(out).size / 1024).toFixed(0)} KB`);

    let bytes = 0;
    const t3 = performance.now();
    const c3 = process.cpuUsage();
    const png = await renderCardImages(layout, data, { dpi: 300 }, (img) => {
      bytes += img.png.length;
    });
    const pngMs = performance.now() - t3;
    report.row(
      `500 cards to PNG at 300 dpi with 3 mm bleed, fronts and backs (${png.images} images, ${png.drawn} drawn: ${png.width} x ${png.height} px)`,
      `${secs(pngMs)} (${cpuSecs(process.cpuUsage(c3))}), ${(pngMs / png.images).toFixed(0)} ms an image; ${(bytes / png.images / 1024).toFixed(0)} KB an image`,
    );

    const t4 = performance.now();
    const c4 = process.cpuUsage();
    const tts = await renderTtsSheets(layout, data, { name: 'big' });
    const ttsMs = performance.now() - t4;
    const ttsBytes = tts.files.reduce((n, f) => n + f.data.length, 0);
    report.row(
      `500 cards to Tabletop Simulator sheets (${tts.sheets.length} sheets of up to 10 x 7, card ${tts.card.width} x ${tts.card.height} px)`,
      `${secs(ttsMs)} (${cpuSecs(process.cpuUsage(c4))}); ${(ttsBytes / 1048576).toFixed(1)} MB in all`,
    );

    // --watch on a 100-card deck: from the data file's change to the build's end (the new PDF written).
    const wdir = join(dir, 'watch');
    mkdirSync(wdir);
    copyFileSync(join(root, 'templates/examples/flask.png'), join(wdir, 'flask.png'));
    copyFileSync(layoutPath, join(wdir, 'deck.layout.json'));
    const small = join(wdir, 'deck.csv');
    writeFileSync(small, bigCsv(100));
    const quiet: Out = { log: () => undefined, err: () => undefined, interactive: false };
    const job = { layout: join(wdir, 'deck.layout.json'), data: small, paper: 'a4' as const, duplex: true, backOffset: { x: 0, y: 0 }, single: false, pdfPath: join(wdir, 'deck.pdf'), trim: false, force: true };
    const h = watchDeck(job, quiet);
    await h.nextBuild();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const next = h.nextBuild();
      const t = performance.now();
      writeFileSync(small, bigCsv(100).replace('Potion 1,', `Potion ${i}x,`));
      const o = await next;
      if (!o.ok) throw new Error(o.line);
      times.push(performance.now() - t);
    }
    await h.close();
    times.sort((a, b) => a - b);
    report.row('`--watch`: a 100-card duplex deck, from a change of its CSV to the new PDF written (median of 5)', `${secs(times[2])} (fastest ${secs(times[0])}, slowest ${secs(times[4])})`, '< 1 s');
    report.note('The deck is the example layout (an image, icons, a grid shape, wrapped and shrunk text, backs) over generated rows. Card images and TTS sheets are drawn as PDF pages and rasterised by mupdf, encoded by sharp beside the drawing.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
