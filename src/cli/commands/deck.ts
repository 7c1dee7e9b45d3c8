import { extname, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { pad, stdio } from '../output.js';

interface Args {
  layout?: string;
  data?: string;
  sheet?: string;
  paper: string;
  size?: string;
  preset?: string;
  duplex: boolean;
  'back-offset'?: string;
  'copies-column'?: string;
  single: boolean;
  png?: string;
  dpi?: number;
  trim: boolean;
  tts?: string;
  'tts-width'?: number;
  proof?: string;
  watch: boolean;
  list: boolean;
  out?: string;
  force: boolean;
}

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

export const deckCommand: CommandModule<object, Args> = {
  command: 'deck [layout]',
  describe: 'Print a deck of cards (or tiles, mats, boards) from a layout and a CSV/xlsx/JSON data file, or a built-in deck by name',
  builder: (y) =>
    y
      .positional('layout', { type: 'string', describe: 'a .layout.json file, or a built-in deck (waka-tasks, fossilis-dinosaurs, ...; see --list)' })
      .option('data', { type: 'string', describe: "the cards: a .csv, .xlsx or .json file, one row a card (default: the layout's data)" })
      .option('sheet', { type: 'string', describe: 'the sheet of an .xlsx file (default: the first)' })
      .option('paper', { type: 'string', default: 'a4', describe: 'a4, letter or a3' })
      .option('size', { type: 'string', describe: "poker, bridge, tarot, square, WxHmm (e.g. 50x70mm), or a4/letter/a3/page for a whole page (default: the layout's)" })
      .option('preset', { type: 'string', describe: "a print shop's card template: tgc-poker, tgc-bridge, mpc-poker, mpc-bridge, dtc-poker (sets size, bleed and dpi)" })
      .option('duplex', { type: 'boolean', default: false, describe: 'backs too: a page of backs after each page of fronts (with --single, each front followed by its back)' })
      .option('back-offset', { type: 'string', describe: 'shift the backs by X,Y mm (read it off `baako cards --calibration`)' })
      .option('copies-column', { type: 'string', describe: 'the column giving each row\'s number of copies (default "copies")' })
      .option('single', { type: 'boolean', default: false, describe: 'one card a page at its trim size plus bleed, TrimBox and BleedBox set (for print shops)' })
      .option('png', { type: 'string', describe: 'write one PNG a card (and a -back.png) into this folder' })
      .option('dpi', { type: 'number', describe: 'resolution of --png images, and the most --tts cards get (default 300)' })
      .option('trim', { type: 'boolean', default: false, describe: 'cut --png images at the trim line (no bleed)' })
      .option('tts', { type: 'string', describe: 'write Tabletop Simulator sheets (10 x 7 cards at most) into this folder' })
      .option('tts-width', { type: 'number', describe: 'largest side of a TTS sheet in pixels (default 4096)' })
      .option('proof', { type: 'string', describe: 'write a contact sheet of every distinct card, with row numbers, to this .png' })
      .option('watch', { type: 'boolean', default: false, describe: 'build again whenever the layout, data, icons or images change' })
      .option('list', { type: 'boolean', default: false, describe: 'list the built-in decks' })
      .option('out', { type: 'string', describe: 'a .pdf file, or a folder (default out/); with --png, --tts or --proof the PDF is written only when --out is given' })
      .option('force', { type: 'boolean', default: false, describe: 'replace existing files' })
      .example('$0 deck --list', 'the built-in decks')
      .example('$0 deck examples-potions --duplex', 'the example deck, 9 a page, with backs')
      .example('$0 deck my.layout.json --data cards.xlsx --sheet Spells', 'a deck from a spreadsheet')
      .example('$0 deck my.layout.json --single --duplex --preset tgc-poker', 'one card a page for a print shop')
      .example('$0 deck my.layout.json --png out/png --preset mpc-poker', 'one image a card at the shop\'s pixel size')
      .example('$0 deck my.layout.json --tts out/tts', 'Tabletop Simulator sheets')
      .example('$0 deck my.layout.json --proof proof.png --watch', 'a live contact sheet while you edit') as never,
  handler: async (args) => {
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
  },
};
