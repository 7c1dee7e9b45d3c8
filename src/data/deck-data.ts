/**
 * A deck's data: a CSV (first line the column names), a spreadsheet (.xlsx, a sheet by name or the first) or a JSON
 * array of objects, one row a card, a copies column repeating it. Checked against the layout: every column it uses
 * must be there, typed columns must hold numbers, and no file, row count or cell is larger than any card can use.
 * Errors are one line naming the file, the row (as a spreadsheet numbers it: the header is row 1) and the column.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { DataError, OptionError } from '../errors.js';
import { MAX_TEXT_CHARS, referencedColumns, type Layout } from './deck.js';

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
/**
 * Limits checked before anything is laid out: the data file's size, its rows, the cards they make with their copies,
 * and one cell (as long as the longest text a text element takes; every other kind of cell takes less).
 */
export const MAX_DATA_BYTES = 20 * 1024 * 1024;
export const MAX_ROWS = 10_000;
export const MAX_CARDS = 10_000;
export const MAX_CELL_CHARS = MAX_TEXT_CHARS;

export interface ReadOptions {
  copiesColumn?: string;
  /** The sheet of a spreadsheet (default the first). */
  sheet?: string;
}

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
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, info: true, relax_quotes: false, to: MAX_ROWS + 2 }) as unknown as typeof records;
  } catch (e) {
    const msg = (e as Error).message.replace(/\s+/g, ' ').replace(/\.$/, '');
    throw new DataError(where, undefined, `malformed CSV (${msg})`, 'malformed-file');
  }
  if (records.length === 0) throw new DataError(where, undefined, `empty file (expected a first line of column names)`);
  if (records.length > MAX_ROWS + 1) throw new DataError(where, undefined, tooManyRows());
  const columns = records[0].record.map((c) => c.trim());
  columns.forEach((c, i) => {
    if (!c) throw new DataError(where, undefined, `row ${records[0].info.lines}: column ${i + 1} has no name`);
    if (columns.indexOf(c) !== i) throw new DataError(where, undefined, `row ${records[0].info.lines}: column '${c}' appears twice`);
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
  if (!Array.isArray(list)) throw new DataError(where, undefined, `expected an array of cards (objects), or {"cards": [...]}`);
  if (list.length > MAX_ROWS) throw new DataError(where, undefined, tooManyRows());
  const columns: string[] = [];
  const rows = list.map((item, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new DataError(where, undefined, `row ${i + 1}: expected an object of column values`);
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(item)) {
      if (!columns.includes(k)) columns.push(k);
      if (v === null || v === undefined) values[k] = '';
      else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values[k] = String(v);
      else throw new DataError(where, undefined, `row ${i + 1}, column '${k}': expected text or a number, found ${Array.isArray(v) ? 'a list' : 'an object'}`);
    }
    return { row: i + 1, values };
  });
  for (const r of rows) for (const c of columns) r.values[c] ??= '';
  return { columns, rows };
}

function tooManyRows(): string {
  return `more than ${MAX_ROWS.toLocaleString('en')} rows (a deck takes at most ${MAX_ROWS.toLocaleString('en')}; split it into several decks)`;
}

/** A spreadsheet cell as text: numbers as written in the file, dates as YYYY-MM-DD (with the time when it has one). */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  return String(v).trim();
}

/** The first sheet of an .xlsx file, or the one `sheet` names: its first non-empty row names the columns. */
async function readXlsx(path: string, where: string, sheet: string | undefined): Promise<{ columns: string[]; rows: DataRow[]; label: string }> {
  const { default: readExcelFile } = await import('read-excel-file/node');
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = (await readExcelFile(path, { parseNumber: (s: string) => s, trim: false } as never)) as unknown as typeof sheets;
  } catch (e) {
    throw new DataError(where, undefined, `cannot read the spreadsheet (${(e as Error).message.replace(/\s+/g, ' ').replace(/\.$/, '')}; expected an .xlsx file)`, 'malformed-file');
  }
  const names = sheets.map((s) => s.sheet);
  const found = sheet === undefined ? sheets[0] : (sheets.find((s) => s.sheet === sheet) ?? sheets.find((s) => s.sheet.toLowerCase() === sheet.toLowerCase()));
  if (!found) throw new DataError(where, undefined, `no sheet "${sheet}" (the sheets are: ${names.map((n) => `"${n}"`).join(', ')})`);
  const label = sheets.length > 1 ? `${where} [${found.sheet}]` : where;
  const data = found.data;
  const head = data.findIndex((r) => r.some((v) => cellText(v) !== ''));
  if (head < 0) throw new DataError(label, undefined, `empty sheet (expected a first row of column names)`);
  if (data.length - head - 1 > MAX_ROWS) throw new DataError(label, undefined, tooManyRows());
  const header = data[head].map(cellText);
  while (header.length && header[header.length - 1] === '') header.pop();
  header.forEach((c, i) => {
    if (!c) throw new DataError(label, undefined, `row ${head + 1}: column ${columnLetter(i)} has no name`);
    if (header.indexOf(c) !== i) throw new DataError(label, undefined, `row ${head + 1}: column '${c}' appears twice`);
  });
  const rows: DataRow[] = [];
  for (let i = head + 1; i < data.length; i++) {
    const r = data[i];
    if (!r.some((v) => cellText(v) !== '')) continue;
    const extra = r.findIndex((v, j) => j >= header.length && cellText(v) !== '');
    if (extra >= 0) throw new DataError(label, undefined, `row ${i + 1}: a value in column ${columnLetter(extra)}, which has no name in row ${head + 1}`);
    const values: Record<string, string> = {};
    header.forEach((c, j) => (values[c] = cellText(r[j])));
    rows.push({ row: i + 1, values });
  }
  return { columns: header, rows, label };
}

