/** Stage 5: difficulty presets: each draws every knob of the simulator from its ranges. */
import type { CameraKnobs } from './camera.js';
import { drawCamera } from './camera.js';
import type { TableKind } from './background.js';
import { NAMES } from './glyphs.js';
import type { LightKnobs } from './light.js';
import type { PencilKnobs, Instrument } from './pencil.js';
import type { PhotoKnobs } from './photo.js';
import type { Rand } from './rand.js';
import type { Paper } from '../../src/engine/setup.js';
import type { Side } from '../../src/engine/types.js';

export type Difficulty = 'easy' | 'medium' | 'hard' | 'extreme';
export const DIFFICULTIES: Difficulty[] = ['easy', 'medium', 'hard', 'extreme'];

/** Everything a simulated photo is made from; the truth file records it. */
export interface SimKnobs {
  difficulty: Difficulty;
  sheet: { side: Side; paper: Paper; players: number; player: number; gameSeed: string };
  pencil: PencilKnobs;
  camera: CameraKnobs;
  photo: PhotoKnobs;
}

type Range = [number, number];

interface Preset {
  instrument: [Instrument, number][];
  pressure: Range;
  wobble: Range;
  overshoot: Range;
  gapProb: Range;
  sloppy: Range;
  shadeProb: number;
  doodleRate: Range;
  smudges: Range;
  tilt: Range;
  fill: Range[];
  rotation: 'upright' | 'any';
  /** probability that the whole page is in the frame */
  wholePage: number;
  tables: [TableKind, number][];
  exposure: Range;
  cast: number;
  gradient: Range;
  vignette: Range;
  shadowProb: number;
  shadowDepth: Range;
  penumbra: Range;
  glareProb: number;
  glare: Range;
  curlProb: number;
  curl: Range;
  blur: Range;
  motionProb: number;
  motion: Range;
  noise: Range;
  jpeg: Range;
  exifProb: number;
}

