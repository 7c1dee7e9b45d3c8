/** The `grid` / `grid-shape` element: a shape of characters on a small grid ("##/#."), each drawn by its cell style. */
import * as z from 'zod';
import { base, colorish, TEXT_VALIGN } from './common.js';

/**
 * Largest shape: 64 rows of 64 cells, and its text at most 10,000 characters (checked before it is split into rows).
 * A 2000 x 2000 shape ran past two minutes and 5 GB before it had a limit.
 */
export const MAX_SHAPE_ROWS = 64;
export const MAX_SHAPE_COLUMNS = 64;
export const MAX_SHAPE_CHARS = 10_000;

export const cellStyleSchema = z
  .object({
    fill: colorish.optional(),
    stroke: colorish.optional(),
    strokeWidth: z.number().min(0).max(20).optional(),
    shape: z.enum(['square', 'rounded', 'circle', 'diamond', 'hbar', 'vbar', 'icon'], { error: 'expected square, rounded, circle, diamond, hbar, vbar or icon' }).optional(),
    icon: z.string().optional(),
    /** Share of the cell the mark covers (default 0.88). */
    scale: z.number().min(0.1).max(1.5).optional(),
  })
  .strict();
export type CellStyle = z.infer<typeof cellStyleSchema>;

export const gridSchema = z
  .object({
    kind: z.enum(['grid', 'grid-shape']),
    ...base,
    /** Rows separated by "/" or new lines, e.g. "##/#." (templated). */
    shape: z.string().max(MAX_SHAPE_CHARS, `expected a shape of at most ${MAX_SHAPE_CHARS} characters`).optional(),
    field: z.string().optional(),
    /** What each character draws; "." and " " are empty cells. Default: "#" a dark square. */
    cells: z.record(z.string().length(1, 'expected one character'), cellStyleSchema).optional(),
    /** Colour of the grid lines (default none). */
    grid: colorish.optional(),
    /** Empty cells drawn around the shape. */
    pad: z.number().int().min(0).max(5).optional(),
    /** Largest cell, millimetres. */
    cell: z.number().positive().optional(),
    /** Where the shape sits in its box when the box is taller than it (default middle). */
    valign: z.enum(TEXT_VALIGN, { error: 'expected "top", "middle" or "bottom"' }).optional(),
  })
  .strict()
  .refine((e) => (e.shape === undefined) !== (e.field === undefined), 'a grid element needs either "shape" or "field"');
export type GridElement = z.infer<typeof gridSchema>;
