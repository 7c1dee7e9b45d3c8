/** MuPDF (WebAssembly, about 10 MB), loaded once and only by what needs it: PDFs of scans, sheets read from their print. */
import type * as Mupdf from 'mupdf';

export type Mu = typeof Mupdf;
let loading: Promise<Mu> | undefined;

export function mupdf(): Promise<Mu> {
  loading ??= import('mupdf').then((m) => {
    // MuPDF reports repairs of broken files as warnings on the console: the pages read, or their errors say why.
    m.setLog({ warning: () => undefined, error: () => undefined });
    return m;
  });
  return loading;
}
