import { apply, findHomography, type Homography } from './homography.js';
import type { Photo } from './image.js';
import type { Pose } from './orient.js';
import { bestPlace, borderPath, latticeScores } from './grey-sampler.js';
import { TUNING } from './tuning.js';

/**
 * Where every vertex of the land lies in the photo. The markers' homography is exact for a flat sheet; a curled,
 * bowed or folded sheet bends the land away from it, by up to a cell or so. So the land's solid borderline is
 * followed along each side (the darkest smooth path near where the homography puts it, which may kink where a fold
 * crosses it) and its displacement carried into the interior (each interior vertex moves as the four sides around
 * it moved); the printed dots then correct the interior where the sheet bends inside (register.ts).
 */
export interface LandGrid {
  rows: number;
  cols: number;
  /** Vertex (i, j) at xs[i * (cols + 1) + j], ys[...], in working pixels. */
  xs: Float64Array;
  ys: Float64Array;
  /** Mean cell side in working pixels. */
  cellPx: number;
  /** Fraction of border samples on a clear dark line. */
  borderFound: number;
  /**
   * How far (cells) the printed dots' lines stray from the smooth field the grid was moved by, the 90th percentile
   * (register.ts): high where the land is registered badly, as on a sheet crumpled past what the grid can follow.
   */
  dotMisfit?: number;
}

/** How far across the predicted borderline it is looked for, in cells: a folded sheet moves it up to a cell. */
const SEARCH = 0.9;
/** Offsets tried across the line, in cells. */
const STEP = 0.02;
/** Samples along each side. */
const SIDE_SAMPLES = 72;
/** Most the path may move across between neighbouring samples, in steps (a fold kinks it, never jumps it). */
const TURN = 3;
/** What moving a step across costs the path, in contrast (a straight line is likelier than a wandering one). */
const TURN_COST = 0.02;
/** What each cell of distance from the predicted line costs (among equal lines, the nearer one). */
const FAR_COST = 0.05;
/** Contrast from which a sample counts as on a clear line. */
const CLEAR = 0.25;

/**
 * The borderline's offset (cells, along the outward normal) at each sample of one side: the darkest smooth path
 * through the contrast of every offset at every sample (dynamic programming), and how many samples it finds clear.
 * The offsets are not yet smoothed: the pose search, a hundred calls a photo, needs only the contrast.
 */
function followSide(photo: Photo, pose: Pose, sx: number, sy: number, ax: number, ay: number, len: number, nx: number, ny: number, SAMPLES = SIDE_SAMPLES): { d: Float64Array; found: number; contrast: number } {
  const O = Math.round((2 * SEARCH) / STEP) + 1;
  const { far, turn } = pathCosts(O);
  // the contrast of each offset at each sample is its darkness against the brightest paper within a quarter cell either side
  const path = borderPath(photo, pose.pageToImage, pose.geometry.grid.cell, sx, sy, ax, ay, len, nx, ny, SAMPLES, O, -SEARCH, STEP, Math.round(0.25 / STEP), far, turn, TURN, CLEAR);
  return { d: path.d, found: path.found, contrast: path.sum / SAMPLES };
}

let costs: { O: number; far: Float64Array; turn: Float64Array } | undefined;

/** What each offset's distance from the predicted line costs, and each move across (the same for every side). */
function pathCosts(O: number): { far: Float64Array; turn: Float64Array } {
  if (costs?.O !== O) {
    const far = Float64Array.from({ length: O }, (_, o) => FAR_COST * Math.abs(-SEARCH + o * STEP));
    const turn = Float64Array.from({ length: 2 * TURN + 1 }, (_, i) => TURN_COST * Math.abs(i - TURN));
    costs = { O, far, turn };
  }
  return costs;
}

/**
 * How clearly the land's borderline shows under a pose: the mean contrast of the darkest smooth path along each
 * side, within the reach a bent sheet moves it (0 where nothing is, 0.3 and up on the borderline). A wrong pose puts
 * the land over printed text and boxes, whose lines do not run all round.
 */
