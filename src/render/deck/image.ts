/**
 * Images (PNG or JPEG) from files relative to the layout, opened once per document with `doc.openImage` and
 * reused, so a picture on 500 cards is stored once.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, type ImageElement } from '../../data/deck-elements/image.js';
import type { Box } from '../../geometry/sheet-layout.js';
import { fail, fill, type CardCtx, type OpenedImage } from './context.js';

export function drawImage(ctx: CardCtx, e: ImageElement, box: Box): void {
  const name = fill(ctx, e.src).trim();
  if (name === '' || name.toLowerCase() === 'none') return;
  const path = resolve(ctx.layout.dir, name);
  let img = ctx.images.get(path);
  if (!img) {
    if (!existsSync(path)) fail(ctx, 'src', e.src, `image ${name} not found (looked for ${path})`);
    const bytes = statSync(path).size;
    if (bytes > MAX_IMAGE_BYTES) fail(ctx, 'src', e.src, `image ${name} is ${(bytes / 1048576).toFixed(0)} MB; at most ${MAX_IMAGE_BYTES / 1048576} MB (shrink it: 300 to 600 dpi at the size it prints is plenty)`);
    try {
      img = (ctx.doc as unknown as { openImage(p: string): OpenedImage }).openImage(path);
    } catch (err) {
      fail(ctx, 'src', e.src, `cannot read image ${name} (expected a PNG or JPEG: ${(err as Error).message})`);
    }
    // Opening reads only the header; the pixels are decoded when the image is first drawn, so check them here.
    if (img.width * img.height > MAX_IMAGE_PIXELS) {
      fail(ctx, 'src', e.src, `image ${name} is ${img.width} x ${img.height} pixels; at most ${MAX_IMAGE_PIXELS / 1e6} megapixels (shrink it: 300 to 600 dpi at the size it prints is plenty)`);
    }
    ctx.images.set(path, img);
  }
  const { doc } = ctx;
  const src = img as unknown as Buffer;
  const fit = e.fit ?? 'contain';
  if (fit === 'stretch') {
    doc.image(src, box.x, box.y, { width: box.w, height: box.h });
  } else if (fit === 'contain') {
    doc.image(src, box.x, box.y, { fit: [box.w, box.h], align: 'center', valign: 'center' });
  } else {
    doc.save().rect(box.x, box.y, box.w, box.h).clip();
    doc.image(src, box.x, box.y, { cover: [box.w, box.h], align: 'center', valign: 'center' });
    doc.restore();
  }
}
