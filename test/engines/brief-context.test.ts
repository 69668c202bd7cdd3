import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PriceCapContext } from '../../src/domain/brief.js';
import { PriceCapContext as PriceCapSchema } from '../../src/domain/brief.js';
import { SvcError } from '../../src/domain/errors.js';
import { CAP_EPSILON_UAH_MWH, buildPriceCapContext, validateBriefContext } from '../../src/engines/brief/index.js';
import { capsFor, realDay } from './brief-fixtures.js';

const DATE = '20.01.2024';
const prices = realDay(DATE);
const base = buildPriceCapContext(prices, capsFor(DATE), 0.01) as PriceCapContext;

function failingPaths(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SvcError);
    const err = e as SvcError;
    expect(err.code).toBe('validation_error');
    expect(err.code).toBe('validation_error');
    return err.issues.map((i) => i.path);
  }
  throw new Error('expected a validation error');
}

const validate = (cap: PriceCapContext | null, market?: 'DAM' | 'IDM', p: readonly number[] = prices) =>
  validateBriefContext(p, DATE, { ...(market ? { market } : {}), regulatory: { priceCap: cap } });
const PATH = 'context.regulatory.priceCap';

describe('buildPriceCapContext', () => {
  it('builds a context the schema accepts and the validator agrees with', () => {
    expect(PriceCapSchema.parse(base)).toEqual(base);
    expect(validate(base, 'DAM')).toEqual({ market: 'DAM', marketStated: true, priceCap: base });
  });

  it('collapses hour bands to the widest corridor (R3: floor 10, caps 3 000..7 500)', () => {
    expect(base).toMatchObject({ minUahMwh: 10, maxUahMwh: 7500, decision: 'NEURC Resolution 2099', validFrom: '01.12.2023', market: 'DAM', unit: 'UAH/MWh' });
    expect(base.minObservedUahMwh).toBe(Math.min(...prices));
    expect(base.distanceToMaxUahMwh).toBe(7500 - Math.max(...prices));
  });

  it('lists cap hits within the tolerance, boundary included', () => {
    const p = prices.map((v, h) => (h === 18 ? 7500 : h === 19 ? 7499.99 : h === 3 ? 10 : v));
    const ctx = buildPriceCapContext(p, capsFor(DATE), 0.01) as PriceCapContext;
    expect(ctx.maxCapHitHours).toEqual([18, 19]);
    expect(ctx.minCapHitHours).toEqual([3]);
    expect(validate(ctx, undefined, p).priceCap).toBe(ctx);
  });

  it('returns null when the table has no number for a bound', () => {
    const entry = { ...capsFor(DATE), minByHour: new Array<number | null>(24).fill(null) };
    expect(buildPriceCapContext(prices, entry, 0.01)).toBeNull();
  });

  it('property: a built context always validates against its prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_500_000 }).map((c) => c / 100), { minLength: 24, maxLength: 24 }),
        fc.integer({ min: 0, max: 500_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 1_500_000 }).map((c) => c / 100),
        fc.integer({ min: 0, max: 1000 }).map((c) => c / 100),
        (p, a, b, tol) => {
          const entry = { decision: 'd', validFrom: '01.01.2020', sourceUrl: null, market: 'DAM' as const, minByHour: new Array(24).fill(Math.min(a, b)), maxByHour: new Array(24).fill(Math.max(a, b)) };
          const ctx = buildPriceCapContext(p, entry, tol) as PriceCapContext;
          expect(PriceCapSchema.safeParse(ctx).success).toBe(true);
          expect(validateBriefContext(p, DATE, { regulatory: { priceCap: ctx } }).priceCap).toBe(ctx);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('validateBriefContext', () => {
  it('without a context assumes DAM and says the market was not stated', () => {
    expect(validateBriefContext(prices, DATE, undefined)).toEqual({ market: 'DAM', marketStated: false, priceCap: null });
    expect(validateBriefContext(prices, DATE, { market: 'IDM', regulatory: { priceCap: null } })).toEqual({ market: 'IDM', marketStated: true, priceCap: null });
    expect(validateBriefContext(prices, DATE, { regulatory: { priceCap: { ...base, market: 'IDM' } } }).market).toBe('IDM');
  });

  const tampered: Array<[string, Partial<PriceCapContext>]> = [
    ['minObservedUahMwh', { minObservedUahMwh: base.minObservedUahMwh + 1 }],
    ['maxObservedUahMwh', { maxObservedUahMwh: base.maxObservedUahMwh - 0.5 }],
    ['distanceToMinUahMwh', { distanceToMinUahMwh: base.distanceToMinUahMwh + 0.001 }],
    ['distanceToMaxUahMwh', { distanceToMaxUahMwh: -base.distanceToMaxUahMwh }],
    ['maxCapHitHours', { maxCapHitHours: [18] }],
    ['minCapHitHours', { minCapHitHours: [0] }],
    ['validFrom', { validFrom: '01.02.2024' }],
    ['validFrom', { validFrom: '2024-01-21' }],
  ];
  it.each(tampered)('rejects a wrong %s with its path', (field, change) => {
    expect(failingPaths(() => validate({ ...base, ...change }))).toEqual([`${PATH}.${field}`]);
  });

  it('rejects a floor above the cap (and the derived facts that no longer hold)', () => {
    const paths = failingPaths(() => validate({ ...base, minUahMwh: 8000 }));
    expect(paths[0]).toBe(`${PATH}.minUahMwh`);
    expect(paths).toContain(`${PATH}.distanceToMinUahMwh`);
  });

  it('lists every failing path in one error', () => {
    const paths = failingPaths(() => validate({ ...base, minObservedUahMwh: 0, maxObservedUahMwh: 0 }));
    expect(paths).toEqual([`${PATH}.minObservedUahMwh`, `${PATH}.maxObservedUahMwh`]);
  });

  it(`accepts float noise below ${CAP_EPSILON_UAH_MWH} and rejects anything above`, () => {
    expect(() => validate({ ...base, distanceToMaxUahMwh: base.distanceToMaxUahMwh + 1e-9 })).not.toThrow();
    expect(() => validate({ ...base, distanceToMaxUahMwh: base.distanceToMaxUahMwh + 1e-5 })).toThrow(SvcError);
  });

  it('compares hit hours as sets: order and repeats do not matter', () => {
    const p = prices.map((v, h) => (h === 17 || h === 18 ? 7500 : v));
    const ctx = buildPriceCapContext(p, capsFor(DATE), 0.01) as PriceCapContext;
    expect(ctx.maxCapHitHours).toEqual([17, 18]);
    expect(() => validate({ ...ctx, maxCapHitHours: [18, 17, 18] }, undefined, p)).not.toThrow();
    expect(failingPaths(() => validate({ ...ctx, maxCapHitHours: [17, 18, 19] }, undefined, p))).toEqual([`${PATH}.maxCapHitHours`]);
  });

  it('rejects caps of another market', () => {
    expect(failingPaths(() => validate({ ...base, market: 'IDM' }, 'DAM'))).toEqual([`${PATH}.market`]);
    expect(failingPaths(() => validate({ ...base, market: 'BM' }))).toEqual([`${PATH}.market`]);
    expect(() => validate({ ...base, market: 'DAM' }, 'DAM')).not.toThrow();
  });

  it('does not reject a validFrom it cannot read, nor caps that start on the trade date', () => {
    expect(() => validate({ ...base, validFrom: 'since December' })).not.toThrow();
    expect(() => validate({ ...base, validFrom: DATE })).not.toThrow();
  });
});
