/**
 * OpenCV (opencv-wasm, OpenCV 4.3) loaded once, plus a scope that frees every Mat it tracks:
 * wasm memory is never garbage-collected, so a Mat not deleted is a leak for the life of the process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { compileFunction } from 'node:vm';

// opencv-wasm ships no types; the scanner uses a handful of functions through this alias.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CV = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Mat = any;

/** The OpenCV functions the scanner calls: only these are bound when OpenCV loads (a test holds the list to the code). */
export const CV_FUNCTIONS = [
  'adaptiveThreshold',
  'approxPolyDP',
  'arcLength',
  'contourArea',
  'findContours',
  'isContourConvex',
  'resize',
] as const;

/** The OpenCV classes it uses; the other 38 (feature detectors, DNN, tone mapping...) are not bound. */
export const CV_CLASSES = ['Mat', 'MatVector'] as const;

let instance: CV | null = null;

export function cv(): CV {
  if (!instance) instance = loadOpenCv();
  return instance;
}

/** The opencv-wasm script installed beside this project. */
export const openCvScriptFile = (): string => join(dirname(createRequire(import.meta.url).resolve('opencv-wasm')), 'opencv.js');

/**
 * Loads opencv-wasm's script with its bindings cut down to what the scanner uses. On start it binds every one of
 * its functions, classes and methods, writing JavaScript for each; skipping those never called makes the start that
 * every `baako scan` waits for quicker (docs/benchmarks.md). A script whose binding code is not as expected (another
 * opencv-wasm version) loads whole, as before.
 */
function loadOpenCv(): CV {
  const file = openCvScriptFile();
  const source = bindingOnly(readFileSync(file, 'utf8'));
  if (!source) return createRequire(import.meta.url)('opencv-wasm').cv;
  const run = compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname', '__bind'], { filename: file });
  const module = { exports: {} as CV };
  const bind = { functions: new Set<string>(CV_FUNCTIONS), classes: new Set<string>(CV_CLASSES), skipped: new Set<number>() };
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), bind);
  return module.exports;
}

/**
 * The line put first in each of Embind's registering functions, from its parameters: leave out what is not kept, by
 * its name or by its class (a skipped class's raw type is recorded for its methods, registered after it). Null
 * where the parameters are not the ones expected.
 */
const classSkipped = (p: string[]) => `if (__bind.skipped.has(${p[0]})) return;`;
const SKIPS: Record<string, (p: string[]) => string | null> = {
  function: (p) => (p[0] === 'name' ? 'if (!__bind.functions.has(readLatin1String(name))) return;' : null),
  class: (p) => (p[10] === 'name' ? `if (!__bind.classes.has(readLatin1String(name))) { __bind.skipped.add(${p[0]}); return; }` : null),
  class_function: classSkipped,
  class_class_function: classSkipped,
  class_constructor: classSkipped,
  class_property: classSkipped,
};

/** opencv.js with the skips written into its registering functions, or null where one is not found as expected. */
export function bindingOnly(source: string): string | null {
  let out = source;
  for (const [what, skip] of Object.entries(SKIPS)) {
    const m = new RegExp(`function __embind_register_${what}\\(([^)]*)\\) \\{`).exec(out);
    const line = m && skip(m[1].split(',').map((p) => p.trim()));
    if (!m || !line) return null;
    const at = m.index + m[0].length;
    out = out.slice(0, at) + line + out.slice(at);
  }
  return out;
}

/** Tracks Mats (and MatVectors) and deletes them all at the end of a block. */
export class MatScope {
  private readonly mats: { delete(): void }[] = [];

  track<T extends { delete(): void }>(m: T): T {
    this.mats.push(m);
    return m;
  }

  free(): void {
    for (const m of this.mats.splice(0)) m.delete();
  }
}

/** Runs fn with a scope whose Mats are freed afterwards, whatever happens. */
export function withMats<T>(fn: (s: MatScope) => T): T {
  const scope = new MatScope();
  try {
    return fn(scope);
  } finally {
    scope.free();
  }
}

/** A single-channel 8-bit Mat holding a copy of the pixels. */
export function matFromGrey(s: MatScope, data: Uint8Array, width: number, height: number): Mat {
  const m = s.track(new (cv().Mat)(height, width, cv().CV_8UC1));
  m.data.set(data);
  return m;
}
