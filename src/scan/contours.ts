/**
 * The borders of a binary image as a tree: Suzuki and Abe's border following, traced, marked, numbered and nested as
 * OpenCV 4.3's findContours does with RETR_TREE and CHAIN_APPROX_SIMPLE, so that the marker search finds the same
 * outlines, in the same order, as when it called OpenCV.
 */

/** The contours' links, four a contour: next, previous, first child, parent (-1 for none); and each one's corners. */
export interface ContourTree {
  count: number;
  hierarchy: Int32Array;
  /** Contour i's corner points as x, y pairs (a view of one array holding them all). */
  points(i: number): Int32Array;
}

interface Border {
  hole: boolean;
  /** The border it lies in; null for the image's frame. */
  parent: Border | null;
  /** Where its tracing started (an index into the padded image). */
  origin: number;
  /** Bounding box in padded pixels: left, top, width, height. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Where its points lie in `traced` (x, y pairs): [from, to). */
  from: number;
  to: number;
  /** The next border traced with the same mark (marks are 7 bits, so they repeat). */
  sameMark: Border | null;
  firstChild: Border | null;
  nextSibling: Border | null;
  prevSibling: Border | null;
  /** Its place in the tree's order, once read out. */
  index: number;
}

/** Freeman chain steps: east, north-east, north, ... clockwise on screen from east, counter-clockwise in the image's y-down sense. */
const STEP_X = [1, 1, 0, -1, -1, -1, 0, 1];
const STEP_Y = [0, -1, -1, -1, 0, 1, 1, 1];
/** The sign bit OpenCV sets on a border pixel with background to its right (the int8 image reads it negative). */
const RIGHT = 0x80;

/**
 * Contours of the non-zero pixels of a width x height image, as OpenCV's `findContours(img, RETR_TREE,
 * CHAIN_APPROX_SIMPLE)` lists them: the image gets a one-pixel frame of background, every border is traced
 * once in raster order, and the tree is read out depth first with the siblings last found first.
 */
export function findContours(image: Uint8Array, width: number, height: number): ContourTree {
  // Rows padded to whole 32-bit words, so that the scan can pass four background (or inside) pixels at a time.
  const W = (width + 2 + 3) & ~3;
  const H = height + 2;
  const { img, words } = paddedScratch(W * H);
  for (let y = 0; y < height; y++) img.set(image.subarray(y * width, (y + 1) * width), (y + 1) * W + 1);
  // each byte to 1 if any of its bits is set: the shifts fold a byte's bits into its lowest (bits from the next byte only reach higher ones)
  for (let k = 0; k < words.length; k++) {
    let v = words[k];
    if (v === 0) continue;
    v |= v >>> 4;
    v |= v >>> 2;
    v |= v >>> 1;
    words[k] = v & 0x01010101;
  }
  const deltas = [1, -W + 1, -W, -W - 1, -1, W - 1, W, W + 1];
  for (let i = 0; i < 8; i++) deltas.push(deltas[i]);

  const frame: Border = { hole: true, parent: null, origin: 0, x: 0, y: 0, w: W, h: H, from: 0, to: 0, sameMark: null, firstChild: null, nextSibling: null, prevSibling: null, index: -1 };
  traced.used = 0;
  const byMark: (Border | null)[] = new Array(128).fill(null);
  let nbd = 2;

  for (let y = 1; y < H - 1; y++) {
    let lnbd = 0;
    let prev = 0;
    const row = y * W;
    const end = (row + W) >> 2;
    for (let x = 1; x <= width; x++) {
      if ((x & 3) === 0 && (prev === 0 || prev === 1)) {
        const same = prev * 0x01010101;
        let k = (row + x) >> 2;
        while (k < end && words[k] === same) {
          x += 4;
          k++;
        }
        if (x > width) break;
      }
      const p = img[row + x];
      if (p === prev) continue;
      let hole = false;
      let found = true;
      if (!(prev === 0 && p === 1)) {
        // a hole's border starts at an unlabelled or labelled object pixel (not one already passed on its right) followed by background
        if (p !== 0 || prev < 1) found = false;
        else {
          if (prev & -2) lnbd = x - 1;
          hole = true;
        }
      }
      if (found) {
        const start = row + x - (hole ? 1 : 0);
        let parent: Border | null = frame;
        if (lnbd > 0) {
          parent = null;
          for (let cur = byMark[img[row + lnbd] & 0x7f]; cur; cur = cur.sameMark) {
            if (lnbd - cur.x >>> 0 < cur.w && y - cur.y >>> 0 < cur.h) {
              if (parent && reaches(img, deltas, parent.origin, row + lnbd, parent.hole)) break;
              parent = cur;
            }
          }
          if (!parent) throw new Error('findContours: no border around a new one');
          if (parent.hole === hole) parent = parent.parent ?? frame;
        }
        lnbd = x - (hole ? 1 : 0);
        const mark = nbd;
        nbd = (nbd + 1) & 127;
        if (nbd === 0) nbd = 3;
        const b = follow(img, deltas, start, W, hole, mark);
        b.parent = parent;
        b.sameMark = byMark[mark];
        byMark[mark] = b;
        // last found, first listed: each new border goes to the front of its parent's children
        b.nextSibling = parent.firstChild;
        if (parent.firstChild) parent.firstChild.prevSibling = b;
        parent.firstChild = b;
        // scanning goes on from the next pixel, comparing with this one as the tracing left it
        prev = img[row + x];
        continue;
      }
      prev = p;
      if (prev & -2) lnbd = x;
    }
  }
  return treeOut(frame);
}

