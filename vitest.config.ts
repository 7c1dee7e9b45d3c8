import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/setup/tmp-dir.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // 2-core CI machine: two workers keep wall time low without thrashing.
    pool: 'forks',
    maxWorkers: 2,
  },
});
