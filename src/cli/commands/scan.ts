import { existsSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { CommandModule } from 'yargs';
import { readGameFile } from '../../data/game-file.js';
import { loadGame } from '../../data/load.js';
import { findCard, UnknownCardError } from '../../engine/cards.js';
import { rankBy } from '../../engine/ranking.js';
import type { GameData } from '../../engine/types.js';
import { UserError } from '../../errors.js';
import { renderOverlay, spots } from '../../scan/overlay.js';
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

/** The scan JSON of docs/formats.md for one photo. */
export function scanJson(file: string, r: ScanResult) {
  return {
    ...r.state,
    score: r.score,
    confidence: r.confidence,
    uncertain: r.uncertain.map(({ kind, row, col, likely, chance, points }) => ({ kind, row, col, likely, chance: Math.round(chance * 1000) / 1000, points })),
    range: r.range,
    ...(r.player !== undefined ? { player: r.player } : {}),
    ...(r.game !== undefined ? { game: r.game } : {}),
    paper: r.paper,
    setupFrom: r.setupFrom,
    photo: file,
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

function overlayPath(target: string, photo: string, several: boolean): string {
  const isDir = (existsSync(target) && statSync(target).isDirectory()) || target.endsWith('/') || several;
  if (!isDir) return target;
  ensureDir(target);
  return join(target, `${basename(photo, extname(photo))}.overlay.png`);
}

export const scanCommand: CommandModule<object, Args> = {
  command: 'scan <photos..>',
  describe: 'Read photos of finished sheets: fences, holes, player and score',
  builder: (y) =>
    y
      .positional('photos', { type: 'string', array: true, demandOption: true, describe: 'photos (JPEG, PNG or WebP)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the scan JSON (an array for several photos)' })
      .option('overlay', { type: 'string', describe: 'write a PNG of what was read: a file, or a folder for several photos' })
      .option('game', { type: 'string', describe: "the pack's game.json (or the id of a game of baako serve), used when a sheet's QR code cannot be read" })
      .option('data', { type: 'string', default: 'baako-data', describe: "baako serve's data folder, where --game ID is looked up" })
      .option('cards', { type: 'string', describe: 'the five cards in play, comma-separated (instead of --game)' })
      .option('side', { choices: ['A', 'B'] as const, describe: 'sheet side when the QR code cannot be read' })
      .example('$0 scan photo.jpg', 'score one sheet')
      .example('$0 scan *.jpg --overlay out/overlays/', 'rank a game night, with overlays to check') as never,
  handler: async (args) => {
    const game = loadGame();
    const fallback = fallbackFrom(args, game);
    const several = args.photos.length > 1;
    const results: { file: string; result?: ScanResult; error?: string }[] = [];
    const bar = progress(stdio, 'scanning', args.photos.length);
    for (const [i, file] of args.photos.entries()) {
      try {
        const result = await scanPhoto(file, game, { fallback, name: file });
        if (args.overlay) {
          const path = overlayPath(args.overlay, file, several);
          const title = `${basename(file)}: ${result.player !== undefined ? `player ${result.player}, ` : ''}total ${result.score.total}`;
          const png = await renderOverlay({ ...result, title });
          writeFileAtomic(path, png);
        }
        results.push({ file, result });
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        results.push({ file, error: e.message });
        if (!args.json) stdio.err(`baako: ${e.message}`);
      }
      bar.tick(i + 1);
    }

    if (args.json) {
      const items = results.map((r) => (r.result ? scanJson(r.file, r.result) : { photo: r.file, error: r.error }));
      stdio.log(JSON.stringify(several ? items : items[0], null, 2));
      for (const r of results) if (r.error) stdio.err(`baako: ${r.error}`);
    } else {
      const ok = results.filter((r) => r.result);
      ok.forEach(({ file, result: r }, i) => {
        if (i > 0) stdio.log();
        const who = r!.player !== undefined ? `player ${r!.player}` : 'player ?';
        const lines = formatScore(game, r!.state, r!.score, `${file}: ${who}`);
        const asked = r!.uncertain.filter((u) => !u.likely);
        const likely = r!.uncertain.filter((u) => u.likely);
        const [lo, hi] = r!.range;
        if (asked.length) lines[0] += ` (${lo === hi ? 'the same' : `${lo} to ${hi}`} until you check ${spots(asked.length)})`;
        lines[0] += `, confidence ${r!.confidence.toFixed(2)}${r!.setupFrom === 'fallback' ? ' (setup from --game/--cards: QR unreadable)' : ''}`;
        for (const l of lines) stdio.log(l);
        const where = args.overlay ? 'on the sheet or the overlay' : 'on the sheet';
        if (asked.length) stdio.log(`  check ${spots(asked.length)} ${where}, likeliest wrong first: ${asked.map(describeDoubt).join('; ')}`);
        if (likely.length) stdio.log(`  likely right, no need to check (${likely.length}): ${likely.map(describeDoubt).join('; ')}`);
      });
      if (ok.length > 1) {
        stdio.log();
        for (const line of ranking(ok.map((r) => ({ file: r.file, result: r.result! })))) stdio.log(line);
      }
    }
    if (results.some((r) => r.error)) process.exitCode = 2;
    else if (results.some((r) => r.result!.uncertain.some((u) => !u.likely))) process.exitCode = 3;
  },
};

/** One doubt as the text output lists it: where, what was read, the chance it is wrong and what it moves. */
function describeDoubt(u: ScanResult['uncertain'][number]): string {
  const what = u.kind === 'hole' ? `cell ${u.row},${u.col} read ${u.value ? 'as a hole' : 'blank'}` : `${u.kind === 'h' ? 'horizontal' : 'vertical'} edge ${u.kind}${u.row},${u.col} read ${u.value ? 'fenced' : 'open'}`;
  const moves = u.points ? `, ${u.points > 0 ? '+' : ''}${u.points} if not` : '';
  return `${what} (${Math.max(1, Math.round(100 * u.chance))}% wrong${moves})`;
}

/** The ranked table: by total, ties broken by the number of discoveries, then shared (the engine's ranking). */
export function ranking(items: { file: string; result: ScanResult }[]): string[] {
  const lines = [`${pad('rank', 6)}${pad('player', 8)}${pad('total', 7)}${pad('finds', 7)}photo`];
  for (const { item: it, rank } of rankBy(items, (x) => x.result.score)) {
    const asked = it.result.uncertain.filter((u) => !u.likely).length;
    const flag = asked ? ` (${spots(asked)} to check)` : '';
    lines.push(`${pad(rank, 6)}${pad(it.result.player ?? '?', 8)}${pad(it.result.score.total, 7)}${pad(it.result.score.discoveries.length, 7)}${it.file}${flag}`);
  }
  return lines;
}
