import type { z } from 'zod';

/** Formats a path like cards[3].condition.to */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

/** One line naming the source, the field and what was expected: the first issue zod found. */
export function describeZodError(source: string, err: z.ZodError): string {
  const issue = err.issues[0];
  const where = formatPath(issue.path);
  const more = err.issues.length > 1 ? ` (and ${err.issues.length - 1} more)` : '';
  return `${source}: ${where ? `${where}: ` : ''}${issue.message}${more}`;
}
