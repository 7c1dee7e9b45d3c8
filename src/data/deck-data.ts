/**
 * A deck's data: a CSV (first line the column names) or a JSON array of objects, one row a card, a copies column
 * repeating it. Checked against the layout: every column it uses must be there, typed columns must hold numbers.
 * Errors are one line naming the file, the row (as a spreadsheet numbers it: the header is row 1) and the column.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { DataError } from '../errors.js';
import { referencedColumns, type Layout } from './deck.js';

export interface DataRow {
  /** Row number as shown in messages (CSV: the file's line, header = 1; JSON: 1-based item). */
  row: number;
  values: Record<string, string>;
}

export interface DeckCard {
  /** The data row it comes from (0 for a layout without data). */
  row: number;
  values: Record<string, string>;
}

export interface DeckData {
  /** The data file as shown in messages ("" without data). */
  source: string;
  columns: string[];
  rows: DataRow[];
  /** The rows expanded by their copies, in order. */
  cards: DeckCard[];
  copiesColumn?: string;
}

/** Columns every card has without the data naming them: its number in the deck and the deck's size. */
export const BUILTIN_COLUMNS = ['_n', '_total', '_row'];

const MAX_COPIES = 999;

function shown(p: string): string {
  const cwd = process.cwd();
  return p.startsWith(cwd + '/') ? p.slice(cwd.length + 1) : p;
}

function readCsv(path: string, where: string): { columns: string[]; rows: DataRow[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw DataError.unreadable(where, e);
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, info: true, relax_quotes: false }) as unknown as typeof records;
  } catch (e) {
    const msg = (e as Error).message.replace(/\s+/g, ' ').replace(/\.$/, '');
    throw new DataError(where, undefined, `malformed CSV (${msg})`, 'malformed-file');
  }
  if (records.length === 0) throw new DataError(where, undefined, 'empty file (expected a first line of column names)');
  const columns = records[0].record.map((c) => c.trim());
  columns.forEach((c, i) => {
    if (!c) throw new DataError(where, `row ${records[0].info.lines}`, `column ${i + 1} has no name`);
    if (columns.indexOf(c) !== i) throw new DataError(where, `row ${records[0].info.lines}`, `column '${c}' appears twice`);
  });
  const rows = records.slice(1).map(({ record, info }) => {
    const values: Record<string, string> = {};
    columns.forEach((c, i) => (values[c] = record[i] ?? ''));
    return { row: info.lines, values };
  });
  return { columns, rows };
}

function readJsonRows(path: string, where: string): { columns: string[]; rows: DataRow[] } {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw code ? DataError.unreadable(where, e) : new DataError(where, undefined, `malformed JSON (${(e as Error).message})`, 'malformed-file');
  }
  const list = Array.isArray(json) ? json : (json as { cards?: unknown })?.cards;
  if (!Array.isArray(list)) throw new DataError(where, undefined, 'expected an array of cards (objects), or {"cards": [...]}');
  const columns: string[] = [];
  const rows = list.map((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new DataError(where, `row ${i + 1}`, 'expected an object of column values');
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(item)) {
      if (!columns.includes(k)) columns.push(k);
      if (v === null || v === undefined) values[k] = '';
      else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values[k] = String(v);
      else throw new DataError(where, `row ${i + 1}, column '${k}'`, `expected text or a number, found ${Array.isArray(v) ? 'a list' : 'an object'}`);
    }
    return { row: i + 1, values };
  });
  for (const r of rows) for (const c of columns) r.values[c] ??= '';
  return { columns, rows };
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER_RE = /^[+-]?\d+$/;

/** Reads a deck's data file (or none: one card) and checks it against the layout. */
export function readDeckData(layout: Layout, dataPath: string | undefined, opts: { copiesColumn?: string } = {}): DeckData {
  let source = '';
  let columns: string[] = [];
  let rows: DataRow[] = [{ row: 0, values: {} }];
  if (dataPath) {
    const abs = resolve(dataPath);
    source = shown(abs);
    if (!existsSync(abs)) throw new DataError(source, undefined, 'data file not found', 'file-not-found');
    const ext = extname(abs).toLowerCase();
    if (ext !== '.csv' && ext !== '.json') throw new DataError(source, undefined, 'expected a .csv or .json data file', 'malformed-file');
    ({ columns, rows } = ext === '.csv' ? readCsv(abs, source) : readJsonRows(abs, source));
  }
  const from = source || layout.shown;
  const has = new Set(columns);
  const list = columns.length ? columns.join(', ') : 'none';

  for (const [name, c] of Object.entries(layout.columns)) {
    if (!has.has(name) && !c.optional) {
      throw new DataError(from, undefined, `column '${name}' is missing (${layout.shown} needs it; the columns are: ${list})`);
    }
  }
  for (const [name, usedAt] of referencedColumns(layout)) {
    if (has.has(name) || BUILTIN_COLUMNS.includes(name) || layout.columns[name]?.optional) continue;
    throw new DataError(from, undefined, `column '${name}' is missing (${layout.shown} ${usedAt} uses it; the columns are: ${list})`);
  }

  const at = (r: DataRow, col: string, reason: string) => new DataError(from, `row ${r.row}, column '${col}'`, reason);
  for (const r of rows) {
    for (const [name, c] of Object.entries(layout.columns)) {
      const v = r.values[name] ?? '';
      if (v === '') {
        if (!c.optional && dataPath) throw at(r, name, `expected ${c.type === 'text' ? 'a value' : c.type === 'integer' ? 'a whole number' : 'a number'}, found nothing`);
        continue;
      }
      if (c.type === 'number' && !NUMBER_RE.test(v)) throw at(r, name, `expected a number, found '${v}'`);
      if (c.type === 'integer' && !INTEGER_RE.test(v)) throw at(r, name, `expected a whole number, found '${v}'`);
    }
  }

  let copiesColumn = opts.copiesColumn ?? layout.copies;
  if (copiesColumn !== undefined) {
    if (!has.has(copiesColumn)) {
      const by = opts.copiesColumn !== undefined ? 'asked for as the copies column' : `${layout.shown} copies names it`;
      throw new DataError(from, undefined, `column '${copiesColumn}' is missing (${by}; the columns are: ${list})`);
    }
  } else if (has.has('copies')) copiesColumn = 'copies';

  const cards: DeckCard[] = [];
  for (const r of rows) {
    let n = 1;
    if (copiesColumn) {
      const v = r.values[copiesColumn] ?? '';
      if (v !== '') {
        if (!INTEGER_RE.test(v) || Number(v) < 0 || Number(v) > MAX_COPIES) {
          throw at(r, copiesColumn, `expected a whole number of copies from 0 to ${MAX_COPIES}, found '${v}'`);
        }
        n = Number(v);
      }
    }
    for (let i = 0; i < n; i++) cards.push({ row: r.row, values: r.values });
  }
  const total = String(cards.length);
  const numbered = cards.map((c, i) => ({ row: c.row, values: { ...c.values, _n: String(i + 1), _total: total, _row: String(c.row) } }));
  return { source, columns, rows: dataPath ? rows : [], cards: numbered, copiesColumn };
}
