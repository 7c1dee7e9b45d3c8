import type { EdgeFeature } from './edge-features.js';
import { lineKey, type GridLine } from './edge-inputs.js';
import type { InkMap } from './inkmap.js';
import type { StrokeFeature } from './stroke.js';

/** Where, past the borderline, ink carrying on along a grid line is looked for: from and to, in cells outside. */
const PAST: [number, number] = [0.15, 0.45];

/**
 * Each interior grid line as a whole. A fold's crease, a ruled line or the edge of a shadow runs straight across the
 * sheet and past the land's borderline, alike along its whole length; fences stop at the borderline and differ from
 * edge to edge. So each line gets its edges' typical stroke and their spread, and the ink carrying on past both ends
 * of the land (the lesser of the two ends), along the line's typical offset.
 */
export function gridLines(m: InkMap, edges: EdgeFeature[], strokes: StrokeFeature[], rows: number, cols: number): Map<string, GridLine> {
  const byLine = new Map<string, { q: number[]; off: number[] }>();
  edges.forEach((e, i) => {
    const k = lineKey(e.kind, e.row, e.col);
    let l = byLine.get(k);
    if (!l) byLine.set(k, (l = { q: [], off: [] }));
    l.q.push(strokes[i].q30);
    l.off.push(strokes[i].offset);
  });
  const out = new Map<string, GridLine>();
  for (const [k, l] of byLine) {
    const q = [...l.q].sort((a, b) => a - b);
    const median = q[q.length >> 1];
    const spread = q.map((x) => Math.abs(x - median)).sort((a, b) => a - b)[q.length >> 1];
    const off = [...l.off].sort((a, b) => a - b)[l.off.length >> 1];
    const kind = k[0] as 'h' | 'v';
    const at = Number(k.slice(1));
    out.set(k, { median, spread, beyond: Math.min(past(m, kind, at, off, -1, rows, cols), past(m, kind, at, off, 1, rows, cols)) });
  }
  return out;
}

/** Median ink along the line's course past one end of the land (`end` -1: before vertex 0, 1: after the last). */
function past(m: InkMap, kind: 'h' | 'v', at: number, offset: number, end: -1 | 1, rows: number, cols: number): number {
  const { cell, margin, width, height, ink } = m;
  const across = margin + at * cell + Math.round(offset * cell);
  const span = kind === 'h' ? cols : rows;
  const vals: number[] = [];
  for (let d = Math.round(PAST[0] * cell); d <= Math.round(PAST[1] * cell); d++) {
    const along = end < 0 ? margin - d : margin + span * cell + d;
    let best = 0;
    for (let o = -3; o <= 3; o++) {
      const [x, y] = kind === 'h' ? [along, across + o] : [across + o, along];
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const v = ink[y * width + x];
      if (v > best) best = v;
    }
    vals.push(best / 255);
  }
  vals.sort((a, b) => a - b);
  return vals.length ? vals[vals.length >> 1] : 0;
}
