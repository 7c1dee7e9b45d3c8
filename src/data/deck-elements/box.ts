/** Boxes (`rect` / `box`), ellipses (`ellipse` / `circle`) and lines: plain shapes with a fill and a stroke. */
import * as z from 'zod';
import { base, paint } from './common.js';

export const rectSchema = z
  .object({
    kind: z.enum(['rect', 'box']),
    ...base,
    ...paint,
    /** Corner radius, millimetres. */
    radius: z.number().min(0).optional(),
    /** Edges lying on the card's cut line run on through the bleed. */
    bleed: z.boolean().optional(),
  })
  .strict();
export const ellipseSchema = z.object({ kind: z.enum(['ellipse', 'circle']), ...base, ...paint }).strict();
export const lineSchema = z.object({ kind: z.literal('line'), ...base, ...paint }).strict();

export type RectElement = z.infer<typeof rectSchema>;
export type EllipseElement = z.infer<typeof ellipseSchema>;
export type LineElement = z.infer<typeof lineSchema>;
