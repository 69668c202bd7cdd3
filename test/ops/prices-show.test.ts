/**
 * `prices.show` (`svc prices show`): a lean op whose hand-written validator and zod contract give
 * one verdict, an ordinary day in hour order, a clock-change day with its own periods and a note.
 */
import { describe, expect, it } from 'vitest';
import { invoke } from '../../src/ops/invoke.js';
import { operations } from '../../src/ops/index.js';
import { pricesShow } from '../../src/ops/market/prices-show.js';
import { PricesShowRequest } from '../../src/ops/market/prices-show-contract.js';
import { localCtx } from './helpers.js';

const points = (n: number, base = 1000) => Array.from({ length: n }, (_, hour) => ({ hour, priceUahMwh: base + hour }));

describe('prices.show', () => {
  it('lists an ordinary day in hour order, not rounded', async () => {
    const shuffled = [...points(24)].reverse().map((p) => (p.hour === 3 ? { ...p, priceUahMwh: 1234.567 } : p));
    const out = await invoke(pricesShow, localCtx(), { tradeDate: '15.12.2024', prices: shuffled });
    expect(out).toEqual({ tradeDate: '15.12.2024', prices: points(24).map((p) => (p.hour === 3 ? { ...p, priceUahMwh: 1234.567 } : p)) });
  });

  it('says a clock-change day with the periods the book holds', async () => {
    const out = await invoke(pricesShow, localCtx(), { tradeDate: '27.10.2024', prices: points(24), clockChange: 'autumn' });
    expect(out).toMatchObject({ clockChange: 'autumn', periods: 24 });
    expect('note' in out && out.note).toContain('fall-back day: 25 settlement periods; 24 in the file');
    expect(await invoke(pricesShow, localCtx(), { tradeDate: '31.03.2024', prices: points(23), clockChange: 'spring' })).toMatchObject({ periods: 23 });
  });

  it('the lean validator and the zod contract agree', async () => {
    const cases: unknown[] = [
      { tradeDate: '15.12.2024', prices: points(24) },
      { tradeDate: '15.12.2024', prices: points(23) },
      { tradeDate: '15.12.2024', prices: points(25), clockChange: 'autumn' },
      { tradeDate: '15.12.2024', prices: points(26), clockChange: 'autumn' },
      { tradeDate: '31.02.2024', prices: points(24) },
      { tradeDate: '15.12.2024', prices: points(24), clockChange: 'winter' },
      { tradeDate: '15.12.2024', prices: [...points(23), { hour: 0, priceUahMwh: 1 }] },
      { tradeDate: '15.12.2024', prices: points(24, -5) },
      { tradeDate: '15.12.2024', prices: points(24), extra: 1 },
      { tradeDate: '15.12.2024', prices: [...points(23), { hour: 23, priceUahMwh: 1, x: 1 }] },
      { tradeDate: '15.12.2024', prices: 'x' },
      null,
    ];
    for (const input of cases) {
      const lean = await pricesShow.input['~standard'].validate(input);
      expect(Boolean(lean.issues), JSON.stringify(input)).toBe(!PricesShowRequest.safeParse(input).success);
    }
    expect(operations.find((o) => o.id === 'prices.show')?.input).toBe(PricesShowRequest);
  });
});
