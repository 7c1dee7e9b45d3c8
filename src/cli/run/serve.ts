import { UserError } from '../../errors.js';
import { parseWhole } from '../../render/options.js';
import { createBaakoServer } from '../../server/app.js';
import { defaultWorkers } from '../../server/scan-queue.js';
import { stdio } from '../output.js';
import type { ServeArgs } from '../commands/serve.js';

export async function runServe(args: ServeArgs): Promise<void> {
  if (!/^\d{1,5}$/.test(args.port.trim()) || Number(args.port) > 65535) throw new UserError(`--port: "${args.port}" is not a port (0-65535)`);
  const port = Number(args.port);
  const mb = args['max-upload-mb'].trim();
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(mb) || !(Number(mb) > 0 && Number(mb) <= 200)) throw new UserError(`--max-upload-mb: "${mb}" is not a size from 1 to 200 (MB, like 25 or 12.5)`);
  const workers = args.workers === undefined ? defaultWorkers() : parseWhole(args.workers, 'workers', 1, 8);
  if (args['public-url'] !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(args['public-url'])) {
    throw new UserError(`--public-url: "${args['public-url']}" is not a base address like http://192.168.1.20:8080`);
  }
  const app = createBaakoServer({
    data: args.data,
    port,
    host: args.host,
    publicUrl: args['public-url'],
    maxUpload: Math.round(Number(mb) * 1e6),
    workers,
    log: (line) => stdio.log(`${new Date().toISOString().slice(11, 19)} ${line}`),
  });
  let started;
  try {
    started = await app.listen();
  } catch (e) {
    await app.close().catch(() => undefined);
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UserError(`port ${port} is in use: pick another with --port`);
    if (code === 'EACCES') throw new UserError(`port ${port} needs more rights: pick one above 1024 with --port`);
    throw e;
  }
  stdio.log(`baako serve: data in ${app.store.root}`);
  const lan = started.urls.slice(1).filter((u) => !/\/\/(127\.|localhost)/.test(u));
  stdio.log(
    `open ${started.urls[0]} on this computer to create a game; ${lan.length ? `phones on the same Wi-Fi use ${lan.join(' or ')}` : 'no network address: only this computer can open it'}`,
  );
  stdio.log('Ctrl+C stops the server (nothing is lost: a restart picks up every game)');
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      stdio.log('stopping…');
      app.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
