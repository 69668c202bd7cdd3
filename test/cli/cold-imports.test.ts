/** A cold `svc prices stats` loads neither the database nor the Redis driver, nor zod. */
import { execa } from 'execa';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/svc.js', import.meta.url));
const TRACE = fileURLToPath(new URL('./fixtures/trace-imports.mjs', import.meta.url));
const BOOK = fileURLToPath(new URL('../../fixtures/oree-dam-ips-2022-2024.csv', import.meta.url));

it('svc prices stats never imports pg, ioredis or zod, even with SVC_DATABASE_URL and SVC_REDIS_URL set', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cold-'));
  const trace = join(dir, 'trace.txt');
  try {
    const r = await execa(process.execPath, ['--import', TRACE, BIN, 'prices', 'stats', BOOK], {
      reject: false,
      env: { SVC_TRACE_FILE: trace, SVC_DATABASE_URL: 'postgres://svc:pw@127.0.0.1:1/svc', SVC_REDIS_URL: 'redis://127.0.0.1:1', NO_COLOR: '1' },
    });
    expect(r.exitCode).toBe(0);
    expect(existsSync(trace)).toBe(true);
    const loaded = readFileSync(trace, 'utf8');
    expect(loaded).toContain('/dist/'); // the trace works: svc's own modules (or its bundle) were resolved
    expect(loaded).not.toMatch(/\/node_modules\/(pg|pg-pool|ioredis|zod)\//);
    expect(loaded).not.toContain('/dist/vendor/zod.js'); // the build's one-file zod
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
