/**
 * What every drawing verb of a deck card gets: the document, the layout, the card's values, and helpers to fill
 * `{column}` templates, resolve colours and lengths, and fail with one line naming the row and column (or, for a
 * literal in the layout, the layout's field).
 */
import { BUILTIN_FONTS, LENGTH_RE, MAX_COLOR_CHARS, type Condition, type Element, type Layout, type Length, type When } from '../../data/deck.js';
import type { DeckCard } from '../../data/deck-data.js';
import { DataError } from '../../errors.js';
import type { Doc } from '../pdf.js';
import { mm, type Box } from '../../geometry/sheet-layout.js';

/** An image pdfkit has opened (`doc.openImage`): drawn again by passing it to `doc.image`. */
export interface OpenedImage {
  width: number;
  height: number;
}

export interface DeckDoc {
  doc: Doc;
  layout: Layout;
  /** The data file as shown in messages ("" without data). */
  source: string;
  /** Images opened once per document, by absolute path. */
  images: Map<string, OpenedImage>;
  colors: Map<string, string | null>;
  /** The bleed in points: how far past the cut line edges marked `bleed` run. */
  bleed: number;
}

export interface CardCtx extends DeckDoc {
  card: DeckCard;
  part: 'front' | 'back';
  /** Card size in millimetres. */
  W: number;
  H: number;
  /** Index of the element being drawn. */
  index: number;
}

export const INK = '#1a1a1a';

/** The columns a template names ("{name}", "{name|upper}"). */
export function columnsOf(s: string): string[] {
  return [...s.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1].split('|')[0].trim());
}

/** Template filters: `{era|first}` the first letter, `{name|upper}`, `{name|lower}`. */
const FILTERS: Record<string, (v: string) => string> = {
  upper: (v) => v.toUpperCase(),
  lower: (v) => v.toLowerCase(),
  first: (v) => [...v.trim()].slice(0, 1).join(''),
};

/** Where a problem is: "data.csv", "row 12, column 'points'" for values from the data, else the layout's field. */
export function where(ctx: CardCtx, field: string, template?: string): { file: string; path: string } {
  const cols = template ? columnsOf(template).filter((c) => !c.startsWith('_')) : [];
  if (cols.length && ctx.source) {
    return { file: ctx.source, path: `row ${ctx.card.row}, column${cols.length > 1 ? 's' : ''} ${cols.map((c) => `'${c}'`).join(', ')}` };
  }
  return { file: ctx.layout.shown, path: `${ctx.part}.elements[${ctx.index}].${field}` };
}

export function fail(ctx: CardCtx, field: string, template: string | undefined, msg: string): never {
  const { file, path } = where(ctx, field, template);
  throw new DataError(file, path, msg);
}

/** Fills `{column}` templates with the card's values. */
export function fill(ctx: CardCtx, s: string): string {
  if (!s.includes('{')) return s;
  return s.replace(/\{([^{}]+)\}/g, (_, spec: string) => {
    const [name, ...filters] = spec.split('|').map((x) => x.trim());
    let v = ctx.card.values[name] ?? '';
    for (const f of filters) v = FILTERS[f]?.(v) ?? v;
    return v;
  });
}

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * A colour: "#rrggbb", a name from the layout's colours, or "" / "none" for nothing. Templates allowed. `template`
 * is what a failure is traced to (default `v` itself): the cell a colour inside a text came from.
 */
export function color(ctx: CardCtx, field: string, v: string | undefined, dflt: string | null = null, template = v): string | null {
  if (v === undefined) return dflt;
  const s = fill(ctx, v).trim();
  if (s.length > MAX_COLOR_CHARS) fail(ctx, field, template, `a colour of ${s.length.toLocaleString('en')} characters; at most ${MAX_COLOR_CHARS}`);
  const hit = ctx.colors.get(s);
  if (hit !== undefined) return hit;
  let out: string | null;
  if (s === '' || s.toLowerCase() === 'none') out = null;
  else if (HEX.test(s)) out = s;
  else {
    const named = ctx.layout.colors[s] ?? ctx.layout.colors[s.toLowerCase()];
    if (!named) {
      const known = Object.keys(ctx.layout.colors);
      fail(ctx, field, template, `unknown colour "${s}" (expected "#rrggbb"${known.length ? ` or one of ${known.join(', ')}` : ''})`);
    }
    out = named;
  }
  ctx.colors.set(s, out);
  return out;
}

/** A length in millimetres: a number, or a share of the card ("50%", "100%-4"). */
export function length(v: Length | undefined, of: number, dflt: number): number {
  if (v === undefined) return dflt;
  if (typeof v === 'number') return v;
  const m = LENGTH_RE.exec(v)!;
  const n = Number(m[1]);
  const base = m[2] ? (n / 100) * of : n;
  const off = m[4] ? Number(m[4]) * (m[3] === '-' ? -1 : 1) : 0;
  return base + off;
}

/** The element's box in points, relative to the card's top-left cut corner. */
export function elementBox(ctx: CardCtx, e: Element): Box {
  const x = length(e.x, ctx.W, 0);
  const y = length(e.y, ctx.H, 0);
  const w = length(e.w, ctx.W, ctx.W - x);
  const h = length(e.h, ctx.H, ctx.H - y);
  return { x: mm(x), y: mm(y), w: mm(w), h: mm(h) };
}

function truthy(v: string): boolean {
  const s = v.trim().toLowerCase();
  return s !== '' && s !== '0' && s !== 'false' && s !== 'no';
}

/** Whether an element is drawn on this card. */
export function shown(ctx: CardCtx, w: When | undefined): boolean {
  if (w === undefined) return true;
  if (Array.isArray(w)) return w.every((c) => holds(ctx, c));
  return holds(ctx, w);
}

function holds(ctx: CardCtx, w: Condition): boolean {
  if (typeof w === 'string') return truthy(ctx.card.values[w] ?? '');
  const v = (ctx.card.values[w.column] ?? '').trim();
  const list = (x: string | string[]) => (Array.isArray(x) ? x : [x]).map((s) => s.trim().toLowerCase());
  if (w.empty !== undefined && (v === '') !== w.empty) return false;
  if (w.is !== undefined && !list(w.is).includes(v.toLowerCase())) return false;
  if (w.not !== undefined && list(w.not).includes(v.toLowerCase())) return false;
  return true;
}

export function isBuiltinFont(f: string): boolean {
  return BUILTIN_FONTS.includes(f);
}
