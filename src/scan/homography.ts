/** Plane projective maps: 3x3 homographies as 9-element row-major arrays, solved in plain JS. */

export type Point = { x: number; y: number };
export type Homography = Float64Array;

/** Solves A x = b (n x n, row-major) by Gaussian elimination with partial pivoting. */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array | null {
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r * n + col]) > Math.abs(a[piv * n + col])) piv = r;
    if (Math.abs(a[piv * n + col]) < 1e-12) return null;
    if (piv !== col) {
      for (let c = 0; c < n; c++) [a[col * n + c], a[piv * n + c]] = [a[piv * n + c], a[col * n + c]];
      [b[col], b[piv]] = [b[piv], b[col]];
    }
    for (let r = col + 1; r < n; r++) {
      const f = a[r * n + col] / a[col * n + col];
      if (f === 0) continue;
      for (let c = col; c < n; c++) a[r * n + c] -= f * a[col * n + c];
      b[r] -= f * b[col];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let c = r + 1; c < n; c++) s -= a[r * n + c] * x[c];
    x[r] = s / a[r * n + r];
  }
  return x;
}

/**
 * The homography taking src[i] to dst[i], least squares for more than 4 pairs (normal equations of the
 * DLT with h33 = 1, on coordinates normalised for conditioning). Null when degenerate.
 */
export function findHomography(src: Point[], dst: Point[]): Homography | null {
  const norm = (pts: Point[]) => {
    const cx = pts.reduce((s, p) => s + p.x, 0) / pts.length;
    const cy = pts.reduce((s, p) => s + p.y, 0) / pts.length;
    const d = pts.reduce((s, p) => s + Math.hypot(p.x - cx, p.y - cy), 0) / pts.length || 1;
    const k = Math.SQRT2 / d;
    return { cx, cy, k };
  };
  const ns = norm(src);
  const nd = norm(dst);
  const ata = new Float64Array(64);
  const atb = new Float64Array(8);
  const row = new Float64Array(8);
  const add = (r: Float64Array, v: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i] += r[i] * v;
      for (let j = 0; j < 8; j++) ata[i * 8 + j] += r[i] * r[j];
    }
  };
  for (let i = 0; i < src.length; i++) {
    const x = (src[i].x - ns.cx) * ns.k;
    const y = (src[i].y - ns.cy) * ns.k;
    const u = (dst[i].x - nd.cx) * nd.k;
    const v = (dst[i].y - nd.cy) * nd.k;
    row.set([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    add(row, u);
    row.set([0, 0, 0, x, y, 1, -v * x, -v * y]);
    add(row, v);
  }
  const h = solve(ata, atb, 8);
  if (!h) return null;
  // H = Tdst^-1 * Hn * Tsrc
  const hn = [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1];
  const ts = [ns.k, 0, -ns.k * ns.cx, 0, ns.k, -ns.k * ns.cy, 0, 0, 1];
  const tdInv = [1 / nd.k, 0, nd.cx, 0, 1 / nd.k, nd.cy, 0, 0, 1];
  const out = mul(tdInv, mul(hn, ts));
  const s = out[8];
  return Float64Array.from(out, (v) => v / s);
}

function mul(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const o = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) o[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
  return o;
}

export function apply(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
}

export function invert(h: Homography): Homography {
  const [a, b, c, d, e, f, g, i, j] = h;
  const A = e * j - f * i;
  const B = -(d * j - f * g);
  const C = d * i - e * g;
  const det = a * A + b * B + c * C;
  const out = [A, -(b * j - c * i), b * f - c * e, B, a * j - c * g, -(a * f - c * d), C, -(a * i - b * g), a * e - b * d];
  return Float64Array.from(out, (v) => v / det);
}

/** Intersection of the lines p1-p2 and p3-p4 (the center of a projected square, from its diagonals). */
export function intersect(p1: Point, p2: Point, p3: Point, p4: Point): Point {
  const d = (p1.x - p2.x) * (p3.y - p4.y) - (p1.y - p2.y) * (p3.x - p4.x);
  if (Math.abs(d) < 1e-9) return { x: (p1.x + p2.x + p3.x + p4.x) / 4, y: (p1.y + p2.y + p3.y + p4.y) / 4 };
  const a = p1.x * p2.y - p1.y * p2.x;
  const b = p3.x * p4.y - p3.y * p4.x;
  return { x: (a * (p3.x - p4.x) - (p1.x - p2.x) * b) / d, y: (a * (p3.y - p4.y) - (p1.y - p2.y) * b) / d };
}
