import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a fresh module graph of their own: they mock a module (`vi.mock`) or set
 * process-wide environment variables at module level. Every other file shares its worker's module
 * graph with the files run before it (`isolate: false`): loading and transforming the sources once
 * per worker instead of once per file (issue 34: about half the wall time of the pure-engine files
 * was preparing and collecting them). A file added here costs its own module load; a file that
 * leaks state (env, mocks, module-level caches it asserts on) belongs here.
 */
const ISOLATED = ['test/ops/plan-on-failed-day.test.ts', 'test/cli/fuzz.test.ts', 'test/cli/backtest-strategy.test.ts'];

export default defineConfig({
  test: {
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
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
