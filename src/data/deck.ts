/**
 * Deck layouts (`*.layout.json`): what is drawn on each card of a data-driven deck, Squib/nanDeck style. A layout
 * names a card size, its data file, the columns it needs, colours, icons and fonts, and the elements of the front
 * (and optionally the back): text, boxes, ellipses, lines, icons (SVG path data), images, shapes on a grid and score
 * tracks. Positions are millimetres from the card's top-left cut corner, or "P%", "P%+N", "P%-N" of the card.
 * Any string may use `{column}` to take the card's value. Validated with zod: one-line errors naming file and field.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { UserError } from '../errors.js';
import { readJsonFile } from './load.js';
import { describeZodError } from './zod-errors.js';

/** "12", 12, "50%", "100%-4", "50%+2.5". */
export const LENGTH_RE = /^\s*(-?\d+(?:\.\d+)?)\s*(%)?\s*(?:([+-])\s*(\d+(?:\.\d+)?))?\s*$/;
const length = z.union([z.number(), z.string().regex(LENGTH_RE, 'expected millimetres (a number) or a share of the card like "50%" or "100%-4"')]);
export type Length = z.infer<typeof length>;

const colorish = z.string().max(200);
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
const when = z.union([condition, z.array(condition).min(1)]);
export type Condition = z.infer<typeof condition>;
export type When = z.infer<typeof when>;

const base = {
  x: length.optional(),
  y: length.optional(),
  w: length.optional(),
  h: length.optional(),
  /** Degrees, clockwise, about the element box's centre. */
  rotate: z.number().optional(),
  opacity: z.number().min(0).max(1).optional(),
  when: when.optional(),
};

const fill = {
  fill: colorish.optional(),
  stroke: colorish.optional(),
  /** Points. */
  strokeWidth: z.number().min(0).max(20).optional(),
  /** Dash length in millimetres (gap the same). */
  dash: z.number().positive().optional(),
};

export const TEXT_ALIGN = ['left', 'center', 'right'] as const;
export const TEXT_VALIGN = ['top', 'middle', 'bottom'] as const;
/** Nothing is printed smaller than this (points). */
export const MIN_TEXT_SIZE = 6;

