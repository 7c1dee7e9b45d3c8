/**
 * `baako scan --check`: the spots the scan asks about, asked one by one at the terminal, and the sheet read again
 * with the answers, so that a host at a laptop settles a sheet as a player does on the phone page.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { answerWord, readText, spotLabel, spotPlace, type Answer } from '../scan/answers.js';
import { writeNotation } from '../engine/notation.js';
import { closedHoles, holeSide, itemKey, sideNumbers, type ClosedHole } from '../engine/review.js';
import type { GameData, SheetState } from '../engine/types.js';
import { spots } from '../scan/overlay.js';
import type { ScanResult } from '../scan/scan.js';

/** Asks one question and gives the line typed, or null once the input has ended; `say` writes a line beside them. */
export interface Prompter {
  ask(question: string): Promise<string | null>;
  say(line: string): void;
  close(): void;
}

/** Questions on `output` (stderr: stdout keeps the result, for a pipe or --json), answers from `input`, a line each. */
export function linePrompter(input: Readable = process.stdin, output: Writable = process.stderr): Prompter {
  const tty = Boolean((input as { isTTY?: boolean }).isTTY);
  const rl = createInterface({ input, output, terminal: tty });
  // Ctrl-C at a question stops the command, as anywhere else (readline would only pause the input): nothing is
  // half-written, the overlays being written whole or not at all.
  rl.on('SIGINT', () => {
    output.write('\n');
    process.exit(130);
  });
  const lines = rl[Symbol.asyncIterator]();
  let ended = false;
  return {
    async ask(question) {
      if (ended) return null;
      output.write(question);
      const next = await lines.next();
      if (next.done) {
        ended = true;
        output.write('\n');
        return null;
      }
      // (a terminal echoes what was typed; a piped answer is shown, so the questions keep a line each)
      if (!tty) output.write(`${next.value}\n`);
      return next.value;
    },
    say: (line) => output.write(`${line}\n`),
    close: () => rl.close(),
  };
}

type Reply = 0 | 1 | 'skip' | 'stop';

const YES = new Set(['y', 'yes']);
const NO = new Set(['n', 'no']);

/** What a typed line says about a spot: 1 (fenced, a hole), 0, skip (an empty line), stop, or undefined (the words of --answer count too). */
export function readReply(line: string, kind: Answer['kind']): Reply | undefined {
  const w = line.trim().toLowerCase();
  if (w === '' || w === 's' || w === 'skip') return 'skip';
  if (w === 'q' || w === 'quit' || w === 'stop') return 'stop';
  if (YES.has(w)) return 1;
  if (NO.has(w)) return 0;
  return answerWord(kind, w);
}

/**
 * The reading around a spot in the sheet notation (`+---+`, `|`, `e` an egg, `X` a hole, `*` the centre point), a
 * cell beyond it each way, the spot marked `?` (`-?-` an edge read fenced, ` ? ` one read open, `[?]` a cell): the
 * fences the player sees around the spot find it on the paper, and show what the rest was read as.
 */
export function spotExcerpt(state: SheetState, game: GameData, u: Pick<Answer, 'kind' | 'row' | 'col'>, marked: Pick<Answer, 'kind' | 'row' | 'col'>[] = [u]): string[] {
  const sheet = game.sheets[state.side];
  const { rows, cols } = sheet.grid;
  const lines = writeNotation(state, { printedMap: sheet.map, center: sheet.center }).split('\n');
  const top = lines.findIndex((l) => l.startsWith('+') || l.startsWith('*'));
  // the cells the spot touches, then one more each way
  const [r0, r1] = u.kind === 'h' ? [u.row - 1, u.row] : [u.row, u.row];
  const [c0, c1] = u.kind === 'v' ? [u.col - 1, u.col] : [u.col, u.col];
  const [rFrom, rTo] = [Math.max(0, r0 - 1), Math.min(rows - 1, r1 + 1)];
  const [cFrom, cTo] = [Math.max(0, c0 - 1), Math.min(cols - 1, c1 + 1)];
  const grid = lines.slice(top + 2 * rFrom, top + 2 * (rTo + 1) + 1).map((l) => l.padEnd(4 * cols + 1));
  const mark = (line: number, at: number, text: string) => {
    const l = grid[line - 2 * rFrom];
    grid[line - 2 * rFrom] = l.slice(0, at) + text + l.slice(at + text.length);
  };
  for (const m of marked) {
    if (m.kind === 'h') mark(2 * m.row, 4 * m.col + 1, state.fences.h[m.row][m.col] === '1' ? '-?-' : ' ? ');
    else if (m.kind === 'v') mark(2 * m.row + 1, 4 * m.col, '?');
    else mark(2 * m.row + 1, 4 * m.col + 1, '[?]');
  }
  return grid.map((l) => l.slice(4 * cFrom, 4 * (cTo + 1) + 1).trimEnd());
}

