import { describe, expect, it } from 'vitest';
import { InkLayer } from '../../tools/sim/ink.js';

describe('the simulator\'s ink', () => {
  // a page 3 pixels wide: paper, a printed dot, paper; the layer's darkness set by hand
  const page = () => Uint8Array.from([240, 240, 240, 120, 150, 200, 240, 240, 240]);
  const layer = (d: number[]) => {
    const l = new InkLayer(3, 1, { color: [70, 70, 80], grain: 0, soft: 1 }, 1);
    l.d.set(d);
    return l;
  };

  it('stains the page: a printed dot under a dense stroke stays darker than the stroke on paper', () => {
    const rgb = page();
    layer([1, 1, 1]).compositeInto(rgb);
    expect(rgb[3]).toBeLessThan(rgb[0]);
  });

  it('covers the page where laid on as paint: under a dense fill the dot vanishes, under a thin one it shows', () => {
    const dense = page();
    layer([1, 1, 1]).coverInto(dense);
    expect([...dense.subarray(3, 6)]).toEqual([...dense.subarray(0, 3)]);
    expect([...dense.subarray(0, 3)]).toEqual([70, 70, 80]);
    const thin = page();
    layer([0.4, 0.4, 0.4]).coverInto(thin);
    expect(thin[3]).toBeLessThan(thin[0]);
    expect(thin[0]).toBeGreaterThan(70);
  });
});
