/**
 * The simulator's conditions: every way a photo can differ from the difficulty preset's, each named, with its
 * own switch, grouped into families for leave-one-family-out runs (train without a family, evaluate on it).
 *
 * By default each condition is drawn at random with its own chance (domain randomisation on top of the preset:
 * ranges wider and odder than real photos, so that real photos look like one more variation). Options exclude
 * families or conditions (training without them) or force them on (evaluating on them). A condition only sets
 * knobs; the stages draw from the knobs, and the truth file lists the conditions that were on.
 */
import type { Difficulty, SimKnobs } from './difficulty.js';
import { plainFreehand, MAX_END, type FreehandKnobs } from './fences.js';
import type { Rand } from './rand.js';
import { limitLift, type SurfaceKnobs } from './surface.js';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';

export const FAMILIES = ['freehand', 'not-flat'] as const;
export type Family = (typeof FAMILIES)[number];

export interface Condition {
  name: string;
  family: Family;
  /** one line: what it does to the photo */
  description: string;
  /** the ranges it draws, for the docs */
  ranges: string;
  /** chance of being on in the default draw at difficulty medium (scaled by DIFFICULTY_SCALE) */
  chance: number;
  /** at most one condition of a group is on at once (e.g. one kind of pen) */
  group?: string;
  /** sets the knobs (after the preset's, before a caller's tweak) */
  apply(rand: Rand, k: SimKnobs): void;
}

/** How the chances scale with the preset: harder presets also draw more conditions. */
export const DIFFICULTY_SCALE: Record<Difficulty, number> = { easy: 0.5, medium: 1, hard: 1.3, extreme: 1.6 };

/** What `simulatePhoto` does with the conditions. */
export interface ConditionOptions {
  /** 'random' (the default): each condition is on with its chance; 'none': only the forced ones are on */
  draw?: 'random' | 'none';
  /** families or condition names never drawn (a forced one still wins) */
  exclude?: readonly string[];
  /** families or condition names always on; a family turns on all its conditions (one of each group) */
  force?: readonly string[];
  /** multiplies every chance of the random draw (default 1) */
  scale?: number;
}

const fh = (k: SimKnobs): FreehandKnobs => (k.pencil.freehand ??= plainFreehand(k.pencil));
const sign = (rand: Rand) => (rand.chance(0.5) ? 1 : -1);
/** The sheet's surface, flat until a not-flat condition bends it; the light on it drawn once. */
const surface = (rand: Rand, k: SimKnobs): SurfaceKnobs =>
  (k.photo.surface ??= {
    axis: rand.chance(0.75) ? 'v' : 'u',
    folds: [],
    bowDeg: 0,
    crossBowDeg: 0,
    crossFolds: [],
    creases: [],
    bumps: null,
    light: { azDeg: rand.range(0, 360), elevDeg: rand.range(25, 75), strength: rand.range(0.3, 1) },
    creaseLine: rand.range(0.25, 1),
  });

