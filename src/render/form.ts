/**
 * Repeated artwork drawn once: pdfkit has no Form XObjects, so the drawing calls are captured (everything pdfkit
 * writes goes through doc.addContent) into a Form XObject that every page then paints with one `Do`.
 * A 100-sheet pack draws the sheet's static parts once instead of 100 times, and its PDF shrinks accordingly.
 */
import type { Doc } from './pdf.js';

interface PageResources {
  resources: { data: Record<string, Record<string, unknown> | string[] | undefined> };
  xobjects: Record<string, unknown>;
}

export interface Form {
  name: string;
  ref: unknown;
}

/**
 * Runs `draw` with the current page's coordinate system and returns its drawing as a Form XObject called `name`
 * (unique within the document).
 */
export function captureForm(doc: Doc, name: string, width: number, height: number, draw: () => void): Form {
  const page = (doc as unknown as { page: PageResources }).page;
  const res = page.resources.data;
  const keys = ['Font', 'ExtGState', 'Pattern', 'ColorSpace', 'XObject'] as const;
  const before = Object.fromEntries(keys.map((k) => [k, new Set(Object.keys((res[k] as Record<string, unknown>) ?? {}))]));
  const chunks: string[] = [];
  const d = doc as unknown as { addContent: (s: string) => Doc };
  const original = d.addContent;
  d.addContent = function (s: string) {
    chunks.push(s);
    return doc;
  };
  try {
    draw();
  } finally {
    d.addContent = original;
  }
  // The resources the drawing registered on the page belong to the form.
  const resources: Record<string, unknown> = { ProcSet: ['PDF', 'Text'] };
  for (const k of keys) {
    const all = (res[k] as Record<string, unknown>) ?? {};
    const added = Object.keys(all).filter((n) => !before[k].has(n));
    if (added.length) resources[k] = Object.fromEntries(added.map((n) => [n, all[n]]));
  }
  const ref = (doc as unknown as { ref(data: object): { write(s: string): void; end(): void } }).ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [0, 0, width, height],
    Resources: resources,
  });
  ref.write(chunks.join('\n'));
  ref.end();
  return { name, ref };
}

/** Paints a captured form on the current page (in the same coordinate system it was drawn in). */
export function placeForm(doc: Doc, form: Form): void {
  const page = (doc as unknown as { page: PageResources }).page;
  page.xobjects[form.name] = form.ref;
  doc.addContent(`q /${form.name} Do Q`);
}
