/** Stage 3c: the photograph: table, sheet through the homography (and a slight curl), light, blur, noise, JPEG. */
import sharp from 'sharp';
import { drawTable, type TableKind } from './background.js';
import { apply, invert, type Mat3, type Pt } from './homography.js';
import { lightMap, type LightKnobs } from './light.js';
import type { BlankPage } from './page.js';
import { hash2, type Rand } from './rand.js';
import { shadePage, warpMap, type Surface, type SurfaceKnobs, type WarpMap } from './surface.js';
import { drawStains, rasterOccluders, type OcclusionKnobs, type OccluderRaster, type Stain } from './occluders.js';
import { rasterNeighbour, type NeighbourKnobs } from './neighbour.js';

export interface CurlKnobs {
  /** which page edge lifts: 0 top, 1 right, 2 bottom, 3 left */
  edge: number;
  /** how far the content near that edge moves, pt (sign: outward or inward) */
  amount: number;
  /** depth of the curled band, as a fraction of the page */
  band: number;
}

export interface PhotoKnobs {
  /** displayed photo size, px */
  width: number;
  height: number;
  table: TableKind;
  light: LightKnobs;
  /** paper colour multipliers */
  paperTint: [number, number, number];
  curl: CurlKnobs | null;
  /** a sheet that does not lie flat (folds, bow, creases, bumps: the not-flat conditions) */
  surface?: SurfaceKnobs | null;
  blur: { kind: 'gauss' | 'motion'; sigma: number; length: number; angleDeg: number };
  /** sensor noise standard deviation at mid grey, in 8-bit levels */
  noise: number;
  /** the phone's sharpening (3x3 unsharp mask amount, 0 = none) */
  sharpen: number;
  jpegQuality: number;
  /** EXIF orientation tag: 1 pixels upright; 3, 6, 8 pixels stored rotated with the tag saying how to show them */
  exif: 1 | 3 | 6 | 8;
  // what the conditions add (conditions.ts); each absent or null when off
  /** a thumb over the margin and objects on the table, with their shadows */
  occlusion?: OcclusionKnobs | null;
  /** stains on the paper */
  stains?: Stain[] | null;
  /** a neighbour's sheet on the table beside this one (its page is rendered by the caller) */
  neighbour?: NeighbourKnobs | null;
  /** a lens out of focus: a disc of `radius` px, on top of `blur` */
  defocus?: { radius: number } | null;
  /** shallow depth of field: sharp along a line across the frame, blurred up to `sigma` px away from it */
  focusFalloff?: { sigma: number; angleDeg: number; at: number; width: number } | null;
  /** the phone's local tone mapping: dark regions lifted, bright ones held, over `radius` (fraction of the frame) */
  toneMap?: { strength: number; radius: number } | null;
  /** strong sharpening that leaves halos: unsharp mask of `sigma` px, `amount` */
  halo?: { sigma: number; amount: number } | null;
  /** the phone's noise reduction: a median over `size` px, then sharpened */
  denoise?: { size: 3 | 5; sharpen: number } | null;
  /** a messaging app: scaled so the long side is `longSide` px (never up), EXIF applied, JPEG again at `quality` */
  recompress?: { longSide: number; quality: number } | null;
}

export interface Photo {
  jpeg: Buffer;
  storedWidth: number;
  storedHeight: number;
  /** the displayed size of the final photo (smaller than the knobs' when recompressed) */
  width: number;
  height: number;
  /** the final photo's pixels per pixel of the rendered one, across and down (1 unless recompressed) */
  scale: [number, number];
  exif: 1 | 3 | 6 | 8;
  /** page points to displayed photo pixels, curl included */
  map: (p: Pt) => Pt;
}

