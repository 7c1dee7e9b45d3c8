/**
 * The photos made outside the project (`../shared/photos` beside the checkout, or BAAKO_OUTSIDE_PHOTOS): each
 * read and compared with its truth. For looking and measuring only: nothing is fitted on them.
 *
 *   node --import tsx tools/outside.ts                       prints one line a photo and the totals
 *   node --import tsx tools/outside.ts --models FILE.json    the same with a trainer's models, before shipping them
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadGame, projectRoot } from '../src/data/load.js';
import type { GameData } from '../src/engine/types.js';
import { modelsFromFile, type ScanModels } from '../src/scan/models.js';
import { scanPhoto } from '../src/scan/scan.js';
import { evaluate, type Evaluation } from './evaluate.js';

export const outsideDir = (): string => process.env.BAAKO_OUTSIDE_PHOTOS ?? join(projectRoot, '..', 'shared', 'photos');

export interface OutsideReading {
  photo: string;
  /** The scan's refusal, if it refused. */
  refused?: string;
  e?: Evaluation;
  total?: number;
  truthTotal: number;
  confidence?: number;
}

export function outsidePhotos(): string[] {
  const dir = outsideDir();
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort() : [];
}

export async function readOutside(photo: string, game: GameData = loadGame(), models?: ScanModels): Promise<OutsideReading> {
  const dir = outsideDir();
  const truth = JSON.parse(readFileSync(join(dir, photo.replace(/\.jpg$/, '.truth.json')), 'utf8'));
  const { scoreState } = await import('../src/engine/score.js');
  try {
    const r = await scanPhoto(join(dir, photo), game, { name: photo, models });
    // the truth files hold the pencil, not the cards: those come with the sheet's game (its QR code)
    truth.cards ??= r.state.cards;
    return { photo, e: evaluate(truth, r.state, r.uncertain, game), total: r.score.total, truthTotal: scoreState(game, truth).total, confidence: r.confidence };
  } catch (err) {
    return { photo, refused: (err as Error).message, truthTotal: NaN };
  }
}

async function main(): Promise<void> {
  const game = loadGame();
  const at = process.argv.indexOf('--models');
  const models = at > 0 ? modelsFromFile(process.argv[at + 1]) : undefined;
  const all: OutsideReading[] = [];
  for (const f of outsidePhotos()) {
    const r = await readOutside(f, game, models);
    all.push(r);
    if (r.e) {
      const wrong = [...r.e.edgeErrors.map((x) => `${x.kind}${x.row},${x.col}`), ...r.e.holeErrors.map((x) => `hole${x.row},${x.col}`)];
      console.log(`${f}: ${r.e.exact ? 'exact' : `${wrong.length} wrong (${r.e.wrongUnasked} not asked): ${wrong.join(' ')}`}; asked ${r.e.asked}, listed ${r.e.listed}; total ${r.total} (truth ${r.truthTotal})${r.e.rightAfterAnswers ? '' : ' WRONG after answers'}; confidence ${r.confidence}`);
    } else console.log(`${f}: refused: ${r.refused}`);
  }
  const read = all.filter((r) => r.e);
  console.log(`${read.filter((r) => r.e!.exact).length}/${all.length} exact, ${read.reduce((s, r) => s + r.e!.wrongUnasked, 0)} wrong items not asked, ${all.length - read.length} refused, ${read.filter((r) => !r.e!.rightAfterAnswers).length} totals wrong after answers; asked on exact sheets: ${read.filter((r) => r.e!.exact).map((r) => r.e!.asked).join(' ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
