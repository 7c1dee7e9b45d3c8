import { readFileSync } from 'node:fs';
import type { Sharp, SharpOptions } from 'sharp';
import { sharp, type Metadata, type OutputInfo } from '../sharp.js';
import { InputError, ScanRefused } from '../errors.js';
import { fileKind, readHead, refuseKind } from './file-type.js';
import { decodeHeic, type RawPixels } from './heic.js';
import { instantiate, reserve, type WasmMemory } from './wasm/instance.js';
import { LUMA_WASM } from './wasm/luma.wasm.js';

export type { RawPixels };

/**
 * A photo to read: a file's path or bytes (JPEG, PNG, WebP, AVIF, TIFF, HEIC: told by their bytes), or pixels
 * already decoded (a page of a PDF, see pdf.ts).
 */
export type PhotoInput = Buffer | string | RawPixels;

/** A photo decoded at working size: RGB and luma planes, plus how it relates to the original. */
export interface Photo {
  width: number;
  height: number;
  /** Interleaved RGB, width * height * 3. */
  rgb: Uint8Array;
  /** Luma, width * height. */
  grey: Uint8Array;
  /** Size of the photo as stored (after EXIF orientation). */
  original: { width: number; height: number };
  /** Working pixels per original pixel. */
  scale: number;
  /** Where the photo came from, to read a small region again at full resolution (the QR code). */
  source: Buffer | string | RawPixels;
  /** Whether the pixels were turned by EXIF orientation (mirrored orientations only). */
  oriented: boolean;
}

export interface LoadOptions {
  /** Longest side of the working image; JPEGs shrink on load (DCT scaling), which is most of the speed. */
  maxSide?: number;
  /** Name shown in error messages. */
  name?: string;
}

/** The working image's longest side when none is given (LoadOptions.maxSide). */
const WORKING_SIDE = 2000;

/** The most pixels a photo may have (sharp's own limit on what it decodes: a 16,000 x 16,000 picture). */
const MAX_PIXELS = 268_402_689;

const isRaw = (x: PhotoInput): x is RawPixels => typeof x === 'object' && !Buffer.isBuffer(x);

/** sharp on a source: a file, its bytes, or raw pixels. */
export function sharpOf(source: Photo['source'], opts: SharpOptions = {}): Sharp {
  if (isRaw(source)) return sharp(source.data, { ...opts, raw: { width: source.width, height: source.height, channels: source.channels } });
  return sharp(source, opts);
}

const UNREADABLE = 'not an image this tool can read: use a JPEG, PNG, WebP or HEIC photo, or a PDF of scanned sheets';

/**
 * What sharp is given for an input: the file or bytes themselves for the formats it decodes, the pixels for a
 * HEIC (decoded here, as libvips has no HEVC decoder). Empty files, videos and PDFs are refused by name.
 */
async function decodable(input: PhotoInput, name: string): Promise<Photo['source']> {
  if (isRaw(input)) return input;
  const head = typeof input === 'string' ? readHead(input, name) : input.subarray(0, 1024);
  const kind = fileKind(head);
  refuseKind(kind, name);
  if (kind === 'pdf') throw new InputError('pdf', `${name}: a PDF holds pages, not one photo: scan it with \`baako scan\` (each page is read as a sheet)`);
  if (kind !== 'heic') return input;
  return decodeHeic(typeof input === 'string' ? readFileSync(input) : input, name);
}

/**
 * Decodes a photo: JPEG, PNG, WebP, AVIF and TIFF with sharp; HEIC through heic.ts; raw pixels as given. EXIF
 * orientation: rotations (3, 6, 8) are left to the scanner, which finds the sheet in any in-plane rotation, so
 * the pixels need not be turned; mirrored orientations (2, 4, 5, 7) are applied, since a mirrored sheet would
 * not read. A file decodeAhead began decoding is taken from there.
 */
export function loadPhoto(input: PhotoInput, opts: LoadOptions = {}): Promise<Photo> {
  if (typeof input === 'string') {
    const key = aheadKey(input, opts);
    const started = ahead.get(key);
    if (started) {
      ahead.delete(key);
      return started;
    }
  }
  return decodePhoto(input, opts);
}

/** Decodes begun by decodeAhead, by file, working size and name, each taken once by loadPhoto. */
const ahead = new Map<string, Promise<Photo>>();
const aheadKey = (path: string, opts: LoadOptions) => `${opts.maxSide ?? WORKING_SIDE}\0${opts.name ?? path}\0${path}`;

/**
 * Starts decoding a photo file now, for a loadPhoto of the same file with the same options soon after: sharp
 * decodes on its own threads while this one loads the scanner or reads the photo before it. Its error, if any,
 * is the one loadPhoto then gives.
 */
export function decodeAhead(path: string, opts: LoadOptions = {}): void {
  const key = aheadKey(path, opts);
  if (ahead.has(key)) return;
  const started = decodePhoto(path, opts);
  started.catch(() => undefined); // (given to loadPhoto, which throws it)
  ahead.set(key, started);
}

