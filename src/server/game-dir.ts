/** Finding a game of `baako serve`'s data folder from the command line (`baako scan --game ID --data DIR`). */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { OptionError } from '../errors.js';
import { isId } from './ids.js';

/**
 * The game.json that `--game VALUE` means: VALUE itself when it is a file; else the game of that id in the
 * data folder, by its server id (the one in the join address) or by the id printed on its sheets (game.json's id).
 */
export function resolveGameFile(value: string, dataDir: string): string {
  if (existsSync(value) && statSync(value).isFile()) return value;
  const games = join(dataDir, 'games');
  if (isId(value) && existsSync(join(games, value, 'game.json'))) return join(games, value, 'game.json');
  if (/^[a-z0-9]{1,12}$/i.test(value) && existsSync(games)) {
    for (const dir of readdirSync(games)) {
      const file = join(games, dir, 'game.json');
      if (!isId(dir) || !existsSync(file)) continue;
      try {
        if ((JSON.parse(readFileSync(file, 'utf8')) as { id?: unknown }).id === value.toLowerCase()) return file;
      } catch {
        /* not a game */
      }
    }
  }
  throw new OptionError('game', `"${value}" is neither a game.json file nor a game of ${dataDir} (baako serve's --data folder)`);
}
