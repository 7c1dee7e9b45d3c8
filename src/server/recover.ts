/**
 * What a start does after a crash (or `kill -9`, or a power cut): finishes what was recorded, removes what was
 * not. The database says what exists; a file is kept only when a row points to it:
 *
 * - `tmp/ID.part` whose upload row exists (acknowledged or about to be) is moved into its game's photos/;
 *   anything else in tmp/ (uploads cut off, games half drawn) is deleted;
 * - a game folder without a game row (a crash while creating it) is deleted, unless the database is new;
 * - a photo no queued upload or sheet points to, a land picture of no sheet, a `.part` file: deleted;
 * - a queued upload whose photo is missing (it cannot happen unless files were removed by hand) is refused.
 *
 * The queued uploads are then put back in line by the Intake.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { renameDurable } from './durable.js';
import { isId } from './ids.js';
import type { Store } from './store.js';

export interface Recovery {
  /** Photos moved into place from tmp/ (their row was written, the move was not). */
  finished: number;
  /** Files and folders deleted because nothing pointed to them. */
  removed: string[];
  /** Queued uploads whose photo was gone. */
  lost: number;
}

export function recover(store: Store, log: (line: string) => void = () => undefined): Recovery {
  const out: Recovery = { finished: 0, removed: [], lost: 0 };
  const remove = (path: string) => {
    rmSync(path, { recursive: true, force: true });
    out.removed.push(path.slice(store.root.length + 1));
  };
  const queued = new Map(store.queuedUploads().map((u) => [u.id, u]));

  for (const f of readdirSync(store.tmpDir)) {
    const id = f.endsWith('.part') ? f.slice(0, -5) : '';
    const u = queued.get(id);
    if (u && !existsSync(store.sheetFile(u.gameId, 'photos', u.photo))) {
      mkdirSync(join(store.gameDir(u.gameId), 'photos'), { recursive: true });
      renameDurable(join(store.tmpDir, f), store.sheetFile(u.gameId, 'photos', u.photo));
      out.finished++;
    } else {
      remove(join(store.tmpDir, f));
    }
  }

  const games = new Set(store.gameIds());
  const gamesDir = join(store.root, 'games');
  const orphans = readdirSync(gamesDir).filter((d) => !games.has(d));
  if (store.existed) for (const d of orphans) remove(join(gamesDir, d));
  else if (orphans.length) log(`${orphans.length} game folders in ${gamesDir} have no game in the new database: left as they are`);

  const photos = store.photosInUse();
  const sheets = store.sheetIds();
  for (const g of games) {
    const dir = store.gameDir(g);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue;
    for (const kind of ['photos', 'land'] as const) {
      const sub = join(dir, kind);
      if (!existsSync(sub)) {
        mkdirSync(sub, { recursive: true });
        continue;
      }
      for (const f of readdirSync(sub)) {
        const keep = kind === 'photos' ? photos.get(g)?.has(f) : f.endsWith('.jpg') && isId(f.slice(0, -4)) && sheets.get(g)?.has(f.slice(0, -4));
        if (!keep) remove(join(sub, f));
      }
    }
  }

  for (const u of queued.values()) {
    if (existsSync(store.sheetFile(u.gameId, 'photos', u.photo))) continue;
    store.refuseUpload(u.id, 500, 'The photo was lost when the server stopped: send it again');
    out.lost++;
  }
  if (out.finished || out.removed.length || out.lost) {
    log(`recovered: ${out.finished} photos moved into place, ${out.removed.length} files without a record removed${out.lost ? `, ${out.lost} photos lost` : ''}`);
  }
  return out;
}
