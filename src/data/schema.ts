import * as z from 'zod';

const cell = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const cardType = z.enum(['treasure', 'small-fossil', 'medium-fossil', 'large-fossil', 'ruin']);
const category = z.enum(['treasure', 'fossil', 'ruin']);

export const conditionSchema = z.discriminatedUnion('test', [
  z.object({
    test: z.literal('adjacent'),
    to: z.enum(['egg', 'hole', 'treasure', 'fossil', 'ruin']),
    min: z.number().int().min(1).optional(),
    negate: z.boolean().optional(),
  }),
  z.object({
    test: z.literal('touches'),
    to: z.enum(['center', 'borderline']),
    negate: z.boolean().optional(),
  }),
]);

const shape = z
  .array(z.string().regex(/^[#.]+$/, "expected rows of '#' (cell) and '.' (empty)"))
  .min(1)
  .max(5, 'a shape fits in 5 rows')
  .refine((rows) => rows.every((r) => r.length <= 5), 'a shape fits in 5 columns')
  .refine((rows) => rows.some((r) => r.includes('#')), 'a shape needs at least one cell');

export const cardSchema = z.object({
  name: z.string().min(1).regex(/^[^|;:/]+$/, "a card name may not contain '|', ';', ':' or '/'"),
  type: cardType,
  shape,
  base: z.number().int(),
  bonus: z.number().int(),
  condition: conditionSchema,
  wording: z.string().min(1),
});

export const cardsFileSchema = z.object({ cards: z.array(cardSchema).min(1) }).refine(
  (f) => new Set(f.cards.map((c) => c.name)).size === f.cards.length,
  'card names must be unique',
);

export const rulesFileSchema = z.object({
  types: z.array(z.object({ id: cardType, label: z.string(), category })).min(1),
  specialFences: z.array(
    z.object({
      id: z.number().int().min(1),
      name: z.string(),
      strokes: z.array(z.object({ from: cell, moves: z.string().regex(/^[RLUD]+$/, 'expected moves R, L, U, D') })).min(1),
    }),
  ),
});

export const sheetFileSchema = z.object({
  side: z.enum(['A', 'B']),
  title: z.string(),
  mode: z.enum(['multiplayer', 'solo']),
  grid: z.object({ rows: z.number().int().min(2).max(30), cols: z.number().int().min(2).max(30) }),
  center: cell,
  map: z.object({ eggs: z.array(cell), holes: z.array(cell) }),
  timeline: z.object({ turns: z.number().int().min(1), pausesAfter: z.array(z.number().int().min(1)) }),
  dieLegend: z.array(
    z.object({
      face: z.number().int().min(1).max(6),
      draws: z.enum(['hole', 'fence']),
      length: z.number().int().min(1).optional(),
      text: z.string(),
    }),
  ),
  penalties: z.object({ eggInDiscovery: z.number().int().min(0), enclosedHole: z.number().int().min(0) }),
  holeNote: z.string(),
  soloTitles: z.array(z.object({ min: z.number().int().optional(), max: z.number().int().optional(), title: z.string() })),
});
