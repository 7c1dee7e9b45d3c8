import type { z } from 'zod';
import { DataError } from '../errors.js';

/** Formats a path like cards[3].condition.to */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

/**
 * The first issue zod found, as a DataError naming the file, the field and what was expected. `prefix` is the
 * field of the value that was parsed, when it is not the whole file (`front.elements[2]`).
 */
export function zodDataError(file: string, err: z.ZodError, prefix = ''): DataError {
  const issue = err.issues[0];
  const sub = formatPath(issue.path);
  const path = prefix && sub ? `${prefix}${sub.startsWith('[') ? '' : '.'}${sub}` : prefix || sub;
  const more = err.issues.length > 1 ? ` (and ${err.issues.length - 1} more)` : '';
  return new DataError(file, path || undefined, `${issue.message}${more}`);
}

/** One line naming the source, the field and what was expected: the first issue zod found. */
export function describeZodError(source: string, err: z.ZodError): string {
  return zodDataError(source, err).message;
}
