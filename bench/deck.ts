import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadLayout } from '../src/data/deck.js';
import { readDeckData } from '../src/data/deck-data.js';
import { renderDeckPdf } from '../src/render/deck/render.js';
import type { Report } from './report.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A 500-row CSV deck on the example layout (image, icons, grid shape, wrapped and shrunk text, backs):
 * target under 3 s. Measured in-process (first call, fonts parsed) and as `baako deck` (tsx startup included).
 */
export async function bench(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'baako-bench-deck-'));
  try {
    const schools = ['water', 'fire', 'air', 'earth'];
    const shapes = ['#', '##', '.#./###/.#.', '#.#/.#./#.#', '##/##', '###/#..'];
    const rows = ['name,school,cost,power,shape,text'];
    for (let i = 0; i < 500; i++) {
      const words = 'Deal damage to one enemy, then draw a card and discard a card; each other player gains one coin'.split(' ');
      const text = words.slice(0, 6 + (i % 12)).join(' ') + '.';
      rows.push(`Potion ${i + 1},${schools[i % 4]},${i % 5},${i % 4},${shapes[i % shapes.length]},"${text}"`);
    }
    const csv = join(dir, 'big.csv');
    writeFileSync(csv, rows.join('\n') + '\n');
    const layout = loadLayout(join(root, 'templates/examples/potions.layout.json'));
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
    report.row(`500-card CSV deck with duplex backs (${r.pages} pages), in-process, first call`, `${(first / 1000).toFixed(2)} s (${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU)`, '< 3 s');
    report.row('the same, warm', `${(warm / 1000).toFixed(2)} s`, '< 3 s');
    report.row('its PDF', `${kb.toFixed(0)} KB, ${(kb / r.cards).toFixed(1)} KB a card`);
    const out = join(dir, 'big.pdf');
    const t2 = performance.now();
    const c = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'deck', join(root, 'templates/examples/potions.layout.json'), '--data', csv, '--out', out], {
      cwd: root,
      encoding: 'utf8',
    });
    const cli = performance.now() - t2;
    if (c.status !== 0) throw new Error(`baako deck failed: ${c.stderr.trim()}`);
    report.row('`baako deck` with 500 rows, whole process from source (tsx start-up included)', `${(cli / 1000).toFixed(2)} s, ${(statSync(out).size / 1024).toFixed(0)} KB`);
    report.note('The deck is the example layout (an image, icons, a grid shape, wrapped and shrunk text, backs) over 500 generated rows.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
