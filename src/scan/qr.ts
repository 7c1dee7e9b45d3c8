import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeSheetTag, type SheetTag } from '../engine/setup.js';
import { apply } from './homography.js';
import { fullResRegion, type Photo } from './image.js';
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
  const toImage = (u: number, v: number, px: number) => apply(pose.pageToImage, x - margin + ((u + 0.5) / px) * span, y - margin + ((v + 0.5) / px) * span);
  const attempt = async (px: number, sampleAt: (wx: number, wy: number) => number) => {
    const rgba = new Uint8ClampedArray(px * px * 4);
    for (let v = 0; v < px; v++) {
      for (let u = 0; u < px; u++) {
        const p = toImage(u, v, px);
        const g = sampleAt(p.x, p.y);
        const i = (v * px + u) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = g;
        rgba[i + 3] = 255;
      }
    }
    const texts = await readQrText(rgba, px, px);
    return texts.length ? { tag: decodeSheetTag(texts[0], knownCards), text: texts[0] } : null;
  };
  const fromWorking = await attempt(240, (wx, wy) => grey(photo, wx, wy));
  if (fromWorking || photo.scale > 0.95) return fromWorking;
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
    const found = await attempt(px, (wx, wy) => grey(full, wx * k - region.left, wy * k - region.top));
    if (found) return found;
  }
  return null;
}
