/**
 * JSON from the network, checked before it becomes objects: at most `maxBytes`, and nested at most `maxDepth`
 * deep (a body of 5,000 nested arrays is 10 KB, and code that walks it recursively runs out of stack). The depth
 * is measured on the text in one pass, so nothing deep is ever built.
 */

export interface JsonLimits {
  maxBytes: number;
  maxDepth: number;
}

export const JSON_LIMITS: JsonLimits = { maxBytes: 65_536, maxDepth: 32 };

/** How deep the text's arrays and objects nest (strings skipped, escapes included), stopping past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

export type JsonProblem = { status: 400 | 413; message: string };

/** Parses a JSON body within limits, or says what is wrong with it (one line). */
export function parseJsonBody(body: Buffer, limits: JsonLimits = JSON_LIMITS): { ok: true; value: unknown } | ({ ok: false } & JsonProblem) {
  if (body.length > limits.maxBytes) return { ok: false, status: 413, message: `The request is too large (at most ${limits.maxBytes / 1024} KB)` };
  const text = body.toString('utf8');
  if (jsonDepth(text, limits.maxDepth) > limits.maxDepth) return { ok: false, status: 400, message: `The request nests too deep (at most ${limits.maxDepth} levels of lists and objects)` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, message: 'The request is not valid JSON' };
  }
}
