/**
 * Experiment: does a photo's own doubt (the mean chance of being wrong over its edges) say how far its chances
 * should be softened? Fitted on the validation photos, measured on the benchmark's.
 *   node --import tsx tools/diag/photo-temperature.ts
 */
import { defaultModels } from '../../src/scan/models.js';
import { sigmoid } from '../../src/scan/mlp.js';
import { calibrationLine, evidenceOf, photoLogits } from '../sim/train-models.js';

const m = defaultModels();
const T = m.temperature;
interface P { ze: Float64Array; ye: Uint8Array; zh: Float64Array; yh: Uint8Array; doubt: number }
async function load(set: 'val' | 'bench', n: number): Promise<P[]> {
  const ev = await evidenceOf(set, n);
  return ev.map((p) => {
    const l = photoLogits(p, m);
    let d = 0;
    for (const z of l.edges) d += sigmoid(-Math.abs(z) / T.edge);
    return { ze: l.edges, ye: p.y, zh: l.holes, yh: p.cellY, doubt: d / l.edges.length };
  });
}
/** Every item's log-odds over its photo's temperature (t, grown by the photo's doubt to the power beta), and its truth. */
function tempered(ps: P[], kind: 'e' | 'h', t: number, beta: number, ref: number): { z: Float64Array; y: Uint8Array } {
  const z: number[] = [];
  const y: number[] = [];
  for (const p of ps) {
    const f = t * Math.pow(p.doubt / ref, beta);
    for (const v of kind === 'e' ? p.ze : p.zh) z.push(v / f);
    y.push(...(kind === 'e' ? p.ye : p.yh));
  }
  return { z: Float64Array.from(z), y: Uint8Array.from(y) };
}
const nll = (ps: P[], kind: 'e' | 'h', t: number, beta: number, ref: number) => {
  const { z, y } = tempered(ps, kind, t, beta, ref);
  let s = 0;
  for (let i = 0; i < z.length; i++) {
    const q = 1 / (1 + Math.exp(-z[i]));
    s -= y[i] ? Math.log(Math.max(1e-12, q)) : Math.log(Math.max(1e-12, 1 - q));
  }
  return s;
};
const calib = (ps: P[], kind: 'e' | 'h', t: number, beta: number, ref: number) => {
  const { z, y } = tempered(ps, kind, t, beta, ref);
  return calibrationLine(z, y, 1);
};
const val = await load('val', 200);
const bench = await load('bench', 200);
const ref = [...val.map((p) => p.doubt)].sort((a, b) => a - b)[val.length >> 1];
console.log(`median doubt on val ${ref.toFixed(4)}; bench median ${[...bench.map((p) => p.doubt)].sort((a, b) => a - b)[bench.length >> 1].toFixed(4)}`);
for (const kind of ['e', 'h'] as const) {
  let best = { beta: 0, t: kind === 'e' ? T.edge : T.hole, l: Infinity };
  for (let beta = 0; beta <= 1.001; beta += 0.05)
    for (let k = -20; k <= 60; k++) {
      const t = Math.exp(k * 0.025);
      const l = nll(val, kind, t, beta, ref);
      if (l < best.l) best = { beta, t, l };
    }
  const t0 = kind === 'e' ? T.edge : T.hole;
  console.log(`${kind}: fitted beta ${best.beta.toFixed(2)}, t ${best.t.toFixed(3)} (shipped t ${t0}); val nll ${nll(val, kind, t0, 0, ref).toFixed(0)} -> ${best.l.toFixed(0)}; bench nll ${nll(bench, kind, t0, 0, ref).toFixed(0)} -> ${nll(bench, kind, best.t, best.beta, ref).toFixed(0)}`);
  console.log(`  bench shipped: ${calib(bench, kind, t0, 0, ref)}`);
  console.log(`  bench fitted:  ${calib(bench, kind, best.t, best.beta, ref)}`);
  console.log(`  val shipped:   ${calib(val, kind, t0, 0, ref)}`);
  console.log(`  val fitted:    ${calib(val, kind, best.t, best.beta, ref)}`);
}
