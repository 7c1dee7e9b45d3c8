import { existsSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { CommandModule } from 'yargs';
import { readGameFile } from '../../data/game-file.js';
import { loadGame } from '../../data/load.js';
import { findCard, UnknownCardError } from '../../engine/cards.js';
import { rankBy } from '../../engine/ranking.js';
import type { GameData } from '../../engine/types.js';
import { UserError } from '../../errors.js';
import { renderOverlay } from '../../scan/overlay.js';
import { openInputs } from '../../scan/inputs.js';
import { LIKELY_RIGHT } from '../../scan/read.js';
import { scanPhoto, type FallbackSetup, type ScanResult } from '../../scan/scan.js';
import { ensureDir, writeFileAtomic } from '../../render/pdf.js';
import { resolveGameFile } from '../../server/game-dir.js';
import { formatScore } from '../format-score.js';
import { pad, progress, stdio } from '../output.js';

interface Args {
  photos: string[];
  json: boolean;
  overlay?: string;
  game?: string;
  cards?: string;
  side?: 'A' | 'B';
  data: string;
}

/** The scan JSON of docs/formats.md for one photo, or one page of a PDF (with `page`, 1-based). */
export function scanJson(file: string, r: ScanResult, page?: number) {
  return {
    ...r.state,
    score: r.score,
    confidence: r.confidence,
    uncertain: r.uncertain,
    ...(r.player !== undefined ? { player: r.player } : {}),
    ...(r.game !== undefined ? { game: r.game } : {}),
    paper: r.paper,
    setupFrom: r.setupFrom,
    photo: file,
    ...(page !== undefined ? { page } : {}),
  };
}

function fallbackFrom(args: Args, game: GameData): FallbackSetup | undefined {
  if (args.game) {
    const g = readGameFile(resolveGameFile(args.game, args.data));
    return { side: args.side ?? g.side, cards: g.cards, game: g.id, paper: g.paper };
  }
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
    return { side: args.side ?? 'A', cards };
  }
  return undefined;
}

function overlayPath(target: string, photo: string, several: boolean, page?: number): string {
  const isDir = (existsSync(target) && statSync(target).isDirectory()) || target.endsWith('/') || several;
  if (!isDir) return target;
  ensureDir(target);
  return join(target, `${basename(photo, extname(photo))}${page !== undefined ? `-p${page}` : ''}.overlay.png`);
}

/** The doubts of a reading, likeliest wrong first, those the models are likely right about after 'likely right (N):'. */
function doubtList(r: ScanResult): string {
  const list = r.uncertain.map((u) => (u.kind === 'hole' ? `hole? cell ${u.row},${u.col}` : `${u.kind === 'h' ? 'horizontal' : 'vertical'} edge ${u.kind}${u.row},${u.col}`));
  // (listed the likeliest wrong first: those the models are likely right about come last)
  const unsure = r.risks.filter((x) => x >= LIKELY_RIGHT).length;
  const likely = list.length - unsure;
  return [list.slice(0, unsure).join('; '), likely ? `likely right (${likely}): ${list.slice(unsure).join('; ')}` : ''].filter(Boolean).join('; ');
}

/** A page of a PDF in one line: `scans.pdf p3: player 2, 41 points, sheet A, confidence 0.97; check h3,4`. */
function pageLine(name: string, r: ScanResult): string {
  const who = r.player !== undefined ? `player ${r.player}` : 'player ?';
  const setup = r.setupFrom === 'fallback' ? ' (setup from --game/--cards: QR unreadable)' : '';
  const items = r.uncertain.map((u) => (u.kind === 'hole' ? `hole ${u.row},${u.col}` : `${u.kind}${u.row},${u.col}`));
  const unsure = r.risks.filter((x) => x >= LIKELY_RIGHT).length;
  const likely = items.length - unsure;
  // (the first few doubts only: the overlay and --json have them all)
  const shown = items.slice(0, Math.min(unsure, 4));
  const check = [
    shown.length ? `check ${shown.join(' ')}${unsure > shown.length ? ` and ${unsure - shown.length} more` : ''}` : '',
    likely ? `${likely} likely right` : '',
  ].filter(Boolean);
  return `${name}: ${who}, ${r.score.total} points, sheet ${r.state.side}, confidence ${r.confidence.toFixed(2)}${setup}${check.length ? `; ${check.join(', ')}` : ''}`;
}

