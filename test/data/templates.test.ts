import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadGame, templatesDir } from '../../src/data/load.js';
import { shapeCells } from '../../src/engine/shapes.js';
import { UserError } from '../../src/errors.js';

/** A copy of the templates with one file edited, loaded; returns the error message. */
function loadEdited(file: string, edit: (json: any) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'baako-templates-'));
  cpSync(templatesDir, dir, { recursive: true });
  const path = join(dir, 'baako', file);
  const json = JSON.parse(readFileSync(path, 'utf8'));
  edit(json);
  writeFileSync(path, JSON.stringify(json));
  try {
    loadGame(dir);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message.replace(dir, '<dir>');
  }
  throw new Error('expected the templates to be refused');
}

describe('templates', () => {
  it('hold the 15 cards of the rulings, one type each of five, maps within the rulings', () => {
    const game = loadGame();
    expect(game.cards).toHaveLength(15);
    expect(new Set(game.cards.map((c) => c.type)).size).toBe(5);
    const sizes: Record<string, number> = { treasure: 1, 'small-fossil': 2, 'medium-fossil': 3, 'large-fossil': 4, ruin: 5 };
    for (const c of game.cards) expect(shapeCells(c.shape).length, c.name).toBe(sizes[c.type]);
    expect(game.sheets.A.map.eggs.length).toBeGreaterThanOrEqual(6);
    expect(game.sheets.A.map.eggs.length).toBeLessThanOrEqual(10);
    expect(game.sheets.B.map.holes.length).toBeGreaterThanOrEqual(4);
    expect(game.sheets.B.map.holes.length).toBeLessThanOrEqual(6);
    expect(game.sheets.A.timeline).toEqual({ turns: 15, pausesAfter: [5, 10, 15] });
    expect(game.sheets.B.timeline).toEqual({ turns: 12, pausesAfter: [4, 8, 12] });
    expect(game.specialFences).toHaveLength(6);
  });

  it('a bad template is refused in one line naming the file, the field and what was expected', () => {
    expect(loadEdited('cards.json', (j) => (j.cards[3].shape = ['#x#']))).toMatch(
      /^<dir>\/baako\/cards\.json: cards\[3\]\.shape\[0\]: expected rows of '#' \(cell\) and '\.' \(empty\)$/,
    );
    expect(loadEdited('cards.json', (j) => (j.cards[0].condition = { test: 'near', to: 'egg' }))).toMatch(/cards\.json: cards\[0\]\.condition(\.test)?: /);
    expect(loadEdited('cards.json', (j) => (j.cards[1].name = j.cards[0].name))).toMatch(/cards\.json: .*card names must be unique/);
    expect(loadEdited('sheet-a.json', (j) => (j.map.eggs[0] = [12, 3]))).toMatch(/sheet-a\.json: map\.eggs\[0\]: cell \(12,3\) is outside the 12 x 12 land/);
    expect(loadEdited('sheet-b.json', (j) => (j.side = 'A'))).toMatch(/sheet-b\.json: side: expected "B", found "A"/);
    expect(loadEdited('rules.json', (j) => (j.specialFences[0].strokes[0].moves = 'RRX'))).toMatch(/rules\.json: specialFences\[0\]\.strokes\[0\]\.moves: expected moves R, L, U, D/);
    expect(loadEdited('sheet-a.json', (j) => j.dieLegend.pop())).toMatch(/sheet-a\.json: dieLegend: face 6 is missing/);
  });

  it('malformed JSON in a template is one line too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baako-templates-'));
    cpSync(templatesDir, dir, { recursive: true });
    writeFileSync(join(dir, 'baako', 'rules.json'), '{"types": [');
    expect(() => loadGame(dir)).toThrow(/rules\.json: malformed JSON/);
  });
});
