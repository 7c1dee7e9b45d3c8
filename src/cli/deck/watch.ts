/**
 * `baako deck --watch`: builds the deck, then again whenever the layout, its data, its icon or font files or the
 * images it draws change, one line a build (or the error line when a change breaks it: the files of the last good
 * build stay as they were, since every file is written only after the whole deck drew). The folders of those files
 * are watched, not the files, so editors that save by writing a new file and renaming it are seen too.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { loadLayout } from '../../data/deck.js';
import { resolveDeck } from '../../data/deck-builtin.js';
import { UserError } from '../../errors.js';
import { shown } from '../../render/options.js';
import type { Out } from '../output.js';
import { buildDeck, type BuildResult, type DeckJob } from './build.js';

/** Changes arriving this close together make one build (an editor's save is often several events). */
const SETTLE_MS = 40;
const IMAGE_EXT = new Set(['.png', '.jpg', '.jpeg']);

export interface WatchHandle {
  /** Stops watching; resolves when a build under way has finished. */
  close(): Promise<void>;
  /** Resolves once closed; rejects when the first build cannot go on (an output exists and --force is not given). */
  done: Promise<void>;
  /** Resolves after the next build (or failed build) ends. */
  nextBuild(): Promise<BuildOutcome>;
}

export interface BuildOutcome {
  ok: boolean;
  line: string;
  ms: number;
  result?: BuildResult;
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}

function summary(r: BuildResult, job: DeckJob): string {
  const parts: string[] = [];
  const count = (pred: (p: string) => boolean) => r.written.filter(pred).length;
  if (job.pdfPath && r.written.includes(job.pdfPath)) parts.push(shown(job.pdfPath));
  if (job.png) parts.push(`${count((p) => dirname(p) === resolve(job.png!) && extname(p) === '.png')} images in ${shown(resolve(job.png))}/`);
  if (job.tts) parts.push(`${count((p) => dirname(p) === resolve(job.tts!) && /-\d+\.png$/.test(p))} TTS sheets in ${shown(resolve(job.tts))}/`);
  if (job.proof) parts.push(shown(resolve(job.proof)));
  return parts.join(', ');
}

/** The files a build depends on when it failed before saying: the layout and the data it names. */
function guessInputs(job: DeckJob): string[] {
  const out: string[] = [];
  try {
    const deck = resolveDeck(job.layout);
    out.push(deck.layout);
    if (job.data) out.push(resolve(job.data));
    const l = loadLayout(deck.layout);
    if (!job.data && l.data) out.push(resolve(l.dir, l.data));
    out.push(...l.iconFiles, ...Object.values(l.fonts));
  } catch {
    // The layout itself is broken: its own path (or the argument) is enough to see it fixed.
    if (!out.length) out.push(resolve(job.layout));
  }
  return out;
}

export function watchDeck(job: DeckJob, out: Out): WatchHandle {
  let inputs = new Set<string>(guessInputs(job));
  let written = new Set<string>();
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let dirty = false;
  let first = true;
  let closed = false;
  let waiters: ((o: BuildOutcome) => void)[] = [];
  let finish!: () => void;
  let abort!: (e: Error) => void;
  const done = new Promise<void>((res, rej) => {
    finish = res;
    abort = rej;
  });

  const relevant = (dir: string, name: string | null): boolean => {
    if (!name) return true;
    const p = join(dir, name);
    if (written.has(p) || (name.startsWith('.') && name.endsWith('.tmp'))) return false;
    // A new or changed image in a watched folder may be one a card names by a template.
    return inputs.has(p) || IMAGE_EXT.has(extname(name).toLowerCase());
  };

  const sync = () => {
    const dirs = new Set([...inputs].map((p) => dirname(p)));
    for (const [d, w] of watchers) {
      if (!dirs.has(d)) {
        w.close();
        watchers.delete(d);
      }
    }
    for (const d of dirs) {
      if (watchers.has(d)) continue;
      try {
        const w = watch(d, (_event, name) => {
          if (relevant(d, typeof name === 'string' ? name : null)) schedule();
        });
        w.on('error', () => undefined);
        watchers.set(d, w);
      } catch {
        // A folder that no longer exists: watched again once a build names it.
      }
    }
  };

  const build = async () => {
    const t0 = performance.now();
    let outcome: BuildOutcome;
    try {
      const r = await buildDeck(job, out, { overwrite: !first, quiet: true });
      const ms = performance.now() - t0;
      inputs = new Set(r.inputs);
      written = new Set(r.written);
      outcome = { ok: true, ms, result: r, line: `${clock()} built ${r.cards} card${r.cards === 1 ? '' : 's'} in ${(ms / 1000).toFixed(2)} s: ${summary(r, job)}` };
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      if (first && /already exists: use --force/.test(e.message)) {
        stop();
        abort(e);
        return;
      }
      for (const p of guessInputs(job)) inputs.add(p);
      outcome = { ok: false, ms: performance.now() - t0, line: `${clock()} error: ${e.message}${first ? '' : ' (the last good output is kept)'}` };
    }
    first = false;
    if (!closed) {
      (outcome.ok ? out.log : out.err)(outcome.line);
      sync();
    }
    const w = waiters;
    waiters = [];
    w.forEach((f) => f(outcome));
  };

  const run = () => {
    if (running) {
      dirty = true;
      return;
    }
    running = build()
      .catch((e) => {
        // A bug, not the user's input: stop with its stack trace rather than watch on in an unknown state.
        stop();
        abort(e as Error);
      })
      .finally(() => {
        running = undefined;
        if (dirty && !closed) {
          dirty = false;
          run();
        }
      });
  };

  function schedule(): void {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  }

  function stop(): void {
    closed = true;
    clearTimeout(timer);
    for (const w of watchers.values()) w.close();
    watchers.clear();
  }

  sync();
  out.log(`watching ${basename(resolveDeckSafe(job.layout))} and the files it uses for changes (Ctrl-C to stop)`);
  run();
  return {
    done,
    async close() {
      stop();
      await running;
      finish();
    },
    nextBuild() {
      return new Promise((res) => waiters.push(res));
    },
  };
}

function resolveDeckSafe(arg: string): string {
  try {
    return resolveDeck(arg).layout;
  } catch {
    return arg;
  }
}
