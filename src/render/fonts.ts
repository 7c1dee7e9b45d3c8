/** The fonts every PDF embeds: files shipped in fonts/ (never a system font lookup). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/**
 * pdfkit parses a font file again for every document, and the first text laid out with it decodes the font's
 * GSUB/GPOS tables (about 60 ms a font). Parsed once here with pdfkit's own fontkit and handed to every
 * document, a pack of three PDFs saves most of a second. Each document still makes its own subset.
 */
interface FontkitFont {
  layout(text: string): unknown;
}
const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as { create(b: Uint8Array): FontkitFont };

const parsed = new Map<string, FontkitFont>();

function font(file: string): FontkitFont {
  let f = parsed.get(file);
  if (!f) {
    f = fontkit.create(readFileSync(join(fontsDir, file)));
    parsed.set(file, f);
  }
  return f;
}

/**
 * Lets the parsed fonts go (about 10 MB of objects): a process that drew a page or two and goes on with other work,
 * the scanner comparing a photo with its drawn sheet, should not carry them through every later collection.
 */
export function releaseFonts(): void {
  parsed.clear();
}

export function registerFonts(doc: Doc): void {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, font(file) as unknown as Buffer);
  doc.font('text');
}