export const CONDITIONS: readonly Condition[] = [
  // freehand: how hands draw fences without a ruler
  {
    name: 'fence-offset',
    family: 'freehand',
    description: 'fences drawn beside their dotted line: a habitual side per direction plus each stroke\'s own offset',
    ranges: 'habit 0-0.15 cell either side per direction, each stroke +-0.03-0.1 cell more; at most 0.24 cell',
    chance: 0.35,
    apply(rand, k) {
      const f = fh(k);
      f.bias = [sign(rand) * rand.range(0, 0.15), sign(rand) * rand.range(0, 0.15)];
      f.spread = rand.range(0.03, 0.1);
    },
  },
  {
    name: 'fence-tilt',
    family: 'freehand',
    description: 'strokes at an angle to their line: the two ends at different distances from it',
    ranges: 'ends differ by 0.04-0.15 cell (spread) per cell of stroke, up to about 8 degrees',
    chance: 0.3,
    apply(rand, k) {
      fh(k).tilt = rand.range(0.04, 0.15);
    },
  },
  {
    name: 'short-ends',
    family: 'freehand',
    description: 'strokes stopping short of the corner dots',
    ranges: `30-80% of ends, short by up to 0.12-${MAX_END} cell; a one-edge stroke keeps at least 55% of its edge`,
    chance: 0.3,
    apply(rand, k) {
      const f = fh(k);
      f.shortEnds = rand.range(0.3, 0.8);
      f.shortMax = rand.range(0.12, MAX_END);
    },
  },
  {
    name: 'long-ends',
    family: 'freehand',
    description: 'strokes running past the corner dots into the next edge',
    ranges: `40-90% of ends, past by up to 0.12-${MAX_END} cell`,
    chance: 0.3,
    apply(rand, k) {
      const f = fh(k);
      f.longEnds = rand.range(0.4, 0.9);
      f.longMax = rand.range(0.12, MAX_END);
    },
  },
  {
    name: 'drifting-runs',
    family: 'freehand',
    description: 'one continuous stroke over a run of fences (often round corners) that drifts and wavers',
    ranges: 'carried on over 70-97% of collinear joints and 30-80% of corners, 2-9 edges a stroke; drift 0.02-0.07 cell a cell, waver 0.02-0.06 cell',
    chance: 0.3,
    group: 'stroke-length',
    apply(rand, k) {
      const f = fh(k);
      f.join = rand.range(0.7, 0.97);
      f.turn = rand.range(0.3, 0.8);
      f.drift = rand.range(0.02, 0.07);
      f.waver = Math.max(f.waver, rand.range(0.02, 0.06));
    },
  },
  {
    name: 'edge-by-edge',
    family: 'freehand',
    description: 'every fence a separate short stroke, lifted at each corner dot',
    ranges: 'no stroke over two edges',
    chance: 0.2,
    group: 'stroke-length',
    apply(_rand, k) {
      const f = fh(k);
      f.join = 0;
      f.turn = 0;
    },
  },
  {
    name: 'wavy-strokes',
    family: 'freehand',
    description: 'wavering, bowed strokes (a shaky or quick hand)',
    ranges: 'waver 0.03-0.07 cell, bow 0.02-0.06 cell (spread) per edge',
    chance: 0.25,
    apply(rand, k) {
      const f = fh(k);
      f.waver = Math.max(f.waver, rand.range(0.03, 0.07));
      f.bow = Math.max(f.bow, rand.range(0.02, 0.06));
    },
  },
  {
    name: 'double-stroke',
    family: 'freehand',
    description: 'strokes gone over a second time, beside the first pass, whole or in part',
    ranges: '25-70% of strokes, the second pass 0.02-0.07 cell from the first',
    chance: 0.25,
    apply(rand, k) {
      fh(k).double = rand.range(0.25, 0.7);
    },
  },
  {
    name: 'heavy-hand',
    family: 'freehand',
    description: 'a heavy hand: dark, wide strokes (holes, doodles and writing too)',
    ranges: 'opacity x1.25-1.7, line width x1.4-2.4',
    chance: 0.15,
    group: 'pressure',
    apply(rand, k) {
      const f = fh(k);
      f.pressure = rand.range(1.25, 1.7);
      f.width = rand.range(1.4, 2.4);
    },
  },
  {
    name: 'light-hand',
    family: 'freehand',
    description: 'a light hand: pale, thin strokes (never fainter than the faint pencil at its lightest)',
    ranges: 'opacity x0.5-0.75 (at least 0.25), line width x0.7-0.95',
    chance: 0.15,
    group: 'pressure',
    apply(rand, k) {
      const f = fh(k);
      f.pressure = rand.range(0.5, 0.75);
      f.width = rand.range(0.7, 0.95);
    },
  },

  // not-flat: sheets carried home, folded, bowed, creased
  {
    name: 'fold-thirds',
    family: 'not-flat',
    description: 'folded into thirds like a letter and opened: two crease lines across the sheet, the panels at angles (a kink in the geometry, a light and shadow line on each crease)',
    ranges: 'creases at 1/3 and 2/3 (+-3%) across the long side (or the short side, 1 in 4); each turns 3-25 degrees either way; panels lit by a light 25-75 degrees up',
    chance: 0.2,
    apply(rand, k) {
      const s = surface(rand, k);
      s.folds = [1 / 3, 2 / 3].map((at) => ({ at: at + rand.range(-0.03, 0.03), deg: sign(rand) * rand.range(3, 25) }));
    },
  },
  {
    name: 'fold-half',
    family: 'not-flat',
    description: 'folded in half (across the other way when also folded in thirds: in quarters or sixths)',
    ranges: 'one crease at 1/2 (+-4%), turning 3-20 degrees either way',
    chance: 0.12,
    apply(rand, k) {
      const s = surface(rand, k);
      const f = { at: 0.5 + rand.range(-0.04, 0.04), deg: sign(rand) * rand.range(3, 20) };
      if (s.folds.length) s.crossFolds = [f];
      else s.folds = [f];
    },
  },
  {
    name: 'bowed',
    family: 'not-flat',
    description: 'a bowed sheet: bent smoothly along one axis, a little along the other (no single homography fits it)',
    ranges: 'a turn of 10-50 degrees over the sheet either way, 0-10 degrees across',
    chance: 0.2,
    apply(rand, k) {
      const s = surface(rand, k);
      s.bowDeg = sign(rand) * rand.range(10, 50);
      s.crossBowDeg = rand.range(-10, 10);
    },
  },
  {
    name: 'creases',
    family: 'not-flat',
    description: 'creases at any angle (a sheet crumpled in a bag): a small kink and a crease line each',
    ranges: '1-5 creases 150-900 pt long, each a kink of 1-7 degrees reaching 20-150 pt',
    chance: 0.15,
    apply(rand, k) {
      const s = surface(rand, k);
      const n = rand.int(1, 5);
      for (let i = 0; i < n; i++) {
        s.creases.push({ at: [rand.range(0.1, 0.9), rand.range(0.1, 0.9)], angleDeg: rand.range(0, 180), length: rand.range(150, 900), deg: sign(rand) * rand.range(1, 7), reach: rand.range(20, 150) });
      }
    },
  },
  {
    name: 'wavy-paper',
    family: 'not-flat',
    description: 'paper that does not lie flat: low bumps all over (damp or much-handled paper)',
    ranges: 'bumps 3-15 pt high, 15-60% of the page wide',
    chance: 0.15,
    apply(rand, k) {
      surface(rand, k).bumps = { amp: rand.range(3, 15), scale: rand.range(0.15, 0.6), seed: rand.int(1, 1e6) };
    },
  },
  {
    name: 'edge-curl',
    family: 'not-flat',
    description: 'one edge of the sheet lifting off the table (stronger than the presets\' curl)',
    ranges: 'any edge, the content near it moved 4-14 pt, over 10-35% of the page',
    chance: 0.12,
    apply(rand, k) {
      k.photo.curl = { edge: rand.int(0, 3), amount: sign(rand) * rand.range(4, 14), band: rand.range(0.1, 0.35) };
    },
  },
];

