/**
 * The tests' temporary folders (mkdtemp under os.tmpdir(), in the tests and in the processes they start) all go
 * into one folder of this run's own, removed when the run ends: a run leaves nothing behind in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'baako-tests-'));
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