const textEl = z
  .object({
    kind: z.literal('text'),
    ...base,
    /** Literal text with `{column}` templates. */
    text: z.string().optional(),
    /** The column whose value is the text (same as text "{column}"). */
    field: z.string().optional(),
    font: z.string().optional(),
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

const rectEl = z
  .object({
    kind: z.enum(['rect', 'box']),
    ...base,
    ...fill,
    /** Corner radius, millimetres. */
    radius: z.number().min(0).optional(),
    /** Edges lying on the card's cut line run on through the bleed. */
    bleed: z.boolean().optional(),
  })
  .strict();

const ellipseEl = z.object({ kind: z.enum(['ellipse', 'circle']), ...base, ...fill }).strict();
const lineEl = z.object({ kind: z.literal('line'), ...base, ...fill }).strict();

const iconEl = z
  .object({
    kind: z.enum(['icon', 'svg']),
    ...base,
    ...fill,
    /** The name of an icon of the layout's `icons` (templated). */
    icon: z.string().optional(),
    /** SVG path data drawn in the box (viewBox 0 0 24 24 unless `viewBox`). */
    path: z.string().optional(),
    viewBox: z.tuple([z.number(), z.number(), z.number().positive(), z.number().positive()]).optional(),
  })
  .strict()
  .refine((e) => (e.icon === undefined) !== (e.path === undefined), 'an icon element needs either "icon" or "path"');

const imageEl = z
  .object({
    kind: z.literal('image'),
    ...base,
    /** PNG or JPEG path relative to the layout file (templated). */
    src: z.string().min(1, 'expected an image file'),
    fit: z.enum(['contain', 'cover', 'stretch'], { error: 'expected "contain", "cover" or "stretch"' }).optional(),
  })
  .strict();

const cellStyle = z
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
export type CellStyle = z.infer<typeof cellStyle>;

const gridEl = z
  .object({
    kind: z.enum(['grid', 'grid-shape']),
    ...base,
    /** Rows separated by "/" or new lines, e.g. "##/#." (templated). */
    shape: z.string().optional(),
    field: z.string().optional(),
    /** What each character draws; "." and " " are empty cells. Default: "#" a dark square. */
    cells: z.record(z.string().length(1, 'expected one character'), cellStyle).optional(),
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

const trackEl = z
  .object({
    kind: z.literal('track'),
    ...base,
    ...fill,
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
  .refine((e) => e.to > e.from, '"to" must be greater than "from"');

const KINDS = ['text', 'rect', 'box', 'ellipse', 'circle', 'line', 'icon', 'svg', 'image', 'grid', 'grid-shape', 'track'];

export const element = z.union([textEl, rectEl, ellipseEl, lineEl, iconEl, imageEl, gridEl, trackEl]);
export type Element = z.infer<typeof element>;
export type TextElement = z.infer<typeof textEl>;
export type RectElement = z.infer<typeof rectEl>;
export type EllipseElement = z.infer<typeof ellipseEl>;
export type LineElement = z.infer<typeof lineEl>;
export type IconElement = z.infer<typeof iconEl>;
export type ImageElement = z.infer<typeof imageEl>;
export type GridElement = z.infer<typeof gridEl>;
export type TrackElement = z.infer<typeof trackEl>;

const section = z
  .object({
    /** Colour painted over the whole card and its bleed (templated). */
    background: colorish.optional(),
    elements: z.array(z.unknown()).default([]),
  })
  .strict();

const iconDef = z.union([
  z.string().min(1),
  z
    .object({
      path: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
      viewBox: z.tuple([z.number(), z.number(), z.number().positive(), z.number().positive()]).optional(),
      /** Draw the path's outline instead of filling it. */
      outline: z.boolean().optional(),
      evenOdd: z.boolean().optional(),
    })
    .strict(),
]);
export type IconDef = z.infer<typeof iconDef>;
const iconSet = z.record(z.string(), iconDef);

export const COLUMN_TYPES = ['text', 'number', 'integer'] as const;
const columnType = z.string().regex(/^(text|number|integer)\??$/, 'expected "text", "number" or "integer" (with "?" when it may be empty)');

export const layoutSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1, 'expected a name').max(60, 'expected a name of at most 60 characters'),
    description: z.string().max(200).optional(),
    /** poker, bridge, tarot, square, WxHmm, or a4 / letter / a3 / page (a whole page), "-landscape" for sideways. */
    size: z.string().default('poker'),
    /** Default data file, relative to the layout (CSV or JSON). Without one the layout is a single card. */
    data: z.string().optional(),
    /** Column giving each row's number of copies (default "copies" when the data has one). */
    copies: z.string().optional(),
    /** Columns the layout needs and their type; a "?" after the type lets the cell be empty. */
    columns: z.record(z.string(), columnType).default({}),
    colors: z.record(z.string(), z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'expected a colour like "#2c6bd6"')).default({}),
    /** Named icons (SVG path data), or files of them (JSON objects, relative to the layout). */
    icons: z.union([z.string(), iconSet, z.array(z.union([z.string(), iconSet]))]).optional(),
    /** Extra fonts: name to TTF file relative to the layout. */
    fonts: z.record(z.string(), z.string()).default({}),
    front: section,
    back: section.optional(),
  })
  .strict();

export interface Section {
  background?: string;
  elements: Element[];
}

export interface Layout {
  /** Absolute path of the layout file, and how it is shown in messages. */
  path: string;
  shown: string;
  dir: string;
  name: string;
  description?: string;
  size: string;
  data?: string;
  copies?: string;
  columns: Record<string, { type: (typeof COLUMN_TYPES)[number]; optional: boolean }>;
  colors: Record<string, string>;
  icons: Record<string, { paths: string[]; viewBox: [number, number, number, number]; outline: boolean; evenOdd: boolean }>;
  fonts: Record<string, string>;
  front: Section;
  back?: Section;
}

export const BUILTIN_FONTS = ['title', 'text', 'semibold', 'bold', 'italic'];
/** Filters a template may apply to a column's value: "{era|first}", "{name|upper}". */
export const TEMPLATE_FILTERS = ['upper', 'lower', 'first'];

function shownPath(p: string): string {
  const cwd = process.cwd();
  return p.startsWith(cwd + '/') ? p.slice(cwd.length + 1) : p;
}

function parseElements(where: string, part: 'front' | 'back', raw: unknown[]): Element[] {
  return raw.map((e, i) => {
    const kind = (e as { kind?: unknown })?.kind;
    if (typeof kind !== 'string' || !KINDS.includes(kind)) {
      throw new UserError(`${where}: ${part}.elements[${i}].kind: unknown element kind ${JSON.stringify(kind ?? null)} (expected one of ${KINDS.join(', ')})`);
    }
    const r = element.safeParse(e);
    if (!r.success) {
      // The union's own message is vague: parse again against the kind's own schema for a precise one.
      const own = [textEl, rectEl, ellipseEl, lineEl, iconEl, imageEl, gridEl, trackEl].map((s) => s.safeParse(e)).find((x) => !x.success && x.error.issues.every((iss) => iss.path[0] !== 'kind'));
      const err = own && !own.success ? own.error : r.error;
      throw new UserError(describeZodError(`${where}: ${part}.elements[${i}]`, err).replace(/\]: (?=\w)/, '].'));
    }
    return r.data;
  });
}

function loadIcons(layoutPath: string, where: string, spec: z.infer<typeof layoutSchema>['icons']): Layout['icons'] {
  const out: Layout['icons'] = {};
  const sets = spec === undefined ? [] : Array.isArray(spec) ? spec : [spec];
  for (const s of sets) {
    let set: z.infer<typeof iconSet>;
    if (typeof s === 'string') {
      const p = resolve(dirname(layoutPath), s);
      if (!existsSync(p)) throw new UserError(`${where}: icons: icon file ${s} not found`);
      set = readJsonFile(p, iconSet);
    } else set = s;
    for (const [name, def] of Object.entries(set)) {
      const d = typeof def === 'string' ? { path: def } : def;
      out[name] = {
        paths: Array.isArray(d.path) ? d.path : [d.path],
        viewBox: (('viewBox' in d && d.viewBox) || [0, 0, 24, 24]) as [number, number, number, number],
        outline: ('outline' in d && d.outline) || false,
        evenOdd: ('evenOdd' in d && d.evenOdd) || false,
      };
    }
  }
  return out;
}

/** Reads and validates a layout file. */
export function loadLayout(path: string): Layout {
  const abs = resolve(path);
  const where = shownPath(abs);
  if (!existsSync(abs)) throw new UserError(`${where}: layout not found`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(abs, 'utf8'));
  } catch (e) {
    throw new UserError(`${where}: malformed JSON (${(e as Error).message})`);
  }
  const r = layoutSchema.safeParse(json);
  if (!r.success) throw new UserError(describeZodError(where, r.error));
  const l = r.data;
  const columns: Layout['columns'] = {};
  for (const [name, t] of Object.entries(l.columns)) {
    columns[name] = { type: t.replace('?', '') as (typeof COLUMN_TYPES)[number], optional: t.endsWith('?') };
  }
  const fonts: Record<string, string> = {};
  for (const [name, file] of Object.entries(l.fonts)) {
    if (BUILTIN_FONTS.includes(name)) throw new UserError(`${where}: fonts.${name}: "${name}" is a built-in font name; choose another`);
    const p = resolve(dirname(abs), file);
    if (!existsSync(p)) throw new UserError(`${where}: fonts.${name}: font file ${file} not found`);
    fonts[name] = p;
  }
  const layout: Layout = {
    path: abs,
    shown: where,
    dir: dirname(abs),
    name: l.name,
    description: l.description,
    size: l.size,
    data: l.data,
    copies: l.copies,
    columns,
    colors: l.colors,
    icons: loadIcons(abs, where, l.icons),
    fonts,
    front: { background: l.front.background, elements: parseElements(where, 'front', l.front.elements) },
    back: l.back ? { background: l.back.background, elements: parseElements(where, 'back', l.back.elements) } : undefined,
  };
  checkNames(layout);
  return layout;
}

