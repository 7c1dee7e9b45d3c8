import { parseRolls, RollsError } from './rolls.js';
import type { Cell, SheetMap, SheetState } from './types.js';

/**
 * Plain-text sheet notation: an ASCII drawing of the land, for fixtures and humans.
 *
 *   side: A
 *   cards: Gold, Archaeopteryx, Pappochelys, Mammothus, Road
 *   +---+---+---+
 *   | e     | X |      '+' vertex ('*' the center point), '---' / '|' fenced edge, spaces open edge
 *   +   +---+   +      cells: X player's hole, e egg, o pre-drawn hole (map)
 *   |   |       |
 *   +---+---+---+
 *
 * Header lines are `key: value`; lines starting with '#' are comments. Map marks (e, o) must match the side's
 * printed map unless a `map: custom` line says the drawing's marks are the map. An optional `rolls: 3,4 1,6 ...`
 * line gives the game's dice (the state's `rolls` key).
 */

export class NotationError extends Error {
  constructor(
    readonly line: number,
    what: string,
  ) {
    super(line > 0 ? `line ${line}: ${what}` : what);
    this.name = 'NotationError';
  }
}

export interface WriteOptions {
  /** The side's printed map, drawn when the state has no custom map. */
  printedMap?: SheetMap;
  center?: [number, number];
}

export function writeNotation(state: SheetState, opts: WriteOptions = {}): string {
  const rows = state.fences.v.length;
  const cols = state.fences.h[0].length;
  const map = state.map ?? opts.printedMap ?? { eggs: [], holes: [] };
  const marks = new Map<number, string>();
  const add = (cells: Cell[], ch: string) => {
    for (const [r, c] of cells) marks.set(r * cols + c, (marks.get(r * cols + c) ?? '') + ch);
  };
  add(map.eggs, 'e');
  add(map.holes, 'o');
  add(state.holes, 'X');
  const [cr, cc] = opts.center ?? [Math.floor(rows / 2), Math.floor(cols / 2)];

  const lines = [`side: ${state.side}`, `cards: ${state.cards.join(', ')}`];
  if (state.map) lines.push('map: custom');
  if (state.rolls) lines.push(`rolls: ${state.rolls.map((r) => r.join(',')).join(' ')}`);
  for (let i = 0; i <= rows; i++) {
    let s = '';
    for (let j = 0; j <= cols; j++) {
      s += i === cr && j === cc ? '*' : '+';
      if (j < cols) s += state.fences.h[i][j] === '1' ? '---' : '   ';
    }
    lines.push(s);
    if (i === rows) break;
    s = '';
    for (let j = 0; j <= cols; j++) {
      s += state.fences.v[i][j] === '1' ? '|' : ' ';
      if (j < cols) s += ` ${(marks.get(i * cols + j) ?? '').padEnd(2)}`;
    }
    lines.push(s.trimEnd());
  }
  return lines.join('\n') + '\n';
}

export interface ReadOptions {
  printedMap?: SheetMap;
}

const OPEN = new Set([' ', '.', ':']);

export function readNotation(text: string, opts: ReadOptions = {}): SheetState {
  const headers = new Map<string, string>();
  const grid: { text: string; line: number }[] = [];
  text.split(/\r?\n/).forEach((raw, idx) => {
    const line = raw.replace(/\s+$/, '');
    if (grid.length === 0) {
      if (line === '' || line.startsWith('#')) return;
      const m = /^([a-z]+):\s*(.*)$/i.exec(line);
      if (m) {
        headers.set(m[1].toLowerCase(), m[2]);
        return;
      }
    }
    if (line.startsWith('#') && grid.length > 0 && !/^[+*]/.test(line)) return;
    if (line === '' && grid.length > 0) return;
    grid.push({ text: line, line: idx + 1 });
  });

  const side = headers.get('side');
  if (side !== 'A' && side !== 'B') throw new NotationError(0, `missing or bad "side:" line (expected A or B)`);
  const cardsLine = headers.get('cards');
  if (!cardsLine) throw new NotationError(0, 'missing "cards:" line (the five cards in play, comma-separated)');
  const cards = cardsLine.split(',').map((s) => s.trim()).filter(Boolean);
  const custom = (headers.get('map') ?? '').toLowerCase() === 'custom';

  if (grid.length < 3 || grid.length % 2 === 0) {
    throw new NotationError(grid[0]?.line ?? 0, `the drawing has ${grid.length} lines; expected 2 x rows + 1`);
  }
  const width = grid[0].text.length;
  if ((width - 1) % 4 !== 0 || width < 5) {
    throw new NotationError(grid[0].line, `the top line is ${width} characters wide; expected 4 x columns + 1`);
  }
  const cols = (width - 1) / 4;

  const h: string[] = [];
  const v: string[] = [];
  const eggs: Cell[] = [];
  const mapHoles: Cell[] = [];
  const holes: Cell[] = [];
  grid.forEach(({ text: raw, line }, gi) => {
    if (raw.length > width) throw new NotationError(line, `line is ${raw.length} characters wide; expected ${width}`);
    const s = raw.padEnd(width);
    if (gi % 2 === 0) {
      let fences = '';
      for (let j = 0; j <= cols; j++) {
        const vx = s[4 * j];
        if (vx !== '+' && vx !== '*') throw new NotationError(line, `column ${4 * j + 1}: expected a vertex '+' or '*', found '${vx}'`);
        if (j === cols) break;
        const mid = s.slice(4 * j + 1, 4 * j + 4);
        if (mid === '---') fences += '1';
        else if ([...mid].every((ch) => OPEN.has(ch))) fences += '0';
        else throw new NotationError(line, `column ${4 * j + 2}: expected '---' (fence) or spaces, found '${mid}'`);
      }
      h.push(fences);
    } else {
      const r = (gi - 1) / 2;
      let fences = '';
      for (let j = 0; j <= cols; j++) {
        const e = s[4 * j];
        if (e === '|') fences += '1';
        else if (OPEN.has(e)) fences += '0';
        else throw new NotationError(line, `column ${4 * j + 1}: expected '|' (fence) or a space, found '${e}'`);
        if (j === cols) break;
        for (const ch of s.slice(4 * j + 1, 4 * j + 4)) {
          if (ch === 'X' || ch === 'x') holes.push([r, j]);
          else if (ch === 'e') eggs.push([r, j]);
          else if (ch === 'o') mapHoles.push([r, j]);
          else if (!OPEN.has(ch)) throw new NotationError(line, `cell (${r}, ${j}): unexpected '${ch}' (cells hold X, e, o or spaces)`);
        }
      }
      v.push(fences);
    }
  });

  const state: SheetState = { side, cards, fences: { h, v }, holes };
  const rolls = headers.get('rolls');
  if (rolls !== undefined) {
    try {
      state.rolls = parseRolls(rolls);
    } catch (e) {
      if (e instanceof RollsError) throw new NotationError(0, `"rolls:" line: ${e.message}`);
      throw e;
    }
  }
  if (custom) {
    state.map = { eggs, holes: mapHoles };
  } else if (opts.printedMap) {
    const key = (cells: Cell[]) => cells.map(([r, c]) => `${r},${c}`).sort().join(' ');
    if (key(eggs) !== key(opts.printedMap.eggs) || key(mapHoles) !== key(opts.printedMap.holes)) {
      throw new NotationError(0, `the drawn eggs/holes (e, o) differ from sheet ${side}'s printed map: fix them, or add a "map: custom" line`);
    }
  }
  return state;
}
