/**
 * `baako deck --watch`: builds, builds again after a change to the data, the layout or an image it draws, prints one
 * line a build, and survives a broken edit (the error line, the last good PDF kept, no half-written file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** A running `baako` whose output lines can be waited for. */
class Watcher {
  readonly lines: string[] = [];
  private readonly p: ChildProcess;
  private wake: () => void = () => undefined;
  constructor(cwd: string, args: string[]) {
    this.p = spawn(process.execPath, ['--import', tsx, join(root, 'src/cli/main.ts'), ...args], { cwd, env: { ...process.env, CI: '1' } });
    let buf = { out: '', err: '' };
    const take = (k: 'out' | 'err') => (d: Buffer) => {
      buf[k] += d.toString();
      const parts = buf[k].split('\n');
      buf[k] = parts.pop()!;
      this.lines.push(...parts.map((l) => `${k}: ${l}`));
      this.wake();
    };
    this.p.stdout!.on('data', take('out'));
    this.p.stderr!.on('data', take('err'));
    buf = { out: '', err: '' };
  }

  /** Waits for a line matching `re` after the first `after` lines, failing after `ms`. */
  async waitFor(re: RegExp, after = 0, ms = 60_000): Promise<string> {
    const end = Date.now() + ms;
    for (;;) {
      const hit = this.lines.slice(after).find((l) => re.test(l));
      if (hit) return hit;
      if (Date.now() > end) throw new Error(`no line ${re} after line ${after} in:\n${this.lines.join('\n')}`);
      await new Promise<void>((res) => {
        this.wake = res;
        setTimeout(res, 200);
      });
    }
  }

  stop(): void {
    this.p.kill('SIGINT');
  }
}

/** Saves a file whole (a new file renamed over the old), as editors do, so no build reads it half written. */
function save(path: string, text: string): void {
  writeFileSync(`${path}.new`, text);
  renameSync(`${path}.new`, path);
}

/** Waits until no line has come for a moment (a save can fire more than one change). */
async function settle(w: Watcher): Promise<void> {
  let n = -1;
  while (n !== w.lines.length) {
    n = w.lines.length;
    await new Promise((r) => setTimeout(r, 400));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'baako-watch-'));
const running: Watcher[] = [];
afterAll(() => running.forEach((w) => w.stop()));

describe('baako deck --watch', () => {
  it('rebuilds on a change, survives a broken edit keeping the last good output, and rebuilds when it is fixed', async () => {
    const layout = JSON.parse(readFileSync(join(root, 'templates/examples/potions.layout.json'), 'utf8'));
    writeFileSync(join(dir, 'deck.layout.json'), JSON.stringify({ ...layout, data: 'deck.csv' }));
    copyFileSync(join(root, 'templates/examples/flask.png'), join(dir, 'flask.png'));
    const csv = readFileSync(join(root, 'templates/examples/potions.csv'), 'utf8');
    writeFileSync(join(dir, 'deck.csv'), csv);
    const w = new Watcher(dir, ['deck', 'deck.layout.json', '--watch', '--out', 'out/deck.pdf', '--proof', 'out/proof.png']);
    running.push(w);
    // Starting (tsx compiling the CLI) is the slow part on a busy machine.
    expect(await w.waitFor(/^out: watching deck\.layout\.json/, 0, 150_000)).toBeTruthy();
    expect(await w.waitFor(/^out: \d\d:\d\d:\d\d built 11 cards in \d+\.\d\d s: out\/deck\.pdf, out\/proof\.png$/)).toBeTruthy();
    const first = readFileSync(join(dir, 'out', 'deck.pdf'));

    // An editor's save: a new file renamed over the old one.
    let mark = w.lines.length;
    writeFileSync(join(dir, '.deck.csv.swp'), csv.replace(',3\n', ',4\n'));
    renameSync(join(dir, '.deck.csv.swp'), join(dir, 'deck.csv'));
    await w.waitFor(/^out: .* built 12 cards in/, mark);
    const second = readFileSync(join(dir, 'out', 'deck.pdf'));
    expect(second.equals(first)).toBe(false);

    // A broken edit: one error line, the PDF of the last good build untouched.
    await settle(w);
    mark = w.lines.length;
    save(join(dir, 'deck.csv'), csv.replace('Healing Draught,water,2', 'Healing Draught,water,two'));
    const err = await w.waitFor(/^err: .* error: /, mark);
    expect(err).toMatch(/deck\.csv row 2, column 'cost': expected a whole number, found 'two' \(the last good output is kept\)$/);
    expect(readFileSync(join(dir, 'out', 'deck.pdf')).equals(second)).toBe(true);

    // The layout changes: built again.
    mark = w.lines.length;
    save(join(dir, 'deck.csv'), csv);
    await w.waitFor(/^out: .* built 11 cards in/, mark);
    await settle(w);
    mark = w.lines.length;
    save(join(dir, 'deck.layout.json'), JSON.stringify({ ...layout, data: 'deck.csv', name: 'Renamed deck' }));
    await w.waitFor(/^out: .* built 11 cards in/, mark);
    await settle(w);
    // An image the cards draw changes: built again.
    mark = w.lines.length;
    copyFileSync(join(root, 'templates/examples/flask.png'), join(dir, 'flask.png'));
    await w.waitFor(/^out: .* built 11 cards in/, mark);

    // One line a build, nothing else.
    for (const l of w.lines) expect(l).toMatch(/^(out: watching |out: \d\d:\d\d:\d\d built |err: \d\d:\d\d:\d\d error: )/);
    expect(readdirSync(join(dir, 'out')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    w.stop();
  }, 400_000);
});
