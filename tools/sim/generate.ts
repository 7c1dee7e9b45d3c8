/** Many simulated photos: a stream in memory, or files (NAME.jpg + NAME.truth.json) in a folder. */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Difficulty } from './difficulty.js';
import { simulatePhoto, type PhotoTruth, type SimulateOptions } from './simulate-photo.js';

export interface GenerateOptions extends SimulateOptions {
  count: number;
  /** base seed: photo i uses the seed `${seed}:${i}` */
  seed: string | number;
  difficulty?: Difficulty | 'mix';
  /** folder to write into; without it the photos are only returned */
  out?: string;
  /** index of the first photo (to continue a series) */
  start?: number;
  onProgress?: (done: number, total: number, name: string) => void;
}

export interface GeneratedPhoto {
  name: string;
  jpeg: Buffer;
  truth: PhotoTruth;
}

export const photoName = (seed: string | number, i: number) => `sim-${seed}-${String(i).padStart(4, '0')}`;

/** Yields the photos one at a time (memory stays flat however many are asked for). */
export async function* photoStream(opts: GenerateOptions): AsyncGenerator<GeneratedPhoto> {
  const start = opts.start ?? 0;
  for (let i = start; i < start + opts.count; i++) {
    const { jpeg, truth } = await simulatePhoto(`${opts.seed}:${i}`, opts.difficulty ?? 'mix', opts);
    yield { name: photoName(opts.seed, i), jpeg, truth };
  }
}

/** JSON with objects indented and arrays of numbers (cells, points, corner lists) kept on one line. */
export function truthJson(value: unknown): string {
  const flat = (v: unknown): boolean => !Array.isArray(v) ? typeof v !== 'object' || v === null : v.every((x) => typeof x !== 'object' || x === null || (Array.isArray(x) && flat(x)));
  const walk = (v: unknown, ind: string): string => {
    if (Array.isArray(v) && (flat(v) || v.every((x) => typeof x === 'string'))) return JSON.stringify(v);
    if (Array.isArray(v)) return `[\n${v.map((x) => ind + '  ' + walk(x, ind + '  ')).join(',\n')}\n${ind}]`;
    if (v && typeof v === 'object') {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined);
      return `{\n${entries.map(([key, x]) => `${ind}  ${JSON.stringify(key)}: ${walk(x, ind + '  ')}`).join(',\n')}\n${ind}}`;
    }
    return JSON.stringify(v);
  };
  return walk(value, '') + '\n';
}

/** Writes NAME.jpg and NAME.truth.json (each through a temporary name, so a reader never sees half a file). */
export function writePhoto(dir: string, name: string, jpeg: Buffer, truth: PhotoTruth): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.jpg`);
  const truthPath = join(dir, `${name}.truth.json`);
  writeFileSync(`${path}.tmp`, jpeg);
  writeFileSync(`${truthPath}.tmp`, truthJson(truth));
  renameSync(`${path}.tmp`, path);
  renameSync(`${truthPath}.tmp`, truthPath);
  return path;
}

/**
 * Generates `count` photos. With `out`, writes them and returns their paths and truths (the JPEG bytes are
 * not kept); without it, returns everything in memory.
 */
export async function generatePhotos(opts: GenerateOptions): Promise<(GeneratedPhoto & { path?: string })[]> {
  const list: (GeneratedPhoto & { path?: string })[] = [];
  let done = 0;
  for await (const p of photoStream(opts)) {
    if (opts.out) list.push({ name: p.name, jpeg: Buffer.alloc(0), truth: p.truth, path: writePhoto(opts.out, p.name, p.jpeg, p.truth) });
    else list.push(p);
    opts.onProgress?.(++done, opts.count, p.name);
  }
  return list;
}
