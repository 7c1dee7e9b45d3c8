/**
 * OpenCV's adaptiveThreshold, byte for byte as opencv-wasm (4.3, scalar code) computes it, so that the corner squares'
 * search finds what it found with OpenCV: each pixel set to 255 or 0 against the mean of the block around it, edge
 * pixels repeated past the picture's sides. The box mean runs in WebAssembly, the Gaussian (the QR code's last try)
 * in TypeScript.
 */
import { toByte } from './saturate.js';
import { instantiate, reserve, type WasmMemory } from './wasm/instance.js';
import { THRESHOLD_WASM } from './wasm/threshold.wasm.js';

export interface AdaptiveThreshold {
  method: 'mean' | 'gaussian';
  block: number;
  delta: number;
  inverse: boolean;
}

/** OpenCV's adaptiveThreshold with maxValue 255: each pixel against the mean (box or Gaussian) of the block around it. */
export function adaptiveThreshold(src: Uint8Array, width: number, height: number, t: AdaptiveThreshold): Uint8Array {
  const { block, delta } = t;
  // (past 2895, 255 k^2 overflows the 32-bit sums here; OpenCV too changes to double sums there)
  if (!Number.isInteger(block) || block <= 1 || block % 2 !== 1 || block > 2895)
    throw new Error(`the block must be odd, more than 1 and at most 2895, not ${block}`);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
    throw new Error(`no picture of ${width} x ${height}`);
  if (src.length < width * height) throw new Error(`${src.length} bytes for a picture of ${width} x ${height}`);
  if (!Number.isFinite(delta)) throw new Error(`the delta must be a number, not ${delta}`);
  // OpenCV compares integers: a pixel is dark when mean >= src + delta, the delta rounded down for THRESH_BINARY_INV
  // (dark pixels white) and up for THRESH_BINARY (the others white)
  const level = t.inverse ? Math.floor(delta) : Math.ceil(delta);
  const dark = t.inverse ? 255 : 0;
  return t.method === 'mean'
    ? boxThreshold(src, width, height, block, level, dark)
    : gaussianThreshold(src, width, height, block, level, dark);
}

interface ThresholdModule {
  memory: WasmMemory;
  box(src: number, out: number, w: number, h: number, block: number, level: number, dark: number, cols: number, sums: number): void;
}
let thresholdModule: ThresholdModule | undefined;

/**
 * Against the k x k box mean, in WebAssembly (wasm/threshold.wat). OpenCV's integer window sums are exact in any
 * order, and its two divisions (fixed point for k^2 <= 256, times 1 / k^2 in double above) both give sum / k^2
 * rounded to nearest for every sum a window can hold (k^2 odd: never a tie), so the mean's test is one on the sum.
 */
function boxThreshold(src: Uint8Array, width: number, height: number, block: number, level: number, dark: number): Uint8Array {
  const m = (thresholdModule ??= instantiate<ThresholdModule>(THRESHOLD_WASM));
  const n = width * height;
  // the scratch first, so that the picture never sits at address 0 (the module's "no row")
  const cols = 0;
  const sums = cols + 4 * (width + block + 1);
  const at = sums + 4 * width;
  const out = at + n;
  reserve(m.memory, out + n);
  new Uint8Array(m.memory.buffer, at, n).set(src.subarray(0, n));
  m.box(at, out, width, height, block, level, dark, cols, sums);
  return new Uint8Array(m.memory.buffer, out, n).slice();
}

/** The index OpenCV's replicated border reads for row (or column) i of n. */
function clamp(i: number, n: number): number {
  return i < 0 ? 0 : i >= n ? n - 1 : i;
}

const kernels = new Map<number, Float64Array>();

/**
 * OpenCV's Gaussian kernel of n taps for sigma 0, as float32 values: fixed tables up to 9 taps, else
 * exp(-x^2 / (2 sigma^2)) with sigma = 0.15 n + 0.35, normalised by one reciprocal of the sum. OpenCV computes exp in
 * software (softdouble); Math.exp gives the same float32 kernel for every odd n from 11 to 201.
 */
function gaussianKernel(n: number): Float64Array {
  const known = kernels.get(n);
  if (known) return known;
  const k = new Float64Array(n);
  const table = SMALL_KERNELS[n];
  if (table) {
    for (let i = 0; i < n; i++) k[i] = table[i] / 256;
  } else {
    const sigma = n * 0.15 + 0.35;
    const scale2 = -0.125 / (sigma * sigma);
    const half = (n - 1) / 2;
    const values = new Float64Array(half);
    let sum = 0;
    for (let i = 0, x = 1 - n; i < half; i++, x += 2) {
      values[i] = Math.exp(x * x * scale2);
      sum += values[i];
    }
    const inverse = 1 / (sum * 2 + 1);
    for (let i = 0; i < half; i++) k[i] = k[n - 1 - i] = Math.fround(values[i] * inverse);
    k[half] = Math.fround(inverse);
  }
  kernels.set(n, k);
  return k;
}

