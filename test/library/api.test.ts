import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIKELY_RIGHT } from '../../src/engine/review.js';
import { trueRolls } from '../helpers/fade.js';
import {
  BaakoError,
  builtinDecks,
  checkRolls,
  createGame,
  DataError,
  loadLayout,
  OptionError,
  readDeckData,
  readRolls,
  readSheet,
  renderBoard,
  renderCards,
  renderDeck,
  renderPack,
  renderSheets,
  scanPhoto,
  ScanRefused,
  scoreNotation,
  scoreState,
  writeSheet,
} from '../../src/index.js';

const tmp = mkdtempSync(join(tmpdir(), 'baako-lib-'));
const notation = readFileSync('fixtures/sheets/example-a.txt', 'utf8');
const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

/** The error a call fails with. */
function caught(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
}

describe('the library: scoring', () => {
  it('scores the notation and the state it reads alike', () => {
    const state = readSheet(notation);
    expect(scoreNotation(notation).total).toBe(20);
    expect(scoreState(state)).toEqual(scoreNotation(notation));
    expect(scoreState(JSON.parse(readFileSync('fixtures/sheets/example-a.json', 'utf8'))).total).toBe(20);
    expect(readSheet(writeSheet(state))).toEqual(state);
  });

  it('a bad state is a DataError naming the field', () => {
    const state = { ...readSheet(notation), cards: ['Stone Mask', 'Unicorn', 'Pappochelys', 'Mammothus', 'Road'] };
    const e = caught(() => scoreState(state, { source: 'alice.json' }));
    expect(e).toBeInstanceOf(DataError);
    expect(e).toBeInstanceOf(BaakoError);
    expect(e).toMatchObject({ code: 'invalid-data', file: 'alice.json', path: 'cards[1]', reason: expect.stringMatching(/unknown card "Unicorn"/) });
    expect(caught(() => readSheet('{"side": ', { source: 'x.json' }))).toMatchObject({ code: 'malformed-file', file: 'x.json' });
    expect(caught(() => readSheet(notation.replace(/^side: A$/m, 'side: C')))).toBeInstanceOf(DataError);
  });
});

