/**
 * Scanner benchmark: simulated 12 MP phone photos of mixed difficulty, each with the simulator's conditions drawn at
 * random (freehand hands, folded sheets, pens, blur, ...), never trained on.
 *
 * Photos are generated once, on every core, into a cache (keyed by the simulator's version), then read by a
 * separate process so that its peak memory is the scanner's own. Prints sheets read exactly (all photos, those with
 * stress conditions by side, those with each family of conditions), wrong items not asked, spots asked on sheets read
 * right, the total after the player answers, how the chances held, refusals, and the time per photo beside sharp's
 * decode. Plain photos are a set of their own, simulated with no condition drawn (the random draw leaves hardly
 * any photo without one). BENCH_PHOTOS=N changes the count (default 200), BENCH_PLAIN_PHOTOS the plain set's (100).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cachePhotos, photoDir, type PhotoSet, type SetConditions } from '../tools/sim/photo-cache.js';
import type { PhotoOutcome } from './_scan-child.js';
import type { Report } from './report.js';

/** Families whose conditions make a photo a "stress" photo (what phones and players add beyond a plain photo). */
export const STRESS = ['freehand', 'not-flat', 'pens', 'erased', 'hatching', 'resolution', 'blur', 'light', 'occlusion', 'geometry'];

export interface ScanRun {
  outcomes: PhotoOutcome[];
  peakRssKb: number;
}

