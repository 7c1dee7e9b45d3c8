/**
 * Child process of bench/scan.ts: reads the cached photos of a folder and prints one JSON line of measurements.
 *   node --import tsx bench/_scan-child.ts DIR PREFIX COUNT [MODELS.json]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadGame } from '../src/data/load.js';
import { modelsFromFile } from '../src/scan/models.js';
import { scanPhoto } from '../src/scan/scan.js';
import { evaluate } from '../tools/evaluate.js';
import { CONDITIONS } from '../tools/sim/conditions.js';

export interface PhotoOutcome {
  photo: number;
  side: string;
  difficulty: string;
  families: string[];
  refused?: string;
  exact?: boolean;
  scoreRight?: boolean;
  edges?: number;
  edgeErrors?: number;
  wrongItems?: number;
  wrongUnasked?: number;
  wrongUnlisted?: boolean;
  asked?: number;
  listed?: number;
  rightAfterAnswers?: boolean;
  confidence?: number;
  /** The scanner's chance that the total is still wrong once the asked spots are answered. */
  stillWrong?: number;
  /** Each listed item's chance and whether it was wrong, and every wrong item's chance (for calibration). */
  chances?: [number, 0 | 1][];
  scanMs?: number;
  decodeMs?: number;
}

const [dir, prefix, countText, modelsFile] = process.argv.slice(2);
const count = Number(countText);
const game = loadGame();
const models = modelsFile ? modelsFromFile(modelsFile) : undefined;
const family = new Map(CONDITIONS.map((c) => [c.name, c.family as string]));
const out: PhotoOutcome[] = [];
// Warm up wasm modules and JIT on the first photo (not counted in timings).
await scanPhoto(readFileSync(join(dir, `${prefix}-0000.jpg`)), game, { models }).catch(() => undefined);
for (let i = 0; i < count; i++) {
  const base = join(dir, `${prefix}-${String(i).padStart(4, '0')}`);
  const jpeg = readFileSync(`${base}.jpg`);
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
  const o: PhotoOutcome = {
    photo: i,
    side: truth.side,
    difficulty: truth.sim.difficulty,
    families: [...new Set<string>((truth.sim.conditions ?? []).map((n: string) => family.get(n) ?? n))],
  };
  let t = performance.now();
  await sharp(jpeg).raw().toBuffer();
  o.decodeMs = performance.now() - t;
  t = performance.now();
  try {
    const r = await scanPhoto(jpeg, game, { models });
    o.scanMs = performance.now() - t;
    const e = evaluate(truth, r.state, r.uncertain, game);
    const wrong = new Set([...e.edgeErrors.map((x) => `${x.kind}${x.row},${x.col}`), ...e.holeErrors.map((x) => `hole${x.row},${x.col}`)]);
    Object.assign(o, {
      exact: e.exact,
      scoreRight: r.score.total === truth.score,
      edges: e.edges,
      edgeErrors: e.edgeErrors.length,
      wrongItems: wrong.size,
      wrongUnasked: e.wrongUnasked,
      wrongUnlisted: e.confidentWrong,
      asked: e.asked,
      listed: e.listed,
      rightAfterAnswers: e.rightAfterAnswers,
      confidence: r.confidence,
      stillWrong: r.stillWrong,
      chances: r.uncertain.map((u) => [Math.round(u.chance * 1e4) / 1e4, wrong.has(`${u.kind}${u.row},${u.col}`) ? 1 : 0]),
    });
  } catch (err) {
    o.scanMs = performance.now() - t;
    o.refused = (err as Error).message;
  }
  out.push(o);
}
process.stdout.write(JSON.stringify({ outcomes: out, peakRssKb: process.resourceUsage().maxRSS }) + '\n');