/** The curl's displacement (page points) at a page point, and the shading it causes. */
function curlField(c: CurlKnobs | null, page: { width: number; height: number }): ((u: number, v: number, out: number[]) => void) | null {
  if (!c || c.amount === 0) return null;
  const span = c.edge % 2 === 0 ? page.height : page.width;
  const band = c.band * span;
  return (u, v, out) => {
    const s = c.edge === 0 ? v : c.edge === 1 ? page.width - u : c.edge === 2 ? page.height - v : u;
    const t = s < band ? 1 - s / band : 0;
    const d = c.amount * t * t;
    // outward normal of the lifted edge
    out[0] = c.edge === 1 ? d : c.edge === 3 ? -d : 0;
    out[1] = c.edge === 0 ? -d : c.edge === 2 ? d : 0;
    out[2] = t * t;
  };
}

/** A sheet that is not flat: its surface, and the camera's projection of points above the table. */
export interface Bent {
  surface: Surface;
  project3d: (u: number, v: number, h: number) => Pt;
}

export async function photograph(rand: Rand, page: BlankPage, Hm: Mat3, k: PhotoKnobs, bent: Bent | null = null, neighbourPage: BlankPage | null = null): Promise<Photo> {
  const W = k.width;
  const H = k.height;
  const pg = page.geometry.page;
  const Hi = invert(Hm);
  const curl = curlField(k.curl, pg);
  const tmp = [0, 0, 0];
  // page point (curl undone) -> photo: through the bent surface, or the homography
  const flat = (w: Pt): Pt => {
    if (!bent) return apply(Hm, w);
    const [x, y, h] = bent.surface.at(w[0], w[1]);
    return bent.project3d(x, y, h);
  };

  // forward map (for the truth): solve w + D(w) = p, then H(w)
  const map = (p: Pt): Pt => {
    if (!curl) return flat(p);
    let w: Pt = [p[0], p[1]];
    for (let i = 0; i < 30; i++) {
      curl(w[0], w[1], tmp);
      w = [p[0] - tmp[0], p[1] - tmp[1]];
    }
    return flat(w);
  };
  if (bent) shadePage(bent.surface, page.rgb, page.width, page.height, page.scale);
  if (k.stains?.length) drawStains(k.stains, page.rgb, page.width, page.height, page.scale);

  const prof = process.env.BAAKO_SIM_PROFILE === '1';
  let t0 = performance.now();
  const lap = (what: string) => {
    if (prof) process.stderr.write(`[${what} ${(performance.now() - t0).toFixed(0)}] `);
    t0 = performance.now();
  };
  // table: drawn at 1/4 resolution, sampled bilinearly where it shows
  const tr = rand.fork('table');
  const TS = 4;
  const lowW = Math.ceil(W / TS) + 1;
  const lowH = Math.ceil(H / TS) + 1;
  const a0 = apply(Hm, [0, 0]);
  const a1 = apply(Hm, [pg.width, 0]);
  const pxPerCm = Math.hypot(a1[0] - a0[0], a1[1] - a0[1]) / (pg.width / (72 / 2.54));
  const table = drawTable(tr, k.table, lowW, lowH, pxPerCm / TS);
  const bg = table.rgb;
  lap('table');
  const light = lightMap(k.light, Hm, pg, W, H);
  const out = new Uint8ClampedArray(W * H * 3);
  lap('light');

  // where the sheet is (with room for the curl and the contact shadow)
  const corners = [[0, 0], [pg.width, 0], [pg.width, pg.height], [0, pg.height]].map((p) => apply(Hm, p as Pt));
  if (bent) {
    // a bent sheet's outline is a curve: follow it
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      corners.push(flat([t * pg.width, 0]), flat([t * pg.width, pg.height]), flat([0, t * pg.height]), flat([pg.width, t * pg.height]));
    }
  }
  const grow = 40 + Math.abs(k.curl?.amount ?? 0) * 4 + (bent ? 30 : 0);
  const rx0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0])) - grow));
  const rx1 = Math.min(W - 1, Math.ceil(Math.max(...corners.map((c) => c[0])) + grow));
  const ry0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1])) - grow));
  const ry1 = Math.min(H - 1, Math.ceil(Math.max(...corners.map((c) => c[1])) + grow));

  const WS = 8;
  const wm: WarpMap | null = bent ? warpMap(bent.surface, bent.project3d, (p) => apply(Hi, p), { x0: rx0, y0: ry0, x1: rx1, y1: ry1 }, pg, WS) : null;
  lap('warp');
  const src = page.rgb;
  const PW = page.width;
  const PH = page.height;
  const sc = page.scale;
  const [tR, tG, tB] = k.paperTint;
  // photo px per page px, for the antialiased sheet edge
  const edgeK = Math.hypot(a1[0] - a0[0], a1[1] - a0[1]) / PW;
  const { step, w: lw, f: lf, g: lg } = light;
  const grainSeed = (rand() * 2 ** 31) | 0;

  // per-column interpolation indices for the light map and the table
  const li = new Int32Array(W);
  const lt = new Float32Array(W);
  const bi = new Int32Array(W);
  const bt = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const fx = x / step;
    li[x] = Math.min(lw - 1, Math.floor(fx));
    lt[x] = fx - li[x];
    const gx = x / TS;
    bi[x] = Math.min(lowW - 2, Math.floor(gx));
    bt[x] = gx - bi[x];
  }
  // things over the sheet and table, rendered over their boxes first (through the bent sheet if it is bent)
  let occ: OccluderRaster[] = [];
  if (k.occlusion?.items.length) {
    const toPage = (x: number, y: number): Pt => {
      if (wm) {
        const fx = (x - wm.x0) / WS;
        const fy = (y - wm.y0) / WS;
        if (fx >= 0 && fy >= 0 && fx < wm.nw - 1 && fy < wm.nh - 1) {
          const i = Math.floor(fx);
          const j = Math.floor(fy);
          const tx = fx - i;
          const ty = fy - j;
          const a = (j * wm.nw + i) * 3;
          const b = a + wm.nw * 3;
          const m = wm.uvh;
          return [(m[a] * (1 - tx) + m[a + 3] * tx) * (1 - ty) + (m[b] * (1 - tx) + m[b + 3] * tx) * ty, (m[a + 1] * (1 - tx) + m[a + 4] * tx) * (1 - ty) + (m[b + 1] * (1 - tx) + m[b + 4] * tx) * ty];
        }
      }
      return apply(Hi, [x, y]);
    };
    occ = rasterOccluders(k.occlusion, toPage, map, edgeK * sc, W, H);
  }
  lap('occluders');
  const nb = k.neighbour && neighbourPage ? rasterNeighbour(neighbourPage, k.neighbour, Hm, W, H, k.paperTint) : null;
  const vrow = new Float32Array((lw + 1) * 3);
  const vglare = new Float32Array(lw + 1);
  const curlSign = k.curl && k.curl.amount > 0 ? 0.1 : -0.12;

  for (let y = 0; y < H; y++) {
    // the light map, interpolated down to this row
    const fy = y / step;
    const j0 = Math.min(light.h - 1, Math.floor(fy));
    const ty = fy - j0;
    const r0 = j0 * (lw + 1);
    for (let i = 0; i <= lw; i++) {
      for (let c = 0; c < 3; c++) {
        const t = lf[(r0 + i) * 3 + c];
        vrow[i * 3 + c] = t + (lf[(r0 + lw + 1 + i) * 3 + c] - t) * ty;
      }
      if (lg) vglare[i] = (lg[r0 + i] + (lg[r0 + lw + 1 + i] - lg[r0 + i]) * ty) * 255;
    }
    const gy = y / TS;
    const bj = Math.min(lowH - 2, Math.floor(gy));
    const bty = gy - bj;
    const inRows = y >= ry0 && y <= ry1;
    const occRow = occ.length ? occ.filter((q) => y >= q.y0 && y < q.y0 + q.h) : occ;
    // the warp map's row, for a bent sheet
    const wj = wm ? Math.min(wm.nh - 2, Math.floor((y - wm.y0) / WS)) : 0;
    const wfy = wm ? (y - wm.y0) / WS - wj : 0;
    let X = Hi[0] * rx0 + Hi[1] * y + Hi[2];
    let Y = Hi[3] * rx0 + Hi[4] * y + Hi[5];
    let Z = Hi[6] * rx0 + Hi[7] * y + Hi[8];
    let o = y * W * 3;
    for (let x = 0; x < W; x++, o += 3) {
      let alpha = 0;
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let shadow = 1;
      if (inRows && x >= rx0 && x <= rx1) {
        let pu: number;
        let pv: number;
        let lift = 0;
        if (wm) {
          const fx = (x - wm.x0) / WS;
          const wi = Math.min(wm.nw - 2, Math.floor(fx));
          const tx = fx - wi;
          const a = (wj * wm.nw + wi) * 3;
          const b = a + wm.nw * 3;
          const m = wm.uvh;
          const w00 = (1 - tx) * (1 - wfy);
          const w01 = tx * (1 - wfy);
          const w10 = (1 - tx) * wfy;
          const w11 = tx * wfy;
          pu = m[a] * w00 + m[a + 3] * w01 + m[b] * w10 + m[b + 3] * w11;
          pv = m[a + 1] * w00 + m[a + 4] * w01 + m[b + 1] * w10 + m[b + 4] * w11;
          lift = m[a + 2] * w00 + m[a + 5] * w01 + m[b + 2] * w10 + m[b + 5] * w11;
        } else {
          const iz = 1 / Z;
          pu = X * iz;
          pv = Y * iz;
          X += Hi[0];
          Y += Hi[3];
          Z += Hi[6];
        }
        let shadeK = 1;
        if (curl) {
          curl(pu, pv, tmp);
          pu += tmp[0];
          pv += tmp[1];
          shadeK = 1 + curlSign * tmp[2];
        }
        const u = pu * sc - 0.5;
        const v = pv * sc - 0.5;
        const edge = Math.min(u + 0.5, PW - 0.5 - u, v + 0.5, PH - 0.5 - v);
        alpha = edge * edgeK + 0.5;
        if (alpha > 0) {
          if (alpha > 1) alpha = 1;
          let ui = Math.floor(u);
          let vi = Math.floor(v);
          let fu = u - ui;
          let fv = v - vi;
          if (ui < 0) (ui = 0), (fu = 0);
          if (vi < 0) (vi = 0), (fv = 0);
          if (ui >= PW - 1) (ui = PW - 2), (fu = 1);
          if (vi >= PH - 1) (vi = PH - 2), (fv = 1);
          const p = (vi * PW + ui) * 3;
          const q = p + PW * 3;
          const w00 = (1 - fu) * (1 - fv);
          const w01 = fu * (1 - fv);
          const w10 = (1 - fu) * fv;
          const w11 = fu * fv;
          sr = (src[p] * w00 + src[p + 3] * w01 + src[q] * w10 + src[q + 3] * w11) * tR * shadeK;
          sg = (src[p + 1] * w00 + src[p + 4] * w01 + src[q + 1] * w10 + src[q + 4] * w11) * tG * shadeK;
          sb = (src[p + 2] * w00 + src[p + 5] * w01 + src[q + 2] * w10 + src[q + 5] * w11) * tB * shadeK;
        } else {
          // the paper's contact shadow on the table, a few px wide
          alpha = 0;
          const d = -edge * edgeK;
          if (!wm) {
            if (d < 20) shadow = 1 - 0.28 * Math.exp(-d / 3);
          } else {
            // a lifted edge casts a wider, softer shadow
            const spread = 3 + lift * sc * edgeK * 0.35;
            if (d < 7 * spread) shadow = 1 - (0.28 * Math.exp(-d / spread)) / Math.sqrt(spread / 3);
          }
        }
      }
      let r = sr;
      let g = sg;
      let b = sb;
      if (alpha < 1) {
        // the table, bilinear from 1/4 resolution, with a fine grain
        const p = (bj * lowW + bi[x]) * 3;
        const q = p + lowW * 3;
        const fx = bt[x];
        const gr = (hash2(x, y, grainSeed) - 0.5) * 10;
        const tr0 = bg[p] + (bg[p + 3] - bg[p]) * fx;
        const tr1 = bg[q] + (bg[q + 3] - bg[q]) * fx;
        const tg0 = bg[p + 1] + (bg[p + 4] - bg[p + 1]) * fx;
        const tg1 = bg[q + 1] + (bg[q + 4] - bg[q + 1]) * fx;
        const tb0 = bg[p + 2] + (bg[p + 5] - bg[p + 2]) * fx;
        const tb1 = bg[q + 2] + (bg[q + 5] - bg[q + 2]) * fx;
        const k1 = (1 - alpha) * shadow;
        r = sr * alpha + (tr0 + (tr1 - tr0) * bty + gr) * k1;
        g = sg * alpha + (tg0 + (tg1 - tg0) * bty + gr) * k1;
        b = sb * alpha + (tb0 + (tb1 - tb0) * bty + gr) * k1;
        if (nb && x >= nb.x0 && x < nb.x0 + nb.w && y >= nb.y0 && y < nb.y0 + nb.h) {
          // the neighbour's paper lies on the table, under this sheet's edge
          const e = (y - nb.y0) * nb.w + (x - nb.x0);
          const a = nb.alpha[e] * k1;
          r = r * (1 - a) + (nb.rgb[e * 3] + gr) * a;
          g = g * (1 - a) + (nb.rgb[e * 3 + 1] + gr) * a;
          b = b * (1 - a) + (nb.rgb[e * 3 + 2] + gr) * a;
        }
      }
      for (const q of occRow) {
        if (x < q.x0 || x >= q.x0 + q.w) continue;
        const e = (y - q.y0) * q.w + (x - q.x0);
        const sh = 1 - q.shadow[e];
        const a = q.alpha[e];
        r = r * sh * (1 - a) + q.rgb[e * 3] * a;
        g = g * sh * (1 - a) + q.rgb[e * 3 + 1] * a;
        b = b * sh * (1 - a) + q.rgb[e * 3 + 2] * a;
      }
      const i = li[x];
      const t = lt[x];
      const m = i * 3;
      const add = lg ? vglare[i] + (vglare[i + 1] - vglare[i]) * t : 0;
      out[o] = r * (vrow[m] + (vrow[m + 3] - vrow[m]) * t) + add;
      out[o + 1] = g * (vrow[m + 1] + (vrow[m + 4] - vrow[m + 1]) * t) + add;
      out[o + 2] = b * (vrow[m + 2] + (vrow[m + 5] - vrow[m + 2]) * t) + add;
    }
  }

  // optics: defocus or motion blur
  let img = sharp(out, { raw: { width: W, height: H, channels: 3 } });
  if (k.blur.kind === 'motion' && k.blur.length >= 2) img = img.convolve(motionKernel(k.blur.length, k.blur.angleDeg));
  else if (k.blur.sigma >= 0.3) img = img.blur(k.blur.sigma);
  let blurred = new Uint8ClampedArray(await img.raw().toBuffer());
  if (k.defocus) blurred = new Uint8ClampedArray(await sharp(blurred, { raw: { width: W, height: H, channels: 3 } }).convolve(discKernel(k.defocus.radius)).raw().toBuffer());
  if (k.focusFalloff) await focusFalloff(blurred, W, H, k.focusFalloff);
  if (k.toneMap) await toneMap(blurred, W, H, k.toneMap);

  lap('blur');
  // the phone's processing in one pass: sharpening (3x3 unsharp), sensor noise (luminance plus some chroma,
  // stronger in the mid-tones, normals from a seeded table), and the EXIF rotation of the stored pixels
  const gauss = new Float32Array(65536);
  const nr = rand.fork('noise');
  for (let i = 0; i < gauss.length; i++) gauss[i] = nr.normal();
  const sigmaOf = new Float32Array(256);
  for (let l = 0; l < 256; l++) sigmaOf[l] = k.noise * (0.45 + 0.75 * Math.sqrt(l / 255) - 0.2 * (l / 255));
  const swap = k.exif === 6 || k.exif === 8;
  const SW = swap ? H : W;
  const SH = swap ? W : H;
  const stored = new Uint8ClampedArray(W * H * 3);
  const amt = k.sharpen;
  let s = ((rand() * 2 ** 32) >>> 0) | 1;
  const row = W * 3;
  for (let y = 0; y < H; y++) {
    const up = y > 0 ? -row : 0;
    const down = y < H - 1 ? row : 0;
    // where displayed (x, y) goes in the stored image: start and step per x
    let d0: number;
    let dx: number;
    if (k.exif === 1) (d0 = y * W), (dx = 1);
    else if (k.exif === 3) (d0 = (H - 1 - y) * W + W - 1), (dx = -1);
    else if (k.exif === 6) (d0 = (W - 1) * SW + y), (dx = -SW);
    else (d0 = H - 1 - y), (dx = SW);
    for (let x = 0, o = y * row, d = d0 * 3; x < W; x++, o += 3, d += dx * 3) {
      const left = x > 0 ? -3 : 0;
      const right = x < W - 1 ? 3 : 0;
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      const r0 = blurred[o];
      const g0 = blurred[o + 1];
      const b0 = blurred[o + 2];
      const sigma = sigmaOf[(r0 + 2 * g0 + b0) >> 2];
      const l = gauss[s & 0xffff] * sigma;
      const ch = sigma * 0.35;
      const sr = amt ? amt * (r0 - 0.25 * (blurred[o + up] + blurred[o + down] + blurred[o + left] + blurred[o + right])) : 0;
      const sg = amt ? amt * (g0 - 0.25 * (blurred[o + 1 + up] + blurred[o + 1 + down] + blurred[o + 1 + left] + blurred[o + 1 + right])) : 0;
      const sb = amt ? amt * (b0 - 0.25 * (blurred[o + 2 + up] + blurred[o + 2 + down] + blurred[o + 2 + left] + blurred[o + 2 + right])) : 0;
      stored[d] = r0 + sr + l + gauss[(s >>> 16) & 0xffff] * ch;
      stored[d + 1] = g0 + sg + l + gauss[(s >>> 8) & 0xffff] * ch * 0.7;
      stored[d + 2] = b0 + sb + l + gauss[((s >>> 4) ^ (s >>> 20)) & 0xffff] * ch * 1.2;
    }
  }
  lap('noise');
  let enc = sharp(stored, { raw: { width: SW, height: SH, channels: 3 } });
  // the phone's noise reduction (a median) and its sharpening: a strong, wide one leaves halos
  if (k.denoise) enc = enc.median(k.denoise.size);
  if (k.halo) enc = enc.sharpen({ sigma: k.halo.sigma, m1: k.halo.amount * 0.6, m2: k.halo.amount * 3 });
  else if (k.denoise) enc = enc.sharpen({ sigma: 1, m1: k.denoise.sharpen * 0.5, m2: k.denoise.sharpen * 2 });
  enc = enc.jpeg({ quality: k.jpegQuality, chromaSubsampling: '4:2:0' });
  if (k.exif !== 1) enc = enc.withMetadata({ orientation: k.exif });
  let jpeg = await enc.toBuffer();
  lap('jpeg');
  if (!k.recompress) return { jpeg, storedWidth: SW, storedHeight: SH, width: W, height: H, scale: [1, 1], exif: k.exif, map };
  // a messaging app: the pixels turned upright, scaled down, compressed again
  const f = Math.min(1, k.recompress.longSide / Math.max(W, H));
  const W2 = Math.round(W * f);
  const H2 = Math.round(H * f);
  jpeg = await sharp(jpeg).rotate().resize(W2, H2, { fit: 'fill' }).jpeg({ quality: k.recompress.quality, chromaSubsampling: '4:2:0' }).toBuffer();
  const sx = W2 / W;
  const sy = H2 / H;
  return { jpeg, storedWidth: W2, storedHeight: H2, width: W2, height: H2, scale: [sx, sy], exif: 1, map: (p) => { const q = map(p); return [q[0] * sx, q[1] * sy]; } };
}

