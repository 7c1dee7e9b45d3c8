import { dirname } from 'node:path';
import { loadGame } from '../../data/load.js';
import { findCard, UnknownCardError } from '../../engine/cards.js';
import { cardsPageCount, renderCalibrationPdf, renderCardsPdf } from '../../render/cards.js';
import { checkWritable, parseOffset, parsePaper, readSetupFile, resolvePdfPath, shown } from '../../render/options.js';
import { ensureDir, writeFileAtomic } from '../../files.js';
import { UserError } from '../../errors.js';
import { stdio } from '../output.js';
import type { CardsArgs } from '../commands/cards.js';

export async function runCards(args: CardsArgs): Promise<void> {
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
}
