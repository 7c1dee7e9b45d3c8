import type { CommandModule } from 'yargs';
import { loadGame } from '../../data/load.js';
import { readSheetFile } from '../../data/state.js';
import { checkRolls, describeRollsCheck, type RollsCheck } from '../../engine/rolls.js';
import { scoreState } from '../../engine/score.js';
import { formatScore } from '../format-score.js';
import { stdio } from '../output.js';
import { ROLLS_OPTION, rollsOption } from '../rolls.js';

interface Args {
  files: string[];
  json: boolean;
  rolls?: string;
}

export const scoreCommand: CommandModule<object, Args> = {
  command: 'score <files..>',
  describe: 'Score finished sheets given as sheet-state JSON or the ASCII sheet notation',
  builder: (y) =>
    y
      .positional('files', { type: 'string', array: true, demandOption: true, describe: 'sheet files (.json or notation .txt)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the score JSON (an array for several files)' })
      .option('rolls', ROLLS_OPTION)
      .example('$0 score sheet.json --rolls "3,4 1,6 2,2 5,5 6,1 4,4 3,3 2,6 1,2 5,6 6,6 3,5 4,1 2,3 4,5"', 'score, and check the sheet against the game\'s dice') as never,
  handler: (args) => {
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
      for (const line of formatScore(game, s, scores[i], args.files[i])) stdio.log(line);
      if (checks[i]) stdio.log(`  ${describeRollsCheck(checks[i]!)}`);
    });
  },
};
