/**
 * Whether the edge pairs' disagreement says more than their average: each set's listed edges (read with their doubts
 * kept) with the standard deviation of the four pairs' log-odds beside the stated chance. Prints, for the edges
 * stated 2.5-20% likely wrong, how often those where the pairs agree most, middling and least were wrong; then a
 * refit of the chances (the stated log-odds plus a multiple of the spread, fitted on the validation sets given) and how
 * the refitted chances hold on every set, band by band, and what the scanner would ask, refuse and leave wrong with
 * them (asked from 2.5% and from 1.5%). Photos the scanner refuses whatever it asks (no QR code, no land) are left
 * out. docs/benchmarks.md's figures on the pairs' spread come from here.
 *   node --import tsx tools/diag/edge-spread.ts [SET[:COUNT] ...]   (default: val val-plain:100 bench bench-plain:100)
 * SET `outside`: the outside photos (BAAKO_OUTSIDE_PHOTOS, as tools/outside.ts reads them), never fitted on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame } from '../../src/data/load.js';
import type { SheetState } from '../../src/engine/types.js';
import { contextInputs } from '../../src/scan/edge-inputs.js';
import { mlpLogits, sigmoid } from '../../src/scan/mlp.js';
import { defaultModels, edgePairs } from '../../src/scan/models.js';
import { localProbabilities, type ReadItem, type SheetEvidence } from '../../src/scan/read.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { median, quantile } from '../../bench/scan.js';
import { outsideDir, outsidePhotos } from '../outside.js';
import { photoBase, type PhotoSet } from '../sim/photo-cache.js';
import { askAgain, type Reading } from './asked-again.js';

const game = loadGame();
const pairs = edgePairs(defaultModels());
const specs = process.argv.length > 2 ? process.argv.slice(2) : ['val', 'val-plain:100', 'bench', 'bench-plain:100'];

/** A listed edge: its stated chance, how far the pairs disagree, whether it was read wrong. */
interface Point {
  chance: number;
  spread: number;
  wrong: number;
}

/** A photo read with its doubts kept, each listed edge's point beside it. */
interface Photo {
  truth: SheetState;
  state: SheetState;
  items: ReadItem[];
  points: (Point | undefined)[];
}

