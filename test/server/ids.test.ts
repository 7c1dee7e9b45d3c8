import { describe, expect, it } from 'vitest';
import { isId, newId } from '../../src/server/ids.js';

describe('ids', () => {
  it('are 22 URL-safe characters, all different, and never start with "-" (a command line would take it for an option)', () => {
    const ids = Array.from({ length: 2000 }, newId);
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    // with 1 in 64 starting with '-' before, 2,000 ids hold such a one but for a chance of 1e-14
    expect(ids.some((id) => id.startsWith('-'))).toBe(false);
  });

  it('of games made before, starting with "-", are still ids', () => {
    expect(isId('-01a4NlMWZPpIsuKaRg0AB')).toBe(true);
    expect(isId('../etc/passwd')).toBe(false);
  });
});
