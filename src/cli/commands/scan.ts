import { existsSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { CommandModule } from 'yargs';
import { readGameFile } from '../../data/game-file.js';
import { checkedRolls } from '../../data/state.js';
import type { Roll } from '../../engine/rolls.js';
import { loadGame } from '../../data/load.js';
import { findCard, UnknownCardError } from '../../engine/cards.js';
import { rankBy } from '../../engine/ranking.js';
import type { GameData } from '../../engine/types.js';
import { UserError } from '../../errors.js';
import { renderOverlay } from '../../scan/overlay.js';
import { LIKELY_RIGHT } from '../../scan/read.js';
import { scanPhoto, type FallbackSetup, type ScanResult } from '../../scan/scan.js';
import { ensureDir, writeFileAtomic } from '../../render/pdf.js';
import { resolveGameFile } from '../../server/game-dir.js';
import { formatScore } from '../format-score.js';
import { pad, progress, stdio } from '../output.js';
import { ROLLS_OPTION, rollsOption } from '../rolls.js';

interface Args {
  photos: string[];
  json: boolean;
  overlay?: string;
  game?: string;
  cards?: string;
  side?: 'A' | 'B';
  data: string;
  rolls?: string;
}

/** The scan JSON of docs/formats.md for one photo. */
export function scanJson(file: string, r: ScanResult) {
  return {
    ...r.state,
    score: r.score,
    confidence: r.confidence,
    uncertain: r.uncertain,
    ...(r.player !== undefined ? { player: r.player } : {}),
    ...(r.game !== undefined ? { game: r.game } : {}),
    ...(r.rolls ? { rolls: r.rolls.rolls, rollsCheck: { ...r.rolls.check, summary: r.rolls.summary, note: r.rolls.note, culprits: r.rolls.culprits, ...(r.rolls.proposal ? { proposal: r.rolls.proposal } : {}) } } : {}),
    paper: r.paper,
    setupFrom: r.setupFrom,
    photo: file,
  };
}

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
function fallbackFrom(args: Args, game: GameData): { fallback?: FallbackSetup; rolls?: Roll[] } {
  if (args.game) {
    const file = resolveGameFile(args.game, args.data);
    const g = readGameFile(file);
    const side = args.side ?? g.side;
    const rolls = rollsOption(game, args.rolls, side) ?? (g.rolls?.length ? checkedRolls(game, g.side, g.rolls, `${file}: rolls`) : undefined);
    return { fallback: { side, cards: g.cards, game: g.id, paper: g.paper }, rolls };
  }
  // The side is the QR code's when not given: rolls fit for either side are taken (a double 1 is a turn on B only).
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
      .option('rolls', { ...ROLLS_OPTION, describe: `${ROLLS_OPTION.describe} (--game's rolls when left out)` })
      .example('$0 scan photo.jpg', 'score one sheet')
      .example('$0 scan *.jpg --overlay out/overlays/', 'rank a game night, with overlays to check')
      .example('$0 scan photo.jpg --game GAME --data baako-data', "a game of baako serve: its cards, and the host's rolls to check against") as never,
  handler: async (args) => {
    const game = loadGame();
    const { fallback, rolls } = fallbackFrom(args, game);
    const several = args.photos.length > 1;
    const results: { file: string; result?: ScanResult; error?: string }[] = [];
    const bar = progress(stdio, 'scanning', args.photos.length);
    for (const [i, file] of args.photos.entries()) {
      try {
        const result = await scanPhoto(file, game, { fallback, name: file, rolls });
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
        lines[0] += `, confidence ${r!.confidence.toFixed(2)}${r!.setupFrom === 'fallback' ? ' (setup from --game/--cards: QR unreadable)' : ''}`;
        for (const l of lines) stdio.log(l);
        const rc = r!.rolls;
        if (rc) {
          stdio.log(`  ${rc.summary}`);
          if (rc.note) stdio.log(`  ${rc.note} (listed first below${rc.proposal ? `; likeliest: ${itemText(rc.proposal)}` : ''})`);
        }
        if (r!.uncertain.length) {
          const list = r!.uncertain.map(itemText);
          // (listed the likeliest wrong first: those the models are likely right about come last; the rolls' culprits lead)
          const culprits = rc?.culprits.length ?? 0;
          const unsure = Math.max(culprits, r!.risks.filter((x, i) => i < culprits || x >= LIKELY_RIGHT).length);
          const likely = list.length - unsure;
          const parts = [list.slice(0, unsure).join('; '), likely ? `likely right (${likely}): ${list.slice(unsure).join('; ')}` : ''].filter(Boolean);
          stdio.log(`  uncertain (${r!.uncertain.length}, likeliest wrong first, check on the sheet${args.overlay ? ' or the overlay' : ''}): ${parts.join('; ')}`);
        }
      });
      if (ok.length > 1) {
        stdio.log();
        for (const line of ranking(ok.map((r) => ({ file: r.file, result: r.result! })))) stdio.log(line);
      }
    }
    if (results.some((r) => r.error)) process.exitCode = 2;
    else if (results.some((r) => r.result!.uncertain.length > 0)) process.exitCode = 3;
  },
};

const itemText = (u: { kind: 'h' | 'v' | 'hole'; row: number; col: number }) =>
  u.kind === 'hole' ? `hole? cell ${u.row},${u.col}` : `${u.kind === 'h' ? 'horizontal' : 'vertical'} edge ${u.kind}${u.row},${u.col}`;

/** The ranked table: by total, ties broken by the number of discoveries, then shared (the engine's ranking). */
export function ranking(items: { file: string; result: ScanResult }[]): string[] {
  const lines = [`${pad('rank', 6)}${pad('player', 8)}${pad('total', 7)}${pad('finds', 7)}photo`];
  for (const { item: it, rank } of rankBy(items, (x) => x.result.score)) {
    const flag = it.result.uncertain.length ? ' (uncertain)' : '';
    lines.push(`${pad(rank, 6)}${pad(it.result.player ?? '?', 8)}${pad(it.result.score.total, 7)}${pad(it.result.score.discoveries.length, 7)}${it.file}${flag}`);
  }
  return lines;
}
