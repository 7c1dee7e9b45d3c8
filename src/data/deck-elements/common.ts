/**
 * What every deck element shares: lengths ("12", "50%", "100%-4"), colours, the `when` condition, and the box
 * (x, y, w, h, rotate, opacity). Each kind's own fields live in the file of its kind, beside its size limits.
 */
import * as z from 'zod';

/** "12", 12, "50%", "100%-4", "50%+2.5". */
export const LENGTH_RE = /^\s*(-?\d+(?:\.\d+)?)\s*(%)?\s*(?:([+-])\s*(\d+(?:\.\d+)?))?\s*$/;
export const length = z.union([z.number(), z.string().regex(LENGTH_RE, 'expected millimetres (a number) or a share of the card like "50%" or "100%-4"')]);
export type Length = z.infer<typeof length>;

/** Longest colour value, literal or from a cell ("#rrggbb", a name from the layout's colours, or "none"). */
export const MAX_COLOR_CHARS = 200;
export const colorish = z.string().max(MAX_COLOR_CHARS);

const condition = z.union([
  z.string().min(1, 'expected a column name'),
  z
    .object({
      column: z.string().min(1, 'expected a column name'),
      is: z.union([z.string(), z.array(z.string())]).optional(),
      not: z.union([z.string(), z.array(z.string())]).optional(),
      empty: z.boolean().optional(),
    })
    .strict(),
]);
/** A column that must be filled in (not "", "0", "no" or "false"), a test of a column, or a list that must all hold. */
export const when = z.union([condition, z.array(condition).min(1)]);
export type Condition = z.infer<typeof condition>;
export type When = z.infer<typeof when>;

export const base = {
  x: length.optional(),
  y: length.optional(),
  w: length.optional(),
  h: length.optional(),
  /** Degrees, clockwise, about the element box's centre. */
  rotate: z.number().optional(),
  opacity: z.number().min(0).max(1).optional(),
  when: when.optional(),
};

export const paint = {
  fill: colorish.optional(),
  stroke: colorish.optional(),
  /** Points. */
  strokeWidth: z.number().min(0).max(20).optional(),
  /** Dash length in millimetres (gap the same). */
  dash: z.number().positive().optional(),
};

export const TEXT_VALIGN = ['top', 'middle', 'bottom'] as const;
/** Nothing is printed smaller than this (points). */
export const MIN_TEXT_SIZE = 6;
export const viewBox = z.tuple([z.number(), z.number(), z.number().positive(), z.number().positive()]);
