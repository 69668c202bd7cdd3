/**
 * Issue 27, "never lose a run to one day": a backtest on forecasts whose plan engine fails on one
 * day's forecast prices names that day in `failedDays` with a reason that says the prices were a
 * forecast, and settles every other day. The battery engine is wrapped so that it fails exactly
 * once, on the first forecast price path it is given (a path that is none of the book's days),
 * since forecasts held inside the caps no longer fail by themselves.
 */
import { describe, expect, it, vi } from 'vitest';
import type { PriceBook } from '../../src/domain/prices.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from '../../src/domain/settings.js';
import { compareTradeDates } from '../../src/domain/dates.js';
import { backtestSummary } from '../../src/ops/strategy/backtest.js';
import { realBook } from '../engines/backtest-fixture.js';
import { call, localCtx } from './helpers.js';

const failures = vi.hoisted(() => ({ left: 1, actual: new Set<string>() }));
vi.mock('../../src/engines/bess.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/engines/bess.js')>();
  // A price path that is none of the book's days is a forecast's.
  const onForecast = (prices: readonly number[]) => !failures.actual.has(prices.join(','));
  return {
    ...original,
    planBess: (prices: number[], settings: Parameters<typeof original.planBess>[1]) => {
      if (failures.left > 0 && onForecast(prices)) {
        failures.left -= 1;
        throw new Error('planted engine failure');
      }
      return original.planBess(prices, settings);
    },
  };
});

function slice(from: string, to: string): PriceBook {
  const out: PriceBook = {};
  for (const [d, day] of Object.entries(realBook().book)) if (compareTradeDates(d, from) >= 0 && compareTradeDates(d, to) <= 0) out[d] = day;
  return out;
}

describe('a backtest on forecasts with a day that cannot be planned', { timeout: 300_000 }, () => {
  it('names the day with a forecast reason, settles the others, and the totals cover only them', async () => {
    const book = slice('10.12.2024', '14.12.2024');
    for (const day of Object.values(book)) failures.actual.add(day.map((p) => p.priceUahMwh).join(','));
    const body = await call(backtestSummary, localCtx(), {
      priceBook: book,
      strategySettings: { ...DEFAULT_TRADING_SETTINGS, feeUahPerMwh: 10 },
      bessSettings: { ...DEFAULT_BESS_SETTINGS, degradationCostUahMwh: 50 },
      planOn: 'forecast',
      history: slice('10.10.2024', '09.12.2024'),
    });
    const fp = body.forecastPlans!;
    expect(failures.left).toBe(0);
    expect(fp.failedDays).toHaveLength(1);
    const failed = fp.failedDays[0]!;
    expect(failed.date).toBe('10.12.2024');
    expect(failed.reason).toMatch(/forecast prices for 10\.12\.2024 could not be planned: planted engine failure/);
    expect(fp.days).toBe(4);
    expect(fp.monthly.find((m) => m.month === 'all')?.days).toBe(4);
    expect(body.summary.daily).toHaveLength(5);
  });
});
