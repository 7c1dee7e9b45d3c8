/**
 * Deck layouts (`*.layout.json`): what is drawn on each card of a data-driven deck, Squib/nanDeck style. A layout
 * names a card size, its data file, the columns it needs, colours, icons and fonts, and the elements of the front
 * (and optionally the back): text, boxes, ellipses, lines, icons (SVG path data), images, shapes on a grid and score
 * tracks. Positions are millimetres from the card's top-left cut corner, or "P%", "P%+N", "P%-N" of the card.
 * Any string may use `{column}` to take the card's value. Validated with zod: one-line errors naming file and field.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as z from 'zod';
import { DataError } from '../errors.js';
import { readJsonFile } from './load.js';
import { formatPath, zodDataError } from './zod-errors.js';
import { elementSchema, KINDS, MAX_COLOR_CHARS, viewBox, type Element } from './deck-elements/index.js';

export * from './deck-elements/index.js';

const colorish = z.string().max(MAX_COLOR_CHARS);
/** Most elements a side of a card draws, and the largest layout file read. */
export const MAX_ELEMENTS = 500;
export const MAX_LAYOUT_BYTES = 5 * 1024 * 1024;

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
      viewBox: viewBox.optional(),
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
  /** The icon files the layout names (absolute paths). */
  iconFiles: string[];
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
  if (raw.length > MAX_ELEMENTS) throw new DataError(where, `${part}.elements`, `${raw.length} elements; at most ${MAX_ELEMENTS} a side`);
  return raw.map((e, i) => {
    const kind = (e as { kind?: unknown })?.kind;
    if (typeof kind !== 'string' || !KINDS.includes(kind)) {
      throw new DataError(where, `${part}.elements[${i}].kind`, `unknown element kind ${JSON.stringify(kind ?? null)} (expected one of ${KINDS.join(', ')})`);
    }
    const r = elementSchema.safeParse(e);
    if (!r.success) {
      const issue = r.error.issues[0];
      const path = issue.path.length ? `.${formatPath(issue.path)}`.replace('.[', '[') : '';
      throw new DataError(where, `${part}.elements[${i}]${path}`, issue.message);
    }
    return r.data;
  });
}

function loadIcons(layoutPath: string, where: string, spec: z.infer<typeof layoutSchema>['icons'], files: string[]): Layout['icons'] {
  const out: Layout['icons'] = {};
  const sets = spec === undefined ? [] : Array.isArray(spec) ? spec : [spec];
  for (const s of sets) {
    let set: z.infer<typeof iconSet>;
    if (typeof s === 'string') {
      const p = resolve(dirname(layoutPath), s);
      if (!existsSync(p)) throw new DataError(where, 'icons', `icon file ${s} not found`);
      files.push(p);
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
  if (!existsSync(abs)) throw new DataError(where, undefined, 'layout not found', 'file-not-found');
  const bytes = statSync(abs).size;
  if (bytes > MAX_LAYOUT_BYTES) throw new DataError(where, undefined, `${(bytes / 1048576).toFixed(1)} MB; a layout is at most ${MAX_LAYOUT_BYTES / 1048576} MB`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(abs, 'utf8'));
  } catch (e) {
    throw new DataError(where, undefined, `malformed JSON (${(e as Error).message})`, 'malformed-file');
  }
  const r = layoutSchema.safeParse(json);
  if (!r.success) throw zodDataError(where, r.error);
  const l = r.data;
  const columns: Layout['columns'] = {};
  for (const [name, t] of Object.entries(l.columns)) {
    columns[name] = { type: t.replace('?', '') as (typeof COLUMN_TYPES)[number], optional: t.endsWith('?') };
  }
  const fonts: Record<string, string> = {};
  for (const [name, file] of Object.entries(l.fonts)) {
    if (BUILTIN_FONTS.includes(name)) throw new DataError(where, `fonts.${name}`, `"${name}" is a built-in font name; choose another`);
    const p = resolve(dirname(abs), file);
    if (!existsSync(p)) throw new DataError(where, `fonts.${name}`, `font file ${file} not found`);
    fonts[name] = p;
  }
  const iconFiles: string[] = [];
  const icons = loadIcons(abs, where, l.icons, iconFiles);
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
    icons,
    fonts,
    iconFiles,
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
      const at = `${part}.elements[${i}]`;
      if ((e.kind === 'text' || e.kind === 'track') && e.font && !fonts.has(e.font)) {
        throw new DataError(l.shown, `${at}.font`, `unknown font "${e.font}" (expected one of ${[...fonts].join(', ')})`);
      }
      if (e.kind === 'text') {
        for (const k of ['boldFont', 'italicFont'] as const) {
          const f = e[k];
          if (f && !fonts.has(f)) throw new DataError(l.shown, `${at}.${k}`, `unknown font "${f}" (expected one of ${[...fonts].join(', ')})`);
        }
      }
      if ((e.kind === 'icon' || e.kind === 'svg') && e.icon && !e.icon.includes('{') && !l.icons[e.icon]) {
        throw new DataError(l.shown, `${at}.icon`, `unknown icon "${e.icon}" (the layout's icons: ${Object.keys(l.icons).join(', ') || 'none'})`);
      }
      if (e.kind === 'grid' || e.kind === 'grid-shape') {
        for (const [ch, c] of Object.entries(e.cells ?? {})) {
          if (c.shape === 'icon' && (!c.icon || (!c.icon.includes('{') && !l.icons[c.icon]))) {
            throw new DataError(l.shown, `${at}.cells.${ch}.icon`, `unknown icon "${c.icon ?? ''}" (the layout's icons: ${Object.keys(l.icons).join(', ') || 'none'})`);
          }
        }
      }
    });
  }
}

/**
 * The columns named by `{column}` templates, `field`s and `when`s of a layout (or of one side of it), with where
 * each is first used.
 */
export function referencedColumns(l: Layout, parts: readonly ('front' | 'back')[] = ['front', 'back']): Map<string, string> {
  const out = new Map<string, string>();
  const add = (name: string, where: string) => {
    if (!out.has(name)) out.set(name, where);
  };
  const scan = (v: unknown, where: string) => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(/\{([^{}]+)\}/g)) {
        const [name, ...filters] = m[1].split('|').map((x) => x.trim());
        const bad = filters.find((f) => !TEMPLATE_FILTERS.includes(f));
        if (bad !== undefined) throw new DataError(l.shown, where, `unknown filter "${bad}" in "{${m[1]}}" (expected ${TEMPLATE_FILTERS.join(', ')})`);
        add(name, where);
      }
    }
    else if (Array.isArray(v)) v.forEach((x, i) => scan(x, `${where}[${i}]`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) scan(x, `${where}.${k}`);
  };
  for (const part of parts) {
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
