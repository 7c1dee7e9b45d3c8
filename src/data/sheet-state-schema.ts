/**
 * The sheet state's schema (docs/formats.md), the one interchange format validated on input; apart from the
 * output formats in formats.ts so that reading a sheet does not build those.
 */
import * as z from 'zod';

const die = z.number().int().min(1).max(6).describe('a die: 1 to 6');
export const cell = z.tuple([z.number().int().min(0), z.number().int().min(0)]).describe('a cell as [row, col], 0-based');
export const side = z.enum(['A', 'B'], { message: 'expected "A" or "B"' }).describe('"A" (multiplayer) or "B" (solo): selects the printed map');
const mapSchema = z
  .looseObject({ eggs: z.array(cell), holes: z.array(cell) })
  .describe("replaces the side's printed map (eggs and pre-drawn holes)");

export const sheetStateSchema = z
  .looseObject({
    side,
    cards: z.array(z.string()).describe('the five cards in play, by name, any order'),
    fences: z
      .looseObject({
        h: z.array(z.string()).describe('h[i][j] is "1" when the horizontal edge from vertex (i, j) to (i, j+1) is fenced; 13 strings of 12'),
        v: z.array(z.string()).describe('v[i][j] is "1" when the vertical edge from vertex (i, j) to (i+1, j) is fenced; 12 strings of 13'),
      })
      .describe('fenced unit edges; the borderline is always "1"'),
    holes: z.array(cell).describe("the cells players marked as holes (sheet B's pre-drawn holes are not listed)"),
    map: mapSchema.optional(),
    rolls: z
      .array(z.tuple([die, die]))
      .optional()
      .describe("the game's dice, one [a, b] pair a turn in order (a re-rolled double 1 not listed): the sheet is checked against them"),
  })
  .describe('Sheet state JSON: a finished Baako sheet (input of baako score)');
