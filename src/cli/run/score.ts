import { loadGame } from '../../data/load.js';
import { readSheetFile } from '../../data/state.js';
import { checkRolls, describeRollsCheck, type RollsCheck } from '../../engine/rolls.js';
import { scoreState } from '../../engine/score.js';
import { formatScore } from '../format-score.js';
import { stdio } from '../output.js';
import { rollsOption } from '../rolls.js';
import type { ScoreArgs } from '../commands/score.js';

export async function runScore(args: ScoreArgs): Promise<void> {
  const game = loadGame();
  // Read and validate every file first, so a bad file fails before anything is printed.
  const states = args.files.map((f) => readSheetFile(game, f));
  // --rolls for every file, else each state's own `rolls` key.
  const checks: (RollsCheck | undefined)[] = states.map((s) => {
    const rolls = rollsOption(game, args.rolls, s.side) ?? s.rolls;
    return rolls ? checkRolls(game, s, rolls) : undefined;
  });
  const scores = states.map((s) => scoreState(game, s));
  // A sheet that disagrees with its rolls needs a look, as a scan's doubts do.
  if (checks.some((c) => c && !c.agrees)) process.exitCode = 3;
  if (args.json) {
    const out = scores.map((score, i) => (checks[i] ? { ...score, rollsCheck: { ...checks[i], summary: describeRollsCheck(checks[i]!) } } : score));
    stdio.log(JSON.stringify(args.files.length === 1 ? out[0] : out, null, 2));
    return;
  }
  states.forEach((s, i) => {
    if (i > 0) stdio.log();
    for (const line of formatScore(game, s, scores[i], args.files[i], { verbose: args.verbose })) stdio.log(line);
    if (checks[i]) stdio.log(`  ${describeRollsCheck(checks[i]!)}`);
  });
}
