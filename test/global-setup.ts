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
 *
 * On a run of the whole suite, the days most forecast tests read are fitted into that cache here,
 * once, before any file starts (warmFits below).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    svcTestTmp: string;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-test-run-'));
  project.provide('svcTestTmp', dir);
  process.env.SVC_FIT_CACHE_DIR ??= join(dir, 'fit-cache');
  await warmFits(project, dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * October and December 2024 of the shipped fixture with their warm-up (June to December) and the day after
 * the book (01.01.2025), fitted into the run's cache by the built CLI before the test files start.
 * Those are the days most forecast tests read: the docs' report blocks and their server, the
 * browser's forecast day, `svc forecast`, the plans on the forecast, the cap windows, the MCP and
 * brief tests. Started at once on both workers, several of them fitted the same days side by side
 * (the cache saves a day only once it is stored); here they are fitted once, on the CLI's pool (one
 * thread per core), and every file reads them back. The days' keys are their inputs alone, so the
 * CLI's fits serve the in-process operations, the server and fixture mode alike.
 *
 * Only for a run of the whole suite (a run of chosen files starts at once), with the cache on and
 * the CLI built (`npm test` builds it first); globalSetup runs once per project, the fits once. The
 * file filters are read from vitest's `filenamePattern` (internal in vitest 3): should it go, a run of
 * chosen files warms too (about 20 s of CPU more), never a wrong answer.
 */
async function warmFits(project: TestProject, dir: string): Promise<void> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  if (process.env.SVC_TEST_FITS_WARMED || process.env.SVC_FIT_CACHE === 'false' || (filters?.length ?? 0) > 0) return;
  process.env.SVC_TEST_FITS_WARMED = '1';
  const bin = join(ROOT, 'bin', 'svc.js');
  if (!existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) return;
  const fixture = join(ROOT, 'fixtures', 'oree-dam-ips-2022-2024.csv');
  const env = { ...process.env, SVC_DATA_DIR: join(dir, 'warm-fits-data') };
  const run = promisify(execFile);
  // A failure here costs only the warm cache: the tests that need these fits make them and say what went wrong.
  try {
    await run(process.execPath, [bin, 'forecast', fixture, '--month', '12.2024', '--format', 'json'], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 });
    // A plan on the forecast of a December day also reads the plans of the 56 days before it (its PnL band), whose warm-up reaches back to July.
    await run(process.execPath, [bin, 'forecast', fixture, '--month', '10.2024', '--format', 'json'], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 });
    await run(process.execPath, [bin, 'forecast', fixture, '--date', '01.01.2025', '--format', 'json'], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    console.warn(`test/global-setup.ts: the forecast fits were not warmed (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`);
  }
}
