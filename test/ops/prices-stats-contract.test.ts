/**
 * prices.stats has two validators: the lean one the CLI runs (no zod on the cold path) and the zod
 * contract the HTTP and MCP doors derive from (withContract). They must give one verdict on every
 * input, and the same input JSON Schema to derive flags from; the op is served on HTTP.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { PricesStatsInput } from '../../src/ops/market/prices-stats-input.js';
import { PricesStatsRequest } from '../../src/ops/market/prices-stats-contract.js';
import { harness, post, type Harness } from '../http/harness.js';

const date = fc.oneof(
  fc.constantFrom('01.01.2025', '02.01.2025', '28.02.2025', '29.02.2024', '31.12.2024'),
  fc.constantFrom('29.02.2025', '31.04.2025', '2025-01-01', '1.1.2025', '00.01.2025', ''),
);
const price = fc.oneof(fc.double({ min: 0, max: 1_000_000, noNaN: true }), fc.constantFrom(-1, 1_000_001, Number.NaN, '5'));
const day = fc.oneof(fc.array(price, { minLength: 24, maxLength: 24 }), fc.array(price, { minLength: 0, maxLength: 25 }), fc.constant(null));
const input = fc.oneof(
  fc.record({ prices: fc.dictionary(date, day, { maxKeys: 3 }), from: fc.option(date, { nil: undefined }), to: fc.option(date, { nil: undefined }) }, { requiredKeys: ['prices'] }),
  fc.record({ prices: fc.constantFrom(null, [], 'x') }),
  fc.record({ prices: fc.constant({}), extra: fc.integer() }),
  fc.constantFrom(null, [], 'x'),
);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('prices.stats: the lean validator and the zod contract', () => {
  it('give one verdict on every input', () => {
    fc.assert(
      fc.property(input, (value) => {
        const lean = PricesStatsInput['~standard'].validate(value) as { issues?: unknown[] };
        const zod = PricesStatsRequest.safeParse(value);
        expect(lean.issues === undefined).toBe(zod.success);
      }),
      { numRuns: 500 },
    );
  });

  it('describe the same fields to the CLI', () => {
    const lean = PricesStatsInput['~standard'].jsonSchema?.input({ target: 'draft-2020-12' }) as { properties: Record<string, { pattern?: string; description?: string }>; required: string[] };
    const zod = PricesStatsRequest['~standard'].jsonSchema.input({ target: 'draft-2020-12' }) as unknown as typeof lean;
    expect(Object.keys(lean.properties)).toEqual(Object.keys(zod.properties));
    expect(lean.required).toEqual(zod.required);
    for (const k of ['from', 'to']) expect([lean.properties[k]?.pattern, lean.properties[k]?.description]).toEqual([zod.properties[k]?.pattern, zod.properties[k]?.description]);
  });

  it('is served on HTTP, checked against its OpenAPI entry', async () => {
    h = await harness();
    const d = Array.from({ length: 24 }, (_, i) => 1000 + i);
    const res = await h.inject(post('/api/prices/stats', { prices: { '01.01.2025': d, '03.01.2025': d } }));
    expect(res.statusCode).toBe(200);
    expect(h.json<{ gaps: { missing: string[] } }>(res).gaps.missing).toEqual(['02.01.2025']);
    expect((await h.inject(post('/api/prices/stats', { prices: { '01.01.2025': [1] } }))).statusCode).toBe(400);
  });
});
