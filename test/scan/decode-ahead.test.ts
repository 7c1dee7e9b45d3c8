import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeAhead, loadPhoto } from '../../src/scan/image.js';

const PHOTO = 'fixtures/photos/07-easy-b-letter-12mp.jpg';

describe('decodeAhead', () => {
  it('gives loadPhoto the pixels it would decode itself, once', async () => {
    expect(existsSync(PHOTO)).toBe(true);
    decodeAhead(PHOTO);
    const early = await loadPhoto(PHOTO);
    const fresh = await loadPhoto(PHOTO);
    expect(early === fresh).toBe(false); // taken once: the second call decodes again
    expect(early.width).toBe(fresh.width);
    expect(early.height).toBe(fresh.height);
    expect(Buffer.compare(Buffer.from(early.rgb), Buffer.from(fresh.rgb))).toBe(0);
  });

  it('is not taken for other options', async () => {
    decodeAhead(PHOTO, { name: 'other name' });
    const small = await loadPhoto(PHOTO, { maxSide: 1000, name: 'other name' });
    expect(Math.max(small.width, small.height)).toBe(1000);
    const named = await loadPhoto(PHOTO, { name: 'other name' }); // the one begun above
    expect(Math.max(named.width, named.height)).toBe(2000);
  });

  it("gives a file's error where loadPhoto would, with its code", async () => {
    decodeAhead('no/such/photo.jpg');
    await expect(loadPhoto('no/such/photo.jpg')).rejects.toMatchObject({ code: 'file-not-found' });
  });
});
