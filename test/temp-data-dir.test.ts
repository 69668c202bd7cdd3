/** Tests write only under the run's own temp directory (issue 34 item 8). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { testDataDir } from './temp-data-dir.js';

describe('testDataDir', () => {
  it("is one directory per process, inside the run's temp directory (removed when the run ends), not yet created", () => {
    const run = inject('svcTestTmp');
    expect(relative(tmpdir(), run).startsWith('svc-test-run-')).toBe(true);
    const dir = testDataDir();
    expect(testDataDir()).toBe(dir);
    expect(relative(run, dir)).toMatch(/^svc-test-data-[0-9a-f-]{36}$/);
    expect(existsSync(dir)).toBe(false);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'probe'), 'x');
    expect(existsSync(join(run, relative(run, dir), 'probe'))).toBe(true);
  });
});
