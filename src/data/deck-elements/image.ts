/** The `image` element: a PNG or JPEG file relative to the layout, fitted in its box. */
import * as z from 'zod';
import { base } from './common.js';

/**
 * Largest image a card takes: 50 MB on disk and 40 megapixels (a poker card at 1200 dpi is 13). Checked on the
 * file's size and header before its pixels are decoded.
 */
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_NAME_CHARS = 1000;

export const imageSchema = z
  .object({
    kind: z.literal('image'),
    ...base,
    /** PNG or JPEG path relative to the layout file (templated). */
    src: z.string().min(1, 'expected an image file').max(MAX_IMAGE_NAME_CHARS),
    fit: z.enum(['contain', 'cover', 'stretch'], { error: 'expected "contain", "cover" or "stretch"' }).optional(),
  })
  .strict();
export type ImageElement = z.infer<typeof imageSchema>;
