/**
 * OpenCV's INTER_AREA downscaling of a grey image, rewritten so the marker search no longer needs opencv-wasm
 * for it. The arithmetic (float32 sums, round-half-to-even, the integer 2x2 shortcut) follows OpenCV's own, since
 * the markers found downstream must not move by a single byte. Halving, the common case, runs in WebAssembly.
 */
import { toByte } from './saturate.js';
import { instantiate, reserve, type WasmMemory } from './wasm/instance.js';
import { SHRINK_WASM } from './wasm/shrink.wasm.js';

interface ShrinkModule {
  memory: WasmMemory;
  half(src: number, w: number, dst: number, dw: number, dh: number): void;
}
let shrinkModule: ShrinkModule | undefined;

/** OpenCV's scalar 2 x 2 loop, which rounds half up with a shift unlike every other ratio (wasm/shrink.wat, sixteen pixels at a time). */
function halved(src: Uint8Array, width: number, dstWidth: number, dstHeight: number): Uint8Array {
  const m = (shrinkModule ??= instantiate<ShrinkModule>(SHRINK_WASM));
  const n = 2 * dstHeight * width;
  reserve(m.memory, n + dstWidth * dstHeight);
  new Uint8Array(m.memory.buffer, 0, n).set(src.subarray(0, n));
  m.half(0, width, n, dstWidth, dstHeight);
  return new Uint8Array(m.memory.buffer, n, dstWidth * dstHeight).slice();
}

/** OpenCV's integer-ratio path: whole blocks only, since an integer ratio (to DBL_EPSILON) means exact multiples. */
function shrinkBlocks(src: Uint8Array, width: number, dstWidth: number, dstHeight: number, kx: number, ky: number): Uint8Array {
  if (kx === 2 && ky === 2) return halved(src, width, dstWidth, dstHeight);
  const dst = new Uint8Array(dstWidth * dstHeight);
  const scale = Math.fround(1 / (kx * ky));
  for (let dy = 0, o = 0; dy < dstHeight; dy++) {
    const row = dy * ky * width;
    for (let dx = 0; dx < dstWidth; dx++) {
      let sum = 0;
      for (let y = 0, p = row + dx * kx; y < ky; y++, p += width) for (let x = 0; x < kx; x++) sum += src[p + x];
      dst[o++] = toByte(Math.fround(sum * scale));
    }
  }
  return dst;
}

interface AreaTab {
  n: number;
  src: Int32Array;
  dst: Int32Array;
  alpha: Float32Array;
}

/** computeResizeAreaTab: which source samples feed which destination sample, with what float weight. */
function areaTab(size: number, dstSize: number, scale: number): AreaTab {
  const tab: AreaTab = { n: 0, src: new Int32Array(size * 2), dst: new Int32Array(size * 2), alpha: new Float32Array(size * 2) };
  const put = (s: number, d: number, a: number): void => {
    tab.src[tab.n] = s;
    tab.dst[tab.n] = d;
    tab.alpha[tab.n++] = a;
  };
  for (let d = 0; d < dstSize; d++) {
    const f1 = d * scale;
    const f2 = f1 + scale;
    const cell = Math.min(scale, size - f1);
    const s2 = Math.min(Math.floor(f2), size - 1);
    const s1 = Math.min(Math.ceil(f1), s2);
    if (s1 - f1 > 1e-3) put(s1 - 1, d, (s1 - f1) / cell);
    for (let s = s1; s < s2; s++) put(s, d, 1 / cell);
    if (f2 - s2 > 1e-3) put(s2, d, Math.min(f2 - s2, 1, cell) / cell);
  }
  return tab;
}

/**
 * The horizontal weights as a fixed number of taps per destination column, padded with zero weights (adding +0 to
 * a sum leaves it as it is), so the common tap counts can run unrolled. Weights are float values kept as doubles.
 */
function columnTaps(tab: AreaTab, dstSize: number): { taps: number; src: Int32Array; alpha: Float64Array } {
  const count = new Int32Array(dstSize);
  for (let k = 0; k < tab.n; k++) count[tab.dst[k]]++;
  let taps = 1;
  for (let d = 0; d < dstSize; d++) taps = Math.max(taps, count[d]);
  const src = new Int32Array(taps * dstSize);
  const alpha = new Float64Array(taps * dstSize);
  count.fill(0);
  for (let k = 0; k < tab.n; k++) {
    const d = tab.dst[k];
    const i = d * taps + count[d]++;
    src[i] = tab.src[k];
    alpha[i] = tab.alpha[k];
  }
  return { taps, src, alpha };
}

