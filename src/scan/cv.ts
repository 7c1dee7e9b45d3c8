/**
 * OpenCV (opencv-wasm, OpenCV 4.3) loaded once, plus a scope that frees every Mat it tracks:
 * wasm memory is never garbage-collected, so a Mat not deleted is a leak for the life of the process.
 */
import { createRequire } from 'node:module';

// opencv-wasm ships no types; the scanner uses a handful of functions through this alias.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CV = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Mat = any;

let instance: CV | null = null;

export function cv(): CV {
  if (!instance) instance = createRequire(import.meta.url)('opencv-wasm').cv;
  return instance;
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
