/**
 * Where a cached set's misreads come from. For each family and condition of the simulator: how many of its photos
 * read exactly, are refused for their spots to check, are refused before that, or are read with a wrong item. Then
 * every wrong item of the sheets read (not refused), by what lies beside it (a hole and how it was marked, or
 * nothing), which way it is wrong, its stated chance and whether it was asked.
 *   node --import tsx tools/diag/misreads.ts [val|bench|val-plain|bench-plain] [COUNT] [FROM]
 * With BAAKO_READINGS=FILE the readings are saved there and read back on the next run, as in ask-policy.ts.
 */
import { loadGame } from '../../src/data/load.js';
import type { Cell, SheetState } from '../../src/engine/types.js';
import { rateDoubts, type RatedItem } from '../../src/scan/ask.js';
import { checkReadable } from '../../src/scan/refuse.js';
import { CONDITIONS, FAMILIES } from '../sim/conditions.js';
import type { PhotoSet } from '../sim/photo-cache.js';
import { evaluate, type Evaluation } from '../evaluate.js';
import { readingsOf } from './asked-again.js';

type SimTruth = SheetState & { sim?: { conditions?: string[]; drawn?: { holeStyles?: { cell: Cell; style: string }[] } } };
type Outcome = 'exact' | 'refused for spots' | 'refused before' | 'misread';

const [setName = 'bench', countText = '200', fromText = '0'] = process.argv.slice(2);
const set = setName.replace(/-plain$/, '') as PhotoSet;
const conditions = setName.endsWith('-plain') ? { draw: 'none' as const } : undefined;
const game = loadGame();
const readings = await readingsOf(game, { set, from: Number(fromText), count: Number(countText), conditions, saved: process.env.BAAKO_READINGS });

const familyOf = new Map(CONDITIONS.map((c) => [c.name, c.family as string]));
const OUTCOMES: Outcome[] = ['exact', 'refused for spots', 'refused before', 'misread'];
/** Photos by outcome, for each family and condition drawn on them ('none': no condition). */
const byCondition = new Map<string, Record<Outcome, number>>();
const tally = (key: string, o: Outcome) => {
  const row = byCondition.get(key) ?? { exact: 0, 'refused for spots': 0, 'refused before': 0, misread: 0 };
  row[o]++;
  byCondition.set(key, row);
};
/** Wrong items of the sheets read, counted by where they lie, which way they are wrong, and how sure and asked. */
const wrongBy = { where: new Map<string, number>(), way: new Map<string, number>(), chance: new Map<string, number>() };
const countWrong = (where: string, way: string, it: RatedItem | undefined) => {
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  add(wrongBy.where, where);
  add(wrongBy.way, way);
  add(wrongBy.chance, `${band(it?.chance)}, ${it && !it.likely ? 'asked' : 'not asked'}`);
};

const band = (c: number | undefined) => (c === undefined ? 'not listed' : c < 0.025 ? 'under 2.5%' : c < 0.05 ? '2.5-5%' : c < 0.2 ? '5-20%' : '20% or more');

for (const r of readings) {
  const truth = r.truth as SimTruth;
  const drawn = truth.sim?.conditions ?? [];
  let outcome: Outcome;
  let items: RatedItem[] = [];
  let e: Evaluation | undefined;
  if (r.refused) outcome = 'refused before';
  else {
    items = rateDoubts(game, r.state, r.items).items;
    try {
      checkReadable('', items);
      e = evaluate(truth, r.state, items, game);
      outcome = e.exact ? 'exact' : 'misread';
    } catch {
      outcome = 'refused for spots';
    }
  }
  const families = new Set(drawn.map((c) => familyOf.get(c) ?? '?'));
  for (const f of families) tally(`family ${f}`, outcome);
  for (const c of drawn) tally(c, outcome);
  if (!drawn.length) tally('none', outcome);
  tally('all', outcome);
  if (outcome !== 'misread' || r.refused || !e) continue;

  const styleAt = new Map((truth.sim?.drawn?.holeStyles ?? []).map((h) => [`${h.cell[0]},${h.cell[1]}`, h.style]));
  const printed = new Set(game.sheets[r.state.side].map.holes.map(([a, b]) => `${a},${b}`));
  const holeBeside = (cells: Cell[]) =>
    cells.map(([a, b]) => styleAt.get(`${a},${b}`) ?? (printed.has(`${a},${b}`) ? 'printed' : truth.holes.some(([x, y]) => x === a && y === b) ? 'hole' : '')).filter(Boolean);
  const itemOf = (kind: string, row: number, col: number) => items.find((u) => u.kind === kind && u.row === row && u.col === col);
  for (const x of e.edgeErrors) {
    const beside = holeBeside(x.kind === 'h' ? [[x.row - 1, x.col], [x.row, x.col]] : [[x.row, x.col - 1], [x.row, x.col]]);
    const it = itemOf(x.kind, x.row, x.col);
    countWrong(beside.length ? `edge beside a hole: ${beside.join(' and ')}` : 'edge, no hole beside', x.truth ? 'fence missed' : 'blank edge read fenced', it);
  }
  for (const h of e.holeErrors) {
    const it = itemOf('hole', h.row, h.col);
    countWrong(h.truth ? `hole missed: ${styleAt.get(`${h.row},${h.col}`) ?? 'style unknown'}` : 'blank cell read as a hole', h.truth ? 'hole missed' : 'blank cell read as a hole', it);
  }
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const rowText = (name: string, o: Record<Outcome, number>) => {
  const n = OUTCOMES.reduce((k, x) => k + o[x], 0);
  return `${name.padEnd(24)}${pad(n, 6)}${OUTCOMES.map((x) => pad(o[x], x.length + 2)).join('')}${pad(`${Math.round((100 * o.exact) / n)}%`, 8)}`;
};
const header = `${'photos with'.padEnd(24)}${pad('n', 6)}${OUTCOMES.map((x) => pad(x, x.length + 2)).join('')}${pad('exact', 8)}`;
const exactShare = (k: string) => byCondition.get(k)!.exact / OUTCOMES.reduce((n, x) => n + byCondition.get(k)![x], 0);
console.log(`${setName}, ${readings.length} photos\n\n${header}`);
console.log(rowText('all', byCondition.get('all')!));
if (byCondition.has('none')) console.log(rowText('no condition', byCondition.get('none')!));
for (const f of FAMILIES.filter((x) => byCondition.has(`family ${x}`)).sort((a, b) => exactShare(`family ${a}`) - exactShare(`family ${b}`))) console.log(rowText(`family ${f}`, byCondition.get(`family ${f}`)!));
console.log('');
const names = [...byCondition.keys()].filter((k) => k !== 'all' && k !== 'none' && !k.startsWith('family '));
for (const c of names.sort((a, b) => exactShare(a) - exactShare(b))) console.log(rowText(c, byCondition.get(c)!));
const total = [...wrongBy.way.values()].reduce((a, b) => a + b, 0);
console.log(`\n${total} wrong items on the ${byCondition.get('all')!.misread} sheets read with one (not refused)`);
for (const [title, m] of [['where', wrongBy.where], ['which way', wrongBy.way], ['stated chance of being wrong', wrongBy.chance]] as const) {
  console.log(`  by ${title}:`);
  for (const [k, n] of [...m].sort((a, b) => b[1] - a[1])) console.log(`${pad(n, 6)}  ${k}`);
}
