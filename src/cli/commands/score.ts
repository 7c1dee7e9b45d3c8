import type { CommandModule } from 'yargs';
import { loadGame } from '../../data/load.js';
import { readSheetFile } from '../../data/state.js';
import { scoreState } from '../../engine/score.js';
import { formatScore } from '../format-score.js';
import { stdio } from '../output.js';

interface Args {
  files: string[];
  json: boolean;
}

export const scoreCommand: CommandModule<object, Args> = {
  command: 'score <files..>',
  describe: 'Score finished sheets given as sheet-state JSON or the ASCII sheet notation',
  builder: (y) =>
    y
      .positional('files', { type: 'string', array: true, demandOption: true, describe: 'sheet files (.json or notation .txt)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the score JSON (an array for several files)' }) as never,
  handler: (args) => {
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
      for (const line of formatScore(game, s, scores[i], args.files[i])) stdio.log(line);
    });
  },
};
