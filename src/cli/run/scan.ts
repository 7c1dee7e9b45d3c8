import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { readGameFile } from '../../data/game-file.js';
import { loadGame } from '../../data/load.js';
import { checkedRolls } from '../../data/state.js';
import type { Roll } from '../../engine/rolls.js';
import type { SheetSetup } from '../../engine/setup.js';
import { findCard, UnknownCardError } from '../../engine/cards.js';
import { rankBy } from '../../engine/ranking.js';
import type { GameData, SheetState } from '../../engine/types.js';
import { askedCount, closedHoles, sideNumbers, type ReviewItem } from '../../engine/review.js';
import { BaakoError, OptionError, UserError } from '../../errors.js';
import { renderOverlay, spots } from '../../scan/overlay.js';
import { parseAnswer, readText, spotLabel, spotName, valueName, type Answer } from '../../scan/answers.js';
import { decodeAhead } from '../../scan/image.js';
import { openInputs } from '../../scan/inputs.js';
import { rollsCheckJson } from '../../scan/rolls-check.js';
import { scanPhoto, type FallbackSetup, type ScanResult } from '../../scan/scan.js';
import { ensureDir, writeFileAtomic } from '../../files.js';
import { resolveGameFile } from '../../server/game-dir.js';
import { formatScore } from '../format-score.js';
import { cliMessage } from '../messages.js';
import { checkSpots, linePrompter, type Prompter } from '../check-spots.js';
import { pad, progress, stdio } from '../output.js';
import { rollsOption } from '../rolls.js';
import type { ScanArgs } from '../commands/scan.js';

/** The scan JSON of docs/formats.md for one photo, or one page of a PDF (with `page`, 1-based). */
export function scanJson(file: string, r: ScanResult, page?: number) {
  return {
    ...r.state,
    score: r.score,
    confidence: r.confidence,
    uncertain: r.uncertain.map(({ kind, row, col, likely, chance, points }) => ({ kind, row, col, likely, chance: Math.round(chance * 1000) / 1000, points })),
    range: r.range,
    ...(r.player !== undefined ? { player: r.player } : {}),
    ...(r.game !== undefined ? { game: r.game } : {}),
    ...(r.rolls ? { rolls: r.rolls.rolls, rollsCheck: rollsCheckJson(r.rolls) } : {}),
    paper: r.paper,
    setupFrom: r.setupFrom,
    ...(r.printedOtherwise ? { printedOtherwise: r.printedOtherwise } : {}),
    ...(r.answered ? { answered: r.answered } : {}),
    photo: file,
    ...(page !== undefined ? { page } : {}),
  };
}

/** An answer as the text output names it: `h4,7 open`, `cell 4,7 a hole`. */
const answerText = (a: Answer) => `${spotLabel(a)} ${valueName(a)}`;

/** The first of two readings that does not throw, else the first's error. */
function eitherSide<T>(a: () => T, b: () => T): T {
  try {
    return a();
  } catch (e) {
    try {
      return b();
    } catch {
      throw e;
    }
  }
}

/** The setup to fall back on, and the rolls to check against: `--rolls`, else the game's own (`--game`). */
function fallbackFrom(args: ScanArgs, game: GameData): { fallback?: FallbackSetup; rolls?: Roll[] } {
  if (args.game) {
    const file = resolveGameFile(args.game, args.data);
    const g = readGameFile(file);
    const side = args.side ?? g.side;
    const rolls = rollsOption(game, args.rolls, side) ?? (g.rolls?.length ? checkedRolls(game, g.side, g.rolls, file) : undefined);
    return { fallback: { side, cards: g.cards, game: g.id, paper: g.paper }, rolls };
  }
  // The side is the QR code's when not given: rolls that fit either side are taken (a double 1 is a turn on B only).
  const rolls = args.side ? rollsOption(game, args.rolls, args.side) : eitherSide(() => rollsOption(game, args.rolls, 'A'), () => rollsOption(game, args.rolls, 'B'));
  if (args.cards) {
    const cards = args.cards.split(',').map((s) => s.trim()).filter(Boolean);
    if (cards.length !== 5) throw new UserError(`--cards: expected the 5 cards in play separated by commas, found ${cards.length}`);
    for (const c of cards) {
      try {
        findCard(game, c);
      } catch (e) {
        if (e instanceof UnknownCardError) throw new UserError(`--cards: ${e.message}`);
        throw e;
      }
    }
    return { fallback: { side: args.side ?? 'A', cards }, rolls };
  }
  return { rolls };
}