export function borderContrast(photo: Photo, pose: Pose, samples = 24): number {
  const { rows, cols, x, y, cell } = pose.geometry.grid;
  const W = cols * cell;
  const H = rows * cell;
  const sides = [
    followSide(photo, pose, x, y, 1, 0, W, 0, -1, samples),
    followSide(photo, pose, x, y + H, 1, 0, W, 0, 1, samples),
    followSide(photo, pose, x, y, 0, 1, H, -1, 0, samples),
    followSide(photo, pose, x + W, y, 0, 1, H, 1, 0, samples),
  ];
  // the weakest side counts most: a wrong pose may find one line, not four
  const c = sides.map((s) => s.contrast).sort((a, b) => a - b);
  return (2 * c[0] + c[1] + c[2] + c[3]) / 5;
}

/** A 5-sample running median: one dark blot beside the line does not bend it. */
function smooth(d: Float64Array): Float64Array {
  const out = new Float64Array(d.length);
  const w: number[] = [];
  for (let k = 0; k < d.length; k++) {
    w.length = 0;
    for (let q = Math.max(0, k - 2); q <= Math.min(d.length - 1, k + 2); q++) w.push(d[q]);
    w.sort((a, b) => a - b);
    out[k] = w[w.length >> 1];
  }
  return out;
}

/** The side's offset at position t (0..1) along it, linear between samples, flat past the end ones. */
function offsetAt(d: Float64Array, t: number): number {
  const f = t * d.length - 0.5;
  if (f <= 0) return d[0];
  if (f >= d.length - 1) return d[d.length - 1];
  const k = Math.floor(f);
  return d[k] + (d[k + 1] - d[k]) * (f - k);
}

/** How far from where the pose puts it a land corner is looked for, in cells (further, printed boxes' corners pass for it). */
const CORNER_SEARCH = 1.5;
/** The coarse search's step and the fine one's, in cells. */
const CORNER_COARSE = 0.05;
const CORNER_FINE = 0.01;
/** Candidates kept of each corner's search, and how far apart (cells): a fence's corner lies a cell from the land's. */
const CANDIDATES = 3;
const CANDIDATE_APART = 0.5;
const { cornerOdd: CORNER_ODD, cornerNear: CORNER_NEAR, cornerKeep: CORNER_KEEP } = TUNING.locate;
/** How far along each side the borderline is looked for from a corner, in cells (a fence's corner has shorter arms). */
const ARM = 2;

/**
 * The land's four corners, where the pose puts them or near: the point with dark borderline running from it along
 * both sides, for two cells, paper outside, and nothing running on past it. A bowed or folded sheet moves the
 * land's corners off the markers' homography by a cell or more; anchored on its own corners, the land's sides bend
 * much less. Fences drawn inside the land make corners too, in pen darker than the borderline, but their arms
 * are shorter and the borderline runs on past those a cell in.
 */
function landCorners(photo: Photo, pose: Pose): { x: number; y: number }[] {
  const { rows, cols, x, y, cell } = pose.geometry.grid;
  const W = cols * cell;
  const H = rows * cell;
  const h = pose.pageToImage;
  // each corner with the directions (page units) along its two sides, into the land
  const corners: [number, number, number, number][] = [
    [x, y, 1, 1],
    [x + W, y, -1, 1],
    [x + W, y + H, -1, -1],
    [x, y + H, 1, -1],
  ];
  const terms = corners.map(([, , sx, sy]) => cornerTerms(sx, sy));
  const lists = corners.map(([cx, cy], k) => coarseCorners(photo, h, cell, cx, cy, terms[k]));
  const chosen = consistentCorners(lists, corners.map(([cx, cy]) => ({ x: cx, y: cy })), h, cell);
  return chosen.map((c, k) => fineCorner(photo, h, cell, c.x, c.y, terms[k]));
}

/** What a corner's score adds (+1) and takes away (-1): offsets (ox, oy) from the corner, in coarse steps. */
interface CornerTerms {
  sign: Int8Array;
  ox: Int32Array;
  oy: Int32Array;
}

/**
 * The terms of a corner whose sides run (sx, 0) and (0, sy) into the land. Offsets are counted in steps of the
 * coarse search (a twentieth of a cell), so that every point the coarse search scores lies on one lattice.
 */