const byName = new Map(CONDITIONS.map((c) => [c.name, c]));

/** The conditions a name stands for: a condition, or every condition of a family. Throws on an unknown name. */
export function resolveConditions(name: string): Condition[] {
  const one = byName.get(name);
  if (one) return [one];
  const fam = CONDITIONS.filter((c) => c.family === name);
  if (fam.length) return fam;
  throw new RangeError(`unknown condition or family "${name}": expected one of ${FAMILIES.join(', ')} or a condition name (${CONDITIONS.map((c) => c.name).join(', ')})`);
}

/**
 * Draws which conditions are on (in registry order) and applies them to `k`. A forced family turns on all
 * its conditions except that each group keeps one, drawn at random.
 */
export function applyConditions(rand: Rand, k: SimKnobs, opts: ConditionOptions = {}): string[] {
  const scale = (opts.scale ?? 1) * DIFFICULTY_SCALE[k.difficulty];
  const excluded = new Set((opts.exclude ?? []).flatMap((n) => resolveConditions(n).map((c) => c.name)));
  const forced = new Set<string>();
  const fr = rand.fork('forced');
  for (const n of opts.force ?? []) {
    const list = resolveConditions(n);
    const groups = new Map<string, Condition[]>();
    for (const c of list) if (c.group && list.length > 1) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
    for (const c of list) if (!c.group || list.length === 1) forced.add(c.name);
    for (const g of groups.values()) if (!g.some((c) => forced.has(c.name))) forced.add(fr.pick(g).name);
  }
  // every condition takes its draw whether or not it can be on, so that excluding one shifts no other
  const dr = rand.fork('draw');
  const on = new Set<string>();
  const groupTaken = new Set<string>();
  for (const c of CONDITIONS) if (forced.has(c.name) && c.group) groupTaken.add(c.group);
  for (const c of CONDITIONS) {
    const hit = dr() < Math.min(0.95, c.chance * scale);
    if (forced.has(c.name)) on.add(c.name);
    else if (hit && opts.draw !== 'none' && !excluded.has(c.name) && !(c.group && groupTaken.has(c.group))) {
      on.add(c.name);
      if (c.group) groupTaken.add(c.group);
    }
  }
  const names = CONDITIONS.filter((c) => on.has(c.name)).map((c) => c.name);
  for (const n of names) byName.get(n)!.apply(rand.fork(`c:${n}`), k);
  // bends add up: a sheet on a table rises at most 20-80 pt (7-28 mm) anywhere
  if (k.photo.surface) limitLift(k.photo.surface, sheetGeometry(k.sheet.side, k.sheet.paper).page, rand.fork('lift').range(20, 80));
  return names;
}