export const PRESETS: Record<Difficulty, Preset> = {
  easy: {
    instrument: [['pen', 4], ['hb', 6]],
    pressure: [0.95, 1.15], wobble: [0.12, 0.3], overshoot: [0.02, 0.08], gapProb: [0, 0.03], sloppy: [0, 0.3],
    shadeProb: 0.1, doodleRate: [0, 0.3], smudges: [0, 1],
    tilt: [0, 10], fill: [[0.55, 0.85]], rotation: 'upright', wholePage: 1,
    tables: [['wood', 3], ['fabric', 2], ['stone', 1], ['dark-wood', 2]],
    exposure: [0.95, 1.05], cast: 0.03, gradient: [0, 0.15], vignette: [0, 0.1],
    shadowProb: 0, shadowDepth: [0.15, 0.25], penumbra: [0.03, 0.08], glareProb: 0, glare: [0, 0],
    curlProb: 0, curl: [0, 0], blur: [0.3, 0.8], motionProb: 0, motion: [0, 0], noise: [1, 2.5], jpeg: [85, 95], exifProb: 0.1,
  },
  medium: {
    instrument: [['pen', 2.5], ['hb', 6], ['faint', 1.5]],
    pressure: [0.85, 1.1], wobble: [0.2, 0.5], overshoot: [0.03, 0.12], gapProb: [0.02, 0.08], sloppy: [0.2, 0.6],
    shadeProb: 0.25, doodleRate: [0.2, 0.5], smudges: [0, 2],
    tilt: [5, 22], fill: [[0.4, 0.8]], rotation: 'any', wholePage: 0.7,
    tables: [['wood', 3], ['fabric', 2], ['stone', 1], ['dark-wood', 2], ['dark', 1], ['light', 1], ['busy', 1]],
    exposure: [0.85, 1.05], cast: 0.08, gradient: [0.1, 0.35], vignette: [0.05, 0.2],
    shadowProb: 0.4, shadowDepth: [0.2, 0.45], penumbra: [0.01, 0.06], glareProb: 0.1, glare: [0.05, 0.15],
    curlProb: 0.3, curl: [1, 4], blur: [0.5, 1.3], motionProb: 0.15, motion: [2, 5], noise: [2, 4], jpeg: [75, 92], exifProb: 0.25,
  },
  hard: {
    instrument: [['pen', 1], ['hb', 4.5], ['faint', 4.5]],
    pressure: [0.8, 1.05], wobble: [0.3, 0.7], overshoot: [0.05, 0.18], gapProb: [0.05, 0.15], sloppy: [0.4, 0.9],
    shadeProb: 0.4, doodleRate: [0.4, 0.8], smudges: [1, 3],
    tilt: [15, 32], fill: [[0.3, 0.7]], rotation: 'any', wholePage: 0.4,
    tables: [['dark', 3], ['busy', 2], ['dark-busy', 2], ['light', 2], ['dark-wood', 2], ['fabric', 1]],
    exposure: [0.7, 1.0], cast: 0.15, gradient: [0.25, 0.5], vignette: [0.1, 0.3],
    shadowProb: 0.7, shadowDepth: [0.3, 0.6], penumbra: [0.003, 0.03], glareProb: 0.2, glare: [0.1, 0.3],
    curlProb: 0.5, curl: [2, 6], blur: [0.7, 1.6], motionProb: 0.25, motion: [3, 8], noise: [3, 6], jpeg: [65, 85], exifProb: 0.4,
  },
  extreme: {
    instrument: [['hb', 3], ['faint', 7]],
    pressure: [0.8, 1.0], wobble: [0.4, 0.9], overshoot: [0.08, 0.22], gapProb: [0.1, 0.2], sloppy: [0.6, 1],
    shadeProb: 0.5, doodleRate: [0.5, 1], smudges: [2, 4],
    tilt: [25, 35], fill: [[0.3, 0.45], [0.85, 1]], rotation: 'any', wholePage: 0.2,
    tables: [['busy', 3], ['dark-busy', 3], ['dark', 2], ['light', 2], ['dark-wood', 1]],
    exposure: [0.6, 0.95], cast: 0.2, gradient: [0.35, 0.6], vignette: [0.2, 0.4],
    shadowProb: 0.9, shadowDepth: [0.4, 0.7], penumbra: [0.002, 0.02], glareProb: 0.3, glare: [0.15, 0.4],
    curlProb: 0.6, curl: [3, 8], blur: [1.0, 2.0], motionProb: 0.35, motion: [4, 10], noise: [4, 8], jpeg: [60, 75], exifProb: 0.5,
  },
};

/** Photo sizes (landscape; portrait swaps): 12, 10, 9 and 8 MP at 4:3, and 9 MP at 16:9. */
export const SIZES: [number, number][] = [[4000, 3000], [3648, 2736], [3456, 2592], [3264, 2448], [4000, 2250]];

const r = (rand: Rand, [a, b]: Range) => rand.range(a, b);