async function decodePhoto(input: PhotoInput, opts: LoadOptions): Promise<Photo> {
  const name = opts.name ?? (typeof input === 'string' ? input : 'photo');
  const maxSide = opts.maxSide ?? WORKING_SIDE;
  const source = await decodable(input, name);
  // The header and the pixels are read at once (the header alone takes a few ms of a photo's time): the pixels
  // as for a photo in its stored orientation, read again in the rare case it is mirrored.
  const decode = (mirrored: boolean) => {
    // A file that ends early (a copy cut short) is refused, not read with its missing part grey.
    let img = sharpOf(source, { failOn: 'truncated' });
    if (mirrored) img = img.rotate();
    img = img.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true, fastShrinkOnLoad: true, kernel: 'linear' });
    return img.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  };
  const pixels = decode(false);
  pixels.catch(() => undefined); // (awaited below, once the header is known to be an image's)
  let meta: Metadata;
  try {
    // The header whatever the picture's size: too many pixels gets its own message below.
    meta = await sharpOf(source, { limitInputPixels: false }).metadata();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || /Input file is missing/.test(String(e))) throw new ScanRefused('file-not-found', name, 'no such file');
    throw new ScanRefused('not-an-image', name, UNREADABLE);
  }
  if (!meta.width || !meta.height) throw new ScanRefused('not-an-image', name, UNREADABLE);
  if (meta.width * meta.height > MAX_PIXELS) {
    throw new ScanRefused('too-many-pixels', name, `the photo has too many pixels (${meta.width} x ${meta.height}, at most ${MAX_PIXELS / 1e6} million): use the camera's normal resolution`);
  }
  const o = meta.orientation ?? 1;
  const swapped = o >= 5;
  const original = swapped ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  const longest = Math.max(meta.width, meta.height);
  if (longest < 600) throw new ScanRefused('too-small', name, `the photo is ${meta.width} x ${meta.height} pixels, too small: use the camera's full resolution`);
  const oriented = o === 2 || o === 4 || o === 5 || o === 7;
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await (oriented ? decode(true) : pixels);
  } catch {
    throw new ScanRefused('damaged-image', name, 'the photo file is damaged or incomplete (it may end early): copy it again from the phone, or take it again');
  }
  const { width, height, channels } = raw.info;
  const rgb = channels === 3 ? new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.length) : toRgb(raw.data, channels);
  const grey = lumaOf(rgb, width * height);
  const mirroredSwap = o === 5 || o === 7;
  const storedW = mirroredSwap ? original.width : meta.width;
  return { width, height, rgb, grey, original, scale: width / (storedW || width), source, oriented };
}

interface Luma {
  memory: WasmMemory;
  luma(rgb: number, grey: number, n: number): void;
}

let luma: Luma | undefined;

/**
 * Luma of interleaved RGB, (77 R + 150 G + 29 B) >> 8: sixteen pixels at a time in WebAssembly SIMD
 * (wasm/luma.wat), the last few here; the 3 million pixels of a working photo in a third of the time a JavaScript
 * loop takes, copies in and out included.
 */
export function lumaOf(rgb: Uint8Array, n: number): Uint8Array {
  const m = (luma ??= instantiate<Luma>(LUMA_WASM));
  const whole = n - (n % 16);
  const grey = new Uint8Array(n);
  // a stretch of the photo at a time, so the module's memory stays small (it never shrinks)
  const stretch = Math.min(whole, LUMA_STRETCH);
  reserve(m.memory, 4 * stretch);
  for (let at = 0; at < whole; at += stretch) {
    const k = Math.min(stretch, whole - at);
    new Uint8Array(m.memory.buffer, 0, 3 * k).set(rgb.subarray(3 * at, 3 * (at + k)));
    m.luma(0, 3 * stretch, k);
    grey.set(new Uint8Array(m.memory.buffer, 3 * stretch, k), at);
  }
  for (let i = whole, j = 3 * whole; i < n; i++, j += 3) grey[i] = (rgb[j] * 77 + rgb[j + 1] * 150 + rgb[j + 2] * 29) >> 8;
  return grey;
}

/** Pixels taken into the luma module at once (a multiple of 16). */
const LUMA_STRETCH = 1 << 18;

function toRgb(data: Buffer, channels: number): Uint8Array {
  const n = data.length / channels;
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const v = data[i * channels];
    out[i * 3] = v;
    out[i * 3 + 1] = channels >= 3 ? data[i * channels + 1] : v;
    out[i * 3 + 2] = channels >= 3 ? data[i * channels + 2] : v;
  }
  return out;
}

/** A region of the photo at full resolution, in grey (for the QR code when the working size is too coarse). */
export async function fullResRegion(photo: Photo, left: number, top: number, width: number, height: number): Promise<{ grey: Uint8Array; left: number; top: number; width: number; height: number }> {
  let img = sharpOf(photo.source, { failOn: 'none' });
  if (photo.oriented) img = img.rotate();
  const meta = await sharpOf(photo.source).metadata();
  const swapped = photo.oriented && (meta.orientation ?? 1) >= 5;
  const W = (swapped ? meta.height : meta.width) ?? 0;
  const H = (swapped ? meta.width : meta.height) ?? 0;
  const l = Math.max(0, Math.floor(left));
  const t = Math.max(0, Math.floor(top));
  const w = Math.min(W - l, Math.ceil(width));
  const h = Math.min(H - t, Math.ceil(height));
  const { data, info } = await img.extract({ left: l, top: t, width: w, height: h }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { grey: new Uint8Array(data.buffer, data.byteOffset, data.length), left: l, top: t, width: info.width, height: info.height };
}