/** A normalised disc kernel: a lens out of focus. */
function discKernel(radius: number): { width: number; height: number; kernel: number[] } {
  const n = Math.ceil(radius) * 2 + 1;
  const c = (n - 1) / 2;
  const kernel: number[] = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) kernel.push(Math.max(0, Math.min(1, radius + 0.5 - Math.hypot(x - c, y - c))));
  const sum = kernel.reduce((a, b) => a + b, 0);
  return { width: n, height: n, kernel: kernel.map((v) => v / sum) };
}

/** Shallow depth of field (in place): sharp along a line across the frame, more blurred away from it. */
async function focusFalloff(px: Uint8ClampedArray, W: number, H: number, f: NonNullable<PhotoKnobs['focusFalloff']>): Promise<void> {
  const far = await sharp(px, { raw: { width: W, height: H, channels: 3 } }).blur(f.sigma).raw().toBuffer();
  const a = (f.angleDeg * Math.PI) / 180;
  const nx = Math.cos(a);
  const ny = Math.sin(a);
  const half = (Math.abs(nx) * W + Math.abs(ny) * H) / 2;
  for (let y = 0, o = 0; y < H; y++) {
    for (let x = 0; x < W; x++, o += 3) {
      const t = ((x - W / 2) * nx + (y - H / 2) * ny) / half - f.at;
      const w = Math.min(1, Math.max(0, (Math.abs(t) - f.width) / 0.6));
      if (w <= 0) continue;
      px[o] += (far[o] - px[o]) * w;
      px[o + 1] += (far[o + 1] - px[o + 1]) * w;
      px[o + 2] += (far[o + 2] - px[o + 2]) * w;
    }
  }
}