function cornerTerms(sx: number, sy: number): CornerTerms {
  const arm = Math.round(ARM / CORNER_COARSE);
  const tenth = Math.round(0.1 / CORNER_COARSE);
  const out = Math.round(0.15 / CORNER_COARSE);
  const runOn = Math.round(0.5 / CORNER_COARSE);
  const list: [number, number, number][] = [];
  // along both arms: darker than the paper just outside them
  for (let t = tenth; t <= arm; t += tenth) list.push([1, sx * t, -sy * out], [-1, sx * t, 0], [1, -sx * out, sy * t], [-1, 0, sy * t]);
  // and neither arm runs on past the corner: where a fence meets the borderline a cell inside, the borderline
  // goes on beyond the fence's corner (half a cell, as printed boxes lie further out)
  for (let t = tenth; t <= runOn; t += tenth) list.push([1, -sx * t, 0], [-1, sx * t, 0], [1, 0, -sy * t], [-1, 0, sy * t]);
  return { sign: Int8Array.from(list, (e) => e[0]), ox: Int32Array.from(list, (e) => e[1]), oy: Int32Array.from(list, (e) => e[2]) };
}

/** A corner candidate of the coarse search: a page point and its score. */
interface CornerCandidate {
  x: number;
  y: number;
  score: number;
}

/**
 * The corners within CORNER_SEARCH cells of (cx, cy), best first, in coarse steps: the best, then the best at least
 * CANDIDATE_APART cells from every one taken (CANDIDATES in all). The photo is sampled once on the lattice all
 * scores read.
 */
function coarseCorners(photo: Photo, h: Homography, cell: number, cx: number, cy: number, t: CornerTerms): CornerCandidate[] {
  const unit = CORNER_COARSE * cell;
  const n = Math.round(CORNER_SEARCH / CORNER_COARSE);
  let reach = 0;
  for (let k = 0; k < t.sign.length; k++) reach = Math.max(reach, Math.abs(t.ox[k]), Math.abs(t.oy[k]));
  const span = 2 * (n + reach) + 1;
  const side = 2 * n + 1;
  const step = Int32Array.from(t.sign, (_, k) => t.oy[k] * span + t.ox[k]);
  const scores = latticeScores(photo, h, cx, cy, unit, n + reach, span, reach, side, t.sign, step);
  const apart = CANDIDATE_APART / CORNER_COARSE;
  const taken: CornerCandidate[] = [];
  const at: [number, number][] = [];
  while (taken.length < CANDIDATES) {
    let best = -Infinity;
    let found = false;
    let fa = 0;
    let fb = 0;
    // in the order the single best was always searched in, so that ties fall as before
    for (let a = -n; a <= n; a++)
      for (let b = -n; b <= n; b++) {
        const v = scores[(b + n) * side + (a + n)];
        if (v <= best || near(at, a, b, apart)) continue;
        best = v;
        found = true;
        fa = a;
        fb = b;
      }
    if (!found) break;
    at.push([fa, fb]);
    taken.push({ x: cx + fa * unit, y: cy + fb * unit, score: best });
  }
  return taken;
}

/** Whether (a, b) lies within `apart` of a place already taken (a loop, not a closure made for every place searched). */
function near(at: [number, number][], a: number, b: number, apart: number): boolean {
  for (const [p, q] of at) if (Math.hypot(a - p, b - q) < apart) return true;
  return false;
}

/**
 * One corner of each candidate list. The best of each, unless one lies far further from where the pose puts it
 * than any of the other three from theirs (CORNER_ODD cells more, in the photo): the tell of a fence's corner a
 * cell inside, taken where a dark pen outscores the thin borderline. Then that corner's candidate nearest the
 * others' typical offset is taken, if it lies within CORNER_NEAR of it and scores at least CORNER_KEEP of the best.
 * A bowed or folded sheet moves its corners two or four alike, so one corner alone far off is rare.
 */
