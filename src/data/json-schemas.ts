/**
 * The JSON Schemas published in docs/schemas/, generated from the zod schemas the project validates with, so
 * they cannot drift from what the code accepts. `npm run schemas` writes them; a test fails when they are stale.
 */
import * as z from 'zod';
import { boardSchema } from './board.js';
import { elementSchema, layoutSchema } from './deck.js';
import { geometrySchema, scanSchema, scoreSchema, sheetStateSchema } from './formats.js';
import { gameFileSchema } from './game-file.js';

type Json = Record<string, unknown>;

/** A file name in docs/schemas/ (without .schema.json), its title, and the schema. */
export const publishedSchemas: { name: string; title: string; schema: z.ZodType }[] = [
  { name: 'sheet-state', title: 'Baako sheet state', schema: sheetStateSchema },
  { name: 'score', title: 'Baako score', schema: scoreSchema },
  { name: 'scan', title: 'Baako scan result', schema: scanSchema },
  { name: 'sheet-geometry', title: 'Baako sheet geometry', schema: geometrySchema },
  { name: 'game', title: 'Baako game setup (game.json of a pack)', schema: gameFileSchema },
  { name: 'deck-layout', title: 'baako deck layout', schema: layoutSchema },
  { name: 'board', title: 'Dig-bag board definition (baako board --data)', schema: boardSchema },
];

/** A zod schema as JSON Schema (draft 2020-12) of what a file may contain (zod's input side). */
function toJson(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
}

/**
 * The layout's own schema takes elements as unknown and parses each by its kind, for a precise message; the
 * published one spells the elements out, one definition a kind, so that editors can check and complete them.
 */
function withDeckElements(layout: Json): Json {
  const defs: Json = {};
  for (const option of elementSchema.options) {
    const { $schema: _, ...el } = toJson(option);
    const kind = (el.properties as Record<string, { const?: string; enum?: string[] }>).kind;
    defs[`${kind.const ?? kind.enum![0]}-element`] = el;
  }
  const elements = { type: 'array', items: { anyOf: Object.keys(defs).map((k) => ({ $ref: `#/$defs/${k}` })) } };
  const props = layout.properties as Record<string, { properties: Json } | { anyOf: { properties?: Json }[] }>;
  for (const side of ['front', 'back']) {
    const p = props[side];
    for (const obj of 'anyOf' in p ? p.anyOf : [p]) if (obj.properties?.elements) obj.properties.elements = elements;
  }
  return { ...layout, $defs: defs };
}

/** Each published schema, ready to write as NAME.schema.json. */
export function jsonSchemas(): { name: string; json: Json }[] {
  return publishedSchemas.map(({ name, title, schema }) => {
    let { $schema, ...rest } = toJson(schema);
    if (name === 'deck-layout') rest = withDeckElements(rest);
    return { name, json: { $schema, title, ...rest } };
  });
}