/**
 * Local tone mapping (in place), as phones do: each pixel's brightness pulled toward the frame's mean by its
 * neighbourhood's (a low-resolution blur of the brightness), so dark regions lift and bright ones settle, with
 * halos where they meet.
 */
async function toneMap(px: Uint8ClampedArray, W: number, H: number, t: NonNullable<PhotoKnobs['toneMap']>): Promise<void> {
  const S = 16;
  const w = Math.ceil(W / S);
  const h = Math.ceil(H / S);
  const sigma = Math.max(0.5, (t.radius * Math.hypot(W, H)) / S);
  const low = await sharp(px, { raw: { width: W, height: H, channels: 3 } }).resize(w, h, { fit: 'fill' }).greyscale().blur(sigma).raw().toBuffer();
  let mean = 0;
  for (let i = 0; i < low.length; i++) mean += low[i];
  mean = Math.max(20, mean / low.length);
  const gain = new Float32Array(w * h);
  for (let i = 0; i < low.length; i++) gain[i] = Math.min(2.5, Math.max(0.6, Math.pow(mean / Math.max(8, low[i]), t.strength)));
  for (let y = 0, o = 0; y < H; y++) {
    const fy = Math.min(h - 1.001, Math.max(0, y / S - 0.5));
    const j = Math.floor(fy);
    const ty = fy - j;
    for (let x = 0; x < W; x++, o += 3) {
      const fx = Math.min(w - 1.001, Math.max(0, x / S - 0.5));
      const i = Math.floor(fx);
      const tx = fx - i;
      const a = j * w + i;
      const g = (gain[a] * (1 - tx) + gain[a + 1] * tx) * (1 - ty) + (gain[a + w] * (1 - tx) + gain[a + w + 1] * tx) * ty;
      px[o] *= g;
      px[o + 1] *= g;
      px[o + 2] *= g;
    }
  }
}

/** A normalised line kernel for motion blur. */
function motionKernel(length: number, angleDeg: number): { width: number; height: number; kernel: number[] } {
  const size = Math.max(3, Math.ceil(length) | 1);
  const kernel = new Array<number>(size * size).fill(0);
  const a = (angleDeg * Math.PI) / 180;
  const c = (size - 1) / 2;
  for (let i = 0; i <= 4 * size; i++) {
    const t = (i / (4 * size) - 0.5) * (length - 1);
    const x = Math.round(c + t * Math.cos(a));
    const y = Math.round(c + t * Math.sin(a));
    kernel[y * size + x] += 1;
  }
  const sum = kernel.reduce((p, q) => p + q, 0);
  return { width: size, height: size, kernel: kernel.map((v) => v / sum) };
}
