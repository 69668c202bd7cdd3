import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One temp directory per run for the tests' data directories, removed at the end (test/temp-data-dir.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core (Vitest's default leaves one core free): most files wait on the CLI
    // processes and servers they start, so on the 2-core CI machine this takes the suite from
    // about 360 s to 260 s.
    maxWorkers: availableParallelism(),
    minWorkers: 1,
  },
});
