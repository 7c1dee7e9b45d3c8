import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, retryDelayMs } from '../../src/web/retry.js';

describe('sending a photo again', () => {
  it('never comes back before Retry-After, waits longer each time, and at most 15 s (plus a quarter)', () => {
    expect(retryDelayMs(0, 5, 0)).toBe(5000);
    expect(retryDelayMs(0, undefined, 0)).toBe(500);
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelayMs(a, 1, 0))).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
    expect(retryDelayMs(2, 30, 0)).toBe(30_000);
    // The random part spreads phones refused together over a quarter more.
    expect(retryDelayMs(0, 4, 0.999)).toBeLessThanOrEqual(5000);
    expect(retryDelayMs(0, 4, 0.5)).toBe(4500);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:10 GMT', Date.UTC(2015, 9, 21, 7, 28, 0))).toBe(10);
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});