describe('the library: printing', () => {
  it('sheets and cards as PDFs; options it cannot take are OptionErrors without dashes', async () => {
    const { pdf, setup, geometry } = await renderSheets({ players: 3, seed: 'lib', paper: 'letter' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(3);
    expect(setup).toMatchObject({ seed: 'lib', side: 'A', players: 3 });
    expect(setup).toEqual(createGame({ players: 3, seed: 'lib' }));
    expect(geometry.grid.rows).toBe(12);
    expect(pages(await renderCards({ cards: setup.cards, duplex: true }))).toBe(2);
    const seed = caught(() => createGame({ seed: 'a|b' }));
    expect(seed).toBeInstanceOf(OptionError);
    expect(seed).toMatchObject({ code: 'invalid-option', option: 'seed', message: expect.stringMatching(/^seed: "a\|b" is not a seed/) });
    await expect(renderCards({ cards: ['Unicorn'] })).rejects.toMatchObject({ option: 'cards' });
    await expect(renderCards({ backOffset: { x: 30, y: 0 } })).rejects.toMatchObject({ option: 'backOffset' });
  });

  it('a pack in memory: its five files', async () => {
    const pack = await renderPack({ players: 1, seed: 'solo' });
    expect(pack.setup).toMatchObject({ side: 'B', players: 1, paper: 'a4' });
    expect(pack.files.map((f) => f.name)).toEqual(['sheets.pdf', 'sheets.geometry.json', 'cards.pdf', 'host.pdf', 'game.json']);
  });

  it('a deck from a layout and a CSV; data errors name the file, row and column', async () => {
    const deck = builtinDecks().find((d) => d.name === 'waka-tasks')!;
    const layout = loadLayout(deck.layout);
    const r = await renderDeck(layout);
    expect(r.cards).toBe(readDeckData(layout).cards.length);
    expect(pages(r.pdf)).toBe(r.pages);
    const bad = join(tmp, 'bad.csv');
    writeFileSync(bad, 'nothing\nat all\n');
    const e = caught(() => readDeckData(layout, bad));
    expect(e).toBeInstanceOf(DataError);
    expect((e as DataError).file).toMatch(/bad\.csv$/);
    expect(caught(() => loadLayout(join(tmp, 'none.layout.json')))).toMatchObject({ code: 'file-not-found' });
    await expect(renderDeck(layout, { size: 'huge' })).rejects.toMatchObject({ code: 'invalid-option', option: 'size' });
  });

  it('the board', async () => {
    expect(pages(await renderBoard({ paper: 'a4-tiled' }))).toBe(4);
    await expect(renderBoard({ paper: 'a5' as never })).rejects.toMatchObject({ option: 'paper' });
  });
});

describe('the library: scanning', () => {
  it('reads a photo, with its overlay; refuses one it cannot read with a code', async () => {
    const photo = 'fixtures/photos/01-easy-a-a4-pen.jpg';
    const truth = JSON.parse(readFileSync(photo.replace(/\.jpg$/, '.truth.json'), 'utf8'));
    const r = await scanPhoto(readFileSync(photo), { overlay: true });
    expect(r.score.total).toBe(truth.score);
    expect(r.player).toBe(truth.player);
    expect(r.setupFrom).toBe('qr');
    expect(r.overlay!.subarray(1, 4).toString()).toBe('PNG');
    // asked: a real chance of being wrong (LIKELY_RIGHT and up); below it an item is likely right
    for (const u of r.uncertain) if (u.chance < LIKELY_RIGHT) expect(u.likely).toBe(true);
    for (const u of r.uncertain) if (!u.likely) expect(u.chance).toBeGreaterThanOrEqual(LIKELY_RIGHT);
    expect(r.range[0]).toBeLessThanOrEqual(r.score.total);
    expect(r.range[1]).toBeGreaterThanOrEqual(r.score.total);
    const text = join(tmp, 'notes.jpg');
    writeFileSync(text, 'not a photo');
    const refused = await scanPhoto(text).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ScanRefused);
    expect(refused).toMatchObject({ code: 'not-an-image', photo: text, exitCode: 2 });
  });

  it('reads a photo again with the spots it asked about answered as the paper shows them', async () => {
    const photo = 'fixtures/photos/01-easy-a-a4-pen.jpg';
    const truth = JSON.parse(readFileSync(photo.replace(/\.jpg$/, '.truth.json'), 'utf8'));
    const first = await scanPhoto(photo);
    const asked = first.uncertain.filter((u) => !u.likely);
    expect(asked.length).toBeGreaterThan(0);
    const answers = asked.map(({ kind, row, col }) => ({ kind, row, col, value: (kind === 'hole' ? truth.holes.some(([r, c]: number[]) => r === row && c === col) : truth.fences[kind][row][col] === '1') ? (1 as const) : (0 as const) }));
    const checked = await scanPhoto(photo, { answers });
    expect(checked.answered).toEqual(answers);
    expect(checked.score.total).toBe(truth.score);
    expect(checked.range).toEqual([truth.score, truth.score]);
    await expect(scanPhoto(photo, { answers: [{ kind: 'h', row: 0, col: 3, value: 0 }] })).rejects.toMatchObject({ code: 'invalid-option', option: 'answer' });
  }, 60_000);
});

describe("the library: the table's dice", () => {
  const photo = 'fixtures/photos/sample.jpg';
  const truth = JSON.parse(readFileSync(photo.replace(/\.jpg$/, '.truth.json'), 'utf8'));
  const state = { side: truth.side, cards: truth.cards, fences: truth.fences, holes: truth.holes };
  const text = trueRolls('sample').map((r) => r.join(',')).join(' ');

  it('reads rolls, checks a sheet against them, refuses rolls that do not fit with an OptionError', () => {
    const rolls = readRolls(text);
    expect(rolls).toHaveLength(15);
    expect(checkRolls(state, rolls)).toMatchObject({ agrees: true, holes: 5, summary: 'checked against 15 rolls: holes 5 of 5, fence edges 117 (expected 115-118)' });
    expect(checkRolls({ ...state, holes: state.holes.slice(1) }, rolls)).toMatchObject({ agrees: false, holesAgree: false });
    expect(caught(() => readRolls('3,4 x'))).toMatchObject({ code: 'invalid-option', option: 'rolls' });
    expect(caught(() => checkRolls(state, [[1, 1]]))).toBeInstanceOf(OptionError);
  });

  it('scans a photo against the rolls', async () => {
    const r = await scanPhoto(readFileSync(photo), { rolls: readRolls(text) });
    expect(r.rollsCheck).toMatchObject({ agrees: true, note: null, culprits: [] });
  });
});
