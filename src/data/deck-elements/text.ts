/** The `text` element: literal text with `{column}` templates, or a column's value, wrapped and shrunk to its box. */
import * as z from 'zod';
import { base, colorish, MIN_TEXT_SIZE, TEXT_VALIGN } from './common.js';

export const TEXT_ALIGN = ['left', 'center', 'right'] as const;

/**
 * Longest text a text element takes once its templates are filled: more than a whole A4 page holds at 6 pt, and
 * refused before any wrapping (a 5 MB cell took 21 s and 3 GB to be found too long).
 */
export const MAX_TEXT_CHARS = 20_000;

export const textSchema = z
  .object({
    kind: z.literal('text'),
    ...base,
    /** Literal text with `{column}` templates. */
    text: z.string().max(MAX_TEXT_CHARS, `expected at most ${MAX_TEXT_CHARS} characters`).optional(),
    /** The column whose value is the text (same as text "{column}"). */
    field: z.string().optional(),
    font: z.string().optional(),
    /** Fonts of **bold** and *italic* spans (default the built-in bold and italic). */
    boldFont: z.string().optional(),
    italicFont: z.string().optional(),
    /** Points. */
    size: z.number().min(MIN_TEXT_SIZE, `expected a size of at least ${MIN_TEXT_SIZE} pt`).max(400).optional(),
    /** Smallest size the text may shrink to so that it fits its box (default: 6 pt, or `size` when smaller). */
    minSize: z.number().min(MIN_TEXT_SIZE, `expected a size of at least ${MIN_TEXT_SIZE} pt (nothing is printed smaller)`).optional(),
    color: colorish.optional(),
    align: z.enum(TEXT_ALIGN, { error: 'expected "left", "center" or "right"' }).optional(),
    valign: z.enum(TEXT_VALIGN, { error: 'expected "top", "middle" or "bottom"' }).optional(),
    /** Line height as a multiple of the size (default 1.2). */
    leading: z.number().min(0.8).max(3).optional(),
    /** Extra space between characters (points). */
    spacing: z.number().min(-2).max(20).optional(),
    upper: z.boolean().optional(),
    /** false: one line, shrunk to the width (default true: word-wrapped). */
    wrap: z.boolean().optional(),
  })
  .strict()
  .refine((e) => (e.text === undefined) !== (e.field === undefined), 'a text element needs either "text" or "field"');
export type TextElement = z.infer<typeof textSchema>;
