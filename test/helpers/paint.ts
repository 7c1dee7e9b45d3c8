/** Photos with parts painted over (a QR code, a corner square, a card), for tests of what the scanner makes of them. */
import sharp from 'sharp';
import { apply } from '../../src/scan/homography.js';
import type { ScanResult } from '../../src/scan/scan.js';

export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The photo with a rectangle (in the photo's pixels) painted over, saved again as a JPEG. */
export async function paintOver(jpeg: Buffer, box: PixelBox, colour = '#ffffff', quality = 90): Promise<Buffer> {
  const patch = await sharp({ create: { width: Math.round(box.width), height: Math.round(box.height), channels: 3, background: colour } }).png().toBuffer();
  return sharp(jpeg).composite([{ input: patch, left: Math.round(box.left), top: Math.round(box.top) }]).jpeg({ quality }).toBuffer();
}

/** The box around some points, `pad` pixels wider on every side. */
export function boxOf(pts: [number, number][], pad: number): PixelBox {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { left: Math.min(...xs) - pad, top: Math.min(...ys) - pad, width: Math.max(...xs) - Math.min(...xs) + 2 * pad, height: Math.max(...ys) - Math.min(...ys) + 2 * pad };
}

/** A box on the page (points) as the reading `r` placed it in the stored photo's pixels, `pad` pixels wider. */
export function photoBoxOf(r: Pick<ScanResult, 'pose' | 'photo'>, b: { x: number; y: number; w: number; h: number }, pad: number): PixelBox {
  const corners = [
    [b.x, b.y],
    [b.x + b.w, b.y],
    [b.x + b.w, b.y + b.h],
    [b.x, b.y + b.h],
  ].map(([x, y]) => apply(r.pose.pageToImage, x, y)).map((p): [number, number] => [p.x / r.photo.scale, p.y / r.photo.scale]);
  return boxOf(corners, pad);
}
