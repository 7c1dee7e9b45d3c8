/**
 * The simulator's conditions: every way a photo can differ from the difficulty preset's, each named, with its
 * own switch, grouped into families for leave-one-family-out runs (train without a family, evaluate on it).
 *
 * By default each condition is drawn at random with its own chance (domain randomisation on top of the preset:
 * ranges wider and odder than real photos, so that real photos look like one more variation). Options exclude
 * families or conditions (training without them) or force them on (evaluating on them). A condition only sets
 * knobs; the stages draw from the knobs, and the truth file lists the conditions that were on.
 */
import { setSheet, type Difficulty, type SimKnobs } from './difficulty.js';
import type { EraseKnobs } from './erased.js';
import { plainFreehand, MAX_END, type FreehandKnobs } from './fences.js';
import type { HoleStyle } from './holes.js';
import { placeObjects, placeThumb, type OcclusionKnobs } from './occluders.js';
import { INKS, type InkKnobs } from './pens.js';
import type { Rand } from './rand.js';
import { limitLift, type SurfaceKnobs } from './surface.js';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';

export const FAMILIES = ['freehand', 'not-flat', 'pens', 'erased', 'hatching', 'resolution', 'blur', 'light', 'occlusion', 'geometry'] as const;
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
  /** only sheet A has holes drawn by the player: drawn at random only there; forced, it turns a sheet B into an A */
  sideA?: boolean;
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
/** A pen or pencil condition: one per sheet (group 'ink'). */
const pen = (name: string, description: string, ranges: string, chance: number, ink: (rand: Rand) => InkKnobs): Condition => ({
  name,
  family: 'pens',
  description,
  ranges,
  chance,
  group: 'ink',
  apply(rand, k) {
    k.pencil.ink = ink(rand);
  },
});
/** Whether the sheet is drawn in pen: a pen condition's ink, or the preset's pen. */
const inPen = (k: SimKnobs): boolean => (!!k.pencil.ink && k.pencil.ink.kind !== 'pencil' && k.pencil.ink.kind !== 'coloured-pencil') || k.pencil.instrument === 'pen';
/** What the erased conditions add to: nothing rubbed out until one of them says so. */
const erase = (rand: Rand, k: SimKnobs): EraseKnobs =>
  (k.pencil.erase ??= {
    ghosts: 0,
    ghostAlpha: [0.08, 0.35],
    ghostWidth: [0.9, 2.5],
    partial: 0,
    partialAlpha: 0.45,
    redrawn: 0,
    holes: 0,
    smear: rand.range(0, 0.08),
    // a pen's sheet: the ink faded by an erasable pen, or (half the time) a pencil sketch rubbed out before inking
    tint: inPen(k) && rand.chance(0.5) ? 'ink' : 'graphite',
  });
/** A hole style condition: adds its style to the sheet's. */
const holes = (name: string, style: HoleStyle, description: string, ranges: string): Condition => ({
  name,
  family: 'hatching',
  description,
  ranges,
  chance: 0.1,
  sideA: true,
  apply(_rand, k) {
    (k.pencil.holeStyles ??= []).push(style);
  },
});
/**
 * A hole style condition whose marks go up to and over the lines and are laid over the print as paint, hiding the
 * dots and a fence along the hole; drawn only when forced (no chance in the random draw).
 */
