/** baako deck: checks the options, then builds the deck once or on every change (--watch). */
import { extname, resolve } from 'node:path';
import { UserError } from '../../errors.js';
import { pad, stdio } from '../output.js';
import type { DeckArgs } from '../commands/deck.js';

async function listDecks(): Promise<void> {
  const { loadLayout } = await import('../../data/deck.js');
  const { builtinDecks } = await import('../../data/deck-builtin.js');
  const { readDeckData } = await import('../../data/deck-data.js');
  for (const b of builtinDecks()) {
    const l = loadLayout(b.layout);
    const data = l.data ? readDeckData(l, resolve(l.dir, l.data)) : readDeckData(l, undefined);
    const n = data.cards.length;
    stdio.log(`${pad(b.name, 20)} ${pad(`${n} ${n === 1 ? 'piece' : 'pieces'}`, 11)} ${pad(l.size, 14)} ${l.name}${l.back ? ' (with backs)' : ''}`);
  }
}

/** A whole number option within bounds, or one line saying what is wrong. */
function intOption(name: string, v: unknown, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (typeof v === 'boolean' || !Number.isInteger(n) || n < min || n > max || !/^\d+$/.test(String(v).trim())) {
    throw new UserError(`${name}: "${String(v)}" is not a whole number from ${min} to ${max}`);
  }
  return n;
}

function folderOption(name: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (!String(v).trim()) throw new UserError(`${name} needs a folder`);
  if (['.png', '.pdf', '.jpg', '.json'].includes(extname(v).toLowerCase())) throw new UserError(`${name}: "${v}" looks like a file; ${name} names a folder for the images`);
  return v;
}

export async function runDeck(args: DeckArgs): Promise<void> {
  if (args.list) {
    await listDecks();
    return;
  }
  if (!args.layout) throw new UserError('name a layout file or a built-in deck (baako deck --list shows them)');
  const { parseDeckSize, parsePaperName } = await import('../../render/deck/sizes.js');
  const { findPreset } = await import('../../render/deck/presets.js');
  const { parseOffset, resolvePdfPath } = await import('../../render/options.js');
  const { resolveDeck } = await import('../../data/deck-builtin.js');
  const paper = parsePaperName(args.paper);
  const size = args.size !== undefined ? parseDeckSize(args.size) : undefined;
  if (args.preset !== undefined) {
    findPreset(args.preset);
    if (args.size !== undefined) throw new UserError('--preset sets the card size: leave out --size');
  }
  const backOffset = parseOffset(args['back-offset']);
  if (args['back-offset'] !== undefined && !args.duplex) throw new UserError('--back-offset only applies with --duplex');
  if (args['back-offset'] !== undefined && args.single) throw new UserError('--back-offset shifts the backs of the 9-up sheets; with --single each card has a page of its own');
  if (args['copies-column'] !== undefined && !String(args['copies-column']).trim()) throw new UserError('--copies-column needs a column name');
  if (args.sheet !== undefined && !String(args.sheet).trim()) throw new UserError('--sheet needs a sheet name');
  const png = folderOption('--png', args.png);
  const tts = folderOption('--tts', args.tts);
  if (args.trim && png === undefined) throw new UserError('--trim only applies to --png images');
  const dpi = intOption('--dpi', args.dpi, 72, 1200);
  if (dpi !== undefined && png === undefined && tts === undefined) throw new UserError('--dpi only applies to --png and --tts images');
  const ttsWidth = intOption('--tts-width', args['tts-width'], 256, 16384);
  if (ttsWidth !== undefined && tts === undefined) throw new UserError('--tts-width only applies with --tts');
  if (args.proof !== undefined && extname(args.proof).toLowerCase() !== '.png') throw new UserError(`--proof: "${args.proof}" is not a .png file`);
  const deck = resolveDeck(args.layout);
  const pdfName = `${deck.name}${args.single ? '-single' : ''}${args.duplex ? '-duplex' : ''}${paper === 'a4' || args.single ? '' : `-${paper}`}.pdf`;
  const job = {
    layout: args.layout,
    data: args.data,
    sheet: args.sheet,
    paper,
    size,
    preset: args.preset,
    duplex: args.duplex,
    backOffset,
    copiesColumn: args['copies-column'],
    single: args.single,
    out: args.out,
    pdfPath: resolvePdfPath(args.out, pdfName),
    png,
    dpi,
    trim: args.trim,
    tts,
    ttsWidth,
    proof: args.proof,
    force: args.force,
  };
  if (args.watch) {
    const { watchDeck } = await import('../deck/watch.js');
    const h = watchDeck(job, stdio);
    const stop = () => void h.close();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await h.done;
    return;
  }
  const { buildDeck } = await import('../deck/build.js');
  const r = await buildDeck(job, stdio);
  for (const l of r.lines) stdio.log(l);
}
