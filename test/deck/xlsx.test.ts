/** Spreadsheets as they are: .xlsx data, a sheet by name, and the same row-and-column errors as a CSV. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { loadLayout } from '../../src/data/deck.js';
import { loadDeckData, readDeckData } from '../../src/data/deck-data.js';
import { failure, simpleLayout, tmp, write } from './helpers.js';

type Cell = string | number | boolean | Date | null;

/** Writes an .xlsx file of sheets of plain values. */
async function xlsx(name: string, sheets: Record<string, Cell[][]>): Promise<string> {
  const p = join(tmp, name);
  const list = Object.entries(sheets).map(([sheet, rows]) => ({
    sheet,
    data: rows.map((r) => r.map((v) => (v === null ? null : v instanceof Date ? { value: v, format: 'yyyy-mm-dd' } : { value: v }))),
  }));
  await (writeXlsxFile as unknown as (s: unknown) => { toFile(p: string): Promise<void> })(list).toFile(p);
  return p;
}


const typed = simpleLayout({ columns: { name: 'text', points: 'number', copies: 'integer?' } });

describe('.xlsx deck data', () => {
  it('reads the first sheet: numbers as written, dates as days, copies', async () => {
    const l = loadLayout(write('x1.layout.json', typed));
    const p = await xlsx('cards.xlsx', { Cards: [['name', 'points', 'copies', 'when'], ['Ann', 2, 3, new Date(Date.UTC(2024, 4, 17))], ['Bo', 0.1, null, null]], Other: [['x']] });
    const d = await loadDeckData(l, p);
    expect(d.columns).toEqual(['name', 'points', 'copies', 'when']);
    expect(d.cards.map((c) => [c.values.name, c.values.points, c.values.when, c.row])).toEqual([
      ['Ann', '2', '2024-05-17', 2],
      ['Ann', '2', '2024-05-17', 2],
      ['Ann', '2', '2024-05-17', 2],
      ['Bo', '0.1', '', 3],
    ]);
  });

  it('reads the sheet --sheet names, and lists the sheets when it is not there', async () => {
    const l = loadLayout(write('x2.layout.json', typed));
    const p = await xlsx('two.xlsx', { Notes: [['anything']], Spells: [['name', 'points'], ['Zap', 4]] });
    expect((await loadDeckData(l, p, { sheet: 'spells' })).cards.map((c) => c.values.name)).toEqual(['Zap']);
    expect(await failure(loadDeckData(l, p, { sheet: 'Potions' }))).toMatch(/two\.xlsx: no sheet "Potions" \(the sheets are: "Notes", "Spells"\)/);
    expect(await failure(loadDeckData(l, p))).toMatch(/two\.xlsx \[Notes\]: column 'name' is missing/);
  });

  it('gives a bad cell the same one-line error as the CSV, row numbers as the spreadsheet shows them', async () => {
    const l = loadLayout(write('x3.layout.json', typed));
    const rows: Cell[][] = [['name', 'points']];
    for (let i = 0; i < 10; i++) rows.push([`c${i}`, i]);
    rows.push(['bad', 'x']);
    const fromXlsx = await failure(loadDeckData(l, await xlsx('bad.xlsx', { Sheet1: rows })));
    const fromCsv = await failure(() => readDeckData(l, write('bad.csv', rows.map((r) => r.join(',')).join('\n') + '\n')));
    expect(fromXlsx).toMatch(/bad\.xlsx row 12, column 'points': expected a number, found 'x'/);
    expect(fromXlsx.replace('bad.xlsx', 'bad.csv')).toBe(fromCsv);
  });

  it('counts rows from the top of the sheet when the table starts lower, and skips empty rows', async () => {
    const l = loadLayout(write('x4.layout.json', typed));
    const p = await xlsx('low.xlsx', { S: [[null, null], [null, null], ['name', 'points'], ['a', 1], [null, null], ['b', 'many']] });
    expect(await failure(loadDeckData(l, p))).toMatch(/low\.xlsx row 6, column 'points': expected a number, found 'many'/);
  });

  it('refuses a file that is not a spreadsheet, --sheet without one, and a column without a name', async () => {
    const l = loadLayout(write('x5.layout.json', typed));
    expect(await failure(loadDeckData(l, write('fake.xlsx', 'name,points\n')))).toMatch(/fake\.xlsx: cannot read the spreadsheet \(.*expected an \.xlsx file\)/);
    expect(await failure(loadDeckData(l, write('plain.csv', 'name,points\na,1\n'), { sheet: 'S' }))).toMatch(/sheet: .*plain\.csv is not a spreadsheet/);
    const p = await xlsx('noname.xlsx', { S: [['name', null, 'points'], ['a', 'x', 1]] });
    expect(await failure(loadDeckData(l, p))).toMatch(/noname\.xlsx: row 1: column B has no name/);
  });
});
