/** Small terminal helpers shared by the commands. */

export interface Out {
  log(line?: string): void;
  err(line: string): void;
  /** True when stderr is a terminal: progress is shown only then. */
  interactive: boolean;
}

export const stdio: Out = {
  log: (line = '') => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  interactive: Boolean(process.stderr.isTTY) && !process.env.CI,
};

/** A one-line progress counter on stderr, redrawn in place; silent when not on a terminal. */
export function progress(out: Out, label: string, total: number) {
  let last = 0;
  return {
    tick(done: number) {
      if (!out.interactive) return;
      const now = Date.now();
      if (done < total && now - last < 80) return;
      last = now;
      process.stderr.write(`\r${label} ${done}/${total}${done === total ? '\n' : ''}`);
    },
  };
}

export function pad(s: string | number, n: number): string {
  return String(s).padEnd(n);
}

export function padStart(s: string | number, n: number): string {
  return String(s).padStart(n);
}
