import { BAND, edgeAxes, type EdgeFeature } from './features.js';
import type { InkMap } from './inkmap.js';

/**
 * A line drawn beside an edge rather than on it: a careless hand can trace a fence a fifth of a cell off its
 * dotted line, past the band the edge is measured in, and the edge then reads as a sure blank. This looks for a
 * straight stroke parallel to the edge just outside the band, on either side, with paper beyond it (so the edge
 * of shading drawn along the edge does not count): its ink, 0..1, which 70% of the edge reaches; 0 under `least`.
 */
export function besideLine(m: InkMap, e: EdgeFeature, least = 0): number {
  const { cell, ink } = m;
  const band = Math.max(2, Math.round(cell * BAND));
  const reach = Math.round(cell * REACH);
  const beyondFrom = Math.round(cell * BEYOND[0]);
  const beyondTo = Math.round(cell * BEYOND[1]);
  // Nearly the whole edge: a drawn line runs its length, a doodle or a printed egg half of it at most.
  const from = Math.round(0.1 * cell);
  const to = Math.round(0.9 * cell);
  const n = to - from;
  const { base, along, across } = edgeAxes(m, e.kind, e.row, e.col);
  // Ink at offset o across the edge (the darker of it and its outer neighbour: a hand's line wavers), step s along.
  const at = (o: number, s: number) => {
    const i = base + s * along + o * across;
    const j = i + Math.sign(o) * across;
    return ink[i] > ink[j] ? ink[i] : ink[j];
  };
  const vals = new Uint8Array(n);
  const q = Math.floor(0.3 * (n - 1));
  const floor = Math.ceil(least * 255);
  const lineAt = (o: number) => {
    // Most offsets are paper: counted against the floor before anything is sorted.
    let inked = 0;
    for (let s = from; s < to; s++) if ((vals[s - from] = at(o, s)) >= floor) inked++;
    return inked >= n - q ? vals.sort()[q] : 0;
  };
  let best = 0;
  for (const side of [-1, 1]) {
    for (let d = band + 1; d <= reach; d++) {
      const o = Math.round(e.shift) + side * d;
      const line = lineAt(o);
      if (line <= best) continue;
      // Paper beyond the stroke over a third of the edge's length at least (the ink 70% of it reaches under half
      // the stroke's, at each distance checked), as beside shading drawn along the edge it is not; an X or hatching
      // beyond crosses those lines only here and there. (It was the median: a printed hole's ring beside a fence
      // traced off its line covered half the length, and the fence read as a sure blank.)
      let clear = true;
      for (let b = beyondFrom; clear && b <= beyondTo; b++) {
        for (let s = from; s < to; s++) vals[s - from] = at(o + side * b, s);
        if (vals.sort()[q] * 2 >= line) clear = false;
      }
      if (clear) best = line;
    }
  }
  return best / 255;
}

/** How far off its line a stroke is still taken for the edge's, in cells. */
const REACH = 0.3;
/** Where past a stroke the paper must be clear, in cells (shading strokes drawn along the edge fill it). */
const BEYOND = [0.08, 0.19] as const;
