import type { DrawnEdges } from './edge-inputs.js';
import type { InkMap } from './inkmap.js';

/**
 * How a photo compares with the photos the models were trained on. Probabilities fitted on one kind of photo are
 * overconfident on another; so each photo is measured (ink darkness and colour, resolution, noise, sharpness) and,
 * where a measure lies outside the training photos' range, the models' chances are softened in proportion (see
 * readSheet): the confidence says the photo is unlike what the scanner knows.
 */
export type PhotoMeasures = Record<(typeof MEASURES)[number], number>;

export const MEASURES = ['level', 'cellPx', 'noise', 'sharpness', 'chroma', 'paper', 'dotMisfit'] as const;

/**
 * Which way each measure makes a photo harder than the training photos: fainter ink, fewer pixels a cell, more
 * noise, less sharpness, more colour, and paper darker or washed out. A clean flatbed scan lies past the easy end
 * of several ranges and is no less trusted for it.
 */
const HARDER: Record<(typeof MEASURES)[number], 'below' | 'above' | 'both'> = {
  level: 'below',
  cellPx: 'below',
  noise: 'above',
  sharpness: 'below',
  chroma: 'above',
  paper: 'both',
  dotMisfit: 'above',
};

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[(s.length - 1) >> 1];
};

export function photoMeasures(ink: InkMap, { edges, strokes, cal }: Pick<DrawnEdges, 'edges' | 'strokes' | 'cal'>, { cellPx, dotMisfit }: { cellPx: number; dotMisfit: number }): PhotoMeasures {
  const K = Math.max(0.02, cal.level);
  const drawn = edges.filter((_, i) => strokes[i].q30 >= cal.threshold);
  // The colour of the strokes: chroma of the darkest inked pixels (pencil is grey, ballpoint blue, red or black).
  let chroma = 0;
  let n = 0;
  const level = Math.round(0.6 * K * 255);
  for (let i = 0; i < ink.ink.length; i += 7) {
    if (ink.ink[i] < level) continue;
    const r = ink.rgb[3 * i];
    const g = ink.rgb[3 * i + 1];
    const b = ink.rgb[3 * i + 2];
    const hi = Math.max(r, g, b);
    chroma += (hi - Math.min(r, g, b)) / Math.max(1, hi);
    n++;
  }
  return {
    level: cal.level,
    cellPx,
    noise: median(edges.map((e) => e.noise)) / K,
    sharpness: median(drawn.map((e) => e.ridge / Math.max(0.01, e.score))),
    chroma: n ? chroma / n : 0,
    paper: ink.paperLevel,
    dotMisfit,
  };
}

/**
 * How far outside the training ranges a photo lies, where that makes it harder: for each measure, the distance past
 * the end of its range in units of the range's width, summed (0 inside every range).
 */
export function outsideBy(m: PhotoMeasures, ranges: Record<string, [number, number]>): number {
  let out = 0;
  for (const k of MEASURES) {
    const r = ranges[k];
    if (!r) continue;
    const width = Math.max(1e-6, r[1] - r[0]);
    if (m[k] > r[1] && HARDER[k] !== 'below') out += (m[k] - r[1]) / width;
    else if (m[k] < r[0] && HARDER[k] !== 'above') out += (r[0] - m[k]) / width;
  }
  return out;
}