/** Reads the first `count` photos of a cached set in a child process (optionally with other models). */
export async function readSet(set: PhotoSet, count: number, c?: SetConditions, models?: string): Promise<ScanRun> {
  await cachePhotos(set, count, c);
  const child = fileURLToPath(new URL('./_scan-child.ts', import.meta.url));
  const args = ['--import', 'tsx', child, photoDir(set, c), set, String(count), ...(models ? [models] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
  if (r.status !== 0) throw new Error(`scan benchmark failed: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  return JSON.parse(r.stdout) as ScanRun;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
/** The median of a list (the mean of the two middle values of an even count), 0 for none. */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : 0;
};
/** The value a share `q` of the list lies below, 0 for none. */
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};

/** Counts for a group of photos: sheets read exactly, sheets with a wrong item not asked, totals right after answers. */
export function summary(os: PhotoOutcome[]): string {
  const read = os.filter((o) => !o.refused);
  const exact = read.filter((o) => o.exact).length;
  const unasked = read.filter((o) => (o.wrongUnasked ?? 0) > 0).length;
  const moved = read.filter((o) => !o.rightAfterAnswers).length;
  return `${exact} / ${os.length} exact (${pct(exact, os.length)}); total wrong after the asked spots are answered on ${moved}; a wrong item not asked (the total unmoved) on ${unasked - moved}; refused ${os.length - read.length}`;
}

/** The measures of one run as rows: accuracy by group first, then what is asked, how the chances held, speed and memory. */
export function reportScan(report: Report, run: ScanRun, plain?: ScanRun): void {
  const os = run.outcomes;
  const read = os.filter((o) => !o.refused);
  const row = (label: string, group: PhotoOutcome[], target?: string) => report.row(label, group.length ? summary(group) : 'none', target);
  row('all photos', os, '>= 97% exact');
  // Without a plain set of their own, the few photos the random draw left plain stand for them.
  const plainOf = (side: string) => (plain?.outcomes ?? os.filter((o) => !o.families.some((f) => STRESS.includes(f)))).filter((o) => o.side === side);
  for (const side of ['A', 'B']) {
    row(`plain photos, side ${side}`, plainOf(side), '>= 97% exact');
    row(`stress photos, side ${side}`, os.filter((o) => o.side === side && o.families.some((f) => STRESS.includes(f))), '>= 90% exact');
  }
  if (plain) {
    const pr = plain.outcomes.filter((o) => !o.refused);
    report.row('plain photos: total right once the asked spots are answered', pct(pr.filter((o) => o.rightAfterAnswers).length, pr.length), '>= 99%');
  }
  for (const d of ['easy', 'medium', 'hard', 'extreme']) row(d, os.filter((o) => o.difficulty === d));
  const families = [...new Set(os.flatMap((o) => o.families))].sort();
  for (const f of families) row(`with ${f}`, os.filter((o) => o.families.includes(f)));
  const lines: [string, string, string?][] = [];
  const edges = read.reduce((s, o) => s + (o.edges ?? 0), 0);
  const edgeErrors = read.reduce((s, o) => s + (o.edgeErrors ?? 0), 0);
  lines.push(['edges right', `${pct(edges - edgeErrors, edges)} of ${edges}; scores right as read ${pct(read.filter((o) => o.scoreRight).length, os.length)}`]);
  const right = read.filter((o) => o.exact).map((o) => o.asked ?? 0);
  lines.push(['spots asked on sheets read exactly', `median ${median(right)}, 90th percentile ${quantile(right, 0.9)}, none on ${pct(right.filter((a) => a === 0).length, right.length)}`, 'median <= 1, 90% <= 3']);
  lines.push(['total right once the asked spots are answered', pct(read.filter((o) => o.rightAfterAnswers).length, read.length), '>= 99%']);
  const sure = read.filter((o) => (o.confidence ?? 0) >= 0.95);
  lines.push(['readings at confidence >= 0.95', `${sure.length}, of them wrong ${sure.filter((o) => !o.exact).length}`, 'none wrong']);
  lines.push(['sheets with a wrong item not listed at all', String(read.filter((o) => o.wrongUnlisted).length)]);
  // how the chances held: items listed, by band of their stated chance of being wrong
  const chances = read.flatMap((o) => o.chances ?? []);
  const bands = [0.01, 0.05, 0.2, 0.51];
  const held = bands.slice(0, -1).map((lo, k) => {
    const inBand = chances.filter(([c]) => c >= lo && c < bands[k + 1]);
    const expected = inBand.reduce((s, [c]) => s + c, 0);
    return `${lo}-${bands[k + 1]}: ${inBand.filter(([, w]) => w).length} wrong of ${inBand.length} (stated ${expected.toFixed(1)})`;
  });
  lines.push(['listed items by stated chance of being wrong', held.join('; ')]);
  const scan = median(read.map((o) => o.scanMs ?? 0));
  const decode = median(os.map((o) => o.decodeMs ?? 0));
  lines.push(['median time per photo', `${scan.toFixed(0)} ms; sharp alone decoding the same JPEG ${decode.toFixed(0)} ms: ${(scan / decode).toFixed(2)}x`, '<= 3x']);
  lines.push(['peak memory of the scanning process', `${(run.peakRssKb / 1024).toFixed(0)} MB`, '< 700 MB']);
  for (const [m, v, t] of lines) report.row(m, v, t);
  report.note(`Photos simulated with the conditions drawn at random on top of the difficulty presets (docs/simulator.md), never trained on. ${plain ? `Plain photos: ${plain.outcomes.length} more, the same seeds and difficulty presets with no condition drawn; every other row is the ${os.length}` : 'Plain photos have none of the stress families'}. Sharp and the scan are timed photo by photo, side by side; the photos are read in a process of their own, so the peak memory is the scanner's.`);
}

export async function bench(report: Report): Promise<void> {
  const count = Number(process.env.BENCH_PHOTOS ?? 200);
  const plainCount = Number(process.env.BENCH_PLAIN_PHOTOS ?? 100);
  const plainSet = { draw: 'none' } as const;
  const simulate = async (n: number, what: string, c?: SetConditions) => {
    const t0 = performance.now();
    const made = n ? await cachePhotos('bench', n, c) : 0;
    if (made) console.log(`simulated ${made} ${what} in ${((performance.now() - t0) / 1000).toFixed(1)} s (cached in ${photoDir('bench', c)})`);
  };
  await simulate(count, 'photos');
  await simulate(plainCount, 'plain photos', plainSet);
  const run = await readSet('bench', count);
  reportScan(report, run, plainCount ? await readSet('bench', plainCount, plainSet) : undefined);
}
