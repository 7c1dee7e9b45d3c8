/** The fonts every PDF embeds: files shipped in fonts/ (never a system font lookup). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../data/load.js';
import type { Doc } from './pdf.js';

export const fontsDir = join(projectRoot, 'fonts');

/** Font names used by the renderers, and their files. */
export const FONT_FILES = {
  title: 'Vollkorn-Bold.ttf',
  text: 'OpenSans-Regular.ttf',
  semibold: 'OpenSans-Semibold.ttf',
  bold: 'OpenSans-Bold.ttf',
  italic: 'OpenSans-Italic.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;

const buffers = new Map<string, Buffer>();

function fontBuffer(file: string): Buffer {
  let b = buffers.get(file);
  if (!b) {
    b = readFileSync(join(fontsDir, file));
    buffers.set(file, b);
  }
  return b;
}

export function registerFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, fontBuffer(file));
  doc.font('text');
}
