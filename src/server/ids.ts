import { randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe (22 characters): game ids, host keys, sheet ids and stored file names. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

const ID_RE = /^[A-Za-z0-9_-]{22}$/;

/** Whether a string is shaped like an id: anything else (dots, slashes, percent signs) is refused unread. */
export function isId(s: unknown): s is string {
  return typeof s === 'string' && ID_RE.test(s);
}
