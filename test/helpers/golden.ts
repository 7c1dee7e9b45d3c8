/**
 * Golden images: a rendered page compared with a committed reference PNG in test/golden/ by pixelmatch.
 * `UPDATE_GOLDEN=1 npx vitest run` rewrites the references (look at them before committing).
 * On a mismatch the actual raster and a diff image are written to test/golden/.out/ (not committed).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { fromPng, rasterize, toPng, type Raster } from './raster.js';

export const goldenDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');

export interface GoldenOptions {
  /** Page (0-based). */
  page?: number;
  /** Raster resolution; keep it low (50-75) so references stay small. */
  dpi?: number;
  /** pixelmatch per-pixel colour threshold (0..1). */
  threshold?: number;
  /** Share of pixels allowed to differ. */
  maxDiffRatio?: number;
}

export interface GoldenResult {
  /** True when the reference was (re)written instead of compared. */
  updated: boolean;
  diffPixels: number;
  diffRatio: number;
  width: number;
  height: number;
}

/** Compares a raster with test/golden/NAME.png (or writes it when missing or UPDATE_GOLDEN=1). */
export function matchGoldenRaster(name: string, actual: Raster, opts: GoldenOptions = {}): GoldenResult {
  const ref = join(goldenDir, `${name}.png`);
  const update = process.env.UPDATE_GOLDEN === '1' || process.env.UPDATE_GOLDEN === 'true';
  if (update || !existsSync(ref)) {
    if (!update && process.env.CI) throw new Error(`golden image ${ref} is missing (run with UPDATE_GOLDEN=1 and commit it)`);
    mkdirSync(goldenDir, { recursive: true });
    writeFileSync(ref, toPng(actual));
    return { updated: true, diffPixels: 0, diffRatio: 0, width: actual.width, height: actual.height };
  }
  const expected = fromPng(readFileSync(ref));
  if (expected.width !== actual.width || expected.height !== actual.height) {
    throw new Error(`${name}: size ${actual.width}x${actual.height} differs from the reference ${expected.width}x${expected.height}`);
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const diffPixels = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: opts.threshold ?? 0.1,
  });
  const diffRatio = diffPixels / (actual.width * actual.height);
  if (diffRatio > (opts.maxDiffRatio ?? 0.001)) {
    const out = join(goldenDir, '.out');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${name}.actual.png`), toPng(actual));
    writeFileSync(join(out, `${name}.diff.png`), PNG.sync.write(diff));
  }
  return { updated: false, diffPixels, diffRatio, width: actual.width, height: actual.height };
}

/** Rasterises a PDF page and compares it with its golden image. */
export function matchGolden(name: string, pdf: Uint8Array, opts: GoldenOptions = {}): GoldenResult {
  return matchGoldenRaster(name, rasterize(pdf, opts.page ?? 0, opts.dpi ?? 60), opts);
}
