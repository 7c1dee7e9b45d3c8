/** The `icon` / `svg` element: one of the layout's named icons, or SVG path data, fitted in its box. */
import * as z from 'zod';
import { base, paint, viewBox } from './common.js';

/** Longest icon name, and longest SVG path data (literal or from a cell): checked before the path is parsed. */
export const MAX_ICON_NAME_CHARS = 100;
export const MAX_PATH_CHARS = 50_000;

export const iconSchema = z
  .object({
    kind: z.enum(['icon', 'svg']),
    ...base,
    ...paint,
    /** The name of an icon of the layout's `icons` (templated). */
    icon: z.string().max(MAX_ICON_NAME_CHARS).optional(),
    /** SVG path data drawn in the box (viewBox 0 0 24 24 unless `viewBox`). */
    path: z.string().max(MAX_PATH_CHARS, `expected at most ${MAX_PATH_CHARS} characters of path data`).optional(),
    viewBox: viewBox.optional(),
  })
  .strict()
  .refine((e) => (e.icon === undefined) !== (e.path === undefined), 'an icon element needs either "icon" or "path"');
export type IconElement = z.infer<typeof iconSchema>;
