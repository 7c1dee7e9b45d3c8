/**
 * One build of `baako deck`: reads the layout and its data, draws what was asked (the imposed or one-card-a-page PDF,
 * card images, Tabletop Simulator sheets, a proof sheet) and writes each file atomically, only once every card has
 * been drawn, so a failed build leaves the last good output as it was. `--watch` runs it again on every change.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { loadLayout, type Layout } from '../../data/deck.js';
import { resolveDeck } from '../../data/deck-builtin.js';
import { loadDeckData, type DeckData } from '../../data/deck-data.js';
import { findPreset, presetSize, type ShopPreset } from '../../render/deck/presets.js';
import { renderDeckPdf, renderDeckSinglePdf } from '../../render/deck/render.js';
import { DECK_PAPERS, type DeckPaper, type DeckSize } from '../../render/deck/sizes.js';
import { checkWritable, shown } from '../../render/options.js';
import { ensureDir, writeFileAtomic } from '../../files.js';
import { progress, type Out } from '../output.js';

export interface DeckJob {
  layout: string;
  data?: string;
  sheet?: string;
  paper: DeckPaper;
  size?: DeckSize;
  preset?: string;
  duplex: boolean;
  backOffset: { x: number; y: number };
  copiesColumn?: string;
  single: boolean;
  /** The PDF's path: written when set, or when no other output is asked for. */
  out?: string;
  pdfPath?: string;
  png?: string;
  dpi?: number;
  trim: boolean;
  tts?: string;
  ttsWidth?: number;
  proof?: string;
  force: boolean;
}

