import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { modelsFromFile } from '../../src/scan/models.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { evaluate } from '../evaluate.js';
const game = loadGame();
const models = modelsFromFile(process.argv[2]);
for (const base of process.argv.slice(3)) {
  const truth = JSON.parse(readFileSync(`${base}.truth.json`, 'utf8'));
  let ev: any;
  const r = await scanPhoto(readFileSync(`${base}.jpg`), game, { models, keepDoubtful: true, collect: (e) => (ev = e) });
  const e = evaluate(truth, r.state, r.uncertain, game);
  const listed = new Map(r.uncertain.map((u) => [`${u.kind}${u.row},${u.col}`, u]));
  console.log(base.split('/').pop(), truth.sim.conditions.join(','), 'level', r.calibration.level.toFixed(3));
  for (const x of [...e.edgeErrors.map((x) => ({ ...x })), ...e.holeErrors.map((x) => ({ kind: 'hole', ...x }))]) {
    const k = `${x.kind}${x.row},${x.col}`;
    const u = listed.get(k);
    const i = ev.edges.findIndex((f: any) => f.kind === x.kind && f.row === x.row && f.col === x.col);
    const s = i >= 0 ? ev.strokes[i] : null;
    console.log(`  ${k} truth ${x.truth ? 1 : 0} ${u ? `chance ${u.chance.toFixed(3)} points ${u.points} likely ${u.likely}` : 'not listed'}` + (s ? ` q30 ${(s.q30 / ev.cal.level).toFixed(2)} q50 ${(s.q50 / ev.cal.level).toFixed(2)} off ${s.offset.toFixed(2)} drift ${s.drift.toFixed(2)} second ${(s.second[0] / ev.cal.level).toFixed(2)} score ${(ev.edges[i].score / ev.cal.level).toFixed(2)} fifths ${s.fifths.map((f: number) => (f / ev.cal.level).toFixed(1)).join('/')}` : ''));
  }
}