/** Where a photo's overlay goes: `target` itself, or a file in the folder `target`; missing folders are made. */
function overlayPath(target: string, photo: string, several: boolean, page?: number): string {
  const isDir = (existsSync(target) && statSync(target).isDirectory()) || target.endsWith('/') || several;
  if (!isDir) {
    ensureDir(dirname(target));
    return target;
  }
  ensureDir(target);
  return join(target, `${basename(photo, extname(photo))}${page !== undefined ? `-p${page}` : ''}.overlay.png`);
}

/** How --answer writes a spot, either way: `v7,5=fenced|open`, `4,7=hole|blank`. */
const answerHint = (u: Answer) => (u.kind === 'hole' ? `${u.row},${u.col}=hole|blank` : `${u.kind}${u.row},${u.col}=fenced|open`);

/** One doubt as the text output lists it: where, what was read, the chance it is wrong and what it moves. */
function describeDoubt(u: ScanResult['uncertain'][number]): string {
  const where = u.kind === 'hole' ? spotLabel(u) : `${u.kind === 'h' ? 'horizontal' : 'vertical'} edge ${spotLabel(u)}`;
  const what = `${where} ${readText(u)}`;
  const moves = u.points ? `, ${u.points > 0 ? '+' : ''}${u.points} if not` : '';
  const pct = u.chance < 0.005 ? 'under 1%' : `${Math.max(1, Math.round(100 * u.chance))}%`;
  return `${what} (${pct} wrong${moves})`;
}

/** The total, and while spots are to be checked, the totals they allow: "41 (39 to 44 until you check 3 spots)". */
function totalText(r: ScanResult): string {
  const asked = askedCount(r.uncertain);
  const [lo, hi] = r.range;
  return asked ? `${lo === hi ? 'the same' : `${lo} to ${hi}`} until you check ${spots(asked)}` : '';
}

/** The heading with the range the spots allow in its parenthesis: "total 41 (Exotic discoverer; 39 to 43 until ...)". */
function withRange(heading: string, range: string): string {
  if (!range) return heading;
  return heading.endsWith(')') ? `${heading.slice(0, -1)}; ${range})` : `${heading} (${range})`;
}

/**
 * The reading against the rolls, for people: the count, and where it disagrees the question, the spots it
 * points at (asked first) and the likeliest switch.
 */
function rollsLines(r: ScanResult): string[] {
  const rc = r.rolls;
  if (!rc) return [];
  const lines = [`  ${rc.summary}`];
  if (rc.note) {
    const n = rc.culprits.length;
    const where = n ? ` (the first ${n === 1 ? 'spot' : spots(n)} to check${rc.proposal ? `; likeliest: ${spotName(rc.proposal)}` : ''})` : '';
    lines.push(`  ${rc.note}${where}`);
  }
  return lines;
}

const printedText = (p: SheetSetup) => `sheet ${p.side}, ${p.cards.join(', ')}`;

/** Where the setup came from when not from the QR code: the player should know the cards were read otherwise. */
function setupNote(r: ScanResult): string {
  if (r.printedOtherwise) return ' (setup from --game/--cards: QR unreadable, and its print shows other cards)';
  if (r.setupFrom === 'fallback') return ' (setup from --game/--cards: QR unreadable)';
  if (r.setupFrom === 'print') return ` (QR unreadable: sheet ${r.state.side} and its cards read from the print)`;
  return '';
}

/** A page of a PDF in one line: `scans.pdf p3: player 2, 41 points, sheet A, confidence 0.97; check h3,4`. */
function pageLine(name: string, r: ScanResult): string {
  const who = r.player !== undefined ? `player ${r.player}` : 'player ?';
  const setup = setupNote(r);
  const asked = r.uncertain.filter((u) => !u.likely).map(spotLabel);
  // (the first few spots only: the overlay and --json have them all)
  const shown = asked.slice(0, 4);
  const check = shown.length ? `; check ${shown.join(' ')}${asked.length > shown.length ? ` and ${asked.length - shown.length} more` : ''}` : '';
  const rolls = r.rolls && !r.rolls.check.agrees ? `; ${r.rolls.summary}` : '';
  const answered = r.answered ? `; answered ${r.answered.map(answerText).join(', ')}` : '';
  return `${name}: ${who}, ${withRange(`${r.score.total} points`, totalText(r))}, sheet ${r.state.side}, confidence ${r.confidence.toFixed(2)}${setup}${rolls}${answered}${check}`;
}

