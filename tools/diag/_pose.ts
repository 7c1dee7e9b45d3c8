import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { scanPhoto } from '../../src/scan/scan.js';
const game = loadGame();
for (const base of process.argv.slice(2)) {
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
  const r = await scanPhoto(readFileSync(`${base}.jpg`), game, { keepDoubtful: true, collect: () => undefined });
  const k = 1 / r.photo.scale;
  console.log(base.split('/').pop(), 'paper', r.paper, 'truth paper', truth.paper, 'rotation', r.pose.rotation, 'border', r.pose.borderContrast.toFixed(2), 'exif', truth.sim.photo.exifOrientation, 'side', truth.side);
  console.log(' truth corners', JSON.stringify(truth.sim.grid.corners));
  const g = r.grid; const W = g.cols + 1;
  const c = [0, g.cols, W * g.rows + g.cols, W * g.rows].map((i) => [Math.round(g.xs[i] * k), Math.round(g.ys[i] * k)]);
  console.log(' read corners ', JSON.stringify(c));
  console.log(' truth markers', JSON.stringify(truth.sim.markers.map((m: number[][]) => [Math.round((m[0][0] + m[2][0]) / 2), Math.round((m[0][1] + m[2][1]) / 2)])));
}
