import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageCount } from '../helpers/raster.js';
import { baakoIn, oneLineError, type Run } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'baako-cli-'));
const baako = (...args: string[]): Promise<Run> => baakoIn(dir, ...args);

describe('baako sheet, cards, pack', () => {
  const runs: Record<string, Run> = {};
  beforeAll(async () => {
    writeFileSync(join(dir, 'a-file'), 'not a folder');
    mkdirSync(join(dir, 'game'));
    writeFileSync(join(dir, 'game', 'game.json'), JSON.stringify({ id: 'x1', seed: 'g1', side: 'A', cards: ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road'], players: 2, paper: 'a4' }));
    // Independent runs in parallel (each pays tsx's start-up).
    const jobs: Record<string, string[]> = {
      sheet: ['sheet', '--side', 'B', '--seed', 'cli', '--players', '2', '--paper', 'letter'],
      pack: ['pack', '--players', '3', '--seed', 'cli'],
      onlyInPlay: ['cards', '--only-in-play', 'game/game.json', '--out', 'five.pdf'],
      badSide: ['sheet', '--side', 'C'],
      players0: ['pack', '--players', '0'],
      players101: ['pack', '--players', '101'],
      badCard: ['cards', '--card', 'Unicorn'],
      badSeed: ['pack', '--players', '2', '--seed', 'a|b'],
      unwritable: ['pack', '--players', '2', '--out', 'a-file/pack'],
      unwritableSheet: ['sheet', '--out', 'a-file/x.pdf'],
    };
    const names = Object.keys(jobs);
    const results = await Promise.all(names.map((n) => baako(...jobs[n])));
    names.forEach((n, i) => (runs[n] = results[i]));
  }, 120_000);

  it('sheet writes the PDF and its geometry JSON into out/, and refuses to overwrite without --force', async () => {
    expect(runs.sheet.code, runs.sheet.stderr).toBe(0);
    expect(runs.sheet.stdout.trim().split('\n')).toHaveLength(1);
    const pdf = join(dir, 'out', 'sheet-B-cli.pdf');
    expect(pageCount(readFileSync(pdf))).toBe(2);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'sheet-B-cli.geometry.json'), 'utf8'))).toMatchObject({ side: 'B', paper: 'letter' });
    const again = await baako('sheet', '--side', 'B', '--seed', 'cli', '--players', '2', '--paper', 'letter');
    oneLineError(again, /already exists: use --force/);
    const forced = await baako('sheet', '--side', 'B', '--seed', 'cli', '--players', '2', '--paper', 'letter', '--force');
    expect(forced.code, forced.stderr).toBe(0);
  });

  it('pack writes the five files and nothing else', () => {
    expect(runs.pack.code, runs.pack.stderr).toBe(0);
    const files = readdirSync(join(dir, 'out', 'pack-cli')).sort();
    expect(files).toEqual(['cards.pdf', 'game.json', 'host.pdf', 'sheets.geometry.json', 'sheets.pdf']);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'pack-cli', 'game.json'), 'utf8'))).toMatchObject({ seed: 'cli', players: 3, side: 'A', paper: 'a4' });
  });

  it('cards --only-in-play prints the five cards of a game.json on one page', () => {
    expect(runs.onlyInPlay.code, runs.onlyInPlay.stderr).toBe(0);
    expect(pageCount(readFileSync(join(dir, 'five.pdf')))).toBe(1);
    expect(runs.onlyInPlay.stdout).toMatch(/5 cards, 1 page/);
  });

  it('answers bad options with one line', () => {
    oneLineError(runs.badSide, /--side: unknown side "C"/);
    oneLineError(runs.players0, /--players: "0" is not a number of players from 1 to 100/);
    oneLineError(runs.players101, /"101"/);
    oneLineError(runs.badCard, /unknown card "Unicorn"/);
    oneLineError(runs.badSeed, /--seed: "a\|b" is not a seed/);
    oneLineError(runs.unwritable, /cannot create folder .*a-file\/pack/);
    oneLineError(runs.unwritableSheet, /cannot create folder/);
    expect(existsSync(join(dir, 'out', 'pack-undefined'))).toBe(false);
  });
});
