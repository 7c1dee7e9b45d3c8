import { itemKey } from '../engine/review.js';
import { glareOf, type InkMap } from './inkmap.js';
import { dotLineOffset, dotPhase, pathInk } from './edge-band.js';
import { EdgeProbe } from './probe.js';
import { quantile, sortedQuantile } from './sample.js';

/** What the ink map shows on and right around one interior edge's dotted line. */
export interface EdgeFeature {
  kind: 'h' | 'v';
  row: number;
  col: number;
  /** Ink (0..1) that 70% of the edge reaches: a drawn line is continuous, printed dots cover under half. */
  score: number;
  /** Ink that 40% of the edge reaches: high for a dark stroke with gaps, low for an erased smudge. */
  presence: number;
  /** Dimmest paper along the edge relative to the land's typical paper (below 1 in a shadow). */
  light: number;
  /** Brightest paper along the edge relative to the land's typical paper (above 1 in a glare spot). */
  glare: number;
  /**
   * Darker over brighter paper either side of the edge, the most uneven of five points along it: low where a
   * shadow's edge runs along the line, which can swallow a faint stroke on it while the line itself looks lit.
   */
  across: number;
  /** Ink that 90% of the edge reaches (a whole stroke) and that half of it reaches. */
  low: number;
  median: number;
  /** Typical ink on lines a third of a cell inside the neighbouring cells, the quieter side: the paper's own noise. */
  noise: number;
  /** Median ink of the edge's first, middle and last third: a stroke's gap keeps both ends, an overshoot one. */
  thirds: [number, number, number];
  /** Ink that 70% of the best smooth path through the band reaches (see edge-band.ts's pathInk). */
  path: number;
  /** What 70% of the edge reaches on the ridge map across it (ridge.ts): a faint line on a shadow's edge shows here. */
  ridge: number;
  /**
   * Ridge along the edge over ridge across it, at the sharpest dip of each step: near 0 for a line running with the
   * edge, higher for hatch lines, X strokes and doodles crossing the band at a slant.
   */
  oblique: number;
  /** Where the printed dots lie: their phase along the edge and the shift of their line across it (pixels). */
  phase: number;
  shift: number;
}

/** Half the width of the band searched for a drawn line either side of an edge, in cells (a wobbly hand strays). */
export const BAND = 0.14;

/** Ink along the edge, the darkest pixel across the band from `lo` to `hi`, at the steps between the printed dots. */
function edgeProfile(p: EdgeProbe, lo: number, hi: number): Float32Array {
  const all = p.bandMax(lo, hi);
  const values: number[] = [];
  for (let s = p.from; s < p.to; s++) if (p.betweenDots(s)) values.push(all[s - p.from]);
  return Float32Array.from(values);
}

/** How far across (in cells) the printed dots are looked for off where the geometry puts their line. */
const DOT_SHIFT = 0.1;
/** Ink (0..255) by which the dots must stand out from the gaps between them for their line to be trusted. */
const DOT_CONTRAST = 12;

/**
 * The ridge map across an edge (its sharpest dip across the band at each step between the printed dots): what 70%
 * of the edge reaches, and how much the ridge along the edge at those dips is of it (see EdgeFeature.oblique).
 */
function ridgeProfile(p: EdgeProbe, band: number): { ridge: number; oblique: number } {
  const ridgeAcross = p.kind === 'h' ? p.m.ridge.h : p.m.ridge.v;
  const ridgeAlong = p.kind === 'h' ? p.m.ridge.v : p.m.ridge.h;
  const values: number[] = [];
  let sumAcross = 0;
  let sumAlong = 0;
  for (let s = p.from; s < p.to; s++) {
    if (!p.betweenDots(s)) continue;
    let best = -1;
    let at = 0;
    for (let o = p.shift - band; o <= p.shift + band; o++) {
      const i = p.at(s, o);
      if (ridgeAcross[i] > best) {
        best = ridgeAcross[i];
        at = i;
      }
    }
    values.push(best / 255);
    sumAcross += best;
    sumAlong += ridgeAlong[at];
  }
  return { ridge: quantile(Float32Array.from(values), 0.3), oblique: sumAcross > 0 ? sumAlong / sumAcross : 0 };
}

/** How far either side of an edge its paper is compared (in cells): past the ink map's closing, inside the cells. */
const ACROSS_OFFSET = 0.2;

/** Steps either side averaged along the line before the path search: a stroke is continuous, noise is not. */
const PATH_SMOOTH = 2;

/** Where the noise lines run, in cells from the edge: inside the cell, clear of a wobbly fence and of X ends. */
const NOISE_OFFSET = 0.3;

