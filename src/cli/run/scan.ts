import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { readGameFile } from '../../data/game-file.js';
import { loadGame } from '../../data/load.js';
import { findCard, UnknownCardError } from '../../engine/cards.js';
import { rankBy } from '../../engine/ranking.js';
import type { GameData } from '../../engine/types.js';
import { BaakoError, UserError } from '../../errors.js';
import { renderOverlay } from '../../scan/overlay.js';
import { LIKELY_RIGHT } from '../../scan/read.js';
import { scanPhoto, type FallbackSetup, type ScanResult } from '../../scan/scan.js';
import { ensureDir, writeFileAtomic } from '../../files.js';
import { resolveGameFile } from '../../server/game-dir.js';
import { formatScore } from '../format-score.js';
import { cliMessage } from '../messages.js';
import { pad, progress, stdio } from '../output.js';
import type { ScanArgs } from '../commands/scan.js';

/** The scan JSON of docs/formats.md for one photo. */
export function scanJson(file: string, r: ScanResult) {
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
  };
}

function fallbackFrom(args: ScanArgs, game: GameData): FallbackSetup | undefined {
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

/** Where a photo's overlay goes: `target` itself, or a file in the folder `target`; missing folders are made. */
function overlayPath(target: string, photo: string, several: boolean): string {
  const isDir = (existsSync(target) && statSync(target).isDirectory()) || target.endsWith('/') || several;
  if (!isDir) {
    ensureDir(dirname(target));
    return target;
  }
  ensureDir(target);
  return join(target, `${basename(photo, extname(photo))}.overlay.png`);
}

export async function runScan(args: ScanArgs): Promise<void> {
  const game = loadGame();
  const fallback = fallbackFrom(args, game);
  const several = args.photos.length > 1;
  const results: { file: string; result?: ScanResult; error?: string; code?: string }[] = [];
  // An overlay that cannot be written is reported after the readings, which are printed all the same.
  const overlayErrors: string[] = [];
  const bar = progress(stdio, 'scanning', args.photos.length);
  for (const [i, file] of args.photos.entries()) {
    let result: ScanResult | undefined;
    try {
      result = await scanPhoto(file, game, { fallback, name: file });
      results.push({ file, result });
    } catch (e) {
      if (!(e instanceof BaakoError)) throw e;
      results.push({ file, error: cliMessage(e), code: e.code });
      if (!args.json) stdio.err(`baako: ${cliMessage(e)}`);
    }
    if (result && args.overlay) {
      try {
        const path = overlayPath(args.overlay, file, several);
        const title = `${basename(file)}: ${result.player !== undefined ? `player ${result.player}, ` : ''}total ${result.score.total}`;
        writeFileAtomic(path, await renderOverlay({ ...result, title }));
      } catch (e) {
        if (!(e instanceof BaakoError)) throw e;
        overlayErrors.push(`${file}: no overlay: ${cliMessage(e)}`);
      }
    }
    bar.tick(i + 1);
  }

  if (args.json) {
    const items = results.map((r) => (r.result ? scanJson(r.file, r.result) : { photo: r.file, error: r.error, code: r.code }));
    stdio.log(JSON.stringify(several ? items : items[0], null, 2));
    for (const r of results) if (r.error) stdio.err(`baako: ${r.error}`);
  } else {
    const ok = results.filter((r) => r.result);
    ok.forEach(({ file, result: r }, i) => {
      if (i > 0) stdio.log();
      const who = r!.player !== undefined ? `player ${r!.player}` : 'player ?';
      const lines = formatScore(game, r!.state, r!.score, `${file}: ${who}`, { verbose: args.verbose });
      lines[0] += `, confidence ${r!.confidence.toFixed(2)}${r!.setupFrom === 'fallback' ? ' (setup from --game/--cards: QR unreadable)' : ''}`;
      for (const l of lines) stdio.log(l);
      if (r!.uncertain.length) {
        const list = r!.uncertain.map((u) => (u.kind === 'hole' ? `hole? cell ${u.row},${u.col}` : `${u.kind === 'h' ? 'horizontal' : 'vertical'} edge ${u.kind}${u.row},${u.col}`));
        // (listed the likeliest wrong first: those the models are likely right about come last)
        const unsure = r!.risks.filter((x) => x >= LIKELY_RIGHT).length;
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
  for (const e of overlayErrors) stdio.err(`baako: ${e}`);
  if (results.some((r) => r.error) || overlayErrors.length) process.exitCode = 2;
  else if (results.some((r) => r.result!.uncertain.length > 0)) process.exitCode = 3;
}

/** The ranked table: by total, ties broken by the number of discoveries, then shared (the engine's ranking). */
export function ranking(items: { file: string; result: ScanResult }[]): string[] {
  const lines = [`${pad('rank', 6)}${pad('player', 8)}${pad('total', 7)}${pad('finds', 7)}photo`];
  for (const { item: it, rank } of rankBy(items, (x) => x.result.score)) {
    const flag = it.result.uncertain.length ? ' (uncertain)' : '';
    lines.push(`${pad(rank, 6)}${pad(it.result.player ?? '?', 8)}${pad(it.result.score.total, 7)}${pad(it.result.score.discoveries.length, 7)}${it.file}${flag}`);
  }
  return lines;
}