const question = (u: Pick<Answer, 'kind'>) => (u.kind === 'hole' ? 'Is it a hole on the paper?' : 'Is there a fence on the paper?');

type Spot = ScanResult['uncertain'][number];

/**
 * Asks each spot of `result` the scan asks about (likeliest wrong first) and reads the sheet again with the answers
 * (`rescan`, given every answer so far). Spots asked anew after a reading with answers are asked in turn, a few
 * rounds at most; spots skipped stay asked. Each spot is shown as read around it (spotExcerpt, from `game`).
 * `numbered`: the overlay that shows the spots' numbers; `sheet`: the sheet's name, when several are asked about in
 * turn. `stopped`: the player stopped (q, or the input ended).
 */
export async function checkSpots(
  result: ScanResult,
  rescan: (answers: Answer[]) => Promise<ScanResult>,
  prompter: Prompter,
  opts: { game: GameData; numbered?: string; sheet?: string },
): Promise<{ result: ScanResult; stopped: boolean }> {
  const answers: Answer[] = [];
  const skipped = new Set<string>();
  let r = result;
  let stop = false;
  for (let round = 0; round < 3 && !stop; round++) {
    const todo = r.uncertain.filter((u) => !u.likely && !skipped.has(itemKey(u)));
    if (!todo.length) break;
    const holes = closedHoles(r.state, opts.game.sheets[r.state.side].map.holes, todo);
    const questions = todo.length - holes.reduce((n, g) => n + g.sides.length - 1, 0);
    const inQuestions = questions < todo.length ? `, in ${questions} question${questions === 1 ? '' : 's'}` : '';
    if (round === 0) prompter.say(`${opts.sheet ? `${opts.sheet}: ` : ''}${spots(todo.length)} to check on the paper${inQuestions}${opts.numbered ? `, numbered on ${opts.numbered}` : ''} (y or n; Enter skips, q stops):`);
    // (the overlay numbers the first round's spots only)
    else prompter.say(`  with those answers, ${todo.length === 1 ? 'one more spot matters' : `${todo.length} more spots matter`}${inQuestions}:`);
    const fresh: Answer[] = [];
    const holeOf = new Map(holes.flatMap((g) => g.sides.map((u) => [itemKey(u), g] as const)));
    const reply = async (first: string, kind: Answer['kind'], yes = kind === 'hole' ? 'a hole' : 'fenced', no = kind === 'hole' ? 'blank' : 'open') => {
      let got: Reply | undefined;
      for (let q = first; got === undefined; q = `     please answer y (${yes}), n (${no}), Enter to skip or q to stop: `) {
        const line = await prompter.ask(q);
        got = line === null ? 'stop' : readReply(line, kind);
      }
      return got;
    };
    // each spot's answer: stop, or taken (an answer, or a skip remembered)
    const take = (u: Spot, got: Reply) => {
      if (got === 'stop') return false;
      if (got === 'skip') skipped.add(itemKey(u));
      else fresh.push({ kind: u.kind, row: u.row, col: u.col, value: got });
      return true;
    };
    const number = (u: Spot) => (round === 0 ? todo.indexOf(u) + 1 : 0);
    // each asks its spots and gives false once the player stops
    const askSpot = async (u: Spot) => {
      prompter.say(`  ${round === 0 ? `${number(u)}. ` : ''}${spotPlace(u)} (${spotLabel(u)}), ${readText(u)}:`);
      for (const line of spotExcerpt(r.state, opts.game, u)) prompter.say(`        ${line}`.trimEnd());
      return take(u, await reply(`     ${question(u)} `, u.kind));
    };
    const askHole = async (hole: ClosedHole<Spot>) => {
      const labels = hole.sides.map(spotLabel).join(' ');
      prompter.say(`  ${round === 0 ? `${sideNumbers(hole, todo)}. ` : ''}the printed hole in row ${hole.row + 1}, column ${hole.col + 1}, read closed all round (its sides ${labels}):`);
      for (const line of spotExcerpt(r.state, opts.game, { kind: 'hole', row: hole.row, col: hole.col }, hole.sides)) prompter.say(`        ${line}`.trimEnd());
      const all = await reply('     Is the hole closed all round on the paper (a fence on every side)? ', 'h', 'closed', 'not');
      if (all !== 0) return hole.sides.every((side) => take(side, all));
      // not closed: which sides are open is asked side by side
      for (const side of hole.sides) {
        if (!take(side, await reply(`     its ${holeSide(side, hole)} side (${spotLabel(side)}): is there a fence on the paper? `, 'h'))) return false;
      }
      return true;
    };
    for (const u of todo) {
      const hole = holeOf.get(itemKey(u));
      if (hole && hole.sides[0] !== u) continue;
      if (!(await (hole ? askHole(hole) : askSpot(u)))) {
        stop = true;
        break;
      }
    }
    if (!fresh.length) break;
    answers.push(...fresh);
    r = await rescan(answers);
  }
  return { result: r, stopped: stop };
}