export const scanCommand: CommandModule<object, Args> = {
  command: 'scan <photos..>',
  describe: 'Read photos or scanned PDFs of finished sheets: fences, holes, player and score',
  builder: (y) =>
    y
      .positional('photos', { type: 'string', array: true, demandOption: true, describe: 'photos (JPEG, HEIC, PNG, WebP, AVIF, TIFF), or PDFs of scanned sheets (a sheet a page)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the scan JSON (an array for several photos)' })
      .option('overlay', { type: 'string', describe: 'write a PNG of what was read: a file, or a folder for several photos' })
      .option('game', { type: 'string', describe: "the pack's game.json (or the id of a game of baako serve), used when a sheet's QR code cannot be read" })
      .option('data', { type: 'string', default: 'baako-data', describe: "baako serve's data folder, where --game ID is looked up" })
      .option('cards', { type: 'string', describe: 'the five cards in play, comma-separated (instead of --game)' })
      .option('side', { choices: ['A', 'B'] as const, describe: 'sheet side when the QR code cannot be read' })
      .example('$0 scan photo.jpg', 'score one sheet')
      .example('$0 scan *.jpg --overlay out/overlays/', 'rank a game night, with overlays to check')
      .example('$0 scan scans.pdf', "score a printer's scan of the whole table, a line a page") as never,
  handler: async (args) => {
    const game = loadGame();
    const fallback = fallbackFrom(args, game);
    const inputs = await openInputs(args.photos);
    const sheets = inputs.sheets;
    // A PDF gives an array even of one page, so that scripts need not guess.
    const several = sheets.length > 1 || inputs.pdf;
    const results: { file: string; name: string; page?: number; result?: ScanResult; error?: string }[] = [];
    const bar = progress(stdio, 'scanning', sheets.length);
    if (sheets.length > 1) bar.tick(0);
    try {
      for (const [i, sheet] of sheets.entries()) {
        const { file, name, page } = sheet;
        try {
          if (sheet.error) throw sheet.error;
          const result = await scanPhoto(await sheet.load!(), game, { fallback, name });
          if (args.overlay) {
            const path = overlayPath(args.overlay, file, several, page);
            const title = `${basename(name)}: ${result.player !== undefined ? `player ${result.player}, ` : ''}total ${result.score.total}`;
            const png = await renderOverlay({ ...result, title });
            writeFileAtomic(path, png);
          }
          results.push({ file, name, page, result });
        } catch (e) {
          if (!(e instanceof UserError)) throw e;
          results.push({ file, name, page, error: e.message });
          if (!args.json) stdio.err(`baako: ${e.message}`);
        }
        bar.tick(i + 1);
      }
    } finally {
      inputs.close();
    }

    if (args.json) {
      const items = results.map((r) =>
        r.result ? scanJson(r.file, r.result, r.page) : { photo: r.file, ...(r.page !== undefined ? { page: r.page } : {}), error: r.error },
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
        const lines = formatScore(game, r!.state, r!.score, `${name}: ${who}`);
        lines[0] += `, confidence ${r!.confidence.toFixed(2)}${r!.setupFrom === 'fallback' ? ' (setup from --game/--cards: QR unreadable)' : ''}`;
        for (const l of lines) stdio.log(l);
        if (r!.uncertain.length) {
          stdio.log(`  uncertain (${r!.uncertain.length}, likeliest wrong first, check on the sheet${args.overlay ? ' or the overlay' : ''}): ${doubtList(r!)}`);
        }
      });
      if (ok.length > 1) {
        stdio.log();
        for (const line of ranking(ok.map((r) => ({ file: r.name, result: r.result! })))) stdio.log(line);
      }
    }
    if (results.some((r) => r.error)) process.exitCode = 2;
    else if (results.some((r) => r.result!.uncertain.length > 0)) process.exitCode = 3;
  },
};

/** The ranked table: by total, ties broken by the number of discoveries, then shared (the engine's ranking). */
export function ranking(items: { file: string; result: ScanResult }[]): string[] {
  const lines = [`${pad('rank', 6)}${pad('player', 8)}${pad('total', 7)}${pad('finds', 7)}photo`];
  for (const { item: it, rank } of rankBy(items, (x) => x.result.score)) {
    const flag = it.result.uncertain.length ? ' (uncertain)' : '';
    lines.push(`${pad(rank, 6)}${pad(it.result.player ?? '?', 8)}${pad(it.result.score.total, 7)}${pad(it.result.score.discoveries.length, 7)}${it.file}${flag}`);
  }
  return lines;
}
