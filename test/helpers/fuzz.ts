/**
 * Inputs a careless or hostile user might give, made from valid ones (seeded, so a failure can be replayed):
 * JSON with a value swapped for another of any type, size or depth; text cut, flipped, padded with odd
 * characters or lines repeated; files cut short or with bytes changed.
 */

export type Rand = () => number;

const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rand, n: number) => Math.floor(r() * n);

/** Characters that break naive code: quotes, separators, controls, direction overrides, astral, combining. */
const ODD = ['"', "'", ',', ';', '\n', '\r\n', '\t', '\0', '\\', '{', '}', '[', ']', '#', '=', '|', '\u202e', '\u2066', '\u200b', '\ufeff', '😀', '\ud800', 'é', 'e\u0301', '%', '../', '{school}', '{_n}', '\u0085'];

/** A JSON value of any type: empty, huge, negative, fractional, deep, long, odd strings. */
export function jsonValue(r: Rand, depth = 0): unknown {
  switch (int(r, depth > 2 ? 9 : 12)) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return pick(r, [0, -1, 1, 0.5, -0.0001, 1e308, -1e308, 2 ** 53, 2 ** 31, 99999999, 1e-9]);
    case 3:
      return '';
    case 4:
      return Array.from({ length: 1 + int(r, 12) }, () => pick(r, ODD)).join('');
    case 5:
      return 'x'.repeat(pick(r, [100, 5000, 50_000]));
    case 6:
      return pick(r, ['A', 'B', 'a4', 'letter', 'poker', '#ffffff', 'text', 'integer', 'Gold', 'Road', '100%', '-5', '1e9', 'NaN', 'true']);
    case 7:
      return String(int(r, 1000));
    case 8:
      return int(r, 200) - 50;
    case 9:
      return Array.from({ length: int(r, 4) }, () => jsonValue(r, depth + 1));
    case 10:
      return Object.fromEntries(Array.from({ length: int(r, 4) }, () => [pick(r, ['kind', 'x', 'w', 'name', 'field', 'players', 'side', 'cards', 'h', 'v', 'holes', '__proto__', 'constructor']), jsonValue(r, depth + 1)]));
    default: {
      // Deep nesting.
      let v: unknown = 1;
      for (let i = 0, n = pick(r, [40, 500, 1500]); i < n; i++) v = [v];
      return v;
    }
  }
}

/** Every path to a value inside `v` (keys and indices), the root included. */
function paths(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (out.length > 5000) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

/** `value` with one to three random changes: a value replaced, a key removed, a list emptied or repeated. */
export function mutateJson(value: unknown, r: Rand): unknown {
  let root: unknown = structuredClone(value);
  for (let n = 1 + int(r, 3); n > 0; n--) {
    const all = paths(root);
    const path = pick(r, all);
    if (path.length === 0) {
      root = jsonValue(r);
      continue;
    }
    const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], root) as Record<string | number, unknown>;
    const key = path[path.length - 1];
    const op = int(r, 5);
    if (op === 0 && !Array.isArray(parent)) delete parent[key];
    else if (op === 1 && Array.isArray(parent[key])) parent[key] = [];
    else if (op === 2 && Array.isArray(parent[key])) parent[key] = Array.from({ length: pick(r, [50, 1000]) }, () => (parent[key] as unknown[])[0]);
    else parent[key] = jsonValue(r);
  }
  return root;
}

/** `text` cut, with characters flipped or odd ones inserted, or a line repeated. */
export function mutateText(text: string, r: Rand): string {
  let t = text;
  for (let n = 1 + int(r, 3); n > 0; n--) {
    const at = int(r, t.length + 1);
    switch (int(r, 6)) {
      case 0:
        t = t.slice(0, at);
        break;
      case 1:
        t = t.slice(0, at) + pick(r, ODD) + t.slice(at + 1);
        break;
      case 2:
        t = t.slice(0, at) + Array.from({ length: 1 + int(r, 20) }, () => pick(r, ODD)).join('') + t.slice(at);
        break;
      case 3: {
        const lines = t.split('\n');
        const i = int(r, lines.length);
        lines.splice(i, 0, ...Array(pick(r, [1, 10, 100])).fill(lines[i]));
        t = lines.join('\n');
        break;
      }
      case 4: {
        const lines = t.split('\n');
        lines.splice(int(r, lines.length), 1);
        t = lines.join('\n');
        break;
      }
      default:
        t = t.slice(0, at) + String(pick(r, [0, -1, 1e9, 99999, 3.5, 'NaN'])) + t.slice(at);
    }
  }
  return t;
}

/** `bytes` cut short, with bytes changed (often in the header), or junk around them. */
export function mutateBytes(bytes: Buffer, r: Rand): Buffer {
  const b = Buffer.from(bytes);
  switch (int(r, 5)) {
    case 0:
      return b.subarray(0, int(r, b.length));
    case 1:
      for (let i = 0; i < 1 + int(r, 20); i++) b[int(r, Math.min(b.length, 2048))] = int(r, 256);
      return b;
    case 2:
      for (let i = 0; i < 1 + int(r, 200); i++) b[int(r, b.length)] = int(r, 256);
      return b;
    case 3:
      return Buffer.concat([b, Buffer.alloc(int(r, 100_000), int(r, 256))]);
    default:
      return Buffer.concat([Buffer.alloc(1 + int(r, 64), int(r, 256)), b]);
  }
}
