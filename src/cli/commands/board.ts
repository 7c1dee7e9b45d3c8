import type { CommandModule } from 'yargs';
import { dirname, resolve } from 'node:path';
import { defaultBoardPath, loadBoard } from '../../data/board.js';
import { BOARD_PAPERS, parseBoardPaper, tokenPaperFor, writeBoardPdf } from '../../render/board/index.js';
import { TOKEN_PAPERS } from '../../render/board/tokens.js';
import { checkWritable, resolvePdfPath, shown } from '../../render/options.js';
import { ensureDir } from '../../render/pdf.js';
import { stdio } from '../output.js';

interface Args {
  paper: string;
  tokens: boolean;
  out?: string;
  force: boolean;
  data?: string;
}

function pages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

export const boardCommand: CommandModule<object, Args> = {
  command: 'board',
  describe: 'Print the dig-bag board (A3/Tabloid landscape, or tiled on A4) or, with --tokens, its cut-outs',
  builder: (y) =>
    y
      .option('paper', { type: 'string', default: 'a3', describe: 'a3, tabloid or a4-tiled (the A3 board at 1:1 over 4 A4 pages)' })
      .option('tokens', { type: 'boolean', default: false, describe: 'print the cut-outs instead: characters, Clue tokens, player aids, bills (A4; Letter with --paper tabloid)' })
      .option('data', { type: 'string', describe: 'board definition JSON (default templates/dig-bag/board.json)' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace an existing file' }) as never,
  handler: async (args) => {
    const paper = parseBoardPaper(args.paper);
    const dataPath = args.data ? resolve(args.data) : defaultBoardPath;
    const board = loadBoard(dataPath);
    const path = resolvePdfPath(args.out, args.tokens ? (paper === 'tabloid' ? 'board-tokens-letter.pdf' : 'board-tokens.pdf') : `board-${paper}.pdf`);
    checkWritable([path], args.force);
    ensureDir(dirname(path));
    const pdf = await writeBoardPdf(path, { board, source: shown(dataPath), paper, tokens: args.tokens });
    const n = pages(pdf);
    const what = args.tokens
      ? `cut-outs on ${TOKEN_PAPERS[tokenPaperFor(paper)].label}`
      : paper === 'a4-tiled'
        ? 'the A3 board at 1:1 tiled on A4 landscape'
        : `the board, ${BOARD_PAPERS[paper].label} landscape`;
    stdio.log(`wrote ${shown(path)} (${n} page${n === 1 ? '' : 's'}: ${what}; ${board.locations.length} locations, ${board.characters.length} characters)`);
  },
};
