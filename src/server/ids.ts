import { randomBytes } from 'node:crypto';

/**
 * 128 random bits, URL-safe (22 characters): game ids, host keys, sheet ids and stored file names. Never starting
 * with '-', which a command line takes for an option (`baako scan --game -x...` failed for 1 id in 64).
 */
export function newId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (id[0] !== '-') return id;
  }
}

const ID_RE = /^[A-Za-z0-9_-]{22}$/;

/** Whether a string is shaped like an id: anything else (dots, slashes, percent signs) is refused unread. */
export function isId(s: unknown): s is string {
  return typeof s === 'string' && ID_RE.test(s);
}
