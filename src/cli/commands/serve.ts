import type { CommandModule } from 'yargs';

export interface ServeArgs {
  port: string;
  host: string;
  data: string;
  'public-url'?: string;
  'max-upload-mb': string;
  workers?: string;
}

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Run a game night from phones: a local web page to create games, upload sheets, fix doubts and see the leaderboard',
  builder: (y) =>
    y
      .option('port', { type: 'string', default: '8080', describe: 'port to listen on' })
      .option('host', { type: 'string', default: '0.0.0.0', describe: 'address to listen on (0.0.0.0: every network of this computer)' })
      .option('data', { type: 'string', default: 'baako-data', describe: 'data folder: database, packs, photos (kept across restarts)' })
      .option('public-url', { type: 'string', describe: 'address phones use, for the join QR code (default: guessed from the network)' })
      .option('max-upload-mb', { type: 'string', default: '25', describe: 'largest photo accepted, MB' })
      .option('workers', { type: 'string', describe: 'photos scanned at the same time (default: cores - 1, at most 2)' })
      .example('$0 serve', 'then open http://localhost:8080 and create a game')
      .example('$0 serve --port 3000 --data ~/baako-nights', 'another port and data folder')
      .example('$0 serve --public-url http://192.168.1.20:8080', 'the address phones use, if the guessed one fails') as never,
  handler: async (args) => (await import('../run/serve.js')).runServe(args),
};
