import type { CommandModule } from 'yargs';

export interface ScoreArgs {
  files: string[];
  json: boolean;
  verbose: boolean;
}

export const scoreCommand: CommandModule<object, ScoreArgs> = {
  command: 'score <files..>',
  describe: 'Score finished sheets given as sheet-state JSON or the ASCII sheet notation',
  builder: (y) =>
    y
      .positional('files', { type: 'string', array: true, demandOption: true, describe: 'sheet files (.json or notation .txt)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the score JSON (an array for several files)' })
      .option('verbose', { type: 'boolean', default: false, describe: 'list every discovery on a line of its own' })
      .example('$0 score sheet.txt', 'score a sheet written in the ASCII notation')
      .example('$0 score alice.json bob.json', 'score several sheets, one breakdown each')
      .example('$0 score sheet.txt --json', 'the score as JSON, for other programs') as never,
  handler: async (args) => (await import('../run/score.js')).runScore(args),
};