export async function runScan(args: ScanArgs): Promise<void> {
  const game = loadGame();
  const { fallback, rolls } = fallbackFrom(args, game);
  const answers = (args.answer ?? []).map((t) => parseAnswer(t));
  const inputs = await openInputs(args.photos);
  const sheets = inputs.sheets;
  if (answers.length && sheets.length > 1) {
    inputs.close();
    throw new OptionError('answer', 'give one photo at a time: the spots answered are that sheet\'s');
  }
  // A PDF gives an array even of one page, so that scripts need not guess.
  const several = sheets.length > 1 || inputs.pdf;
  const results: { file: string; name: string; page?: number; result?: ScanResult; error?: string; code?: string }[] = [];
  // An overlay that cannot be written is reported after the readings, which are printed all the same.
  const overlayErrors: string[] = [];
  /** Writes a sheet's overlay where --overlay says, giving its path; undefined (the error kept for the end) when it cannot. */
  const writeOverlay = async (result: ScanResult, file: string, name: string, page?: number): Promise<string | undefined> => {
    if (!args.overlay) return undefined;
    try {
      const path = overlayPath(args.overlay, file, several, page);
      const title = `${basename(name)}: ${result.player !== undefined ? `player ${result.player}, ` : ''}total ${result.score.total}`;
      writeFileAtomic(path, await renderOverlay({ ...result, title, printedHoles: game.sheets[result.state.side].map.holes }));
      return path;
    } catch (e) {
      if (!(e instanceof BaakoError)) throw e;
      const message = `${name}: no overlay: ${cliMessage(e)}`;
      if (!overlayErrors.includes(message)) overlayErrors.push(message);
      return undefined;
    }
  };
  // (no progress line while --check asks on the same terminal)
  const bar = progress(args.check ? { ...stdio, interactive: false } : stdio, 'scanning', sheets.length);
  if (sheets.length > 1) bar.tick(0);
  let prompter: Prompter | undefined;
  /** Whether the player stopped --check (q, or the input ended): the sheets after are not asked about. */
  let checkStopped = false;
  try {
    for (const [i, sheet] of sheets.entries()) {
      const { file, name, page } = sheet;
      let result: ScanResult | undefined;
      try {
        if (sheet.error) throw sheet.error;
        // The next photo decodes on sharp's threads while this one is read.
        const next = sheets[i + 1];
        if (next && !next.error && next.page === undefined) decodeAhead(next.file, { name: next.name });
        const read = async (given: Answer[]) => scanPhoto(await sheet.load!(), game, { fallback, name, rolls, answers: given });
        result = await read(answers);
        if (args.check && !checkStopped && result.uncertain.some((u) => !u.likely)) {
          // The overlay first, its circles numbered as the questions are, to look at while answering.
          const numbered = await writeOverlay(result, file, name, page);
          prompter ??= linePrompter();
          const checked = await checkSpots(result, (more) => read([...answers, ...more]), prompter, { game, numbered, sheet: sheets.length > 1 ? name : undefined });
          result = checked.result;
          checkStopped = checked.stopped;
        }
        results.push({ file, name, page, result });
      } catch (e) {
        if (!(e instanceof BaakoError)) throw e;
        results.push({ file, name, page, error: cliMessage(e), code: e.code });
        if (!args.json) stdio.err(`baako: ${cliMessage(e)}`);
      }
      if (result) await writeOverlay(result, file, name, page);
      bar.tick(i + 1);
    }
  } finally {
    inputs.close();
    prompter?.close();
  }

  if (args.json) {
    const items = results.map((r) =>
      r.result ? scanJson(r.file, r.result, r.page) : { photo: r.file, ...(r.page !== undefined ? { page: r.page } : {}), error: r.error, code: r.code },
    );
    stdio.log(JSON.stringify(several ? items : items[0], null, 2));
    for (const r of results) if (r.error) stdio.err(`baako: ${r.error}`);
  } else {
    const ok = results.filter((r) => r.result);
    ok.forEach(({ name, page, result: r }, i) => {
      // Pages of a PDF take a line each (a stack of sheets); a photo gets its breakdown.
      if (page !== undefined) {
        if (i > 0 && ok[i - 1].page === undefined) stdio.log();
        stdio.log(pageLine(name, r!));
        return;
      }
      if (i > 0) stdio.log();
      const who = r!.player !== undefined ? `player ${r!.player}` : 'player ?';
      const lines = formatScore(game, r!.state, r!.score, `${name}: ${who}`, { verbose: args.verbose });
      lines[0] = `${withRange(lines[0], totalText(r!))}, confidence ${r!.confidence.toFixed(2)}${setupNote(r!)}`;
      for (const l of [...lines, ...rollsLines(r!)]) stdio.log(l);
      if (r!.answered) stdio.log(`  answered: ${r!.answered.map(answerText).join(', ')}`);
      if (r!.printedOtherwise) stdio.log(`  check the setup: the sheet's print shows ${printedText(r!.printedOtherwise)}, not the cards given: is it another game's sheet?`);
      const asked = r!.uncertain.filter((u) => !u.likely);
      const likely = r!.uncertain.filter((u) => u.likely);
      const where = args.overlay ? 'on the sheet or the overlay' : 'on the sheet';
      // numbered as the overlay numbers their circles
      // one a line: a list of several on one line is read by nobody
      if (asked.length) stdio.log(`  check ${spots(asked.length)} ${where}, likeliest wrong first:`);
      asked.forEach((u, k) => stdio.log(`    ${k + 1}. ${describeDoubt(u)}`));
      for (const line of closedHoleLines(game, r!.state, asked)) stdio.log(line);
      // (answers are one sheet's: with several photos, each is answered on its own)
      if (asked.length && sheets.length === 1) stdio.log(`  answer them with --check (asked here in turn) or --answer ${answerHint(asked[0])}`);
      // Folded away unless asked for: past two or three spots nobody checks, and a long list hides the asked ones.
      if (likely.length && args.verbose) {
        stdio.log(`  not asked, fairly sure or the score stands either way (${likely.length}):`);
        for (const u of likely) stdio.log(`    ${describeDoubt(u)}`);
      } else if (likely.length) stdio.log(`  not asked, fairly sure or the score stands either way (${likely.length}): --verbose lists them`);
    });
    if (ok.length > 1) {
      stdio.log();
      for (const line of ranking(ok.map((r) => ({ file: r.name, result: r.result! })))) stdio.log(line);
    }
  }
  for (const e of overlayErrors) stdio.err(`baako: ${e}`);
  if (results.some((r) => r.error) || overlayErrors.length) process.exitCode = 2;
  // Spots to check, or a count that disagrees with the rolls: a person looks before the scores count.
  else if (results.some((r) => r.result!.uncertain.some((u) => !u.likely) || r.result!.rolls?.check.agrees === false || r.result!.printedOtherwise)) process.exitCode = 3;
}

/** Where several spots to check are the sides of one printed hole read closed all round: one look at it settles them. */
export function closedHoleLines(game: GameData, state: SheetState, asked: ReviewItem[]): string[] {
  return closedHoles(state, game.sheets[state.side].map.holes, asked).map(
    (g) => `  spots ${sideNumbers(g, asked)} are sides of the printed hole in row ${g.row + 1}, column ${g.col + 1}, read closed all round: one look at it settles them`,
  );
}

/** The ranked table: by total, ties broken by the number of discoveries, then shared (the engine's ranking). */
export function ranking(items: { file: string; result: ScanResult }[]): string[] {
  const lines = [`${pad('rank', 6)}${pad('player', 8)}${pad('total', 7)}${pad('finds', 7)}photo`];
  for (const { item: it, rank } of rankBy(items, (x) => x.result.score)) {
    const asked = askedCount(it.result.uncertain);
    const flag = asked ? ` (${spots(asked)} to check)` : '';
    lines.push(`${pad(rank, 6)}${pad(it.result.player ?? '?', 8)}${pad(it.result.score.total, 7)}${pad(it.result.score.discoveries.length, 7)}${it.file}${flag}`);
  }
  return lines;
}
