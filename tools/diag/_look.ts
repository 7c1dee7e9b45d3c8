import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { modelsFromFile } from '../../src/scan/models.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { evaluate } from '../evaluate.js';
const game = loadGame();
const models = modelsFromFile(process.argv[2]);
for (const base of process.argv.slice(3)) {
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
  try {
    const r = await scanPhoto(readFileSync(`${base}.jpg`), game, { models, keepDoubtful: true });
    const e = evaluate(truth, r.state, r.uncertain, game);
    console.log(base.split('/').pop(), truth.sim.difficulty, truth.sim.conditions.join(','), `wrong ${e.edgeErrors.length}+${e.holeErrors.length} asked ${e.asked} listed ${e.listed} level ${r.calibration.level.toFixed(3)} t ${r.calibration.threshold.toFixed(3)}`, e.edgeErrors.slice(0, 6).map((x) => `${x.kind}${x.row},${x.col}:${x.truth ? 1 : 0}`).join(' '));
  } catch (err) {
    console.log(base.split('/').pop(), truth.sim.difficulty, truth.sim.conditions.join(','), 'REFUSED', (err as Error).message.slice(0, 120));
  }
}
