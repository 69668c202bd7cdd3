/** The bounded run of the OpenAPI-driven fuzzer (issue 10); `npm run fuzz -- --requests N` is the long run. */
import { afterEach, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../http/harness.js';
import { fuzz } from './fuzzer.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('OpenAPI-driven fuzzer (bounded run)', () => {
  it('public-demo mode: ~3,000 mutated requests over every route, no 5xx, every body documented, no leak', async () => {
    h = await harness({ config: { rateLimitPerMinute: 1_000_000 } });
    const report = await fuzz(h.app, 3000, 20261122);
    expect(report.routes).toBeGreaterThan(15);
    expect(report.requests).toBeGreaterThan(2500);
    expect(report.failures).toEqual([]);
    // The run reached both the success and the error paths.
    const ok = Object.entries(report.byStatus).filter(([s]) => s.startsWith('2')).reduce((n, [, c]) => n + c, 0);
    expect(ok).toBeGreaterThan(100);
    expect(report.byStatus['400'] ?? 0).toBeGreaterThan(500);
  }, 120_000);

  it('key mode with RBAC: the same invariants hold for rejected callers', async () => {
    h = await harness({ config: { requireApiKey: true, apiKey: 'master-key-for-tests-0123456789', enforceRbac: true, rateLimitPerMinute: 1_000_000 } });
    const report = await fuzz(h.app, 600, 7);
    expect(report.failures).toEqual([]);
    expect(report.byStatus['401'] ?? 0).toBeGreaterThan(100);
  }, 60_000);
});
