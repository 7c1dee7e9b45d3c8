/** Shared helpers of the deck tests: small layouts and data files in a temporary folder, and PDF page text (mupdf). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { expect } from 'vitest';
import { UserError } from '../../src/errors.js';
import { loadLayout, type Layout } from '../../src/data/deck.js';
import { readDeckData } from '../../src/data/deck-data.js';
import { renderDeckPdf, type DeckRenderOptions } from '../../src/render/deck/render.js';

export const tmp = mkdtempSync(join(tmpdir(), 'baako-deck-'));

export function write(name: string, data: unknown): string {
  const p = join(tmp, name);
  writeFileSync(p, typeof data === 'string' ? data : JSON.stringify(data, null, 1));
  return p;
}

/** A plain layout: a black box over each card's front (and a numbered back). */
export function simpleLayout(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Test deck',
    size: 'poker',
    columns: { name: 'text' },
    front: {
      background: '#ffffff',
      elements: [
        { kind: 'rect', x: 5, y: 5, w: '100%-10', h: '100%-10', fill: '#000000' },
        { kind: 'text', field: 'name', x: 5, y: 5, w: '100%-10', h: 10, color: '#ffffff', align: 'center' },
      ],
    },
    back: { background: '#ffffff', elements: [{ kind: 'rect', x: 5, y: 5, w: 20, h: 20, fill: '#000000' }] },
    ...extra,
  };
}

export function csv(n: number, header = 'name'): string {
  return [header, ...Array.from({ length: n }, (_, i) => `card ${i + 1}`)].join('\n') + '\n';
}

/** Loads a layout written to the temporary folder with its data and renders it. */
export async function render(name: string, layout: unknown, data: string | undefined, opts: Partial<DeckRenderOptions> = {}) {
  const l: Layout = loadLayout(write(`${name}.layout.json`, layout));
  const d = readDeckData(l, data === undefined ? undefined : write(`${name}.csv`, data));
  return renderDeckPdf(l, d, { paper: 'a4', ...opts });
}

/** Text and font sizes of a page. */
export function pageText(pdf: Uint8Array, page = 0): { text: string; sizes: number[] } {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const p = doc.loadPage(page);
    const st = p.toStructuredText('preserve-whitespace');
    const json = JSON.parse(st.asJSON()) as { blocks: { lines?: { font: { size: number } }[] }[] };
    const lines = json.blocks.flatMap((b) => b.lines ?? []);
    const out = { text: st.asText(), sizes: lines.map((l) => l.font.size) };
    st.destroy();
    p.destroy();
    return out;
  } finally {
    doc.destroy();
  }
}

/** The one-line message a call (or a promise) fails with: a UserError of one short line. */
export async function failure(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    expect((e as Error).message).not.toContain('\n');
    expect((e as Error).message.length).toBeLessThan(300);
    return (e as Error).message;
  }
  throw new Error('expected a failure');
}
