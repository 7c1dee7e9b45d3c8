import { describe, expect, it } from 'vitest';
import { loadLayout } from '../../src/data/deck.js';
import { readDeckData } from '../../src/data/deck-data.js';
import { UserError } from '../../src/errors.js';
import { parseDeckSize } from '../../src/render/deck/sizes.js';
import { csv, render, simpleLayout, write } from './helpers.js';

/** The one-line message a call fails with (a UserError). */
function failure(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    expect((e as Error).message).not.toContain('\n');
    return (e as Error).message;
  }
  throw new Error('expected a failure');
}

async function asyncFailure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a failure');
}

const typed = simpleLayout({ columns: { name: 'text', points: 'number', copies: 'integer?' } });

describe('deck data', () => {
  it('names the file, the missing column and the columns there are', () => {
    const l = loadLayout(write('typed.layout.json', typed));
    const msg = failure(() => readDeckData(l, write('nopoints.csv', 'name,cost\nA,1\n')));
    expect(msg).toMatch(/nopoints\.csv: column 'points' is missing \(.*typed\.layout\.json needs it; the columns are: name, cost\)/);
  });

  it('names a column a template uses but the data lacks', () => {
    const l = loadLayout(
      write('tpl.layout.json', simpleLayout({ front: { elements: [{ kind: 'text', text: '{name} costs {cost}' }] } })),
    );
    expect(failure(() => readDeckData(l, write('tpl.csv', 'name\nA\n')))).toMatch(/tpl\.csv: column 'cost' is missing \(.*front\.elements\[0\]\.text uses it/);
  });

  it('names the row and column of a value that is not a number', () => {
    const l = loadLayout(write('typed2.layout.json', typed));
    const data = 'name,points\n' + Array.from({ length: 10 }, (_, i) => `c${i},${i}`).join('\n') + '\nbad,x\n';
    expect(failure(() => readDeckData(l, write('cards.csv', data)))).toMatch(/cards\.csv row 12, column 'points': expected a number, found 'x'/);
  });

  it('reports a malformed CSV in one line', () => {
    const l = loadLayout(write('m.layout.json', simpleLayout()));
    expect(failure(() => readDeckData(l, write('broken.csv', 'name,text\n"unclosed,1\n')))).toMatch(/broken\.csv: malformed CSV \(/);
    expect(failure(() => readDeckData(l, write('ragged.csv', 'name,text\na,1,2\n')))).toMatch(/ragged\.csv: malformed CSV \(/);
  });

  it('repeats a row by its copies column, or the one --copies-column names', () => {
    const l = loadLayout(write('c.layout.json', simpleLayout()));
    expect(readDeckData(l, write('copies.csv', 'name,copies\na,3\nb,\nc,0\n')).cards.map((c) => c.values.name)).toEqual(['a', 'a', 'a', 'b']);
    expect(readDeckData(l, write('count.csv', 'name,count\na,2\nb,1\n'), { copiesColumn: 'count' }).cards).toHaveLength(3);
    expect(failure(() => readDeckData(l, write('count2.csv', 'name\na\n'), { copiesColumn: 'count' }))).toMatch(/column 'count' is missing \(asked for as the copies column/);
    expect(failure(() => readDeckData(l, write('copies2.csv', 'name,copies\na,2\nb,two\n')))).toMatch(/copies2\.csv row 3, column 'copies': expected a whole number of copies/);
  });

  it('reads JSON data (an array of objects)', () => {
    const l = loadLayout(write('j.layout.json', typed));
    const d = readDeckData(l, write('cards.json', JSON.stringify([{ name: 'a', points: 2 }, { name: 'b', points: 3.5, copies: 2 }])));
    expect(d.cards.map((c) => c.values.points)).toEqual(['2', '3.5', '3.5']);
    expect(failure(() => readDeckData(l, write('bad.json', JSON.stringify([{ name: 'a', points: 'many' }]))))).toMatch(/bad\.json row 1, column 'points': expected a number, found 'many'/);
  });
});

describe('deck layouts', () => {
  it('names an unknown element kind and the kinds there are', () => {
    const l = simpleLayout({ front: { elements: [{ kind: 'rect' }, { kind: 'star', x: 1 }] } });
    expect(failure(() => loadLayout(write('kind.layout.json', l)))).toMatch(/kind\.layout\.json: front\.elements\[1\]\.kind: unknown element kind "star" \(expected one of text, rect, /);
  });

  it('names a bad field of an element', () => {
    const l = simpleLayout({ front: { elements: [{ kind: 'text', text: 'x', size: 4 }] } });
    expect(failure(() => loadLayout(write('small.layout.json', l)))).toMatch(/front\.elements\[0\]\.size: expected a size of at least 6 pt/);
    const l2 = simpleLayout({ front: { elements: [{ kind: 'rect', x: 'left' }] } });
    expect(failure(() => loadLayout(write('len.layout.json', l2)))).toMatch(/front\.elements\[0\]\.x: expected millimetres/);
  });

  it('rejects a bad size, from the option or the layout', async () => {
    // the library names the option without the command line's dashes (the CLI adds them)
    expect(failure(() => parseDeckSize('huge'))).toMatch(/^size: unknown size "huge" \(expected poker, bridge, tarot, square, WxHmm/);
    expect(failure(() => parseDeckSize('10x10mm'))).toMatch(/too small/);
    expect(await asyncFailure(render('big', simpleLayout(), csv(1), { size: parseDeckSize('250x300mm') }))).toMatch(/^size: a 250 x 300 mm card does not fit on A4 .*: print it on a3 paper/);
    expect(await asyncFailure(render('badsize', simpleLayout({ size: 'pokr' }), csv(1)))).toMatch(/badsize\.layout\.json: size: unknown size "pokr"/);
  });

  it('names the row and column of text too long for its box, of an unknown colour or icon', async () => {
    const long = simpleLayout({ front: { elements: [{ kind: 'text', field: 'name', x: 5, y: 5, w: 20, h: 5, size: 9 }] } });
    expect(await asyncFailure(render('long', long, `name\nshort\n${'word '.repeat(40)}\n`))).toMatch(/long\.csv row 3, column 'name': ".*" does not fit its 20 x 5 mm box even at 6 pt/);
    const colour = simpleLayout({ columns: { name: 'text', c: 'text' }, front: { elements: [{ kind: 'rect', fill: '{c}' }] }, colors: { red: '#ff0000' } });
    expect(await asyncFailure(render('colour', colour, 'name,c\na,red\nb,purpel\n'))).toMatch(/colour\.csv row 3, column 'c': unknown colour "purpel" \(expected "#rrggbb" or one of red\)/);
    const icon = simpleLayout({ icons: { dot: 'M0 0h24v24H0z' }, front: { elements: [{ kind: 'icon', icon: '{name}' }] } });
    expect(await asyncFailure(render('icon', icon, 'name\ndot\nstar\n'))).toMatch(/icon\.csv row 3, column 'name': unknown icon "star"/);
  });

  it('shrinks text to fit its box, never under its minimum', async () => {
    const l = simpleLayout({ front: { elements: [{ kind: 'text', field: 'name', x: 5, y: 5, w: 40, h: 12, size: 14, minSize: 7 }] } });
    const r = await render('shrink', l, `name\n${'longer words here '.repeat(4)}\n`);
    expect(r.cards).toBe(1);
  });

  it('draws elements only when their condition holds', async () => {
    const l = simpleLayout({
      columns: { name: 'text?', kind: 'text' },
      front: { elements: [{ kind: 'text', text: 'SHOWN-{name}', x: 5, y: 5, w: 50, h: 10, when: [{ column: 'kind', is: 'a' }, 'name'] }] },
    });
    const r = await render('when', l, 'name,kind\nfirst,a\nsecond,b\n,a\n');
    const { pageText } = await import('./helpers.js');
    const t = pageText(r.pdf).text;
    expect(t).toContain('SHOWN-first');
    expect(t).not.toContain('SHOWN-second');
    expect(t).not.toContain('SHOWN-\n');
  });
});
