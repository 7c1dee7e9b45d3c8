import { dirname } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadGame } from '../../data/load.js';
import { findCard, UnknownCardError } from '../../engine/cards.js';
import { cardsPageCount, renderCalibrationPdf, renderCardsPdf } from '../../render/cards.js';
import { checkWritable, parseOffset, parsePaper, readSetupFile, resolvePdfPath, shown } from '../../render/options.js';
import { ensureDir, writeFileAtomic } from '../../render/pdf.js';
import { UserError } from '../../errors.js';
import { stdio } from '../output.js';

interface Args {
  paper: string;
  duplex: boolean;
  'back-offset'?: string;
  'only-in-play'?: string;
  card?: string[];
  calibration: boolean;
  out?: string;
  force: boolean;
}

export const cardsCommand: CommandModule<object, Args> = {
  command: 'cards',
  describe: 'Print the discovery cards at poker size (63 x 88 mm), 9 a page, with bleed and crop marks',
  builder: (y) =>
    y
      .option('paper', { type: 'string', default: 'a4', describe: 'a4 or letter' })
      .option('duplex', { type: 'boolean', default: false, describe: 'add a back page after each front page (flip on the long edge)' })
      .option('back-offset', { type: 'string', describe: 'shift the backs by X,Y mm (read it off the calibration page)' })
      .option('only-in-play', { type: 'string', describe: 'a game.json: print only its five cards in play' })
      .option('card', { type: 'string', array: true, describe: 'print only these cards (by name)' })
      .option('calibration', { type: 'boolean', default: false, describe: 'print the duplex calibration page instead of cards' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace an existing file' }) as never,
  handler: async (args) => {
    const game = loadGame();
    const paper = parsePaper(args.paper);
    const backOffset = parseOffset(args['back-offset']);
    if (args['back-offset'] !== undefined && !args.duplex && !args.calibration) {
      throw new UserError('--back-offset only applies with --duplex (or --calibration)');
    }
    if (args.calibration) {
      const path = resolvePdfPath(args.out, `calibration-${paper}.pdf`);
      checkWritable([path], args.force);
      ensureDir(dirname(path));
      writeFileAtomic(path, await renderCalibrationPdf({ paper, backOffset }));
      stdio.log(`wrote ${shown(path)} (2 pages: print double-sided, flip on the long edge, then read the back offset)`);
      return;
    }
    let names: string[] | undefined;
    let base = 'cards';
    if (args['only-in-play']) {
      const setup = readSetupFile(game, args['only-in-play']);
      names = setup.cards;
      base = `cards-${setup.seed}`;
    }
    if (args.card) {
      const picked = args.card.flatMap((c) => String(c).split(',')).map((c) => c.trim()).filter(Boolean);
      try {
        const cards = picked.map((c) => findCard(game, c).name);
        names = names ? names.filter((n) => cards.includes(n)) : cards;
      } catch (e) {
        if (e instanceof UnknownCardError) throw new UserError(`--card: ${e.message}`);
        throw e;
      }
    }
    if (names && names.length === 0) throw new UserError('no card to print');
    const path = resolvePdfPath(args.out, `${base}${args.duplex ? '-duplex' : ''}.pdf`);
    checkWritable([path], args.force);
    ensureDir(dirname(path));
    writeFileAtomic(path, await renderCardsPdf({ paper, cards: names, duplex: args.duplex, backOffset, game }));
    const n = names?.length ?? game.cards.length;
    const pages = cardsPageCount(n, args.duplex);
    stdio.log(`wrote ${shown(path)} (${n} card${n === 1 ? '' : 's'}, ${pages} page${pages === 1 ? '' : 's'}${args.duplex ? ', fronts and backs alternating' : ''}, ${paper === 'a4' ? 'A4' : 'Letter'})`);
  },
};