export interface BuildResult {
  /** What was written, one line an output. */
  lines: string[];
  /** Every file written. */
  written: string[];
  /** Files the build read: a change to one of them calls for a new build. */
  inputs: string[];
  cards: number;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function mmText(v: number): string {
  return String(Math.round(v * 100) / 100);
}

/** The deck's name (for file names) and layout, its data and what it depends on. */
async function readDeck(job: DeckJob): Promise<{ name: string; layout: Layout; data: DeckData; inputs: string[] }> {
  const deck = resolveDeck(job.layout);
  const layout = loadLayout(deck.layout);
  const dataPath = job.data !== undefined ? resolve(job.data) : layout.data ? resolve(layout.dir, layout.data) : undefined;
  const data = await loadDeckData(layout, dataPath, { copiesColumn: job.copiesColumn, sheet: job.sheet });
  const inputs = [layout.path, ...Object.values(layout.fonts)];
  if (dataPath) inputs.push(dataPath);
  return { name: deck.name, layout, data, inputs };
}

/** The deck's size and bleed: a shop preset's, else --size or the layout's, with the standard 3 mm bleed. */
function cardSpec(job: DeckJob): { size?: DeckSize; bleedMm?: number; preset?: ShopPreset } {
  if (!job.preset) return { size: job.size };
  const preset = findPreset(job.preset);
  return { ...presetSize(preset), preset };
}

export async function buildDeck(job: DeckJob, out: Out, opts: { overwrite?: boolean; quiet?: boolean } = {}): Promise<BuildResult> {
  const { name, layout, data, inputs } = await readDeck(job);
  const spec = cardSpec(job);
  const force = job.force || Boolean(opts.overwrite);
  const wantPdf = job.out !== undefined || job.single || (!job.png && !job.tts && !job.proof);
  const lines: string[] = [];
  const written: string[] = [];
  const images = new Set<string>();
  const used = (files: string[]) => files.forEach((f) => images.add(f));
  const bar = (label: string, total: number) => (opts.quiet || total < 50 ? undefined : progress(out, label, total));

  // Every output's path is checked before anything is drawn.
  const pdfPath = wantPdf ? job.pdfPath! : undefined;
  const pngDir = job.png !== undefined ? resolve(job.png) : undefined;
  const ttsDir = job.tts !== undefined ? resolve(job.tts) : undefined;
  const proofPath = job.proof !== undefined ? resolve(job.proof) : undefined;
  const { cardBaseNames } = await import('../../render/deck/names.js');
  const pngNames = pngDir
    ? cardBaseNames(layout, data).flatMap((b) => (layout.back ? [`${b}.png`, `${b}-back.png`] : [`${b}.png`])).map((f) => join(pngDir, f))
    : [];
  const { ttsFiles } = await import('../../render/deck/tts.js');
  const ttsNames = ttsDir ? ttsFiles(layout, name, data.cards.length).map((f) => join(ttsDir, f)) : [];
  checkWritable([...(pdfPath ? [pdfPath] : []), ...(proofPath ? [proofPath] : []), ...pngNames, ...ttsNames], force);

  if (pdfPath) {
    const what = plural(data.cards.length, 'card');
    if (job.single) {
      const b = bar('drawing cards', data.cards.length);
      const r = await renderDeckSinglePdf(layout, data, { size: spec.size, paper: job.paper, bleedMm: spec.bleedMm, backs: job.duplex, onProgress: b && ((d) => b.tick(d)) });
      used(r.images);
      ensureDir(dirname(pdfPath));
      writeFileAtomic(pdfPath, r.pdf);
      lines.push(
        `wrote ${shown(pdfPath)} (${what}, one a page${job.duplex ? ', each front followed by its back' : ''}: ${mmText(r.card.w)} x ${mmText(r.card.h)} mm trim, ${mmText(r.bleed)} mm bleed; ${plural(r.pages.length, 'page')})`,
      );
    } else {
      const b = bar('drawing cards', data.cards.length);
      const r = await renderDeckPdf(layout, data, { paper: job.paper, size: spec.size, duplex: job.duplex, backOffset: job.backOffset, onProgress: b && ((d) => b.tick(d)) });
      used(r.images);
      ensureDir(dirname(pdfPath));
      writeFileAtomic(pdfPath, r.pdf);
      const per = r.sheet.cut ? `, ${r.sheet.perPage} a page${r.sheet.landscape ? ' (landscape)' : ''}` : '';
      lines.push(`wrote ${shown(pdfPath)} (${what}, ${r.size.label}${per}, ${plural(r.pages, 'page')}${job.duplex ? ', fronts and backs alternating' : ''}, ${DECK_PAPERS[r.sheet.paper].label})`);
    }
    written.push(pdfPath);
  }

  if (pngDir) {
    const { renderCardImages } = await import('../../render/deck/images.js');
    ensureDir(pngDir);
    const b = bar('card images', pngNames.length);
    const dpi = job.dpi ?? spec.preset?.dpi ?? 300;
    const r = await renderCardImages(layout, data, { size: spec.size, paper: job.paper, bleedMm: spec.bleedMm, dpi, trim: job.trim, onProgress: b && ((d) => b.tick(d)) }, (img) => {
      const p = join(pngDir, img.file);
      writeFileAtomic(p, img.png);
      written.push(p);
    });
    used(r.files);
    const bleed = job.trim ? 'trimmed' : `with ${mmText(spec.bleedMm ?? 3)} mm bleed`;
    const sides = layout.back ? 'fronts and backs' : 'fronts';
    lines.push(`wrote ${plural(r.images, 'image')} to ${shown(pngDir)}/ (${plural(data.cards.length, 'card')}, ${sides}; ${r.width} x ${r.height} px at ${dpi} dpi, ${bleed}${spec.preset ? `, ${spec.preset.name}` : ''})`);
  }

  if (ttsDir) {
    const { renderTtsSheets } = await import('../../render/deck/tts.js');
    const b = bar('TTS sheets', data.cards.length);
    const r = await renderTtsSheets(layout, data, { name, size: spec.size, paper: job.paper, maxSide: job.ttsWidth, dpi: job.dpi ?? 300, onProgress: b && ((d) => b.tick(d)) });
    used(r.images);
    ensureDir(ttsDir);
    for (const f of r.files) {
      const p = join(ttsDir, f.file);
      writeFileAtomic(p, f.data);
      written.push(p);
    }
    const grids = r.sheets.map((s) => `${s.file}: ${s.columns} x ${s.rows}, ${s.cards} cards`).join('; ');
    const back = r.back ? `back ${r.back}` : 'backs on a sheet each';
    lines.push(`wrote ${plural(r.sheets.length, 'TTS sheet')} to ${shown(ttsDir)}/ (${grids}; ${back}; card ${r.card.width} x ${r.card.height} px; ${name}-tts.json)`);
  }

  if (proofPath) {
    const { renderProof } = await import('../../render/deck/proof.js');
    const r = await renderProof(layout, data, { size: spec.size, paper: job.paper });
    used(r.images);
    ensureDir(dirname(proofPath));
    writeFileAtomic(proofPath, r.png);
    written.push(proofPath);
    lines.push(`wrote ${shown(proofPath)} (${plural(r.cards, 'distinct card')} of ${data.cards.length}, ${r.width} x ${r.height} px)`);
  }

  // The images and icon files the layout names are inputs too: a change to one of them rebuilds the deck.
  for (const p of [...layoutFiles(layout), ...images]) if (!inputs.includes(p)) inputs.push(p);
  return { lines, written, inputs, cards: data.cards.length };
}

/** Icon files and literal image files of a layout (templated images are found in its folder by the watcher). */
function layoutFiles(layout: Layout): string[] {
  const out: string[] = [];
  out.push(...layout.iconFiles);
  for (const part of [layout.front, layout.back]) {
    for (const e of part?.elements ?? []) if (e.kind === 'image' && !e.src.includes('{')) out.push(resolve(layout.dir, e.src));
  }
  return out.filter((p) => existsSync(p));
}

export function deckBaseName(job: Pick<DeckJob, 'layout'>): string {
  return basename(resolveDeck(job.layout).name);
}