/** getGaussianKernel's fixed kernels for sigma 0, in 256ths. */
const SMALL_KERNELS: Partial<Record<number, readonly number[]>> = {
  3: [64, 128, 64],
  5: [16, 64, 96, 64, 16],
  7: [8, 28, 56, 72, 56, 28, 8],
  9: [4, 13, 30, 51, 60, 51, 30, 13, 4],
};

/**
 * Against the Gaussian mean as adaptiveThreshold (4.3) takes it: the picture as float32 through GaussianBlur with
 * replicated borders, rounded half to even to 8 bits. The blur follows OpenCV's scalar separable filter, a row pass
 * adding the taps from the left and a column pass adding mirrored rows in pairs from the centre out, rounding every
 * product and sum to float32 (a double holds the product or sum of two float32 values exactly, or near enough to
 * round the same), since a single such rounding can turn a pixel. Up to 9 taps the kernel is in 256ths and every
 * step exact, so OpenCV's own loops for small kernels give the same. Pixels go four at a time so that their chains
 * of roundings overlap.
 */
function gaussianThreshold(src: Uint8Array, width: number, height: number, block: number, level: number, dark: number): Uint8Array {
  const n = width * height;
  const fround = Math.fround;
  // GaussianBlur shrinks the kernel to 1 tap across a picture 1 pixel thick
  const kw = width === 1 ? 1 : block;
  const kh = height === 1 ? 1 : block;

  const rows = new Float64Array(n);
  if (kw === 1) {
    for (let i = 0; i < n; i++) rows[i] = src[i];
  } else {
    const kx = gaussianKernel(kw);
    const r = kw >> 1;
    const padded = new Float64Array(width + 2 * r);
    for (let y = 0; y < height; y++) {
      const o = y * width;
      for (let i = 0; i < padded.length; i++) padded[i] = src[o + clamp(i - r, width)];
      let x = 0;
      for (; x + 4 <= width; x += 4) {
        let f = kx[0];
        let s0 = fround(f * padded[x]);
        let s1 = fround(f * padded[x + 1]);
        let s2 = fround(f * padded[x + 2]);
        let s3 = fround(f * padded[x + 3]);
        for (let j = 1; j < kw; j++) {
          f = kx[j];
          const p = x + j;
          s0 = fround(s0 + fround(f * padded[p]));
          s1 = fround(s1 + fround(f * padded[p + 1]));
          s2 = fround(s2 + fround(f * padded[p + 2]));
          s3 = fround(s3 + fround(f * padded[p + 3]));
        }
        rows[o + x] = s0;
        rows[o + x + 1] = s1;
        rows[o + x + 2] = s2;
        rows[o + x + 3] = s3;
      }
      for (; x < width; x++) {
        let s = fround(kx[0] * padded[x]);
        for (let j = 1; j < kw; j++) s = fround(s + fround(kx[j] * padded[x + j]));
        rows[o + x] = s;
      }
    }
  }

  const out = new Uint8Array(n);
  const light = 255 - dark;
  const threshold = (i: number, v: number): number => (toByte(v) >= src[i] + level ? dark : light);
  if (kh === 1) {
    for (let i = 0; i < n; i++) out[i] = threshold(i, rows[i]);
    return out;
  }
  const ky = gaussianKernel(kh);
  const r = kh >> 1;
  const k0 = ky[r];
  // the offset of each row the column pass reads, rows past the top and bottom repeating the first and last
  const at = new Int32Array(height + 2 * r);
  for (let i = 0; i < at.length; i++) at[i] = clamp(i - r, height) * width;
  for (let y = 0; y < height; y++) {
    const o = y * width;
    const mid = y + r;
    let x = 0;
    for (; x + 4 <= width; x += 4) {
      const c = o + x;
      let s0 = fround(k0 * rows[c]);
      let s1 = fround(k0 * rows[c + 1]);
      let s2 = fround(k0 * rows[c + 2]);
      let s3 = fround(k0 * rows[c + 3]);
      for (let j = 1; j <= r; j++) {
        const f = ky[r + j];
        const b = at[mid + j] + x;
        const a = at[mid - j] + x;
        s0 = fround(s0 + fround(f * fround(rows[b] + rows[a])));
        s1 = fround(s1 + fround(f * fround(rows[b + 1] + rows[a + 1])));
        s2 = fround(s2 + fround(f * fround(rows[b + 2] + rows[a + 2])));
        s3 = fround(s3 + fround(f * fround(rows[b + 3] + rows[a + 3])));
      }
      out[c] = threshold(c, s0);
      out[c + 1] = threshold(c + 1, s1);
      out[c + 2] = threshold(c + 2, s2);
      out[c + 3] = threshold(c + 3, s3);
    }
    for (; x < width; x++) {
      const c = o + x;
      let s = fround(k0 * rows[c]);
      for (let j = 1; j <= r; j++) s = fround(s + fround(ky[r + j] * fround(rows[at[mid + j] + x] + rows[at[mid - j] + x])));
      out[c] = threshold(c, s);
    }
  }
  return out;
}
