import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindingOnly, cv, CV_CLASSES, CV_FUNCTIONS, openCvScriptFile } from '../../src/scan/cv.js';

const scanDir = join(import.meta.dirname, '../../src/scan');
const openCvScript = () => readFileSync(openCvScriptFile(), 'utf8');

/** What the scanner's modules that take OpenCV (`const c = cv()`) call on it, and construct from it. */
function usedOfOpenCv(): { calls: Set<string>; classes: Set<string> } {
  const calls = new Set<string>();
  const classes = new Set<string>();
  for (const f of readdirSync(scanDir).filter((n) => n.endsWith('.ts'))) {
    const text = readFileSync(join(scanDir, f), 'utf8');
    if (!/= cv\(\);/.test(text)) continue;
    for (const m of text.matchAll(/new c\.(\w+)\(/g)) classes.add(m[1]);
    for (const m of text.replace(/new c\.\w+\(/g, '').matchAll(/\bc\.(\w+)\(/g)) calls.add(m[1]);
  }
  return { calls, classes };
}

describe('OpenCV bound only where the scanner uses it', () => {
  it('cuts the installed opencv.js: the kept functions and classes are there, the rest are not', () => {
    expect(bindingOnly(openCvScript())).not.toBeNull();
    const c = cv();
    for (const f of CV_FUNCTIONS) expect(typeof c[f], f).toBe('function');
    for (const k of CV_CLASSES) expect(typeof c[k], k).toBe('function');
    // a function and a class the scanner never calls: not bound, so the cut did apply
    expect(c.blur).toBeUndefined();
    expect(c.CLAHE).toBeUndefined();
    // constants and the script's own helpers stay
    expect(c.CV_8UC1).toBe(0);
    expect(typeof c.Size).toBe('function');
  });

  it('keeps every function and class the scanner calls', () => {
    const { calls, classes } = usedOfOpenCv();
    expect(calls.size).toBeGreaterThan(5);
    expect([...calls].filter((f) => !(CV_FUNCTIONS as readonly string[]).includes(f))).toEqual([]);
    // Size is a helper the script defines in JavaScript, bound or not
    expect([...classes].filter((k) => k !== 'Size' && !(CV_CLASSES as readonly string[]).includes(k))).toEqual([]);
  });

  it('runs the kept functions', () => {
    const c = cv();
    const src = new c.Mat(40, 40, c.CV_8UC1);
    const out = new c.Mat();
    const contours = new c.MatVector();
    const hierarchy = new c.Mat();
    try {
      src.data.fill(255);
      for (let y = 10; y < 30; y++) src.data.fill(0, y * 40 + 10, y * 40 + 30);
      c.adaptiveThreshold(src, out, 255, c.ADAPTIVE_THRESH_MEAN_C, c.THRESH_BINARY_INV, 31, 12);
      c.findContours(out, contours, hierarchy, c.RETR_TREE, c.CHAIN_APPROX_SIMPLE);
      expect(contours.size()).toBeGreaterThan(0);
      const square = contours.get(0);
      expect(c.contourArea(square)).toBeGreaterThan(100);
      square.delete();
    } finally {
      for (const m of [src, out, contours, hierarchy]) m.delete();
    }
  });

  it('gives back the script unchanged in meaning where its binding code is not as expected (it then loads whole)', () => {
    expect(bindingOnly('var x = 1;')).toBeNull();
    expect(bindingOnly(openCvScript().replace('function __embind_register_class(', 'function __embind_register_klass('))).toBeNull();
  });
});