async function photosOf(spec: string): Promise<Photo[]> {
  const [name, countText = '200'] = spec.split(':');
  const set = name.replace(/-plain$/, '') as PhotoSet;
  const conditions = name.endsWith('-plain') ? { draw: 'none' as const } : undefined;
  const out: Photo[] = [];
  const outside = name === 'outside' ? outsidePhotos().map((f) => join(outsideDir(), f.replace(/\.jpg$/, ''))) : [];
  for (let i = 0; i < (outside.length || Number(countText)); i++) {
    const base = outside[i] ?? photoBase(set, i, conditions);
    const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8')) as SheetState;
    const jpeg = readFileSync(`${base}.jpg`);
    const spread = new Map<string, number>();
    const collect = (ev: SheetEvidence) => {
      const per = pairs.map((pair) => mlpLogits(contextInputs(ev.local, ev.edges, localProbabilities(ev, pair), ev.idx), pair.edgeContext));
      ev.edges.forEach((e, k) => {
        const z = per.map((l) => l[k]);
        const mean = z.reduce((a, b) => a + b, 0) / z.length;
        spread.set(`${e.kind}${e.row},${e.col}`, Math.sqrt(z.reduce((a, b) => a + (b - mean) ** 2, 0) / z.length));
      });
    };
    const refused = await scanPhoto(jpeg, game).then(
      () => false,
      (e: { code?: string }) => e.code !== 'too-doubtful',
    );
    const r = refused ? null : await scanPhoto(jpeg, game, { keepDoubtful: true, collect });
    if (r) {
      // (the outside photos' truth holds the pencil, not the cards: those come with the sheet's game)
      truth.cards ??= r.state.cards;
      const items = r.uncertain.map(({ kind, row, col, value, chance }) => ({ kind, row, col, value, chance }));
      const points = items.map((u) => {
        if (u.kind === 'hole') return undefined;
        const fenced = truth.fences[u.kind][u.row][u.col] === '1' ? 1 : 0;
        return { chance: u.chance, spread: spread.get(`${u.kind}${u.row},${u.col}`) ?? 0, wrong: Number(fenced !== u.value) };
      });
      out.push({ truth, state: r.state, items, points });
    }
    if (process.stderr.isTTY) process.stderr.write(`\r${name}: ${i + 1} read`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return out;
}

const logit = (p: number) => Math.log(p / (1 - p));
const sum = (ps: Point[], f: (p: Point) => number) => ps.reduce((a, p) => a + f(p), 0);
const tally = (ps: Point[], chance: (p: Point) => number) => `${sum(ps, (p) => p.wrong)} / ${ps.length} (${sum(ps, chance).toFixed(1)})`;

/** The shift a and spread weight b of chance' = sigmoid(logit(chance) + a + b * spread), by Newton's method. */
function fit(ps: Point[]): [number, number] {
  let [a, b] = [0, 0];
  for (let it = 0; it < 50; it++) {
    let [ga, gb, haa, hab, hbb] = [0, 0, 0, 0, 0];
    for (const p of ps) {
      const q = sigmoid(logit(p.chance) + a + b * p.spread);
      const w = q * (1 - q);
      ga += p.wrong - q;
      gb += (p.wrong - q) * p.spread;
      haa += w;
      hab += w * p.spread;
      hbb += w * p.spread * p.spread;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return [a, b];
}

const photos = new Map<string, Photo[]>();
for (const spec of specs) photos.set(spec, await photosOf(spec));
const sets = new Map([...photos].map(([spec, ps]) => [spec, ps.flatMap((p) => p.points.filter((x): x is Point => !!x))]));
console.log('edges stated 2.5-20% likely wrong, by how far the pairs disagree (wrong / edges (stated)):');
for (const [spec, ps] of sets) {
  const band = ps.filter((p) => p.chance >= 0.025 && p.chance < 0.2).sort((x, y) => x.spread - y.spread);
  const third = Math.floor(band.length / 3);
  const parts = [band.slice(0, third), band.slice(third, 2 * third), band.slice(2 * third)];
  console.log(`  ${spec}: agree most ${tally(parts[0], (p) => p.chance)}; middling ${tally(parts[1], (p) => p.chance)}; least ${tally(parts[2], (p) => p.chance)}`);
}
const fitted = [...sets].filter(([spec]) => spec.startsWith('val')).flatMap(([, ps]) => ps);
const [a, b] = fit(fitted);
console.log(`refit on the validation sets (${fitted.length} listed edges): log-odds ${a >= 0 ? '+' : '-'} ${Math.abs(a).toFixed(3)} + ${b.toFixed(3)} x spread`);
const refit = (p: Point) => Math.min(0.5, sigmoid(logit(p.chance) + a + b * p.spread));
const BANDS = [0.01, 0.025, 0.05, 0.2, 0.51];
for (const [spec, ps] of sets) {
  const by = (chance: (p: Point) => number) =>
    BANDS.slice(0, -1)
      .map((lo, k) => `${lo * 100}-${BANDS[k + 1] * 100}%: ${tally(ps.filter((p) => chance(p) >= lo && chance(p) < BANDS[k + 1]), chance)}`)
      .join(', ');
  console.log(`  ${spec} as stated: ${by((p) => p.chance)}\n  ${' '.repeat(spec.length)} refitted:  ${by(refit)}`);
}
console.log('asked and refused again (exact / refused of those read / totals wrong after the answers; spots asked on exact sheets: median, 90th percentile):');
for (const [spec, ps] of photos) {
  const line = (refitted: boolean, from?: number) => {
    const readings: Reading[] = ps.map((p) => ({ truth: p.truth, refused: false, state: p.state, items: p.items.map((it, k) => (refitted && p.points[k] ? { ...it, chance: refit(p.points[k]!) } : it)) }));
    const { exact, refused, wrongAfter, askedExact } = askAgain(game, readings, from);
    return `${exact}/${refused}/${wrongAfter}; ${median(askedExact)}, ${quantile(askedExact, 0.9)}`;
  };
  console.log(`  ${spec} (${ps.length} read): as stated ${line(false)}; refitted ${line(true)}; refitted, asked from 1.5% ${line(true, 0.015)}`);
}