let padded: { img: Int8Array; words: Int32Array } | undefined;

/** The padded image, kept between calls (a photo's searches threshold pictures of millions of pixels), cleared. */
function paddedScratch(n: number): { img: Int8Array; words: Int32Array } {
  if (!padded || padded.img.length < n) {
    const img = new Int8Array(n);
    padded = { img, words: new Int32Array(img.buffer) };
  }
  padded.img.fill(0, 0, n);
  return { img: padded.img.subarray(0, n), words: padded.words.subarray(0, n >> 2) };
}

/** Every border's points as they are traced, kept between calls (thousands of borders a photo, a few points each). */
const traced = { xy: new Int32Array(1 << 16), used: 0 };

function put(x: number, y: number): void {
  if (traced.used + 2 > traced.xy.length) {
    const more = new Int32Array(traced.xy.length * 2);
    more.set(traced.xy);
    traced.xy = more;
  }
  traced.xy[traced.used++] = x;
  traced.xy[traced.used++] = y;
}

/** Traces one border from `start`, marking its pixels; its corner points in image coordinates and its bounding box. */
function follow(img: Int8Array, deltas: number[], start: number, W: number, hole: boolean, mark: number): Border {
  let px = (start % W) - 1;
  let py = Math.floor(start / W) - 1;
  const b: Border = { hole, parent: null, origin: start, x: px, y: py, w: px, h: py, from: traced.used, to: 0, sameMark: null, firstChild: null, nextSibling: null, prevSibling: null, index: -1 };
  // (an Int8Array keeps the low 8 bits: the mark with the sign bit set reads negative)
  const rightMark = mark | RIGHT;
  const first = hole ? 0 : 4;
  let s = firstTurn(img, deltas, start, first);
  const i1 = start + deltas[s];
  if (s === first) {
    img[start] = rightMark;
    put(px, py);
  } else {
    let i3 = start;
    let prevS = s ^ 4;
    for (;;) {
      const sEnd = s;
      s = nextTurn(img, deltas, i3, s);
      const i4 = i3 + deltas[s];
      s &= 7;
      if ((s - 1) >>> 0 < sEnd) img[i3] = rightMark;
      else if (img[i3] === 1) img[i3] = mark;
      if (s !== prevS) {
        put(px, py);
        if (px < b.x) b.x = px;
        else if (px > b.w) b.w = px;
        if (py < b.y) b.y = py;
        else if (py > b.h) b.h = py;
      }
      prevS = s;
      px += STEP_X[s];
      py += STEP_Y[s];
      if (i4 === start && i3 === i1) break;
      i3 = i4;
      s = (s + 4) & 7;
    }
  }
  b.to = traced.used;
  // the box in padded pixels, as the parent search compares it with padded positions
  b.w -= b.x - 1;
  b.h -= b.y - 1;
  b.x += 1;
  b.y += 1;
  return b;
}

/** Whether following the border that starts at `origin` passes `stop` (the parent search's test for which of two borders with one mark holds a pixel). */
function reaches(img: Int8Array, deltas: number[], origin: number, stop: number, hole: boolean): boolean {
  const first = hole ? 0 : 4;
  let s = firstTurn(img, deltas, origin, first);
  const i1 = origin + deltas[s];
  let i3 = origin;
  if (s !== first) {
    for (;;) {
      s = nextTurn(img, deltas, i3, s);
      const i4 = i3 + deltas[s];
      if (i3 === stop || (i4 === origin && i3 === i1)) break;
      i3 = i4;
      s = (s + 4) & 7;
    }
  }
  return i3 === stop;
}

/**
 * The first direction, turning clockwise from `first`, in which a border's starting pixel has an object neighbour;
 * `first` itself when it has none (a single pixel).
 */
function firstTurn(img: Int8Array, deltas: number[], at: number, first: number): number {
  let s = first;
  do s = (s - 1) & 7;
  while (img[at + deltas[s]] === 0 && s !== first);
  return s;
}

/** The next direction after `s`, turning counter-clockwise, in which pixel `at` has an object neighbour (up to 15: deltas repeats its eight). */
function nextTurn(img: Int8Array, deltas: number[], at: number, s: number): number {
  while (s < 15) if (img[at + deltas[++s]] !== 0) break;
  return s;
}

/** The tree depth first (a border, its children, then its next sibling), with each one's links as indices into that order. */
function treeOut(frame: Border): ContourTree {
  const order: Border[] = [];
  const walk = (first: Border | null) => {
    for (let b = first; b; b = b.nextSibling) {
      order.push(b);
      walk(b.firstChild);
    }
  };
  walk(frame.firstChild);
  order.forEach((b, i) => (b.index = i));
  const hierarchy = new Int32Array(order.length * 4);
  // the points copied out in the tree's order, so that the scratch can serve the next call
  const at = new Int32Array(order.length + 1);
  order.forEach((b, i) => (at[i + 1] = at[i] + b.to - b.from));
  const xy = new Int32Array(at[order.length]);
  order.forEach((b, i) => {
    for (let k = b.from, o = at[i]; k < b.to; k++, o++) xy[o] = traced.xy[k];
    hierarchy[i * 4] = b.nextSibling?.index ?? -1;
    hierarchy[i * 4 + 1] = b.prevSibling?.index ?? -1;
    hierarchy[i * 4 + 2] = b.firstChild?.index ?? -1;
    hierarchy[i * 4 + 3] = b.parent && b.parent !== frame ? b.parent.index : -1;
  });
  return { count: order.length, hierarchy, points: (i) => xy.subarray(at[i], at[i + 1]) };
}
