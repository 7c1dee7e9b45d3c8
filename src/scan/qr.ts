import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeSheetTag, type SheetTag } from '../engine/setup.js';
import { apply } from './homography.js';
import type { Photo } from './image.js';
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
  for (const px of [220, 320]) {
    const rgba = new Uint8ClampedArray(px * px * 4);
    const margin = size * 0.04;
    const span = size + 2 * margin;
    for (let v = 0; v < px; v++) {
      for (let u = 0; u < px; u++) {
        const p = apply(pose.pageToImage, x - margin + ((u + 0.5) / px) * span, y - margin + ((v + 0.5) / px) * span);
        const g = grey(photo, p.x, p.y);
        const i = (v * px + u) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = g;
        rgba[i + 3] = 255;
      }
    }
    const texts = await readQrText(rgba, px, px);
    if (texts.length) return { tag: decodeSheetTag(texts[0], knownCards), text: texts[0] };
  }
  return null;
}
