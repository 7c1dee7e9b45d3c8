/**
 * The scan workers' job runner for the phone page's hole question (ServeOptions.scanner): the real scanner, then
 * the four sides of the first printed hole it read closed all round made spots to check, as a doubtful reading of
 * sheet B would leave them. Which spots the real models doubt depends on their fit, so the test sets them.
 */
import { loadGame } from '../../src/data/load.js';
import { applyToggles, type ReviewItem } from '../../src/engine/review.js';
import { scoreState } from '../../src/engine/score.js';
import { runScanJob as realScanJob, type JobResult, type ScanJob } from '../../src/server/scan-job.js';

const game = loadGame();

export async function runScanJob(job: ScanJob): Promise<JobResult> {
  const r = await realScanJob(job);
  if (!r.ok) return r;
  const { state, score } = r.outcome;
  const hole = game.sheets[state.side].map.holes.find(([row, col]) => state.fences.h[row][col] === '1' && state.fences.h[row + 1][col] === '1' && state.fences.v[row][col] === '1' && state.fences.v[row][col + 1] === '1');
  if (!hole) throw new Error('the photo has no printed hole read closed all round: pick another for the hole question test');
  const [row, col] = hole;
  const sides: ReviewItem[] = [
    { kind: 'h', row, col },
    { kind: 'h', row: row + 1, col },
    { kind: 'v', row, col },
    { kind: 'v', row, col: col + 1 },
  ].map((it) => ({ ...(it as ReviewItem), likely: false, chance: 0.08, points: scoreState(game, applyToggles(state, [it as ReviewItem])).total - score.total }));
  return { ok: true, outcome: { ...r.outcome, uncertain: [...sides, ...r.outcome.uncertain.filter((u) => !sides.some((s) => s.kind === u.kind && s.row === u.row && s.col === u.col))] } };
}
