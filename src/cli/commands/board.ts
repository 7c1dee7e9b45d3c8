import type { CommandModule } from 'yargs';

export interface BoardArgs {
  paper: string;
  tokens: boolean;
  out?: string;
  force: boolean;
  data?: string;
}

export const boardCommand: CommandModule<object, BoardArgs> = {
  command: 'board',
  describe: 'Print the dig-bag board (A3/Tabloid landscape, or tiled on A4) or, with --tokens, its cut-outs',
  builder: (y) =>
    y
      .option('paper', { type: 'string', default: 'a3', describe: 'a3, tabloid or a4-tiled (the A3 board at 1:1 over 4 A4 pages)' })
      .option('tokens', { type: 'boolean', default: false, describe: 'print the cut-outs instead: characters, Clue tokens, player aids, bills (A4; Letter with --paper tabloid)' })
      .option('data', { type: 'string', describe: 'board definition JSON (default templates/dig-bag/board.json)' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace an existing file' })
      .example('$0 board', 'the board on one A3 page')
      .example('$0 board --paper a4-tiled', 'the same board over four A4 pages, to tape together')
      .example('$0 board --tokens', 'its cut-outs: characters, tokens, player aids') as never,
  handler: async (args) => (await import('../run/board.js')).runBoard(args),
};
