/** Procedural table tops, drawn at a reduced resolution (the photo stage upsamples and adds fine grain). */
import { fbm, hash2, valueNoise, type Rand } from './rand.js';

export type TableKind = 'wood' | 'dark-wood' | 'fabric' | 'dark' | 'busy' | 'dark-busy' | 'light' | 'stone';

export interface Table {
  kind: TableKind;
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel */
  rgb: Uint8Array;
}

type RGB = [number, number, number];

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function jitterColor(rand: Rand, c: RGB, amount: number): RGB {
  const k = 1 + rand.normal() * amount;
  return [c[0] * k * (1 + rand.normal() * amount * 0.3), c[1] * k, c[2] * k * (1 + rand.normal() * amount * 0.3)];
}

/** A table top of `kind`, `width` x `height` pixels. `unit` is the size of a centimetre in these pixels. */
export function drawTable(rand: Rand, kind: TableKind, width: number, height: number, unit: number): Table {
  const rgb = new Uint8Array(width * height * 3);
  const seed = (rand() * 2 ** 31) | 0;
  const set = (o: number, c: RGB) => {
    rgb[o] = clamp8(c[0]);
    rgb[o + 1] = clamp8(c[1]);
    rgb[o + 2] = clamp8(c[2]);
  };
  const each = (f: (x: number, y: number) => RGB) => {
    for (let y = 0, o = 0; y < height; y++) for (let x = 0; x < width; x++, o += 3) set(o, f(x, y));
  };

  if (kind === 'wood' || kind === 'dark-wood') {
    const tones: RGB[][] = kind === 'wood'
      ? [[[196, 156, 108], [150, 105, 62]], [[214, 178, 130], [170, 128, 80]], [[170, 120, 78], [120, 78, 45]]]
      : [[[92, 60, 40], [48, 30, 20]], [[70, 48, 36], [35, 24, 18]], [[110, 70, 45], [60, 38, 25]]];
    const [light, dark] = rand.pick(tones).map((c) => jitterColor(rand, c, 0.06)) as [RGB, RGB];
    const ang = rand.range(0, Math.PI);
    const ux = Math.cos(ang);
    const uy = Math.sin(ang);
    const plank = unit * rand.range(8, 20);
    const freq = rand.range(0.8, 2.2) / unit;
    const plankTone = Array.from({ length: 64 }, () => rand.range(-0.12, 0.12));
    const plankShift = Array.from({ length: 64 }, () => rand.range(0, 1000));
    each((x, y) => {
      const s = x * ux + y * uy; // along the grain
      const t = -x * uy + y * ux; // across
      const p = Math.floor(t / plank);
      const pi = ((p % 64) + 64) % 64;
      const within = t - p * plank;
      const warp = fbm((s + plankShift[pi]) / (unit * 30), t / (unit * 3), seed + pi, 3) * 6;
      const ring = 0.5 + 0.5 * Math.sin((t + warp * unit) * freq * 2 * Math.PI * 0.35 + pi);
      const streak = valueNoise((s + plankShift[pi] * 7) / (unit * 12), t / (unit * 0.15), seed ^ 77);
      let k = 0.55 * ring * ring + 0.45 * streak;
      k = Math.min(1, Math.max(0, k + plankTone[pi]));
      let c = mix(light, dark, k);
      if (within < unit * 0.12 || plank - within < unit * 0.05) c = mix(c, dark, 0.7);
      return c;
    });
  } else if (kind === 'fabric') {
    const palette: RGB[] = [[180, 40, 45], [40, 70, 150], [40, 120, 70], [200, 170, 60], [120, 60, 130], [90, 90, 95]];
    const a = jitterColor(rand, rand.pick(palette), 0.08);
    const white: RGB = rand.chance(0.7) ? [236, 232, 222] : jitterColor(rand, rand.pick(palette), 0.08);
    const check = unit * rand.range(1, 3.5);
    const ang = rand.range(-0.3, 0.3);
    const cs = Math.cos(ang);
    const sn = Math.sin(ang);
    const plain = rand.chance(0.3);
    each((x, y) => {
      const u = x * cs + y * sn;
      const v = -x * sn + y * cs;
      const fold = fbm(x / (unit * 25), y / (unit * 25), seed, 2);
      let c: RGB;
      if (plain) c = a;
      else {
        const bu = Math.floor(u / check) & 1;
        const bv = Math.floor(v / check) & 1;
        c = mix(white, a, (bu + bv) / 2);
      }
      const weave = ((Math.floor(u / (unit * 0.08)) + Math.floor(v / (unit * 0.08))) & 1) * 0.06;
      const k = 0.75 + 0.45 * fold - weave + (hash2(x, y, seed) - 0.5) * 0.08;
      return [c[0] * k, c[1] * k, c[2] * k];
    });
  } else if (kind === 'dark') {
    const base = jitterColor(rand, rand.pick([[28, 28, 30], [40, 36, 34], [22, 26, 32], [50, 50, 52]] as RGB[]), 0.1);
    const sheen = rand.range(0, 0.6);
    const sx = rand.range(0, width);
    const sy = rand.range(0, height);
    const sr = Math.max(width, height) * rand.range(0.3, 0.8);
    each((x, y) => {
      const n = fbm(x / (unit * 4), y / (unit * 4), seed, 3);
      const d = Math.hypot(x - sx, y - sy) / sr;
      const k = 0.8 + 0.4 * n + sheen * Math.max(0, 1 - d) * 1.2;
      return [base[0] * k, base[1] * k, base[2] * k];
    });
  } else if (kind === 'light') {
    const base = jitterColor(rand, rand.pick([[226, 224, 218], [238, 238, 236], [214, 216, 220], [230, 220, 200]] as RGB[]), 0.03);
    each((x, y) => {
      const k = 0.94 + 0.1 * fbm(x / (unit * 10), y / (unit * 10), seed, 3);
      return [base[0] * k, base[1] * k, base[2] * k];
    });
  } else if (kind === 'stone') {
    const base = jitterColor(rand, rand.pick([[200, 198, 192], [120, 118, 115], [60, 62, 66]] as RGB[]), 0.05);
    const vein = base[0] > 128 ? 0.55 : 1.6;
    each((x, y) => {
      const n = fbm(x / (unit * 15), y / (unit * 15), seed, 5);
      const v = Math.abs(Math.sin((x / unit) * 0.15 + n * 12));
      const k = v < 0.05 ? vein : 0.9 + 0.2 * fbm(x / unit, y / unit, seed ^ 9, 2);
      return [base[0] * k, base[1] * k, base[2] * k];
    });
  } else {
    // busy, dark-busy: a coloured (or dark) surface with clutter on it: papers, books, mugs, pencils, dice, coins, a patterned mat
    const bases: RGB[] = kind === 'dark-busy' ? [[30, 30, 34], [45, 36, 30], [24, 32, 44]] : [[150, 110, 70], [90, 90, 100], [170, 160, 140], [60, 80, 70]];
    const base = jitterColor(rand, rand.pick(bases), 0.08);
    each((x, y) => {
      const k = 0.85 + 0.3 * fbm(x / (unit * 6), y / (unit * 6), seed, 3);
      return [base[0] * k, base[1] * k, base[2] * k];
    });
    clutter(rand, rgb, width, height, unit);
  }
  return { kind, width, height, rgb };
}