/** Fonts and literal icon names must exist (templated ones are checked per card). */
function checkNames(l: Layout): void {
  const fonts = new Set([...BUILTIN_FONTS, ...Object.keys(l.fonts)]);
  for (const part of ['front', 'back'] as const) {
    l[part]?.elements.forEach((e, i) => {
      const at = `${l.shown}: ${part}.elements[${i}]`;
      if ((e.kind === 'text' || e.kind === 'track') && e.font && !fonts.has(e.font)) {
        throw new UserError(`${at}.font: unknown font "${e.font}" (expected one of ${[...fonts].join(', ')})`);
      }
      if ((e.kind === 'icon' || e.kind === 'svg') && e.icon && !e.icon.includes('{') && !l.icons[e.icon]) {
        throw new UserError(`${at}.icon: unknown icon "${e.icon}" (the layout's icons: ${Object.keys(l.icons).join(', ') || 'none'})`);
      }
      if (e.kind === 'grid' || e.kind === 'grid-shape') {
        for (const [ch, c] of Object.entries(e.cells ?? {})) {
          if (c.shape === 'icon' && (!c.icon || (!c.icon.includes('{') && !l.icons[c.icon]))) {
            throw new UserError(`${at}.cells.${ch}.icon: unknown icon "${c.icon ?? ''}" (the layout's icons: ${Object.keys(l.icons).join(', ') || 'none'})`);
          }
        }
      }
    });
  }
}

/** The columns named by `{column}` templates, `field`s and `when`s of a layout, with where each is first used. */
export function referencedColumns(l: Layout): Map<string, string> {
  const out = new Map<string, string>();
  const add = (name: string, where: string) => {
    if (!out.has(name)) out.set(name, where);
  };
  const scan = (v: unknown, where: string) => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(/\{([^{}]+)\}/g)) {
        const [name, ...filters] = m[1].split('|').map((x) => x.trim());
        const bad = filters.find((f) => !TEMPLATE_FILTERS.includes(f));
        if (bad !== undefined) throw new UserError(`${l.shown}: ${where}: unknown filter "${bad}" in "{${m[1]}}" (expected ${TEMPLATE_FILTERS.join(', ')})`);
        add(name, where);
      }
    }
    else if (Array.isArray(v)) v.forEach((x, i) => scan(x, `${where}[${i}]`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) scan(x, `${where}.${k}`);
  };
  for (const part of ['front', 'back'] as const) {
    const s = l[part];
    if (!s) continue;
    scan(s.background, `${part}.background`);
    s.elements.forEach((e, i) => {
      const at = `${part}.elements[${i}]`;
      if ('field' in e && e.field) add(e.field, `${at}.field`);
      for (const c of e.when === undefined ? [] : Array.isArray(e.when) ? e.when : [e.when]) add(typeof c === 'string' ? c : c.column, `${at}.when`);
      const { when: _w, field: _f, ...rest } = e as Record<string, unknown>;
      scan(rest, at);
    });
  }
  return out;
}
