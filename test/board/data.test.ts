import { describe, expect, it } from 'vitest';
import { initialOf, loadBoard } from '../../src/data/board.js';
import { UserError } from '../../src/errors.js';
import { templateJson, writeBoardFile } from './helpers.js';

function loadError(name: string, data: unknown): string {
  const p = writeBoardFile(name, data);
  try {
    loadBoard(p);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error(`${name} loaded without an error`);
}

describe('board data', () => {
  it('loads the template: five locations, nine characters with distinct initials, the ruled cube counts', () => {
    const b = loadBoard();
    expect(b.locations.map((l) => l.name)).toEqual(['Lots', 'Swamp', 'Bore Hole', 'Caisson', 'Interpretive Centre']);
    expect(new Set(b.characters.map(initialOf)).size).toBe(9);
    expect(Object.fromEntries(b.cubes.map((c) => [c.id, c.count]))).toEqual({ yellow: 1, blue: 10, red: 6, green: 8, brown: 30 });
    const caisson = b.locations.find((l) => l.id === 'caisson')!;
    expect(caisson.requires.map((r) => [r.need, r.of.length])).toEqual([
      [1, 1],
      [1, 2],
      [2, 4],
    ]);
    expect(caisson.action).toEqual({ kind: 'dig', base: 4, extra: 3 });
    expect(b.characters.find((c) => c.id === 'laird')!.startsAt).toBe('interpretive-centre');
  });

  it.each([
    [
      'unknown character',
      (j: any) => (j.locations[1].requires[1].of[2] = 'bob'),
      /^\S*unknown-char\.json: locations\[1\]\.requires\[1\]\.of\[2\]: unknown character "bob" \(expected one of laird, billy, /,
    ],
    ['negative cost', (j: any) => (j.locations[0].cost = -100), /negative-cost\.json: locations\[0\]\.cost: expected a cost of \$0 or more$/],
    ['cost as text', (j: any) => (j.locations[3].cost = '$400'), /locations\[3\]\.cost: Invalid input: expected number, received string$/],
    ['need 2 of 1', (j: any) => (j.locations[0].requires[0] = { need: 2, of: ['rick'] }), /locations\[0\]\.requires\[0\]\.need: expected at most 1 \(the row names 1 character\)/],
    ['six in a row', (j: any) => j.locations[1].requires[1].of.push('terry'), /locations\[1\]\.requires\[1\]\.of: expected at most 5 characters \(circles in a row\)/],
    ['same initial', (j: any) => (j.characters[8].name = 'Cheryl', j.characters[7].name = 'Cal'), /characters\[8\]\.initial: initial "C" is already another character's/],
    ['bad colour', (j: any) => (j.characters[2].color = 'orange'), /characters\[2\]\.color: expected a colour like "#2c6bd6"/],
    ['unknown start', (j: any) => (j.characters[0].startsAt = 'beach'), /characters\[0\]\.startsAt: unknown location "beach" \(expected "war-room" or one of lots, /],
    ['unknown emblem', (j: any) => (j.locations[2].emblem = 'volcano'), /locations\[2\]\.emblem: expected an emblem: lots, swamp/],
    ['missing dig value', (j: any) => delete j.locations[2].action.extra, /locations\[2\]\.action\.extra: Invalid input: expected number, received undefined/],
  ])('%s: one line naming file, field and what was expected', (name, change, pattern) => {
    const j = templateJson();
    change(j);
    const msg = loadError(`${name === 'unknown character' ? 'unknown-char' : name.replace(/ /g, '-')}.json`, j);
    expect(msg).toMatch(pattern);
    expect(msg).not.toContain('\n');
  });

  it('malformed JSON and a missing file: one line', () => {
    const msg = loadError('broken.json', '{ "title": "Dig Bag", ');
    expect(msg).toMatch(/broken\.json: malformed JSON \(/);
    expect(msg).not.toContain('\n');
    expect(() => loadBoard('/nonexistent/board.json')).toThrow(/\/nonexistent\/board\.json: cannot read \(ENOENT\)/);
  });
});