function consistentCorners(lists: CornerCandidate[][], predicted: { x: number; y: number }[], h: Homography, cell: number): CornerCandidate[] {
  // offsets in the photo, in its cells there: a steep tilt stretches page distances far from the camera
  const off = (c: CornerCandidate, k: number) => {
    const p = predicted[k];
    const a = apply(h, c.x, c.y);
    const b = apply(h, p.x, p.y);
    const unit = apply(h, p.x + cell, p.y);
    return Math.hypot(a.x - b.x, a.y - b.y) / Math.hypot(unit.x - b.x, unit.y - b.y);
  };
  const chosen = lists.map((l) => l[0]);
  const offsets = chosen.map(off);
  for (let k = 0; k < 4; k++) {
    const others = offsets.filter((_, j) => j !== k).sort((a, b) => a - b);
    const typical = others[1];
    if (offsets[k] - others[2] <= CORNER_ODD) continue;
    // the candidate nearest the typical offset, within CORNER_NEAR; on a tie the better scoring (listed first)
    let nearest = Infinity;
    for (const c of lists[k]) {
      const o = off(c, k);
      const d = Math.abs(o - typical);
      if (c.score < CORNER_KEEP * lists[k][0].score || d > CORNER_NEAR || d >= nearest) continue;
      nearest = d;
      chosen[k] = c;
      offsets[k] = o;
    }
  }
  return chosen;
}

/** The best corner within one coarse step of (cx, cy), in fine steps. */
function fineCorner(photo: Photo, h: Homography, cell: number, cx: number, cy: number, t: CornerTerms): { x: number; y: number } {
  return bestPlace(photo, h, cell, cx, cy, Math.round(CORNER_COARSE / CORNER_FINE), CORNER_FINE, CORNER_COARSE * cell, t.sign, t.ox, t.oy);
}

export function locateGrid(photo: Photo, pose0: Pose): LandGrid {
  const { rows, cols, x, y, cell } = pose0.geometry.grid;
  // the pose re-anchored on the land's own corners (page points to photo pixels, through the markers' pose)
  const found = landCorners(photo, pose0);
  const page = [
    { x, y },
    { x: x + cols * cell, y },
    { x: x + cols * cell, y: y + rows * cell },
    { x, y: y + rows * cell },
  ];
  const anchored = findHomography(page, found.map((p) => apply(pose0.pageToImage, p.x, p.y)));
  const pose: Pose = anchored ? { ...pose0, pageToImage: anchored } : pose0;
  const W = cols * cell;
  const H = rows * cell;
  const side = (sx: number, sy: number, ax: number, ay: number, nx: number, ny: number) => {
    const found = followSide(photo, pose, sx, sy, ax, ay, ax ? W : H, nx, ny);
    return { ...found, d: smooth(found.d) };
  };
  const top = side(x, y, 1, 0, 0, -1);
  const bottom = side(x, y + H, 1, 0, 0, 1);
  const left = side(x, y, 0, 1, -1, 0);
  const right = side(x + W, y, 0, 1, 1, 0);
  // Boundary displacement (page points) of the four sides, blended inside: x from the left and right sides, y from
  // the top and bottom.
  const xs = new Float64Array((rows + 1) * (cols + 1));
  const ys = new Float64Array((rows + 1) * (cols + 1));
  for (let i = 0; i <= rows; i++) {
    const v = i / rows;
    for (let j = 0; j <= cols; j++) {
      const u = j / cols;
      const dx = ((1 - u) * -offsetAt(left.d, v) + u * offsetAt(right.d, v)) * cell;
      const dy = ((1 - v) * -offsetAt(top.d, u) + v * offsetAt(bottom.d, u)) * cell;
      const p = apply(pose.pageToImage, x + j * cell + dx, y + i * cell + dy);
      xs[i * (cols + 1) + j] = p.x;
      ys[i * (cols + 1) + j] = p.y;
    }
  }
  const tl = { x: xs[0], y: ys[0] };
  const br = { x: xs[xs.length - 1], y: ys[ys.length - 1] };
  const cellPx = Math.hypot(br.x - tl.x, br.y - tl.y) / Math.hypot(rows, cols);
  return { rows, cols, xs, ys, cellPx, borderFound: (top.found + bottom.found + left.found + right.found) / (4 * SIDE_SAMPLES) };
}
