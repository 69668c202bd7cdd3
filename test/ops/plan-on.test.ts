/**
 * `planOn: "forecast"` through the operations (plan, BESS, backtest): the plan is chosen on the p50
 * the forecast engine gives for that day from the days before it, and settled at the actual prices.
 */
import { describe, expect, it } from 'vitest';
import type { PriceBook } from '../../src/domain/prices.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from '../../src/domain/settings.js';
import { compareTradeDates } from '../../src/domain/dates.js';
import { backtestSummary } from '../../src/ops/backtest.js';
import { forecastDays } from '../../src/ops/forecast-cli.js';
import { bessPlan, strategyPlan } from '../../src/ops/strategy.js';
import { realBook } from '../engines/backtest-fixture.js';
import { call, localCtx } from './helpers.js';

const ctx = localCtx();
const trading = { ...DEFAULT_TRADING_SETTINGS, feeUahPerMwh: 10 };
const bess = { ...DEFAULT_BESS_SETTINGS, degradationCostUahMwh: 50 };

/** The book's days from..to (a short history keeps the fits short: the 56- and 84-day members). */
function slice(from: string, to: string): PriceBook {
  const out: PriceBook = {};
  for (const [d, day] of Object.entries(realBook().book)) if (compareTradeDates(d, from) >= 0 && compareTradeDates(d, to) <= 0) out[d] = day;
  return out;
}

describe('planOn forecast', () => {
  const date = '15.12.2024';
  const history = slice('01.08.2024', '14.12.2024');
  const prices = realBook().book[date]!;

  it('plans the day on the engine p50 of that day and settles at the actual prices, beside perfect foresight', async () => {
    const onForecast = await call(strategyPlan, ctx, { tradeDate: date, prices, settings: trading, planOn: 'forecast', history });
    const onActual = await call(strategyPlan, ctx, { tradeDate: date, prices, settings: trading });
    const s = onForecast.settlement!;
    const engine = await call(forecastDays, ctx, { priceBook: { ...history, [date]: prices }, from: date, to: date });
    expect(s.forecastP50).toEqual(engine.days[0]!.points.map((p) => p.p50));
    expect(s.perfectForesightPnlUah).toBe(onActual.plan.netPnlUah);
    expect(s.realisedPnlUah).toBeLessThanOrEqual(s.perfectForesightPnlUah);
    expect(s.captureRatio).toBeCloseTo(s.realisedPnlUah / s.perfectForesightPnlUah, 3);
    // The plan's own PnL is at the forecast prices, not what it realises.
    expect(onForecast.plan.netPnlUah).not.toBe(s.realisedPnlUah);

    const b = await call(bessPlan, ctx, { tradeDate: date, prices, settings: bess, planOn: 'forecast', history });
    const bActual = await call(bessPlan, ctx, { tradeDate: date, prices, settings: bess });
    expect(b.settlement!.perfectForesightPnlUah).toBe(bActual.plan.netProfitUah);
    expect(b.settlement!.realisedPnlUah).toBeLessThanOrEqual(b.settlement!.perfectForesightPnlUah);
  });

  it('refuses a trade date without enough history before it, saying what is needed', async () => {
    const e = await call(strategyPlan, ctx, { tradeDate: date, prices, settings: trading, planOn: 'forecast', history: slice('01.11.2024', '14.12.2024') }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'validation_error' });
    expect(String((e as Error).message)).toContain('needs the 56 days before it');
  });

  it('a backtest settles every day it can forecast, per month and in total, and names the days it could not', async () => {
    const book = slice('09.12.2024', '16.12.2024');
    const body = await call(backtestSummary, ctx, { priceBook: book, strategySettings: trading, bessSettings: bess, planOn: 'forecast', history: slice('10.10.2024', '08.12.2024') });
    const fp = body.forecastPlans!;
    expect(fp.days + fp.skippedDays.length).toBe(8);
    expect(fp.days).toBeGreaterThan(0);
    const all = fp.monthly.find((m) => m.month === 'all')!;
    expect(all.days).toBe(fp.days);
    expect(all.realisedPnlUah).toBeLessThanOrEqual(all.perfectForesightPnlUah);
    const perfect = body.summary.daily.filter((d) => !fp.skippedDays.includes(d.tradeDate)).reduce((x, d) => x + d.combinedPnlUah, 0);
    expect(all.perfectForesightPnlUah).toBeCloseTo(perfect, 1);
  });
});
