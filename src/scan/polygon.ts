/**
 * Measures of a closed contour given as x, y pairs of whole pixels, with OpenCV 4.3's arithmetic (contourArea,
 * arcLength, approxPolyDP, isContourConvex), so the marker search accepts and cuts outlines as it did with OpenCV.
 */

/** The area a closed contour encloses (the shoelace formula; exact for whole-pixel corners). */
export function contourArea(pts: Int32Array): number {
  const n = pts.length >> 1;
  if (n === 0) return 0;
  let a = 0;
  let px = pts[2 * n - 2];
  let py = pts[2 * n - 1];
  for (let i = 0; i < n; i++) {
    const x = pts[2 * i];
    const y = pts[2 * i + 1];
    a += px * y - py * x;
    px = x;
    py = y;
  }
  return Math.abs(a * 0.5);
}

/** A closed contour's perimeter: each side's length in single precision, summed in double, as OpenCV does. */
export function arcLength(pts: Int32Array): number {
  const n = pts.length >> 1;
  if (n <= 1) return 0;
  let sum = 0;
  let px = pts[2 * n - 2];
  let py = pts[2 * n - 1];
  for (let i = 0; i < n; i++) {
    const dx = pts[2 * i] - px;
    const dy = pts[2 * i + 1] - py;
    sum += Math.fround(Math.sqrt(Math.fround(dx * dx + dy * dy)));
    px = pts[2 * i];
    py = pts[2 * i + 1];
  }
  return sum;
}

/**
 * A closed contour simplified by Douglas-Peucker to within `epsilon` pixels: OpenCV's version, which starts from
 * two roughly farthest points and then drops corners left on an almost straight line.
 */
export function approxPolyDP(pts: Int32Array, epsilon: number): Int32Array {
  const count = pts.length >> 1;
  if (count === 0) return new Int32Array(0);
  const eps = epsilon * epsilon;
  const out: number[] = [];
  const stack: number[] = [];
  let pos = 0;
  let sx = 0;
  let sy = 0;
  let rightStart = 0;
  let small = false;
  // 1. two roughly farthest points, from three passes each starting at the last pass's farthest
  for (let iter = 0; iter < 3; iter++) {
    let most = 0;
    pos = (pos + rightStart) % count;
    sx = pts[2 * pos];
    sy = pts[2 * pos + 1];
    let at = pos + 1 >= count ? 0 : pos + 1;
    for (let j = 1; j < count; j++) {
      const dx = pts[2 * at] - sx;
      const dy = pts[2 * at + 1] - sy;
      const d = dx * dx + dy * dy;
      if (d > most) {
        most = d;
        rightStart = j;
      }
      if (++at >= count) at = 0;
    }
    small = most <= eps;
  }
  if (!small) {
    const start = pos % count;
    const end = (rightStart + start) % count;
    stack.push(end, start, start, end);
  } else out.push(sx, sy);

  // 2. split each slice at its farthest point until every point lies within epsilon of its chord
  while (stack.length > 0) {
    const end = stack.pop()!;
    const start = stack.pop()!;
    const ex = pts[2 * end];
    const ey = pts[2 * end + 1];
    let at = start;
    const ax = pts[2 * at];
    const ay = pts[2 * at + 1];
    if (++at >= count) at = 0;
    let within: boolean;
    let split = 0;
    if (at !== end) {
      const dx = ex - ax;
      const dy = ey - ay;
      let most = 0;
      while (at !== end) {
        const x = pts[2 * at];
        const y = pts[2 * at + 1];
        if (++at >= count) at = 0;
        const d = Math.abs((y - ay) * dx - (x - ax) * dy);
        if (d > most) {
          most = d;
          split = (at + count - 1) % count;
        }
      }
      within = most * most <= eps * (dx * dx + dy * dy);
    } else within = true;
    if (within) out.push(ax, ay);
    else stack.push(split, end, start, split);
  }

  // 3. drop corners on an almost straight line between their neighbours
  let n = out.length >> 1;
  const total = n;
  let rd = total - 1;
  const read = () => {
    const i = rd;
    if (++rd >= total) rd = 0;
    return i;
  };
  let s = read();
  let wpos = rd;
  let p = read();
  let startX = out[2 * s];
  let startY = out[2 * s + 1];
  let ptX = out[2 * p];
  let ptY = out[2 * p + 1];
  for (let i = 0; i < total && n > 2; i++) {
    const e = read();
    const endX = out[2 * e];
    const endY = out[2 * e + 1];
    const dx = endX - startX;
    const dy = endY - startY;
    const dist = Math.abs((ptX - startX) * dy - (ptY - startY) * dx);
    const inner = (ptX - startX) * (endX - ptX) + (ptY - startY) * (endY - ptY);
    if (dist * dist <= 0.5 * eps * (dx * dx + dy * dy) && dx !== 0 && dy !== 0 && inner >= 0) {
      n--;
      out[2 * wpos] = startX = endX;
      out[2 * wpos + 1] = startY = endY;
      if (++wpos >= total) wpos = 0;
      p = read();
      ptX = out[2 * p];
      ptY = out[2 * p + 1];
      i++;
      continue;
    }
    out[2 * wpos] = startX = ptX;
    out[2 * wpos + 1] = startY = ptY;
    if (++wpos >= total) wpos = 0;
    ptX = endX;
    ptY = endY;
  }
  return Int32Array.from(out.slice(0, 2 * n));
}

/** Whether a polygon turns one way only (a straight corner counts as not convex, as in OpenCV). */
export function isContourConvex(pts: Int32Array): boolean {
  const n = pts.length >> 1;
  if (n === 0) return false;
  let px = pts[2 * ((n - 2 + n) % n)];
  let py = pts[2 * ((n - 2 + n) % n) + 1];
  let cx = pts[2 * n - 2];
  let cy = pts[2 * n - 1];
  let dx0 = cx - px;
  let dy0 = cy - py;
  let orientation = 0;
  for (let i = 0; i < n; i++) {
    px = cx;
    py = cy;
    cx = pts[2 * i];
    cy = pts[2 * i + 1];
    const dx = cx - px;
    const dy = cy - py;
    const dxdy0 = dx * dy0;
    const dydx0 = dy * dx0;
    orientation |= dydx0 > dxdy0 ? 1 : dydx0 < dxdy0 ? 2 : 3;
    if (orientation === 3) return false;
    dx0 = dx;
    dy0 = dy;
  }
  return true;
}