/** A spreadsheet's column letter: 0 is A, 26 is AA. */
function columnLetter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER_RE = /^[+-]?\d+$/;

const DATA_KINDS = ['.csv', '.json', '.xlsx'];

/** The data file's absolute path and how messages show it, checked to exist, of a known kind and not too large. */
function dataFile(dataPath: string): { abs: string; source: string; ext: string } {
  const abs = resolve(dataPath);
  const source = shown(abs);
  if (!existsSync(abs)) throw new DataError(source, undefined, 'data file not found', 'file-not-found');
  const ext = extname(abs).toLowerCase();
  if (!DATA_KINDS.includes(ext)) throw new DataError(source, undefined, 'expected a .csv, .xlsx or .json data file', 'malformed-file');
  const bytes = statSync(abs).size;
  if (bytes > MAX_DATA_BYTES) throw new DataError(source, undefined, `${(bytes / 1048576).toFixed(1)} MB; a data file is at most ${MAX_DATA_BYTES / 1048576} MB`);
  return { abs, source, ext };
}

/** Reads a deck's CSV or JSON data file (or none: one card) and checks it against the layout. */
export function readDeckData(layout: Layout, dataPath: string | undefined, opts: ReadOptions = {}): DeckData {
  if (!dataPath) return checkDeckData(layout, '', undefined, opts);
  const { abs, source, ext } = dataFile(dataPath);
  if (ext === '.xlsx') throw new DataError(source, undefined, `a spreadsheet is read by loadDeckData (asynchronously)`);
  if (opts.sheet !== undefined) throw new OptionError('sheet', `${source} is not a spreadsheet (.xlsx)`);
  return checkDeckData(layout, source, ext === '.csv' ? readCsv(abs, source) : readJsonRows(abs, source), opts);
}

/** Reads a deck's data file of any kind (CSV, .xlsx, JSON; or none: one card) and checks it against the layout. */
export async function loadDeckData(layout: Layout, dataPath: string | undefined, opts: ReadOptions = {}): Promise<DeckData> {
  if (!dataPath || extname(dataPath).toLowerCase() !== '.xlsx') {
    if (!dataPath && opts.sheet !== undefined) throw new OptionError('sheet', 'there is no spreadsheet to read (name one with --data cards.xlsx)');
    return readDeckData(layout, dataPath, opts);
  }
  const { abs, source } = dataFile(dataPath);
  // Messages name the sheet too when the file has several ("cards.xlsx [Spells] row 3, column 'cost'").
  const read = await readXlsx(abs, source, opts.sheet);
  return checkDeckData(layout, read.label, read, opts);
}

function checkDeckData(layout: Layout, source: string, read: { columns: string[]; rows: DataRow[] } | undefined, opts: ReadOptions): DeckData {
  const dataPath = read ? source : undefined;
  const columns = read?.columns ?? [];
  const rows = read?.rows ?? [{ row: 0, values: {} }];
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

  const at = (r: DataRow, col: string) => `row ${r.row}, column '${col}'`;
  for (const r of rows) {
    for (const [col, v] of Object.entries(r.values)) {
      if (v.length > MAX_CELL_CHARS) {
        throw new DataError(from, at(r, col), `${v.length.toLocaleString('en')} characters; a cell holds at most ${MAX_CELL_CHARS.toLocaleString('en')}`);
      }
    }
  }
  for (const r of rows) {
    for (const [name, c] of Object.entries(layout.columns)) {
      const v = r.values[name] ?? '';
      if (v === '') {
        if (!c.optional && dataPath) throw new DataError(from, at(r, name), `expected ${c.type === 'text' ? 'a value' : c.type === 'integer' ? 'a whole number' : 'a number'}, found nothing`);
        continue;
      }
      if (c.type === 'number' && !NUMBER_RE.test(v)) throw new DataError(from, at(r, name), `expected a number, found '${v}'`);
      if (c.type === 'integer' && !INTEGER_RE.test(v)) throw new DataError(from, at(r, name), `expected a whole number, found '${v}'`);
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
          throw new DataError(from, at(r, copiesColumn), `expected a whole number of copies from 0 to ${MAX_COPIES}, found '${v}'`);
        }
        n = Number(v);
      }
    }
    if (cards.length + n > MAX_CARDS) {
      throw new DataError(from, at(r, copiesColumn ?? 'copies'), `the deck passes ${MAX_CARDS.toLocaleString('en')} cards here (a deck holds at most ${MAX_CARDS.toLocaleString('en')}; split it into several decks)`);
    }
    for (let i = 0; i < n; i++) cards.push({ row: r.row, values: r.values });
  }
  const total = String(cards.length);
  const numbered = cards.map((c, i) => ({ row: c.row, values: { ...c.values, _n: String(i + 1), _total: total, _row: String(c.row) } }));
  return { source, columns, rows: dataPath ? rows : [], cards: numbered, copiesColumn };
}
