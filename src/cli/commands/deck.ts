import { dirname, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { loadLayout } from '../../data/deck.js';
import { builtinDecks, resolveDeck } from '../../data/deck-builtin.js';
import { readDeckData } from '../../data/deck-data.js';
import { UserError } from '../../errors.js';
import { renderDeckPdf } from '../../render/deck/render.js';
import { DECK_PAPERS, parseDeckSize, parsePaperName } from '../../render/deck/sizes.js';
import { checkWritable, parseOffset, resolvePdfPath, shown } from '../../render/options.js';
import { ensureDir, writeFileAtomic } from '../../render/pdf.js';
import { pad, progress, stdio } from '../output.js';

interface Args {
  layout?: string;
  data?: string;
  paper: string;
  size?: string;
  duplex: boolean;
  'back-offset'?: string;
  'copies-column'?: string;
  list: boolean;
  out?: string;
  force: boolean;
}

function listDecks(): void {
  for (const b of builtinDecks()) {
    const l = loadLayout(b.layout);
    const data = l.data ? readDeckData(l, resolve(l.dir, l.data)) : readDeckData(l, undefined);
    const n = data.cards.length;
    stdio.log(`${pad(b.name, 20)} ${pad(`${n} ${n === 1 ? 'piece' : 'pieces'}`, 11)} ${pad(l.size, 14)} ${l.name}${l.back ? ' (with backs)' : ''}`);
  }
}

export const deckCommand: CommandModule<object, Args> = {
  command: 'deck [layout]',
  describe: 'Print a deck of cards (or tiles, mats, boards) from a layout and a CSV/JSON data file, or a built-in deck by name',
  builder: (y) =>
    y
      .positional('layout', { type: 'string', describe: 'a .layout.json file, or a built-in deck (waka-tasks, fossilis-dinosaurs, ...; see --list)' })
      .option('data', { type: 'string', describe: "the cards: a .csv or .json file, one row a card (default: the layout's data)" })
      .option('paper', { type: 'string', default: 'a4', describe: 'a4, letter or a3' })
      .option('size', { type: 'string', describe: "poker, bridge, tarot, square, WxHmm (e.g. 50x70mm), or a4/letter/a3/page for a whole page (default: the layout's)" })
      .option('duplex', { type: 'boolean', default: false, describe: 'add a page of backs after each page of fronts (flip on the long edge)' })
      .option('back-offset', { type: 'string', describe: 'shift the backs by X,Y mm (read it off `baako cards --calibration`)' })
      .option('copies-column', { type: 'string', describe: 'the column giving each row\'s number of copies (default "copies")' })
      .option('list', { type: 'boolean', default: false, describe: 'list the built-in decks' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/)' })
      .option('force', { type: 'boolean', default: false, describe: 'replace an existing file' }) as never,
  handler: async (args) => {
    if (args.list) {
      listDecks();
      return;
    }
    if (!args.layout) throw new UserError('name a layout file or a built-in deck (baako deck --list shows them)');
    const paper = parsePaperName(args.paper);
    const size = args.size !== undefined ? parseDeckSize(args.size) : undefined;
    const backOffset = parseOffset(args['back-offset']);
    if (args['back-offset'] !== undefined && !args.duplex) throw new UserError('--back-offset only applies with --duplex');
    if (args['copies-column'] !== undefined && !String(args['copies-column']).trim()) throw new UserError('--copies-column needs a column name');
    const deck = resolveDeck(args.layout);
    const layout = loadLayout(deck.layout);
    const dataPath = args.data !== undefined ? resolve(args.data) : layout.data ? resolve(layout.dir, layout.data) : undefined;
    const data = readDeckData(layout, dataPath, { copiesColumn: args['copies-column'] });
    const path = resolvePdfPath(args.out, `${deck.name}${args.duplex ? '-duplex' : ''}${paper === 'a4' ? '' : `-${paper}`}.pdf`);
    checkWritable([path], args.force);
    const bar = progress(stdio, 'drawing cards', data.cards.length);
    const r = await renderDeckPdf(layout, data, {
      paper,
      size,
      duplex: args.duplex,
      backOffset,
      onProgress: data.cards.length >= 50 ? (done) => bar.tick(done) : undefined,
    });
    ensureDir(dirname(path));
    writeFileAtomic(path, r.pdf);
    const per = r.sheet.cut ? `, ${r.sheet.perPage} a page${r.sheet.landscape ? ' (landscape)' : ''}` : '';
    const what = `${r.cards} ${r.cards === 1 ? 'card' : 'cards'}`;
    stdio.log(
      `wrote ${shown(path)} (${what}, ${r.size.label}${per}, ${r.pages} page${r.pages === 1 ? '' : 's'}${args.duplex ? ', fronts and backs alternating' : ''}, ${DECK_PAPERS[r.sheet.paper].label})`,
    );
  },
};
