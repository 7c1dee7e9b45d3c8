import type { CommandModule } from 'yargs';

export interface ScoreArgs {
  files: string[];
  json: boolean;
  verbose: boolean;
  rolls?: string;
}

export const scoreCommand: CommandModule<object, ScoreArgs> = {
  command: 'score <files..>',
  describe: 'Score finished sheets given as sheet-state JSON or the ASCII sheet notation',
  builder: (y) =>
    y
      .positional('files', { type: 'string', array: true, demandOption: true, describe: 'sheet files (.json or notation .txt)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the score JSON (an array for several files)' })
      .option('verbose', { type: 'boolean', default: false, describe: 'list every discovery on a line of its own' })
      .option('rolls', { type: 'string', describe: 'the game\'s dice, one turn a pair: "3,4 1,6 ..." (a re-rolled double 1 left out); the sheet is checked against them' })
      .example('$0 score sheet.txt', 'score a sheet written in the ASCII notation')
      .example('$0 score alice.json bob.json', 'score several sheets, one breakdown each')
      .example('$0 score sheet.txt --json', 'the score as JSON, for other programs')
      .example('$0 score sheet.json --rolls "3,4 1,6 2,2 5,5 6,1 4,4 3,3 2,6 1,2 5,6 6,6 3,5 4,1 2,3 4,5"', "score, and check the sheet against the game's dice") as never,
  handler: async (args) => (await import('../run/score.js')).runScore(args),
};
