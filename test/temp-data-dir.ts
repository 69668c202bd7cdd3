/**
 * A data directory of the test process's own, under the system temp dir (issue 34 item 8: a config
 * with `dataDir: '/nonexistent'` made `npm test` as root create `/nonexistent/receipt-ed25519.pem`).
 * Only named here: svc creates it when a test first writes there (a receipt key, a store), so a
 * test that writes nothing leaves nothing behind. It sits in the run's temp directory
 * (test/global-setup.ts), removed when the run ends, and is removed when the process exits.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Outside vitest (`npm run fuzz` runs the HTTP harness under tsx) there is no run directory to ask
// for, and importing vitest there throws: the system temp dir is used instead.
const vitest = process.env.VITEST ? await import('vitest') : undefined;

let dir: string | undefined;

export function testDataDir(): string {
  if (dir === undefined) {
    const named = join(vitest?.inject('svcTestTmp') ?? tmpdir(), `svc-test-data-${randomUUID()}`);
    process.once('exit', () => rmSync(named, { recursive: true, force: true }));
    dir = named;
  }
  return dir;
}

/**
 * The run's shared forecast member-fit cache (test/global-setup.ts) for configurations built from
 * an env of their own; SVC_FIT_CACHE=false in the environment turns it off there too (to measure
 * the suite without it).
 */
export function fitCacheEnv(): { SVC_FIT_CACHE_DIR?: string; SVC_FIT_CACHE?: string } {
  const { SVC_FIT_CACHE_DIR: dir, SVC_FIT_CACHE: on } = process.env;
  return { ...(dir ? { SVC_FIT_CACHE_DIR: dir } : {}), ...(on ? { SVC_FIT_CACHE: on } : {}) };
}
