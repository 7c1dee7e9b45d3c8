import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageCount } from '../helpers/raster.js';
import writeXlsxFile from 'write-excel-file/node';
import { run } from '../../src/cli/main.js';
import { baakoIn, oneLineError, type Run } from '../cli/run.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'baako-deck-cli-'));
const baako = (...args: string[]): Promise<Run> => baakoIn(dir, ...args);

/** Runs `baako ARGS` in this process (for errors found before any file is read), capturing stderr. */
async function inProcess(...args: string[]): Promise<Run> {
  let stderr = '';
  const write = process.stderr.write;
  process.stderr.write = ((s: string) => ((stderr += s), true)) as typeof process.stderr.write;
  try {
    const code = await run(args);
    return { code, stdout: '', stderr };
  } finally {
    process.stderr.write = write;
  }
}

describe('baako deck', () => {
  const runs: Record<string, Run> = {};
  beforeAll(async () => {
    const layout = JSON.parse(readFileSync(join(root, 'templates/examples/potions.layout.json'), 'utf8'));
    writeFileSync(join(dir, 'mine.layout.json'), JSON.stringify({ ...layout, data: undefined, front: { ...layout.front, elements: layout.front.elements.filter((e: { kind: string }) => e.kind !== 'image') }, back: undefined }));
    writeFileSync(join(dir, 'mine.csv'), 'name,school,cost,power,shape,text,n\nA,fire,1,2,#,Hello,2\nB,water,2,0,##,World,1\n');
    writeFileSync(join(dir, 'nocost.csv'), 'name,school,power,shape,text\nA,fire,2,#,Hello\n');
    const rows = [['name', 'school', 'cost', 'power', 'shape', 'text'], ['A', 'fire', 1, 2, '#', 'Hello'], ['B', 'water', 'two', 0, '##', 'World']];
    await (writeXlsxFile as unknown as (d: unknown) => { toFile(p: string): Promise<void> })(rows.map((r) => r.map((value) => ({ value })))).toFile(join(dir, 'bad.xlsx'));
    const jobs: Record<string, string[]> = {
      builtin: ['deck', 'waka-overview'],
      list: ['deck', '--list'],
      mine: ['deck', 'mine.layout.json', '--data', 'mine.csv', '--copies-column', 'n', '--size', 'bridge', '--paper', 'letter'],
      missingColumn: ['deck', 'mine.layout.json', '--data', 'nocost.csv'],
      badSize: ['deck', 'waka-tasks', '--size', 'enormous'],
      unknownDeck: ['deck', 'chess-pieces'],
      noBack: ['deck', 'mine.layout.json', '--data', 'mine.csv', '--duplex'],
      badPaper: ['deck', 'waka-tasks', '--paper', 'a5'],
      shop: ['deck', 'examples-potions', '--single', '--duplex', '--preset', 'mpc-poker', '--png', 'png', '--trim', '--dpi', '100', '--tts', 'tts', '--proof', 'proof.png'],
      xlsx: ['deck', 'mine.layout.json', '--data', 'bad.xlsx'],
    };
    const names = Object.keys(jobs);
    const results = await Promise.all(names.map((n) => baako(...jobs[n])));
    names.forEach((n, i) => (runs[n] = results[i]));
  }, 180_000);

  it('prints a built-in deck by name into out/, and refuses to overwrite it without --force', async () => {
    expect(runs.builtin.code, runs.builtin.stderr).toBe(0);
    expect(runs.builtin.stdout.trim().split('\n')).toHaveLength(1);
    expect(runs.builtin.stdout).toMatch(/wrote out\/waka-overview\.pdf \(1 card, 120 x 90 mm/);
    expect(pageCount(readFileSync(join(dir, 'out', 'waka-overview.pdf')))).toBe(1);
    oneLineError(await baako('deck', 'waka-overview'), /already exists: use --force/);
  });

  it('lists the built-in decks', () => {
    expect(runs.list.code).toBe(0);
    for (const n of ['waka-tasks', 'waka-temple', 'waka-overview', 'fossilis-dinosaurs', 'fossilis-cards', 'fossilis-skills', 'fossilis-mats', 'fossilis-site', 'examples-potions']) {
      expect(runs.list.stdout).toContain(n);
    }
  });

  it('prints a designer deck with its own copies column and size', () => {
    expect(runs.mine.code, runs.mine.stderr).toBe(0);
    expect(runs.mine.stdout).toMatch(/wrote out\/mine-letter\.pdf \(3 cards, bridge \(57 x 89 mm\), 8 a page \(landscape\)|wrote out\/mine-letter\.pdf \(3 cards, bridge \(57 x 89 mm\), 6 a page/);
    expect(existsSync(join(dir, 'out', 'mine-letter.pdf'))).toBe(true);
  });

  it('fails in one line on a missing column, a bad size, an unknown deck, a missing back, a bad paper', () => {
    oneLineError(runs.missingColumn, /nocost\.csv: column 'cost' is missing/);
    oneLineError(runs.badSize, /--size: unknown size "enormous"/);
    oneLineError(runs.unknownDeck, /unknown deck "chess-pieces" \(a layout file, or a built-in deck: .*waka-tasks/);
    oneLineError(runs.noBack, /--duplex: .*mine\.layout\.json has no back/);
    oneLineError(runs.badPaper, /--paper: unknown paper "a5"/);
  });

  it('writes a print-shop PDF, card images, TTS sheets and a proof in one run', async () => {
    const r = runs.shop;
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^wrote out\/examples-potions-single-duplex\.pdf \(11 cards, one a page, each front followed by its back: 63\.5 x 88\.9 mm trim, 3\.05 mm bleed; 22 pages\)/);
    expect(lines[1]).toMatch(/^wrote 22 images to png\/ \(11 cards, fronts and backs; 250 x 350 px at 100 dpi, trimmed, mpc-poker\)/);
    expect(lines[2]).toMatch(/^wrote 1 TTS sheet to tts\/ \(examples-potions-1\.png: 10 x 2, 11 cards; back examples-potions-back\.png; card \d+ x \d+ px; examples-potions-tts\.json\)/);
    expect(lines[3]).toMatch(/^wrote proof\.png \(6 distinct cards of 11, \d+ x \d+ px\)/);
    expect(readdirSync(join(dir, 'png'))).toHaveLength(22);
    expect(readdirSync(join(dir, 'png'))).toContain('011-bog-brew-back.png');
    expect(readdirSync(join(dir, 'tts')).sort()).toEqual(['examples-potions-1.png', 'examples-potions-back.png', 'examples-potions-tts.json']);
    const box = execFileSync('pdfinfo', ['-box', join(dir, 'out', 'examples-potions-single-duplex.pdf')], { encoding: 'utf8' });
    expect(box).toMatch(/TrimBox:\s+8\.64\s+8\.64\s+188\.64\s+260\.64/);
    // Written again only with --force.
    oneLineError(await inProcess('deck', 'examples-potions', '--png', join(dir, 'png'), '--preset', 'mpc-poker', '--trim'), /png\/001-healing-draught\.png already exists: use --force/);
  });

  it('fails in one line on a bad spreadsheet cell and on options that do not go together', async () => {
    oneLineError(runs.xlsx, /bad\.xlsx row 3, column 'cost': expected a whole number, found 'two'/);
    // Checked before anything is read: run in this process.
    const cases: [string[], RegExp][] = [
      [['--trim'], /--trim only applies to --png images/],
      [['--png', 'p2', '--dpi', '5000'], /--dpi: "5000" is not a whole number from 72 to 1200/],
      [['--preset', 'tgc-jumbo'], /--preset: unknown preset "tgc-jumbo" \(expected tgc-poker, tgc-bridge, mpc-poker, mpc-bridge, dtc-poker\)/],
      [['--preset', 'tgc-poker', '--size', 'bridge'], /--preset sets the card size: leave out --size/],
      [['--proof', 'proof.jpg'], /--proof: "proof\.jpg" is not a \.png file/],
      [['--png', 'cards.png'], /--png: "cards\.png" looks like a file; --png names a folder/],
      [['--tts', 't', '--tts-width', '100'], /--tts-width: "100" is not a whole number from 256 to 16384/],
      [['--single', '--duplex', '--back-offset', '1,1'], /--back-offset shifts the backs of the 9-up sheets/],
    ];
    for (const [extra, pattern] of cases) oneLineError(await inProcess('deck', 'examples-potions', ...extra), pattern);
    oneLineError(await inProcess('deck', join(dir, 'mine.layout.json'), '--data', join(dir, 'mine.csv'), '--sheet', 'Cards'), /--sheet: .*mine\.csv is not a spreadsheet/);
  });
});
