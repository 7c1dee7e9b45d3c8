import * as z from 'zod';
import { readJsonFile } from './load.js';

/** game.json written by `baako pack`: the setup of one game night. Extra keys are kept by the writer. */
export const gameFileSchema = z.object({
  id: z.string().optional(),
  seed: z.string().optional(),
  side: z.enum(['A', 'B'], { message: 'expected "A" or "B"' }),
  cards: z.array(z.string()).length(5, 'expected the 5 cards in play'),
  players: z.number().int().min(1).optional(),
  paper: z.enum(['a4', 'letter']).optional(),
  rolls: z
    .array(z.tuple([z.number().int().min(1).max(6), z.number().int().min(1).max(6)]))
    .optional()
    .describe("the table's dice so far, one [a, b] pair a turn (baako serve keeps it up to date as the host rolls)"),
});

export type GameFile = z.infer<typeof gameFileSchema>;

export function readGameFile(path: string): GameFile {
  return readJsonFile(path, gameFileSchema);
}