/** Draws all knobs for `difficulty` from `rand`. `sizes` restricts the photo sizes (default: all). */
export function drawKnobs(rand: Rand, difficulty: Difficulty, sizes: [number, number][] = SIZES): SimKnobs {
  const p = PRESETS[difficulty];
  const sr = rand.fork('sheet');
  // games come from a pool of 24 (the printed PDFs are cached); the game played on the sheet is the photo's own
  const side: Side = sr.chance(0.6) ? 'A' : 'B';
  const g = sr.int(1, 24);
  const players = side === 'B' ? 1 : 2 + (g % 5);
  const sheet = { side, paper: (sr.chance(0.6) ? 'a4' : 'letter') as Paper, players, player: sr.int(1, players), gameSeed: `sim-${g}` };

  const pr = rand.fork('pencil');
  const pencil: PencilKnobs = {
    instrument: pr.weighted(p.instrument),
    pressure: r(pr, p.pressure),
    wobble: r(pr, p.wobble),
    overshoot: r(pr, p.overshoot),
    gapProb: r(pr, p.gapProb),
    joinProb: pr.range(0.3, 0.85),
    sloppy: r(pr, p.sloppy),
    shadeProb: p.shadeProb,
    doodleRate: r(pr, p.doodleRate),
    smudges: Math.round(r(pr, p.smudges)),
    name: pr.chance(0.85) ? pr.pick(NAMES) : null,
    extras: pr.chance(0.8),
  };

  const cr = rand.fork('camera');
  const camera = drawCamera(cr, { tilt: p.tilt, fill: cr.pick(p.fill), rotation: p.rotation, wholePage: p.wholePage });

  const lr = rand.fork('light');
  const cast = (): number => 1 + lr.normal() * p.cast * 0.6;
  const light: LightKnobs = {
    exposure: r(lr, p.exposure),
    cast: [cast(), 1, cast()],
    gradient: r(lr, p.gradient),
    gradientDeg: lr.range(0, 360),
    vignette: r(lr, p.vignette),
    shadow: lr.chance(p.shadowProb)
      ? {
          depth: r(lr, p.shadowDepth),
          penumbra: r(lr, p.penumbra),
          shape: lr.weighted([['phone', 3], ['hand', 2], ['phone-and-hand', 3], ['edge', 2]] as const),
          at: [lr.range(0.2, 0.8), lr.range(0.25, 0.85)],
          angleDeg: lr.range(0, 360),
          size: lr.range(0.35, 0.6),
        }
      : null,
    glare: lr.chance(p.glareProb) ? r(lr, p.glare) : 0,
    glareAt: [lr.range(0.1, 0.9), lr.range(0.2, 0.9)],
  };

  const or = rand.fork('optics');
  // the frame follows the sheet: portrait for an upright or upside-down sheet, landscape for a sideways one (mostly)
  const sideways = Math.abs(Math.abs(camera.rotationDeg) - 90) < 45;
  const portrait = or.chance(0.85) ? !sideways : sideways;
  const [lw, lh] = or.pick(sizes);
  const motion = or.chance(p.motionProb);
  const photo: PhotoKnobs = {
    width: portrait ? lh : lw,
    height: portrait ? lw : lh,
    table: or.weighted(p.tables),
    light,
    paperTint: (() => {
      const warm = or.range(0, 0.05);
      return [1 - warm * 0.2, 1 - warm * 0.4, 1 - warm] as [number, number, number];
    })(),
    curl: or.chance(p.curlProb) ? { edge: or.int(0, 3), amount: r(or, p.curl) * (or.chance(0.5) ? 1 : -1), band: or.range(0.12, 0.3) } : null,
    blur: { kind: motion ? 'motion' : 'gauss', sigma: r(or, p.blur), length: motion ? r(or, p.motion) : 0, angleDeg: or.range(0, 180) },
    noise: r(or, p.noise),
    sharpen: or.chance(0.6) ? or.range(0.3, 0.9) : 0,
    jpegQuality: Math.round(r(or, p.jpeg)),
    exif: or.chance(p.exifProb) ? or.pick([6, 6, 8, 3] as const) : 1,
  };
  return { difficulty, sheet, pencil, camera, photo };
}

/** Puts the sheet on `side` and `paper`, keeping its game (players and player follow the side). */
export function setSheet(k: SimKnobs, side: Side, paper: Paper = k.sheet.paper): void {
  const g = Number(k.sheet.gameSeed.replace(/^sim-/, '')) || 1;
  const players = side === 'B' ? 1 : 2 + (g % 5);
  k.sheet = { ...k.sheet, side, paper, players, player: Math.min(k.sheet.player, players) };
}

/** A mix of difficulties by weight, for `--difficulty mix`. */
export function mixDifficulty(rand: Rand): Difficulty {
  return rand.weighted([['easy', 25], ['medium', 35], ['hard', 25], ['extreme', 15]] as const);
}
