/**
 * One temp directory for the whole run, removed when it ends: the tests' own data directories
 * (test/temp-data-dir.ts) live in it, so nothing they write outlives the run, even when a worker
 * process is stopped before its exit handlers run.
 *
 * One forecast member-fit cache for the whole run (SVC_FIT_CACHE_DIR, src/ops/forecast/
 * forecast-member-cache.ts), in that directory: set here, before the test processes start, so they
 * and the CLI processes they spawn inherit it, and the in-process configurations read it
 * (temp-data-dir.ts fitCacheEnv). The shipped fixture's days are then fitted once per run, not once
 * per test; test/cli/forecast-cache.test.ts runs the cold path on a directory of its own. Already
 * set (a developer keeping fits between runs): kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    svcTestTmp: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-run-'));
  project.provide('svcTestTmp', dir);
  process.env.SVC_FIT_CACHE_DIR ??= join(dir, 'fit-cache');
  return () => rmSync(dir, { recursive: true, force: true });
}
