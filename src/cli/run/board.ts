import { dirname, resolve } from 'node:path';
import { defaultBoardPath, loadBoard } from '../../data/board.js';
import { BOARD_PAPERS, parseBoardPaper, tokenPaperFor, writeBoardPdf } from '../../render/board/index.js';
import { TOKEN_PAPERS } from '../../render/board/tokens.js';
import { checkWritable, resolvePdfPath, shown } from '../../render/options.js';
import { ensureDir } from '../../files.js';
import { stdio } from '../output.js';
import type { BoardArgs } from '../commands/board.js';

function pages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

export async function runBoard(args: BoardArgs): Promise<void> {
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
}