/** Median ink along a line parallel to an edge, `offset` cells across, over its middle 0.2..0.8. */
function sideNoise(p: EdgeProbe, offset: number): number {
  const from = Math.round(0.2 * p.cell);
  const to = Math.round(0.8 * p.cell);
  const o = Math.round(offset * p.cell);
  const vals = new Float32Array(to - from);
  for (let s = from; s < to; s++) vals[s - from] = p.ink(s, o) / 255;
  return quantile(vals, 0.5);
}

const edgeSpan = (kind: 'h' | 'v', row: number, col: number, [cr, cc]: [number, number]): [number, number] => {
  // The bold center point reaches further along its four edges than a grid dot does.
  const aIsCenter = row === cr && col === cc;
  const bIsCenter = kind === 'h' ? row === cr && col + 1 === cc : row + 1 === cr && col === cc;
  return [aIsCenter ? 0.27 : 0.2, bIsCenter ? 0.73 : 0.8];
};

/** Collinear edges either side whose dots' offsets are pooled (median): a curl bends a line smoothly, hatching beside one edge does not move it. */
const SHIFT_POOL = 2;

/** Samples every interior edge. Its ends are skipped: vertex dots, the center point and crossing fences live there. */
export function edgeFeatures(m: InkMap, rows: number, cols: number, center: [number, number]): EdgeFeature[] {
  const band = Math.max(2, Math.round(m.cell * BAND));
  // Where each edge's dots lie: their phase along it, and their line across, pooled along the grid line.
  const probes: EdgeProbe[] = [];
  const raw: number[] = [];
  const add = (kind: 'h' | 'v', row: number, col: number) => {
    const p = new EdgeProbe(m, kind, row, col).span(...edgeSpan(kind, row, col, center));
    p.phase = dotPhase(p, band, Math.max(2, Math.round(p.cell * 0.06)));
    probes.push(p);
    raw.push(dotLineOffset(p, Math.max(1, Math.round(p.cell * DOT_SHIFT)), DOT_CONTRAST));
  };
  for (let i = 1; i < rows; i++) for (let j = 0; j < cols; j++) add('h', i, j);
  for (let i = 0; i < rows; i++) for (let j = 1; j < cols; j++) add('v', i, j);
  const rawAt = new Map(probes.map((p, i) => [itemKey(p), raw[i]]));
  const shiftOf = (kind: 'h' | 'v', row: number, col: number) => {
    const pool: number[] = [];
    for (let k = -SHIFT_POOL; k <= SHIFT_POOL; k++) {
      const r = rawAt.get(kind === 'h' ? itemKey({ kind, row, col: col + k }) : itemKey({ kind, row: row + k, col }));
      if (r !== undefined) pool.push(r);
    }
    pool.sort((a, b) => a - b);
    return pool[pool.length >> 1];
  };
  return probes.map((p) => {
    const { kind, row, col } = p;
    // Light along the edge, at five points, and either side of it: shadows and glare spots have sharp edges.
    let dim = 255;
    let bright = 0;
    let across = 1;
    const step = Math.round(m.cell * ACROSS_OFFSET);
    for (const f of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      const s = Math.round(f * m.cell);
      const q = m.paper[p.at(s, 0)];
      if (q < dim) dim = q;
      if (q > bright) bright = q;
      const a = m.paper[p.at(s, -step)];
      const b = m.paper[p.at(s, step)];
      across = Math.min(across, Math.min(a, b) / Math.max(1, a, b));
    }
    p.shift = shiftOf(kind, row, col);
    const prof = edgeProfile(p, p.shift - band, p.shift + band);
    const path = quantile(pathInk(p, band, PATH_SMOOTH), 0.3);
    const noise = Math.min(sideNoise(p, -NOISE_OFFSET), sideNoise(p, NOISE_OFFSET));
    const sorted = Float64Array.from(prof).sort();
    const { ridge, oblique } = ridgeProfile(p, band);
    return {
      kind, row, col,
      score: sortedQuantile(sorted, 0.3), presence: sortedQuantile(sorted, 0.6),
      light: dim / Math.max(1, m.paperLevel), glare: glareOf(bright, m.paperLevel), across,
      low: sortedQuantile(sorted, 0.1), median: sortedQuantile(sorted, 0.5), noise, path, ridge, oblique,
      thirds: [0, 1, 2].map((k) => quantile(prof.subarray(Math.floor((k * prof.length) / 3), Math.floor(((k + 1) * prof.length) / 3)), 0.5)) as [number, number, number],
      phase: p.phase, shift: p.shift,
    };
  });
}
