import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageCount } from '../helpers/raster.js';
import { baakoIn, oneLineError, type Run } from '../cli/run.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'baako-deck-cli-'));
const baako = (...args: string[]): Promise<Run> => baakoIn(dir, ...args);

describe('baako deck', () => {
  const runs: Record<string, Run> = {};
  beforeAll(async () => {
    const layout = JSON.parse(readFileSync(join(root, 'templates/examples/potions.layout.json'), 'utf8'));
    writeFileSync(join(dir, 'mine.layout.json'), JSON.stringify({ ...layout, data: undefined, front: { ...layout.front, elements: layout.front.elements.filter((e: { kind: string }) => e.kind !== 'image') }, back: undefined }));
    writeFileSync(join(dir, 'mine.csv'), 'name,school,cost,power,shape,text,n\nA,fire,1,2,#,Hello,2\nB,water,2,0,##,World,1\n');
    writeFileSync(join(dir, 'nocost.csv'), 'name,school,power,shape,text\nA,fire,2,#,Hello\n');
    const jobs: Record<string, string[]> = {
      builtin: ['deck', 'waka-overview'],
      list: ['deck', '--list'],
      mine: ['deck', 'mine.layout.json', '--data', 'mine.csv', '--copies-column', 'n', '--size', 'bridge', '--paper', 'letter'],
      missingColumn: ['deck', 'mine.layout.json', '--data', 'nocost.csv'],
      badSize: ['deck', 'waka-tasks', '--size', 'enormous'],
      unknownDeck: ['deck', 'chess-pieces'],
      noBack: ['deck', 'mine.layout.json', '--data', 'mine.csv', '--duplex'],
      badPaper: ['deck', 'waka-tasks', '--paper', 'a5'],
    };
    const names = Object.keys(jobs);
    const results = await Promise.all(names.map((n) => baako(...jobs[n])));
    names.forEach((n, i) => (runs[n] = results[i]));
  }, 120_000);

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
});
