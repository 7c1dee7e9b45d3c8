/**
 * `baako scan --check`: the spots the scan asks about, asked one by one at the terminal, and the sheet read again
 * with the answers, so that a host at a laptop settles a sheet as a player does on the phone page.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { spotKey } from '../scan/ask.js';
import { spotPlace, type Answer } from '../scan/answers.js';
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
  const rl = createInterface({ input, output, terminal: Boolean((input as { isTTY?: boolean }).isTTY) });
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
      if (!(input as { isTTY?: boolean }).isTTY) output.write(`${next.value}\n`);
      return next.value;
    },
    say: (line) => output.write(`${line}\n`),
    close: () => rl.close(),
  };
}

type Reply = 0 | 1 | 'skip' | 'stop';

const YES = new Set(['y', 'yes']);
const NO = new Set(['n', 'no']);
const WORDS = { edge: { fenced: 1, fence: 1, open: 0 }, hole: { hole: 1, blank: 0 } } as const;

/** What a typed line says about a spot: 1 (fenced, a hole), 0, skip (an empty line), stop, or undefined. */
export function readReply(line: string, kind: Answer['kind']): Reply | undefined {
  const w = line.trim().toLowerCase();
  if (w === '' || w === 's' || w === 'skip') return 'skip';
  if (w === 'q' || w === 'quit' || w === 'stop') return 'stop';
  if (YES.has(w)) return 1;
  if (NO.has(w)) return 0;
  const words: Record<string, 0 | 1> = WORDS[kind === 'hole' ? 'hole' : 'edge'];
  return words[w];
}

const question = (u: ScanResult['uncertain'][number]) =>
  u.kind === 'hole'
    ? `read ${u.value ? 'as a hole' : 'blank'}. Is it a hole on the paper?`
    : `read ${u.value ? 'fenced' : 'open'}. Is there a fence on the paper?`;

/**
 * Asks each spot of `result` the scan asks about (likeliest wrong first) and reads the sheet again with the answers
 * (`rescan`, given every answer so far). Spots asked anew after a reading with answers are asked in turn, a few
 * rounds at most; spots skipped stay asked. `numbered`: the overlay that shows the spots' numbers; `sheet`: the
 * sheet's name, when several are asked about in turn. `stopped`: the player stopped (q, or the input ended).
 */
export async function checkSpots(
  result: ScanResult,
  rescan: (answers: Answer[]) => Promise<ScanResult>,
  prompter: Prompter,
  opts: { numbered?: string; sheet?: string } = {},
): Promise<{ result: ScanResult; stopped: boolean }> {
  const answers: Answer[] = [];
  const skipped = new Set<string>();
  let r = result;
  let stop = false;
  for (let round = 0; round < 3 && !stop; round++) {
    const todo = r.uncertain.filter((u) => !u.likely && !skipped.has(spotKey(u)));
    if (!todo.length) break;
    if (round === 0) {
      const where = opts.numbered ? `, numbered on ${opts.numbered}` : '';
      prompter.say(`${opts.sheet ? `${opts.sheet}: ` : ''}${spots(todo.length)} to check on the paper${where} (y or n; Enter skips, q stops):`);
    }
    const fresh: Answer[] = [];
    for (const [i, u] of todo.entries()) {
      const head = `  ${round === 0 ? `${i + 1}. ` : ''}${spotPlace(u)} (${u.kind === 'hole' ? 'cell ' : u.kind}${u.row},${u.col}), ${question(u)} `;
      let reply: Reply | undefined;
      for (let q = head; reply === undefined; q = `  please answer y (${u.kind === 'hole' ? 'a hole' : 'fenced'}), n (${u.kind === 'hole' ? 'blank' : 'open'}), Enter to skip or q to stop: `) {
        const line = await prompter.ask(q);
        reply = line === null ? 'stop' : readReply(line, u.kind);
      }
      if (reply === 'stop') {
        stop = true;
        break;
      }
      if (reply === 'skip') skipped.add(spotKey(u));
      else fresh.push({ kind: u.kind, row: u.row, col: u.col, value: reply });
    }
    if (fresh.length) {
      answers.push(...fresh);
      r = await rescan(answers);
    }
    if (!fresh.length) break;
  }
  return { result: r, stopped: stop };
}
