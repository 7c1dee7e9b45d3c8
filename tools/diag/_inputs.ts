import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { LOCAL_INPUTS } from '../../src/scan/edge-inputs.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { defaultModels } from '../../src/scan/models.js';
import { outsideBy } from '../../src/scan/ood.js';
const game = loadGame();
const [photo, ...keys] = process.argv.slice(2);
let ev: any;
const r = await scanPhoto(readFileSync(photo), game, { keepDoubtful: true, collect: (e) => (ev = e) });
console.log('measures', JSON.stringify(ev.measures), 'outside', outsideBy(ev.measures, defaultModels().ranges).toFixed(2), 'ranges', JSON.stringify(defaultModels().ranges));
for (const k of keys) {
  const i = ev.edges.findIndex((e: any) => `${e.kind}${e.row},${e.col}` === k);
  const x = ev.local[i];
  console.log(k, LOCAL_INPUTS.slice(0, 48).map((n, j) => `${n}=${x[j].toFixed(2)}`).join(' '));
}
