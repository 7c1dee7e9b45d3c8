/**
 * The interchange formats of docs/formats.md as zod schemas: the sheet state (sheet-state-schema.ts), validated on
 * input, and the outputs; docs/schemas/*.schema.json are generated from all of them (`npm run schemas`) for tools
 * outside the project.
 * Objects stay open to keys they do not list, because the formats grow by new optional keys.
 */
import * as z from 'zod';
import { cell, sheetStateSchema, side } from './sheet-state-schema.js';

export { sheetStateSchema };

/** A sheet against the game's rolls (score and scan JSON, where rolls were given). */
const rollsCheckSchema = z
  .looseObject({
    expected: z.looseObject({
      turns: z.number().int().min(0),
      pauses: z.number().int().min(0),
      holes: z.number().int().min(0).nullable().describe('holes the rolls gave (null on sheet B: no hole faces)'),
      fences: z.looseObject({ min: z.number().int(), max: z.number().int() }).describe('fence edges the rolls and the special fences allow'),
    }),
    holes: z.number().int().min(0).nullable(),
    fences: z.number().int().min(0).describe('interior fence edges on the sheet'),
    holesAgree: z.boolean(),
    fencesAgree: z.boolean(),
    agrees: z.boolean(),
    summary: z.string().describe('"checked against 15 rolls: holes 3 of 3, fence edges 118 (expected 116-119)", or what disagrees'),
  })
  .describe("the sheet against the game's rolls");

export const scoreSchema = z
  .looseObject({
    total: z.number().int().describe('the sum of cards minus penalties'),
    cards: z.record(z.string(), z.number().int()).describe('points per card in play'),
    penalties: z.number().int().min(0),
    discoveries: z.array(
      z.looseObject({
        card: z.string(),
        cells: z.array(cell),
        points: z.number().int(),
        conditionMet: z.boolean().optional().describe("whether the card's condition held"),
        eggs: z.number().int().min(0).optional().describe('eggs inside this discovery'),
      }),
    ),
    penaltyDetail: z.looseObject({ eggs: z.number().int().min(0), enclosedHoles: z.number().int().min(0) }).optional(),
    title: z.string().optional().describe("sheet B's solo title"),
    rollsCheck: rollsCheckSchema.optional(),
  })
  .describe('Score JSON (output of baako score --json)');

const uncertainItem = z.looseObject({
  kind: z.enum(['h', 'v', 'hole']).describe('a horizontal edge, a vertical edge or a cell'),
  row: z.number().int().min(0),
  col: z.number().int().min(0),
  likely: z.boolean().optional().describe('whether the guess counts as likely right (an item a person may skip)'),
  chance: z.number().min(0).max(1).optional().describe("the scanner's chance that its guess for this item is wrong"),
  points: z.number().int().optional().describe('how much the total would change were this item the other way'),
});

const scanReading = sheetStateSchema
  .extend({
    score: scoreSchema,
    confidence: z.number().min(0).max(1).describe('the chance the whole reading is exactly right, as the models reckon it'),
    uncertain: z.array(uncertainItem).describe('the items worth a look: those to check (likeliest wrong first), then those likely right'),
    range: z
      .tuple([z.number().int(), z.number().int()])
      .optional()
      .describe('the lowest and highest total the items to check allow until a person checks them'),
    player: z.number().int().min(1).optional().describe("the player number from the sheet's QR code"),
    game: z.string().optional().describe("the game id from the sheet's QR code"),
    paper: z.enum(['a4', 'letter']).optional(),
    setupFrom: z.enum(['qr', 'fallback', 'print']).optional().describe('where the setup came from: the QR code, --game/--cards, or the cards printed on the sheet when its QR code could not be read'),
    printedOtherwise: z
      .object({ side: z.enum(['A', 'B']), cards: z.array(z.string()) })
      .optional()
      .describe("with --game/--cards and no QR code: the side and cards the sheet's print shows, where they are not the ones given (the sheet may be another game's)"),
    answered: z
      .array(z.looseObject({ kind: z.enum(['h', 'v', 'hole']), row: z.number().int().min(0), col: z.number().int().min(0), value: z.union([z.literal(0), z.literal(1)]) }))
      .optional()
      .describe('with --answer: the spots a person checked on the paper (value 1: fenced, or a hole), read as answered and no longer in doubt'),
    photo: z.string().optional().describe('the file read'),
    page: z.number().int().min(1).optional().describe('the page of a multi-page input, 1-based'),
    rollsCheck: rollsCheckSchema
      .extend({
        note: z.string().nullable().describe('where the count disagrees, the question for a person'),
        culprits: z.array(z.looseObject({ kind: z.enum(['h', 'v', 'hole']), row: z.number().int().min(0), col: z.number().int().min(0) })).describe('the items the count points at, likeliest wrong first (they lead uncertain)'),
        proposal: z.looseObject({ kind: z.enum(['h', 'v', 'hole']), row: z.number().int().min(0), col: z.number().int().min(0) }).optional().describe('the one switch that makes the count agree, where the models clearly favour it (never applied)'),
      })
      .optional(),
  })
  .describe('one sheet read');

const scanPageError = z
  .looseObject({
    photo: z.string(),
    page: z.number().int().min(1).optional(),
    error: z.string().describe('what is wrong and what to do'),
    code: z.string().optional().describe("why, to branch on: the scanner's refusal ('no-sheet', 'qr-unreadable', 'too-blurry', ...)"),
  })
  .describe('a photo, or a page of a multi-page input, that could not be read');

export const scanSchema = z
  .union([scanReading, scanPageError])
  .describe('Scan JSON (output of baako scan PHOTO --json; an array of these for several photos or pages)');

const point = z.looseObject({ x: z.number(), y: z.number() });

export const geometrySchema = z
  .looseObject({
    side: side.optional(),
    paper: z.enum(['a4', 'letter']).optional(),
    page: z.looseObject({ width: z.number().positive(), height: z.number().positive() }),
    grid: z
      .looseObject({ rows: z.number().int().min(1), cols: z.number().int().min(1), x: z.number(), y: z.number(), cell: z.number().positive() })
      .describe('vertex (i, j) of the land is at (x + j * cell, y + i * cell)'),
    markers: z.array(point.extend({ size: z.number().positive() })).describe("the fiducials' outer boxes"),
    qr: point.extend({ size: z.number().positive() }).optional().describe("the QR code's box with its quiet zone"),
    center: point.optional().describe('the center point'),
  })
  .describe('Sheet geometry JSON (NAME.geometry.json beside every sheet PDF): PDF points from the top-left corner, y down');