const covering = (name: string, styles: HoleStyle[], description: string, ranges: string): Condition => ({
  name,
  family: 'hatching',
  description,
  ranges,
  chance: 0,
  sideA: true,
  apply(_rand, k) {
    k.pencil.coverFill = true;
    k.pencil.shadeReach = [-0.04, 0.02];
    (k.pencil.holeStyles ??= []).push(...styles);
  },
});
/** The photo's long side over 4000 px: blur and sharpening radii scale with it. */
const res = (k: SimKnobs) => Math.max(k.photo.width, k.photo.height) / 4000;
/** The things over the sheet and table (one shadow direction for all). */
const occlusion = (rand: Rand, k: SimKnobs): OcclusionKnobs => (k.photo.occlusion ??= { items: [], shadowDeg: rand.range(0, 360), shadowDepth: rand.range(0.2, 0.45) });
const geometry = (k: SimKnobs) => sheetGeometry(k.sheet.side, k.sheet.paper);
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

  // pens: what the player writes with (one per sheet)
  pen('ballpoint-blue', 'a blue ballpoint: thin strokes that skip and blob', 'RGB (15-50, 35-85, 120-195), 0.28-0.55 mm, opacity 0.6-0.95, skips 0.05-0.4 a cm', 0.06, INKS.ballpointBlue),
  pen('ballpoint-black', 'a black ballpoint: thin strokes that skip and blob', 'near RGB (30, 30, 40), 0.28-0.55 mm, opacity 0.65-0.95, skips and blobs', 0.05, INKS.ballpointBlack),
  pen('ballpoint-red', 'a red ballpoint (dark in the red channel only)', 'RGB (160-220, 15-55, 25-75), 0.28-0.55 mm, skips and blobs', 0.05, INKS.ballpointRed),
  pen('gel-pen', 'a gel pen: smooth, saturated, of any colour (black, blue, green, purple, pink, teal)', '0.4-0.8 mm, opacity 0.85-1, hardly any grain', 0.05, INKS.gel),
  pen('felt-tip', 'a felt-tip marker: broad soft strokes that pool where they start and end (black, blue, red, green, purple, brown, orange)', '0.8-1.8 mm, opacity 0.8-1, pooling 0.4-1', 0.05, INKS.feltTip),
  pen('pencil-hard', 'a hard pencil (2H, H): pale, thin, grainy', 'grey RGB ~(105, 108, 118), 0.3-0.5 mm, opacity 0.28-0.45, grain 0.55-0.75', 0.06, INKS.pencilHard),
  pen('pencil-soft', 'a soft pencil (2B-4B): dark, broad, soft-edged', 'RGB ~(38, 38, 44), 0.7-1.3 mm, opacity 0.6-0.9', 0.06, INKS.pencilSoft),
  pen('coloured-pencil', 'a coloured pencil (red, blue, green, orange, purple, brown): waxy and grainy', '0.6-1.1 mm, opacity 0.45-0.75, grain 0.5-0.7', 0.04, INKS.colouredPencil),

  // erased: strokes rubbed out (the edge or cell stays open in the truth)
  {
    name: 'erased-ghosts',
    family: 'erased',
    description: 'fences rubbed out on open edges: ghosts of varied darkness and width, broken where the eraser bit, a faint smear around',
    ranges: '1-8 ghosts at 8-60% of the hand\'s opacity, 0.9-3x its width, the eraser leaving 5-60% in places; smear 0-8%; on a pen\'s sheet half of them grey (a pencil sketch rubbed out before inking)',
    chance: 0.15,
    apply(rand, k) {
      const e = erase(rand, k);
      e.ghosts = rand.int(1, 8);
      e.ghostAlpha = [0.08, rand.range(0.2, 0.6)];
      e.ghostWidth = [0.9, rand.range(1.5, 3)];
    },
  },
  {
    name: 'erased-partial',
    family: 'erased',
    description: 'strokes rubbed out in part: a few stretches of the old stroke left, the rest nearly gone',
    ranges: '1-4 strokes, 1-3 stretches of 10-25% each at up to 30-50% of the hand\'s opacity, the rest 3-10%',
    chance: 0.1,
    apply(rand, k) {
      const e = erase(rand, k);
      e.partial = rand.int(1, 4);
      e.partialAlpha = rand.range(0.3, 0.5);
    },
  },
  {
    name: 'erased-redrawn',
    family: 'erased',
    description: 'fences drawn first on the parallel edge one cell over or beside their own line, rubbed out, drawn again where they belong',
    ranges: '1-4 fences; the ghost one cell over (if open) or 0.12-0.3 cell beside the line, at 8-50% of the hand\'s opacity',
    chance: 0.1,
    apply(rand, k) {
      const e = erase(rand, k);
      e.redrawn = rand.int(1, 4);
      e.ghostAlpha = [0.08, rand.range(0.2, 0.5)];
    },
  },
  {
    name: 'erased-holes',
    family: 'erased',
    description: 'an X drawn in the wrong cell and rubbed out',
    ranges: '1-3 cells, at 8-35% of the hand\'s opacity',
    chance: 0.08,
    apply(rand, k) {
      erase(rand, k).holes = rand.int(1, 3);
    },
  },

  // hatching: how holes are marked (each adds its style; a hole takes one of them three times in four)
  holes('cross-hatch', 'cross-hatch', 'holes cross-hatched: two sets of parallel strokes at right angles (give or take)', 'spacing 0.8-1.7 mm, inset 6-14% of the cell, zigzag or separate strokes'),
  holes('scribble-fill', 'scribble', 'holes filled with a looping scribble', 'loops 18-35% of the half cell, 2.5-5 turns a sweep'),
  holes('solid-fill', 'solid', 'holes filled solid: dense broad strokes both ways', 'spacing 0.45-0.8 mm, strokes 1.8-3x the line'),
  holes('one-direction', 'one-direction', 'holes shaded with separate parallel strokes in one direction (flat, upright or diagonal)', 'spacing 1-2.2 mm'),
  holes('light-shading', 'light', 'holes shaded lightly: the zigzag at 60% of the hand\'s opacity', 'opacity x0.6, not under 0.35 (or the hand\'s own when lighter)'),
  holes('x-off-centre', 'x-off-centre', 'an X off the cell\'s centre', 'centre 0.08-0.2 cell off, arms 55-85% of the half-diagonal, kept inside the cell'),
  holes('x-short', 'x-short', 'an X that does not reach the corners', 'arms 30-65% of the way to the corners'),

  // resolution: small and much-compressed photos
  {
    name: 'low-mp',
    family: 'resolution',
    description: 'a small photo: 2-4 MP (an old phone, a front camera, a resized upload)',
    ranges: '1632x1224 to 2560x1440 (2-3.7 MP)',
    chance: 0.12,
    apply(rand, k) {
      const [w, h] = rand.pick([[1632, 1224], [1920, 1440], [2048, 1536], [2304, 1728], [2560, 1440], [2400, 1800]] as [number, number][]);
      const portrait = k.photo.height > k.photo.width;
      k.photo.width = portrait ? h : w;
      k.photo.height = portrait ? w : h;
    },
  },
  {
    name: 'recompressed',
    family: 'resolution',
    description: 'sent through a messaging app: turned upright, scaled down, compressed a second time',
    ranges: 'long side 1024-2048 px, second JPEG quality 40-80',
    chance: 0.12,
    apply(rand, k) {
      k.photo.recompress = { longSide: rand.pick([1024, 1280, 1280, 1600, 1600, 1600, 2048]), quality: Math.round(rand.range(40, 80)) };
    },
  },
  {
    name: 'low-jpeg',
    family: 'resolution',
    description: 'hard JPEG compression: blocks and ringing around strokes',
    ranges: 'quality 30-60',
    chance: 0.12,
    apply(rand, k) {
      k.photo.jpegQuality = Math.round(rand.range(30, 60));
    },
  },

  // blur: the camera or the lens
  {
    name: 'motion-blur',
    family: 'blur',
    description: 'the phone moved during the shot: strokes smeared along one direction',
    ranges: '5-22 px at 12 MP (scaled with the photo), any direction',
    chance: 0.1,
    apply(rand, k) {
      k.photo.blur = { kind: 'motion', sigma: 0, length: Math.max(3, rand.range(5, 22) * res(k)), angleDeg: rand.range(0, 180) };
    },
  },
  {
    name: 'defocus',
    family: 'blur',
    description: 'out of focus: a disc blur (on top of the preset\'s)',
    ranges: 'disc radius 1.5-4.5 px at 12 MP (scaled, at least 1)',
    chance: 0.1,
    apply(rand, k) {
      k.photo.defocus = { radius: Math.max(1, rand.range(1.5, 4.5) * res(k)) };
    },
  },
  {
    name: 'focus-falloff',
    family: 'blur',
    description: 'shallow depth of field across a tilted sheet: sharp along one band, blurred away from it',
    ranges: 'blur up to sigma 2-6 px at 12 MP; the sharp band 5-35% of the frame either side of a line anywhere',
    chance: 0.1,
    apply(rand, k) {
      k.photo.focusFalloff = { sigma: Math.max(1, rand.range(2, 6) * res(k)), angleDeg: rand.range(0, 360), at: rand.range(-0.5, 0.5), width: rand.range(0.05, 0.35) };
    },
  },

  // light: the room's light and the phone's processing
  {
    name: 'strong-vignette',
    family: 'light',
    description: 'strong vignetting: the frame\'s corners much darker',
    ranges: 'corners 35-75% darker',
    chance: 0.1,
    apply(rand, k) {
      k.photo.light.vignette = rand.range(0.35, 0.75);
    },
  },
  {
    name: 'colour-cast',
    family: 'light',
    description: 'white balance off: a strong cast of any colour',
    ranges: 'red x0.7-1.35, green x0.9-1.1, blue x0.65-1.35',
    chance: 0.12,
    apply(rand, k) {
      k.photo.light.cast = [rand.range(0.7, 1.35), rand.range(0.9, 1.1), rand.range(0.65, 1.35)];
    },
  },
  {
    name: 'warm-indoor',
    family: 'light',
    description: 'indoor evening light: a warm lamp to one side, dimmer, falling off across the frame, more noise',
    ranges: 'red x1.12-1.35, blue x0.55-0.8; exposure x0.7-0.95; a lamp up to 30% of the frame beyond its edge, the far side down to a third as bright; noise x1.3-2',
    chance: 0.15,
    apply(rand, k) {
      const l = k.photo.light;
      l.cast = [rand.range(1.12, 1.35), 1, rand.range(0.55, 0.8)];
      l.exposure *= rand.range(0.7, 0.95);
      l.lamp = { at: [rand.range(-0.3, 1.3), rand.range(-0.3, 1.3)], falloff: rand.range(0.4, 2) };
      k.photo.noise *= rand.range(1.3, 2);
    },
  },
  {
    name: 'hard-light',
    family: 'light',
    description: 'sunlight through a window: a hard-edged band of light across the sheet, darker outside it',
    ranges: 'band 10-50% of the frame wide, x1.05-1.35 inside, x0.55-0.85 outside, edges 0.2-2% soft',
    chance: 0.1,
    apply(rand, k) {
      k.photo.light.patch = { at: [rand.range(0.2, 0.8), rand.range(0.2, 0.8)], angleDeg: rand.range(0, 180), width: rand.range(0.1, 0.5), inside: rand.range(1.05, 1.35), outside: rand.range(0.55, 0.85), soft: rand.range(0.002, 0.02) };
    },
  },
  {
    name: 'dim-light',
    family: 'light',
    description: 'a dim room: underexposed and noisy',
    ranges: 'exposure 0.45-0.75, noise x1.5-2.5',
    chance: 0.1,
    apply(rand, k) {
      k.photo.light.exposure = rand.range(0.45, 0.75);
      k.photo.noise *= rand.range(1.5, 2.5);
    },
  },
  {
    name: 'tone-mapping',
    family: 'light',
    description: 'the phone\'s local tone mapping: shadows lifted, bright paper held down, halos where they meet',
    ranges: 'strength 0.25-0.7, over 2-10% of the frame',
    chance: 0.12,
    apply(rand, k) {
      k.photo.toneMap = { strength: rand.range(0.25, 0.7), radius: rand.range(0.02, 0.1) };
    },
  },
  {
    name: 'sharpen-halos',
    family: 'light',
    description: 'the phone\'s strong sharpening: light halos beside every stroke and printed line',
    ranges: 'unsharp mask sigma 1.2-3.5 px at 12 MP, amount 0.8-2.5',
    chance: 0.12,
    apply(rand, k) {
      k.photo.halo = { sigma: Math.max(0.8, rand.range(1.2, 3.5) * res(k)), amount: rand.range(0.8, 2.5) };
    },
  },
  {
    name: 'denoise-smoothing',
    family: 'light',
    description: 'phone noise smoothed away then sharpened: flat, painterly paper and pencil',
    ranges: 'noise x1.5-3, then a median of 3 or 5 px and a sharpening of 0.5-1.5',
    chance: 0.12,
    apply(rand, k) {
      k.photo.noise *= rand.range(1.5, 3);
      k.photo.denoise = { size: rand.chance(0.6) ? 3 : 5, sharpen: rand.range(0.5, 1.5) };
    },
  },

  // occlusion: things over and on the sheet (never over the corner squares, the QR code or the land)
  {
    name: 'thumb',
    family: 'occlusion',
    description: 'a thumb (or two) holding the sheet by its margin, with its shadow',
    ranges: 'tip 8-25 mm inside the edge, 15-22 mm wide, 6 skin tones; a second thumb 1 in 3',
    chance: 0.12,
    apply(rand, k) {
      const o = occlusion(rand, k);
      const g = geometry(k);
      for (let i = 0; i < (rand.chance(0.33) ? 2 : 1); i++) {
        const t = placeThumb(rand, g);
        if (t) o.items.push(t);
      }
    },
  },
  {
    name: 'table-objects',
    family: 'occlusion',
    description: 'things on the table near the sheet, some over its edge: pencils, pens, dice, an eraser, a phone, coins, cards',
    ranges: '1-5 objects, each within its own size of the page\'s edge, with shadows',
    chance: 0.15,
    apply(rand, k) {
      occlusion(rand, k).items.push(...placeObjects(rand, geometry(k), rand.int(1, 5)));
    },
  },
  {
    name: 'stains',
    family: 'occlusion',
    description: 'stains on the paper: coffee rings, water marks, grease spots, graphite smudged by a hand (over the land too)',
    ranges: '1-4 stains, 10-45 mm, strength 0.3-1',
    chance: 0.12,
    apply(rand, k) {
      const g = geometry(k);
      const n = rand.int(1, 4);
      const list = (k.photo.stains ??= []);
      for (let i = 0; i < n; i++) {
        const kind = rand.weighted([['coffee', 3], ['water', 2], ['grease', 1.5], ['smudge', 2]] as const);
        list.push({ kind, at: [rand.range(0, g.page.width), rand.range(0, g.page.height)], radius: rand.range(10, 45) * (72 / 25.4), strength: rand.range(0.3, 1), angleDeg: rand.range(0, 180), stretch: rand.range(1.5, 4), seed: rand.int(1, 1e6) });
      }
    },
  },

  // geometry: where the camera is
  {
    name: 'steep-tilt',
    family: 'geometry',
    description: 'the phone held far from square above the sheet',
    ranges: 'tilt 32-40 degrees',
    chance: 0.12,
    apply(rand, k) {
      k.camera.tiltDeg = rand.range(32, 40);
    },
  },
  {
    name: 'marker-shadow',
    family: 'geometry',
    description: 'a corner square in a deep shadow, or cut by a shadow\'s edge',
    ranges: 'shadow 35-70% deep, edge 0.2-2% soft, a hand, a phone or a straight edge on one of the four corners',
    chance: 0.1,
    apply(rand, k) {
      const g = geometry(k);
      const m = rand.pick(g.markers);
      const cx = (m.x + m.size / 2) / g.page.width;
      const cy = (m.y + m.size / 2) / g.page.height;
      const shape = rand.pick(['edge', 'hand', 'phone'] as const);
      // an edge: pointing from the page's middle out to the corner, its line near the square (through it at times)
      const out = (Math.atan2(cy - 0.5, cx - 0.5) * 180) / Math.PI;
      const back = rand.range(-1.5, 2.5) * (m.size / g.page.width);
      k.photo.light.shadow = {
        depth: rand.range(0.35, 0.7),
        penumbra: rand.range(0.002, 0.02),
        shape,
        at: shape === 'edge' ? [cx - Math.cos((out * Math.PI) / 180) * back, cy - Math.sin((out * Math.PI) / 180) * back] : [cx + rand.range(-0.04, 0.04), cy + rand.range(-0.04, 0.04)],
        angleDeg: shape === 'edge' ? out + rand.range(-25, 25) : rand.range(0, 360),
        size: shape === 'edge' ? 0 : rand.range(0.2, 0.45),
      };
    },
  },
  {
    name: 'small-sheet',
    family: 'geometry',
    description: 'the sheet small in the frame, taken from afar',
    ranges: 'the page 12-30% of the frame',
    chance: 0.08,
    apply(rand, k) {
      k.camera.fill = rand.range(0.12, 0.3);
      k.camera.wholePage = true;
    },
  },
  {
    name: 'free-rotation',
    family: 'geometry',
    description: 'the sheet at any angle in the frame',
    ranges: 'rotation uniform over 360 degrees',
    chance: 0.1,
    apply(rand, k) {
      k.camera.rotationDeg = rand.range(-180, 180);
    },
  },
  {
    name: 'edge-cut',
    family: 'geometry',
    description: 'taken close: the paper\'s edges out of the frame (the corner squares in it)',
    ranges: 'fill 80-100% around the corner squares',
    chance: 0.08,
    apply(rand, k) {
      k.camera.wholePage = false;
      k.camera.fill = rand.range(0.8, 1);
    },
  },
  {
    name: 'ultra-wide',
    family: 'geometry',
    description: 'the ultra-wide lens: strong perspective for the same tilt',
    ranges: '13-18 mm equivalent',
    chance: 0.08,
    apply(rand, k) {
      k.camera.focalMm = rand.range(13, 18);
    },
  },
  // added after the others: the registry's order is the order of the random draws, and a condition put earlier
  // would change every photo after it
  {
    name: 'shade-to-lines',
    family: 'hatching',
    description: 'holes shaded right up to their lines and a little over them, as a hand fills a box (the edge of the shading lies where a fence would)',
    ranges: 'the shading stops from 0.04 cell over the lines to 0.02 inside (presets: 0.05-0.13 inside)',
    chance: 0.1,
    sideA: true,
    apply(_rand, k) {
      k.pencil.shadeReach = [-0.04, 0.02];
      (k.pencil.holeStyles ??= []).push('shaded');
    },
  },
  // Last, and drawn only when forced: with no chance in the random draw, every cached photo of this simulator
  // version stays as it was; the next version gives it a chance of its own.
  {
    name: 'erased-even',
    family: 'erased',
    description: 'fences rubbed out lightly: an even, broad ghost, grey on a pen\'s sheet half the time, as dark as a light fence in places',
    ranges: '1-6 ghosts at 35-75% of the hand\'s opacity, 1.5-3x its width, the eraser leaving 70-95% where it bit hardest; drawn only when forced',
    chance: 0,
    apply(rand, k) {
      const e = erase(rand, k);
      e.ghosts = rand.int(1, 6);
      e.ghostAlpha = [0.35, 0.75];
      e.ghostWidth = [1.5, 3];
      e.ghostEven = [0.7, 0.95];
    },
  },
  covering(
    'cover-fill',
    ['solid', 'shaded'],
    'holes filled solid up to and over their lines, so densely that the fill covers the printed dots and a fence drawn along the hole',
    'solid or zigzag shading from 0.04 cell over the lines to 0.02 inside, laid over the print and the fences; drawn only when forced',
  ),
  covering(
    'cover-hatch',
    ['dense-diagonal'],
    'holes shaded in close diagonal strokes up to and over their lines, laid over the print: grey with light gaps, yet hiding the dots and a fence drawn along the hole',
    'strokes 0.35-0.7 mm apart with 1-3 gaps, from 0.04 cell over the lines to 0.02 inside, laid over the print and the fences; drawn only when forced',
  ),
  // Drawn only when forced, as erased-even: the next simulator version gives it a chance of its own.
  {
    name: 'neighbour-sheet',
    family: 'occlusion',
    description: "a neighbour's finished sheet on the table beside this one, part of it or all in the frame, with its own corner squares and QR code",
    ranges: 'left, right, above or below, 0.5-4 cm apart, slid up to a third of the page along, turned up to 6 degrees; beside it three times in four; the sheet fills 25-50% of the frame; drawn only when forced',
    chance: 0,
    apply(rand, k) {
      // (a photo is wider than a sheet: a neighbour above or below shows only its edge)
      const at = rand.weighted([['left', 3], ['right', 3], ['above', 1], ['below', 1]] as const);
      const g = geometry(k);
      const along = at === 'left' || at === 'right' ? g.page.height : g.page.width;
      k.photo.neighbour = { at, gap: rand.range(0.5, 4) * (72 / 2.54), slide: rand.range(-1, 1) * (along / 3), angleDeg: rand.range(-6, 6) };
      k.camera.wholePage = true;
      k.camera.fill = Math.min(k.camera.fill, rand.range(0.25, 0.5));
    },
  },
  // Drawn only when forced, as erased-even. The photos made outside the project shade holes short of their lines
  // (docs/benchmarks.md, "Fences beside a shaded hole"): this is the simulator's side of that measurement.
  {
    name: 'shade-short',
    family: 'hatching',
    description: 'holes shaded short of their lines, as a careful hand fills a box: paper shows between the shading and each side without a fence',
    ranges: 'zigzag shading or cross-hatching stopping 0.08-0.12 cell inside the lines (cross-hatching up to 0.18); drawn only when forced',
    chance: 0,
    sideA: true,
    apply(_rand, k) {
      k.pencil.shadeReach = [0.08, 0.18];
      (k.pencil.holeStyles ??= []).push('shaded', 'cross-hatch');
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
 * its drawn conditions except that each group keeps one, drawn at random (one drawn only when forced must be named).
 */
export function applyConditions(rand: Rand, k: SimKnobs, opts: ConditionOptions = {}): string[] {
  const scale = (opts.scale ?? 1) * DIFFICULTY_SCALE[k.difficulty];
  const excluded = new Set((opts.exclude ?? []).flatMap((n) => resolveConditions(n).map((c) => c.name)));
  const forced = new Set<string>();
  const fr = rand.fork('forced');
  for (const n of opts.force ?? []) {
    // a family forced turns on the conditions it draws; one drawn only when forced is on only when named
    const list = resolveConditions(n).filter((c) => c.name === n || c.chance > 0);
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
    else if (hit && opts.draw !== 'none' && !excluded.has(c.name) && !(c.group && groupTaken.has(c.group)) && !(c.sideA && k.sheet.side === 'B')) {
      on.add(c.name);
      if (c.group) groupTaken.add(c.group);
    }
  }
  const names = CONDITIONS.filter((c) => on.has(c.name)).map((c) => c.name);
  if (names.some((n) => byName.get(n)!.sideA) && k.sheet.side === 'B') setSheet(k, 'A');
  for (const n of names) byName.get(n)!.apply(rand.fork(`c:${n}`), k);
  // bends add up: a sheet on a table rises at most 20-80 pt (7-28 mm) anywhere
  if (k.photo.surface) limitLift(k.photo.surface, sheetGeometry(k.sheet.side, k.sheet.paper).page, rand.fork('lift').range(20, 80));
  return names;
}

/** The conditions as a markdown table (docs/simulator.md holds it; a test keeps the two the same). */
export function conditionsTable(): string {
  const rows = CONDITIONS.map((c) => `| \`${c.name}\` | ${c.family} | ${c.description}${c.group ? ` (one ${c.group} a photo)` : ''} | ${c.ranges} | ${Math.round(c.chance * 100)}% |`);
  return ['| condition | family | what it does | ranges | chance (medium) |', '|---|---|---|---|---|', ...rows].join('\n') + '\n';
}
