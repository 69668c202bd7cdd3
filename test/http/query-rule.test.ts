/**
 * One rule for query parameters on every read (docs/http.md, "Query parameters"): a parameter the
 * route does not declare is ignored and named in X-Svc-Ignored-Query, never a 400; a declared
 * parameter with a bad value is 400 where the route lists 400; the exchange-index read (the spec
 * lists no 400 there) answers an unsupported lang in uk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allOperations, harness, type Harness } from './harness.js';

const TOKEN = 'query-rule-service-token-0123456789abcdef';
let h: Harness;
beforeAll(async () => {
  h = await harness({ config: { serviceToken: TOKEN } });
});
afterAll(async () => {
  await h.close();
});

describe('query parameters', () => {
  it('an undeclared parameter is ignored and named in X-Svc-Ignored-Query, on every GET route of the registry', async () => {
    const reads = allOperations().filter((op) => op.http?.method === 'GET' && op.http.inputFrom === 'query' && !op.http.path.includes(':'));
    expect(reads.length).toBeGreaterThan(10);
    for (const op of reads) {
      const path = op.http!.path;
      const headers = { 'x-svc-service-token': TOKEN };
      const bare = await h.inject({ url: path, headers });
      const extra = await h.inject({ url: `${path}?zzUnknown=1&other=2`, headers });
      // Same status as without the stray parameters (a required parameter missing is 400 both times).
      expect(extra.statusCode, path).toBe(bare.statusCode);
      expect(extra.headers['x-svc-ignored-query'], path).toBe('zzUnknown, other');
      expect(bare.headers['x-svc-ignored-query'], path).toBeUndefined();
    }
  });

  it('a typo of an optional parameter does not pass unnoticed: lng=en is named', async () => {
    const res = await h.inject('/api/billing/plans?lng=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-svc-ignored-query']).toBe('lng');
  });

  it('a declared parameter with a bad value is still 400 naming it', async () => {
    const res = await h.inject('/api/billing/plans?lang=de');
    expect(res.statusCode).toBe(400);
    expect(h.json<{ error: { issues: { path: string }[] } }>(res).error.issues[0]?.path).toBe('lang');
  });

  it('a number out of range names the range (audit limit)', async () => {
    for (const [limit, word] of [['100000', 'above'], ['0', 'below'], ['ten', 'expected']] as const) {
      const res = await h.inject(`/api/audit/events?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      expect(h.json<{ error: { message: string } }>(res).error.message, limit).toMatch(new RegExp(`${word}.*a whole number in 1\\.\\.500`));
    }
  });

  it('the exchange-index read lists no 400: lang=de and unknown parameters are answered (lang uk)', async () => {
    for (const url of ['/api/exch/electricity-indexes?lang=de', '/api/exch/electricity-indexes?foo=bar', '/api/exch/electricity-indexes?lang=en&x=1']) {
      const res = await h.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(h.json<{ lang: string }>(res).lang, url).toBe(url.includes('lang=en') ? 'en' : 'uk');
    }
  });

  it('OpenAPI documents the header and the rule', async () => {
    const doc = h.json<{ info: { description: string } }>(await h.inject('/api/openapi.json'));
    expect(doc.info.description).toContain('X-Svc-Ignored-Query');
  });
});