/** One source row's horizontal sums, each product rounded to float before it is added, each sum rounded after. */
function spreadRow(src: Uint8Array, row: number, xs: Int32Array, xa: Float64Array, taps: number, buf: Float32Array): void {
  const n = buf.length;
  const f = Math.fround;
  if (taps === 3) {
    for (let dx = 0, k = 0; dx < n; dx++, k += 3) {
      const s = f(f(src[row + xs[k]] * xa[k]) + f(src[row + xs[k + 1]] * xa[k + 1]));
      buf[dx] = s + f(src[row + xs[k + 2]] * xa[k + 2]);
    }
  } else if (taps === 4) {
    for (let dx = 0, k = 0; dx < n; dx++, k += 4) {
      const s = f(f(f(src[row + xs[k]] * xa[k]) + f(src[row + xs[k + 1]] * xa[k + 1])) + f(src[row + xs[k + 2]] * xa[k + 2]));
      buf[dx] = s + f(src[row + xs[k + 3]] * xa[k + 3]);
    }
  } else {
    for (let dx = 0, k = 0; dx < n; dx++) {
      let s = 0;
      for (let t = 0; t < taps; t++, k++) s = f(s + f(src[row + xs[k]] * xa[k]));
      buf[dx] = s;
    }
  }
}

/** OpenCV's general path: each source row spread over a float row, rows weighted into a float sum, in its order. */
function shrinkWeighted(src: Uint8Array, width: number, height: number, dstWidth: number, dstHeight: number, scaleX: number, scaleY: number): Uint8Array {
  const dst = new Uint8Array(dstWidth * dstHeight);
  const { taps, src: xs, alpha: xa } = columnTaps(areaTab(width, dstWidth, scaleX), dstWidth);
  const yt = areaTab(height, dstHeight, scaleY);
  // Float32Array stores round each result to float, as OpenCV's float buffers do; products are rounded first.
  const buf = new Float32Array(dstWidth);
  const sum = new Float32Array(dstWidth);
  let bufRow = -1;
  let prev = yt.dst[0];
  for (let j = 0; j < yt.n; j++) {
    const sy = yt.src[j];
    if (sy !== bufRow) {
      spreadRow(src, sy * width, xs, xa, taps, buf);
      bufRow = sy;
    }
    const beta = yt.alpha[j];
    const dy = yt.dst[j];
    if (dy !== prev) {
      for (let dx = 0, o = prev * dstWidth; dx < dstWidth; dx++) {
        dst[o + dx] = toByte(sum[dx]);
        sum[dx] = beta * buf[dx];
      }
      prev = dy;
    } else {
      for (let dx = 0; dx < dstWidth; dx++) sum[dx] += Math.fround(beta * buf[dx]);
    }
  }
  for (let dx = 0, o = prev * dstWidth; dx < dstWidth; dx++) dst[o + dx] = toByte(sum[dx]);
  return dst;
}

/** OpenCV's INTER_AREA resize of an 8-bit grey image to a smaller size (same bytes as OpenCV 4.3's cv::resize). */
export function shrinkArea(src: Uint8Array, width: number, height: number, dstWidth: number, dstHeight: number): Uint8Array {
  if (!(dstWidth >= 1 && dstHeight >= 1 && dstWidth <= width && dstHeight <= height) || [width, height, dstWidth, dstHeight].some((v) => !Number.isInteger(v)))
    throw new Error(`shrinkArea: cannot shrink ${width} x ${height} to ${dstWidth} x ${dstHeight}`);
  if (src.length < width * height) throw new Error(`shrinkArea: ${src.length} bytes for ${width} x ${height}`);
  if (dstWidth === width && dstHeight === height) return src.slice(0, width * height);
  // The ratios exactly as OpenCV derives them, through the inverse scale, so the choice of path matches too.
  const scaleX = 1 / (dstWidth / width);
  const scaleY = 1 / (dstHeight / height);
  const kx = Math.round(scaleX);
  const ky = Math.round(scaleY);
  if (Math.abs(scaleX - kx) < Number.EPSILON && Math.abs(scaleY - ky) < Number.EPSILON) return shrinkBlocks(src, width, dstWidth, dstHeight, kx, ky);
  return shrinkWeighted(src, width, height, dstWidth, dstHeight, scaleX, scaleY);
}
