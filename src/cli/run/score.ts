import { loadGame } from '../../data/load.js';
import { readSheetFile } from '../../data/state.js';
import { scoreState } from '../../engine/score.js';
import { formatScore } from '../format-score.js';
import { stdio } from '../output.js';
import type { ScoreArgs } from '../commands/score.js';

export async function runScore(args: ScoreArgs): Promise<void> {
  const game = loadGame();
  // Read and validate every file first, so a bad file fails before anything is printed.
  const states = args.files.map((f) => readSheetFile(game, f));
  const scores = states.map((s) => scoreState(game, s));
  if (args.json) {
    stdio.log(JSON.stringify(args.files.length === 1 ? scores[0] : scores, null, 2));
    return;
  }
  states.forEach((s, i) => {
    if (i > 0) stdio.log();
    for (const line of formatScore(game, s, scores[i], args.files[i], { verbose: args.verbose })) stdio.log(line);
  });
}
