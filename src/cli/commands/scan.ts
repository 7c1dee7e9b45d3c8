import type { CommandModule } from 'yargs';

export interface ScanArgs {
  photos: string[];
  json: boolean;
  verbose: boolean;
  overlay?: string;
  game?: string;
  cards?: string;
  side?: 'A' | 'B';
  data: string;
  rolls?: string;
  answer?: string[];
  check: boolean;
}

export const scanCommand: CommandModule<object, ScanArgs> = {
  command: 'scan <photos..>',
  describe: 'Read photos or scanned PDFs of finished sheets: fences, holes, player and score',
  builder: (y) =>
    y
      .positional('photos', { type: 'string', array: true, demandOption: true, describe: 'photos (JPEG, HEIC, PNG, WebP, AVIF, TIFF), or PDFs of scanned sheets (a sheet a page)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the scan JSON (an array for several photos)' })
      .option('verbose', { type: 'boolean', default: false, describe: 'list every discovery, and every spot not asked about, on a line of its own' })
      .option('overlay', { type: 'string', describe: 'write a PNG of what was read: a file, or a folder for several photos' })
      .option('game', { type: 'string', describe: "the pack's game.json (or the id of a game of baako serve), used when a sheet's QR code cannot be read" })
      .option('data', { type: 'string', default: 'baako-data', describe: "baako serve's data folder, where --game ID is looked up" })
      .option('cards', { type: 'string', describe: 'the five cards in play, comma-separated (instead of --game)' })
      .option('side', { choices: ['A', 'B'] as const, describe: 'sheet side when the QR code cannot be read' })
      .option('rolls', { type: 'string', describe: 'the game\'s dice, one turn a pair: "3,4 1,6 ..." (a re-rolled double 1 left out); the sheet is checked against them (--game\'s rolls when left out)' })
      .option('answer', { type: 'string', array: true, describe: 'what the paper shows at a spot the scan asked about, e.g. h4,7=fenced v3,2=open 4,7=hole; the total then counts it (one photo)' })
      .example('$0 scan photo.jpg', 'score one sheet')
      .example('$0 scan photo.jpg --answer h4,7=open 5,2=hole', 'score it again with the spots it asked about checked on the paper')
      .option('check', { type: 'boolean', default: false, describe: "ask the spots to check here in turn (y or n; a printed hole's sides as one question), then score with the answers" })
      .example('$0 scan photo.jpg --check --overlay out/', 'check the spots it asks about at the terminal, the overlay numbering them')
      .example('$0 scan photo.jpg --overlay out/', 'also draw what was read over the photo, to check it')
      .example('$0 scan *.jpg --overlay out/overlays/', 'rank a game night, with overlays to check')
      .example('$0 scan photo.jpg --game game.json', "the setup from game.json, if the QR code is unreadable")
      .example('$0 scan photo.jpg --json', 'the reading and its score as JSON')
      .example('$0 scan scans.pdf', "score a printer's scan of the whole table, a line a page")
      .example('$0 scan photo.jpg --game GAME --data baako-data', "a game of baako serve: its cards, and the host's rolls to check against") as never,
  handler: async (args) => {
    // The first photo decodes on sharp's threads while the scanner's code loads on this one.
    (await import('../../scan/image.js')).decodeAhead(args.photos[0]);
    return (await import('../run/scan.js')).runScan(args);
  },
};
