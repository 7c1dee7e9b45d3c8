/** The `track` element: a numbered score track run clockwise round its box. */
import * as z from 'zod';
import { base, colorish, MIN_TEXT_SIZE, paint } from './common.js';

/** Most spaces a track holds (a 0-99 score track has 100). */
export const MAX_TRACK_SPACES = 500;

export const trackSchema = z
  .object({
    kind: z.literal('track'),
    ...base,
    ...paint,
    /** First and last number of the track, run clockwise round the box from its top-left corner. */
    from: z.number().int(),
    to: z.number().int(),
    /** Every n-th space is highlighted with `markFill` (default 5). */
    every: z.number().int().min(1).optional(),
    markFill: colorish.optional(),
    color: colorish.optional(),
    font: z.string().optional(),
    size: z.number().min(MIN_TEXT_SIZE).max(40).optional(),
  })
  .strict()
  .refine((e) => e.to > e.from, '"to" must be greater than "from"')
  .refine((e) => e.to - e.from < MAX_TRACK_SPACES, { message: `a track holds at most ${MAX_TRACK_SPACES} spaces`, path: ['to'] });
export type TrackElement = z.infer<typeof trackSchema>;
