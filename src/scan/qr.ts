import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeSheetTag, type SheetTag } from '../engine/setup.js';
import { adaptiveThreshold } from './adaptive-threshold.js';
import { apply, type Homography } from './homography.js';
import { fullResRegion, sharpOf, type Photo } from './image.js';
import type { Pose } from './orient.js';
import { grey } from './sample.js';

type Reader = typeof import('zxing-wasm/reader');
let reader: Promise<Reader> | null = null;

/** zxing-wasm with its .wasm read from node_modules (its default would fetch it from a CDN). */
function zxing(): Promise<Reader> {
  if (!reader) {
    reader = (async () => {
      const mod = await import('zxing-wasm/reader');
      const path = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
      const bytes = readFileSync(path);
      await mod.prepareZXingModule({
        overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
        fireImmediately: true,
      });
      return mod;
    })();
  }
  return reader;
}

/** Starts loading the QR reader (its wasm compiles in the background) so that it is ready when the QR stage runs. */
export function loadQrReader(): void {
  zxing().catch(() => undefined); // (a failure is met again, and reported, where the reader is used)
}

/** Reads QR codes in an RGBA or grey image buffer (for tests and tools). */
export async function readQrText(data: Uint8ClampedArray, width: number, height: number): Promise<string[]> {
  const z = await zxing();
  const res = await z.readBarcodes({ data, width, height, colorSpace: 'srgb' } as unknown as Parameters<Reader['readBarcodes']>[0], { formats: ['QRCode'], tryHarder: true });
  return res.filter((r) => r.isValid).map((r) => r.text);
}

/**
 * Reads the sheet's QR code: the pose says where its box is, so a small upright patch is cut out of the
 * photo (perspective removed) and handed to zxing. Null when nothing decodes.
 */
export async function readSheetQr(photo: Photo, pose: Pose, knownCards: string[] = []): Promise<{ tag: SheetTag | null; text: string } | null> {
  const { x, y, size } = pose.geometry.qr;
  const margin = size * 0.04;
  const span = size + 2 * margin;
  const box = { h: pose.pageToImage, left: x - margin, top: y - margin, span };
  const attempt = async (px: number, from: PatchSource, prepare?: (g: Uint8ClampedArray, px: number) => Uint8ClampedArray) => {
    let patch = samplePatch(box, px, from);
    if (prepare) patch = prepare(patch, px);
    const rgba = new Uint8ClampedArray(px * px * 4);
    for (let i = 0, j = 0; i < patch.length; i++, j += 4) {
      rgba[j] = rgba[j + 1] = rgba[j + 2] = patch[i];
      rgba[j + 3] = 255;
    }
    const texts = await readQrText(rgba, px, px);
    return texts.length ? { tag: decodeSheetTag(texts[0], knownCards), text: texts[0] } : null;
  };
  const working: PatchSource = { photo, k: 1, left: 0, top: 0 };
  const fromWorking = await attempt(240, working);
  if (fromWorking) return fromWorking;
  if (photo.scale > 0.95) return attempt(240, working, binarize);
  // Too coarse at working size (a small or blurred code): read its region again at full resolution.
  const corners = [
    [x - margin, y - margin],
    [x + size + margin, y - margin],
    [x - margin, y + size + margin],
    [x + size + margin, y + size + margin],
  ].map(([px, py]) => apply(pose.pageToImage, px, py)).map((p) => ({ x: p.x / photo.scale, y: p.y / photo.scale }));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const pad = (Math.max(...xs) - Math.min(...xs)) * 0.15;
  const region = await fullResRegion(photo, Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad);
  const full: Photo = { ...photo, width: region.width, height: region.height, grey: region.grey };
  const k = 1 / photo.scale;
  for (const px of [360, 480]) {
    const found = await attempt(px, { photo: full, k, left: region.left, top: region.top });
    if (found) return found;
  }
  // (binarized at full resolution too, the same 19 photos read no more)
  return (await attempt(240, working, binarize)) ?? readWholePhoto(photo, knownCards);
}

