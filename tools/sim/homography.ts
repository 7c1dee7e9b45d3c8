/** 3x3 homographies (row-major, 9 numbers) mapping page points to photo pixels. */

export type Mat3 = number[];
export type Pt = [number, number];

export function apply(h: Mat3, [x, y]: Pt): Pt {
  const z = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / z, (h[3] * x + h[4] * y + h[5]) / z];
}

export function multiply(a: Mat3, b: Mat3): Mat3 {
  const out = new Array<number>(9);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) out[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
  }
  return out;
}

export function invert(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-300) throw new Error('singular homography');
  const inv = [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d];
  return normalize(inv.map((v) => v / det));
}

/** Scales so that h[8] = 1 (when it is not ~0). */
export function normalize(m: Mat3): Mat3 {
  const s = Math.abs(m[8]) > 1e-12 ? m[8] : 1;
  return m.map((v) => v / s);
}

/** The homography taking the 4 points `from` to the 4 points `to` (direct linear solve, h[8] = 1). */
export function fromPoints(from: Pt[], to: Pt[]): Mat3 {
  const A: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [x, y] = from[k];
    const [u, v] = to[k];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss-Jordan with partial pivoting on the 8x9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let piv = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(A[r][col]) > Math.abs(A[piv][col])) piv = r;
    [A[col], A[piv]] = [A[piv], A[col]];
    const p = A[col][col];
    if (Math.abs(p) < 1e-12) throw new Error('degenerate point set');
    for (let c = col; c < 9; c++) A[col][c] /= p;
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = A[r][col];
      if (f !== 0) for (let c = col; c < 9; c++) A[r][c] -= f * A[col][c];
    }
  }
  return [...A.map((row) => row[8]), 1];
}

/** Local linear scale (sqrt of the Jacobian determinant) of h at a point: photo pixels per page unit. */
export function localScale(h: Mat3, [x, y]: Pt): number {
  const z = h[6] * x + h[7] * y + h[8];
  const X = h[0] * x + h[1] * y + h[2];
  const Y = h[3] * x + h[4] * y + h[5];
  const j00 = (h[0] * z - X * h[6]) / (z * z);
  const j01 = (h[1] * z - X * h[7]) / (z * z);
  const j10 = (h[3] * z - Y * h[6]) / (z * z);
  const j11 = (h[4] * z - Y * h[7]) / (z * z);
  return Math.sqrt(Math.abs(j00 * j11 - j01 * j10));
}

/** Signed area of a polygon (shoelace). */
export function polygonArea(p: Pt[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const [x0, y0] = p[i];
    const [x1, y1] = p[(i + 1) % p.length];
    s += x0 * y1 - x1 * y0;
  }
  return s / 2;
}
