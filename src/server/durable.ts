/**
 * Writes that survive a crash or a power cut at any moment: flushed to the disk, then renamed into place, then
 * the folder flushed so that the new name is on the disk too. A rename is atomic: a reader (or a restart) sees
 * the old state or the new one, never half of it.
 */
import { closeSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Flushes a file or a folder to the disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Renames, then flushes the folder the name is now in (and the one it left, when another). */
export function renameDurable(from: string, to: string): void {
  renameSync(from, to);
  fsyncPath(dirname(to));
  if (dirname(from) !== dirname(to)) fsyncPath(dirname(from));
}

/** Writes a file whole or not at all: `PATH.part`, flushed, renamed to PATH. */
export function writeFileDurable(path: string, data: Buffer | string): void {
  const part = `${path}.part`;
  writeFileSync(part, data);
  fsyncPath(part);
  renameDurable(part, path);
}

/** fsyncPath off the event loop (the server keeps answering while the disk flushes). */
export async function fsyncLater(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** renameDurable off the event loop. */
export async function renameLater(from: string, to: string): Promise<void> {
  await rename(from, to);
  await fsyncLater(dirname(to));
}
