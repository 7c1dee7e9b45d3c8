import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the files under a folder (to tell a stale build). */
export function newest(dir: string): number {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
