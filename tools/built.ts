/**
 * The built package (dist/), for the tests and benchmarks that run it as users do: built here when src/ is newer
 * than the build's last output, once, by whichever caller gets there first; the others wait for it rather than
 * build alongside.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from './newest.js';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** The bin as installed. */
export const bin = join(root, 'bin', 'baako.js');
// the build's last step writes the saved help pages (package.json's build script)
const last = join(root, 'dist', 'bundle', 'help.json');
const lock = join(root, 'dist.building');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const fresh = () => existsSync(last) && statSync(last).mtimeMs >= newest(join(root, 'src'));
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Builds dist/ if it is older than src/; `building` is told first (a benchmark says so on its terminal). */
export function ensureBuilt(building?: () => void): void {
  for (;;) {
    if (fresh()) return;
    try {
      mkdirSync(lock);
      break;
    } catch {
      // another caller is building (a lock left by a build that died goes after ten minutes)
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      pause(250);
    }
  }
  try {
    if (!fresh()) {
      building?.();
      try {
        execFileSync(npm, ['run', 'build'], { cwd: root, stdio: 'pipe' });
      } catch (e) {
        const stderr = String((e as { stderr?: Buffer }).stderr ?? '').trim();
        throw new Error(`npm run build failed: ${stderr.split('\n').slice(-3).join(' | ')}`);
      }
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
