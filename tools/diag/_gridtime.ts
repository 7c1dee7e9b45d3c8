import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { locateGrid } from '../../src/scan/grid.js';
import { registerToDots } from '../../src/scan/register.js';
import { inkMap } from '../../src/scan/inkmap.js';
const game = loadGame();
const f = readFileSync('fixtures/photos/17-medium-a-letter-12mp.jpg');
const r = await scanPhoto(f, game, { keepDoubtful: true, collect: () => undefined }).catch((e) => { throw e; });
for (let k = 0; k < 3; k++) {
  let t = performance.now();
  const g = locateGrid(r.photo, r.pose);
  const a = performance.now() - t; t = performance.now();
  const g2 = registerToDots(r.photo, g);
  const b = performance.now() - t; t = performance.now();
  inkMap(r.photo, g2);
  const c = performance.now() - t;
  console.log(`locateGrid ${a.toFixed(0)} register ${b.toFixed(0)} inkmap ${c.toFixed(0)}`);
}
