/**
 * Fuzzed command-line inputs (cli-cases.ts): every one ends with exit 0, 3 (a scan with doubts) or 2 and one
 * line "baako: ...", each within 5 s of CPU, all within 500 MB. `BAAKO_FUZZ_SEED` replays another set;
 * `npm run bench -- server` runs more.
 */
import { describe, expect, it } from 'vitest';
import { cliCases } from './cli-cases.js';
import { cliProblem, runCliCases } from './fuzz-cli-run.js';

const seed = Number(process.env.BAAKO_FUZZ_SEED ?? 25);

describe('the command line, fuzzed', () => {
  it('answers every bad input with exit 2 and one line, in bounded time and memory', async () => {
    const cases = cliCases(seed);
    const run = await runCliCases(cases, 150_000);
    expect(run.hung, `seed ${seed}: a case never ended`).toBeUndefined();
    expect(run.outcomes).toHaveLength(cases.length);
    const problems = run.outcomes.map((o) => cliProblem(o, 5000)).filter(Boolean);
    expect(problems, `seed ${seed}`).toEqual([]);
    // Most of them are refused: the mutations are not all harmless.
    expect(run.outcomes.filter((o) => o.code === 2).length).toBeGreaterThan(cases.length / 2);
    expect(run.maxRssMb).toBeLessThan(500);
    const slowest = [...run.outcomes].sort((a, b) => b.cpuMs - a.cpuMs)[0];
    console.log(`cli fuzz: ${cases.length} inputs (seed ${seed}), ${run.outcomes.filter((o) => o.code === 2).length} refused; slowest ${slowest.name} ${Math.round(slowest.cpuMs)} ms CPU; peak ${Math.round(run.maxRssMb)} MB`);
  }, 180_000);
});