/** Where a patch's samples are read: working pixel (wx, wy) is the source's (wx * k - left, wy * k - top). */
interface PatchSource {
  photo: Photo;
  k: number;
  left: number;
  top: number;
}

/**
 * The QR code's box (page points `left`, `top`, `span` square, through homography h to working pixels) sampled
 * upright at px x px. Clamped: the samples are rounded, not cut; zxing reads some codes on the edge of legibility
 * only so. (A loop of its own, with the homography written out: it runs for every pixel of the patch.)
 */
function samplePatch(box: { h: Homography; left: number; top: number; span: number }, px: number, from: PatchSource): Uint8ClampedArray {
  const { h, left, top, span } = box;
  const { photo, k, left: dx, top: dy } = from;
  const patch = new Uint8ClampedArray(px * px);
  for (let v = 0; v < px; v++) {
    const py = top + ((v + 0.5) / px) * span;
    for (let u = 0; u < px; u++) {
      const pxp = left + ((u + 0.5) / px) * span;
      const w = h[6] * pxp + h[7] * py + h[8];
      const wx = (h[0] * pxp + h[1] * py + h[2]) / w;
      const wy = (h[3] * pxp + h[4] * py + h[5]) / w;
      patch[v * px + u] = grey(photo, wx * k - dx, wy * k - dy);
    }
  }
  return patch;
}

/** Most pixels of the full-resolution photo handed to zxing whole (a 12 MP photo; more is shrunk to it). */
const WHOLE_PIXELS = 12.5e6;

/**
 * The last resort: zxing looks for the code in the whole photo itself, at working size, then at full resolution.
 * A pose slightly off (a bowed sheet, a corner square found a little wrong) can cut modules off the patch above,
 * while zxing's own finder locates the code wherever it is. Slow (a second on a 12 MP photo), so it comes last.
 */
async function readWholePhoto(photo: Photo, knownCards: string[]): Promise<{ tag: SheetTag | null; text: string } | null> {
  const pick = (texts: string[]) => {
    const tagged = texts.map((text) => ({ tag: decodeSheetTag(text, knownCards), text }));
    return tagged.find((t) => t.tag) ?? tagged[0] ?? null;
  };
  const rgba = (grey: Uint8Array | Buffer) => {
    const out = new Uint8ClampedArray(grey.length * 4);
    for (let i = 0, j = 0; i < grey.length; i++, j += 4) {
      out[j] = out[j + 1] = out[j + 2] = grey[i];
      out[j + 3] = 255;
    }
    return out;
  };
  const atWorking = pick(await readQrText(rgba(photo.grey), photo.width, photo.height));
  if (atWorking || photo.scale > 0.95) return atWorking;
  const meta = await sharpOf(photo.source).metadata();
  const shrink = Math.min(1, Math.sqrt(WHOLE_PIXELS / ((meta.width ?? 1) * (meta.height ?? 1))));
  let img = sharpOf(photo.source, { failOn: 'none' });
  if (shrink < 1) img = img.resize(Math.round((meta.width ?? 1) * shrink));
  const { data, info } = await img.greyscale().raw().toBuffer({ resolveWithObject: true });
  return pick(await readQrText(rgba(data), info.width, info.height));
}

/**
 * The last try for a blurred or dim code: each pixel set black or white against the mean of the code around it
 * (a Gaussian mean over 15% of the patch, about five modules). zxing's own binarizer works in blocks of 8 pixels
 * and gives up on blocks of little contrast; of the 19 simulated training photos (of 3,116) whose code it could not
 * read, all extreme or hard with strong blur and a shadow, this reads 4.
 */
function binarize(patch: Uint8ClampedArray, px: number): Uint8ClampedArray {
  const grey = new Uint8Array(patch.buffer, patch.byteOffset, patch.length);
  const out = adaptiveThreshold(grey, px, px, { method: 'gaussian', block: Math.round(px * 0.15) | 1, delta: 2, inverse: false });
  return new Uint8ClampedArray(out.buffer, out.byteOffset, out.length);
}
