import { dirname, resolve } from 'node:path';
import { loadLayout } from '../../data/deck.js';
import { builtinDecks, resolveDeck } from '../../data/deck-builtin.js';
import { readDeckData } from '../../data/deck-data.js';
import { UserError } from '../../errors.js';
import { renderDeckPdf } from '../../render/deck/render.js';
import { DECK_PAPERS, parseDeckSize, parsePaperName } from '../../render/deck/sizes.js';
import { checkWritable, parseOffset, resolvePdfPath, shown } from '../../render/options.js';
import { ensureDir, writeFileAtomic } from '../../files.js';
import { pad, progress, stdio } from '../output.js';
import type { DeckArgs } from '../commands/deck.js';

function listDecks(): void {
  for (const b of builtinDecks()) {
    const l = loadLayout(b.layout);
    const data = l.data ? readDeckData(l, resolve(l.dir, l.data)) : readDeckData(l, undefined);
    const n = data.cards.length;
    stdio.log(`${pad(b.name, 20)} ${pad(`${n} ${n === 1 ? 'piece' : 'pieces'}`, 11)} ${pad(l.size, 14)} ${l.name}${l.back ? ' (with backs)' : ''}`);
  }
}

export async function runDeck(args: DeckArgs): Promise<void> {
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
}
