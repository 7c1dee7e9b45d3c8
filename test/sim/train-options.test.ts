import { afterEach, describe, expect, it, vi } from 'vitest';
import { trainOptions } from '../../tools/sim/train-models.js';

describe("the trainer's options", () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts a list option given twice, and reads the others as given', () => {
    const opt = trainOptions(['--photos', '800', '--also', 'erased-even:200', '--also', 'cover-fill:200', '--holes-only']);
    expect(opt('also', '')).toBe('erased-even:200,cover-fill:200');
    expect(opt('photos', '1500')).toBe('800');
    expect(opt('holes-only', '')).toBe('true');
    expect(opt('val', '300')).toBe('300');
  });

  it('takes the reach of the moved-grid twins', () => {
    expect(trainOptions(['--jitter', '0.2'])('jitter', '0')).toBe('0.2');
    expect(trainOptions([])('jitter', '0')).toBe('0');
  });

  it('stops with a message on an option it does not know, before any fitting', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(() => trainOptions(['--photo', '800'])).toThrow('exit 2');
    expect(exit).toHaveBeenCalledWith(2);
    expect(String(err.mock.calls[0][0])).toMatch(/^train-models: .*--photo/);
  });
});
