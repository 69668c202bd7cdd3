import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

/**
 * Files that need a fresh module graph of their own: they mock a module (`vi.mock`), or assert on
 * a module-level state as a fresh process has it (temp-data-dir: the process's data directory not
 * yet created). Every other
 * file runs in its worker's process after the files before it, sharing its module graph
 * (`isolate: false`): the sources are loaded and transformed once per worker instead of once per
 * file (issue 34). A file that changes process-wide state (env, cwd, listeners) puts it back when it
 * ends (test/cli/in-process.ts `overrideEnv`); a file that cannot belongs here (it costs its own
 * module load, and vitest runs the isolated files apart from the shared ones, not beside them).
 */
const ISOLATED = ['test/ops/plan-on-failed-day.test.ts', 'test/temp-data-dir.test.ts'];

export default defineConfig({
  test: {
    // One temp directory per run for the tests' data directories, removed at the end (test/temp-data-dir.ts).
    globalSetup: ['test/global-setup.ts'],
    // A macrotask turn after each test (test/setup-yield.ts).
    setupFiles: ['test/setup-yield.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core (Vitest's default leaves one core free): most files wait on the CLI
    // processes and servers they start, so on the 2-core CI machine this takes the suite from
    // about 360 s to 260 s.
    maxWorkers: availableParallelism(),
    minWorkers: 1,
    // The pool keeps its processes between files (vitest reads this from the root config only: a
    // project's `isolate` alone decides whether a worker resets its modules, while the pool still
    // started a fresh process for every file). Files of the two projects never share a process.
    poolOptions: { forks: { isolate: false } },
    // The longest files start first (test/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true, poolOptions: { forks: { isolate: true } } } },
    ],
  },
});
