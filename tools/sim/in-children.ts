/**
 * Runs one exported async function over many items in child processes, one per core, so that simulating or reading
 * thousands of photos uses the whole machine. Each child imports the function's module (`child-task.ts`) and takes
 * items from a shared queue; results come back in the items' order whatever the number of cores, so the
 * training's examples do not depend on the machine. Progress is shown on a terminal only.
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface ChildTask {
  /** The module's URL (`import.meta.url` of the module exporting `name`). */
  module: string;
  name: string;
}

export async function mapInChildren<T, R>(task: ChildTask, items: T[], label: string): Promise<R[]> {
  const results = new Array<R>(items.length);
  if (!items.length) return results;
  const entry = fileURLToPath(new URL('./child-task.ts', import.meta.url));
  let next = 0;
  let done = 0;
  const children = Math.min(availableParallelism(), items.length);
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const child = fork(entry, [], { execArgv: ['--import', 'tsx'] });
      const give = () => {
        if (next < items.length) {
          const at = next++;
          child.send({ ...task, at, item: items[at] });
        } else child.disconnect();
      };
      child.on('message', (m: { at: number; result?: R; error?: string }) => {
        if (m.error !== undefined) {
          next = items.length; // the other children stop after their current item
          child.kill();
          reject(new Error(`${label} ${m.at + 1}: ${m.error}`));
          return;
        }
        results[m.at] = m.result as R;
        done++;
        if (process.stderr.isTTY) process.stderr.write(`\r${label} ${done}/${items.length}`);
        give();
      });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${label}: a child process exited with code ${code}`))));
      give();
    });
  await Promise.all(Array.from({ length: children }, one));
  if (process.stderr.isTTY) process.stderr.write('\n');
  return results;
}
