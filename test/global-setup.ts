/**
 * One temp directory for the whole run, removed when it ends: the tests' own data directories
 * (test/temp-data-dir.ts) live in it, so nothing they write outlives the run, even when a worker
 * process is stopped before its exit handlers run.
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
  return () => rmSync(dir, { recursive: true, force: true });
}
