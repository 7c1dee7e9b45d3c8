/** Diagnostic: one hash over everything the scanner measures on the first 12 fixture photos (a refactor must leave it unchanged). */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame, projectRoot } from '../../src/data/load.js';
import { scanPhoto } from '../../src/scan/scan.js';
const game = loadGame();
const h = createHash('sha1');
const dir = join(projectRoot, 'fixtures/photos');
for (const f of readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort().slice(0, 12)) {
  try {
    await scanPhoto(`${dir}/${f}`, game, { keepDoubtful: true, collect: (ev) => { h.update(JSON.stringify(ev.edges)); h.update(JSON.stringify(ev.strokes)); for (const x of ev.local) h.update(Buffer.from(x.buffer)); for (const x of ev.holeOwn) h.update(Buffer.from(x.buffer)); } });
  } catch (e) { h.update(String(e)); }
}
console.log(h.digest('hex'));
