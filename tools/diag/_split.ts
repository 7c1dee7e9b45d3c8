import { readEvidence } from '../sim/evidence.js';
import { photoBase } from '../sim/photo-cache.js';
import { contextInputs, edgeIndex, LOCAL_INPUTS } from '../../src/scan/edge-inputs.js';
import { mlpLogit, sigmoid } from '../../src/scan/mlp.js';
import { modelsFromFile } from '../../src/scan/models.js';
const L = LOCAL_INPUTS.length;
for (const f of process.argv.slice(2)) {
  const m = modelsFromFile(f);
  let pw = 0, pn = 0, mw = 0, mn = 0, photosExactPlaced = 0, photosPlaced = 0;
  for (let i = 0; i < 250; i++) {
    const p = readEvidence(photoBase('val', i));
    if (p.refused) continue;
    const edges = Array.from(p.y, (_, k) => ({ kind: (p.kind[k] ? 'v' : 'h') as 'h' | 'v', row: p.row[k], col: p.col[k] }));
    const local = edges.map((_, k) => Float64Array.from(p.local.subarray(k * L, (k + 1) * L)));
    const p1 = Float64Array.from(local, (x) => sigmoid(mlpLogit(x, m.edgeLocal)));
    const ctx = contextInputs(local, edges, p1, edgeIndex(edges, p.rows, p.cols));
    const W = p.cols + 1;
    let allPlaced = true, wrongHere = 0;
    ctx.forEach((x, k) => {
      const z = mlpLogit(x, m.edgeContext);
      const wrong = (z >= 0 ? 1 : 0) !== p.y[k];
      const a = p.row[k] * W + p.col[k];
      const b = p.kind[k] === 0 ? a + 1 : a + W;
      const placed = p.vertexOff[a] < 0.15 && p.vertexOff[b] < 0.15;
      if (placed) { pn++; if (wrong) { pw++; wrongHere++; } } else { mn++; allPlaced = false; if (wrong) mw++; }
    });
    if (allPlaced) { photosPlaced++; if (!wrongHere) photosExactPlaced++; }
  }
  console.log(f, `placed edges: ${pw} wrong of ${pn}; misplaced: ${mw} of ${mn}; photos wholly placed: ${photosPlaced}, edges all right on ${photosExactPlaced}`);
}