const LEAD: RGB = [30, 30, 32];
const WOOD: RGB = [225, 190, 140];
const INK: RGB = [90, 90, 95];
const PIPS = [[0, 0], [-0.45, -0.45], [0.45, 0.45], [-0.45, 0.45], [0.45, -0.45]];

/** Draws random objects with signed-distance shapes (antialiased at the low resolution). */
function clutter(rand: Rand, rgb: Uint8Array, width: number, height: number, unit: number): void {
  const n = rand.int(12, 40);
  const palette: RGB[] = [[230, 230, 225], [240, 238, 230], [200, 40, 40], [30, 90, 170], [250, 200, 40], [30, 30, 30], [60, 150, 80], [240, 120, 30], [120, 60, 140], [250, 250, 250]];
  for (let i = 0; i < n; i++) {
    const kind = rand.weighted([['rect', 4], ['disc', 2], ['pencil', 2], ['die', 2], ['stripes', 1]] as const);
    const cx = rand.range(0, width);
    const cy = rand.range(0, height);
    const ang = rand.range(0, Math.PI);
    const cs = Math.cos(ang);
    const sn = Math.sin(ang);
    const color = jitterColor(rand, rand.pick(palette), 0.05);
    let hw = 0;
    let hh = 0;
    let r = 0;
    if (kind === 'rect' || kind === 'stripes') {
      hw = unit * rand.range(3, 14);
      hh = unit * rand.range(2, 10);
    } else if (kind === 'disc') r = unit * rand.range(1, 5);
    else if (kind === 'pencil') {
      hw = unit * rand.range(7, 9);
      hh = unit * 0.35;
    } else {
      hw = hh = unit * 0.8;
    }
    const ext = (r > 0 ? r : Math.hypot(hw, hh)) + unit * 0.5 + 2;
    const second = jitterColor(rand, rand.pick(palette), 0.05);
    const stripe = unit * rand.range(0.3, 1.2);
    const isStripes = kind === 'stripes';
    const isPencil = kind === 'pencil';
    const isDie = kind === 'die';
    const printed = kind === 'rect' && color[0] > 200 && color[1] > 200;
    const pipCount = 1 + (i % 5);
    const shadowW = unit * 0.5;
    const round = kind === 'die' ? unit * 0.2 : kind === 'pencil' ? hh * 0.9 : 0.5;
    for (let y = Math.max(0, Math.floor(cy - ext)); y < Math.min(height, cy + ext); y++) {
      for (let x = Math.max(0, Math.floor(cx - ext)); x < Math.min(width, cx + ext); x++) {
        const dx = x - cx;
        const dy = y - cy;
        const u = dx * cs + dy * sn;
        const v = -dx * sn + dy * cs;
        let sd: number;
        if (r > 0) sd = Math.hypot(u, v) - r;
        else {
          const qx = Math.abs(u) - hw + round;
          const qy = Math.abs(v) - hh + round;
          sd = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - round;
        }
        const cov = Math.min(1, Math.max(0, 0.5 - sd));
        const o = (y * width + x) * 3;
        if (cov <= 0) {
          // a soft contact shadow below every object
          if (sd < shadowW) {
            const sh = 1 - 0.25 * (1 - sd / shadowW);
            rgb[o] *= sh;
            rgb[o + 1] *= sh;
            rgb[o + 2] *= sh;
          }
          continue;
        }
        let col = color;
        if (isStripes && Math.floor(u / stripe) & 1) col = second;
        else if (isPencil && u > hw - unit * 1.2) col = u > hw - unit * 0.4 ? LEAD : WOOD;
        else if (isDie) {
          for (let p = 0; p < pipCount; p++) if (Math.hypot(u - PIPS[p][0] * unit, v - PIPS[p][1] * unit) < unit * 0.14) col = LEAD;
        } else if (printed) {
          // printed text lines on a light paper
          const line = Math.floor((v + hh) / (unit * 0.5));
          if ((v + hh) % (unit * 0.5) < unit * 0.18 && Math.abs(u) < hw * 0.85 && line > 0 && hash2(line, i, 7) > 0.2) col = INK;
        }
        for (let c = 0; c < 3; c++) rgb[o + c] = rgb[o + c] * (1 - cov) + col[c] * cov;
      }
    }
  }
}
