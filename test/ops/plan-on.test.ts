/**
 * `planOn: "forecast"` through the operations (plan, BESS, plan-ahead, backtest): the plan is chosen
 * on the expected prices of the forecast of that day from the days before it, priced over whole-day
 * scenarios, turned into a bid sheet, and settled at the actual prices where they are known.
 */
import { describe, expect, it } from 'vitest';
import type { PriceBook } from '../../src/domain/prices.js';
import { DEFAULT_BESS_SETTINGS, DEFAULT_TRADING_SETTINGS } from '../../src/domain/settings.js';
import { addDays, compareTradeDates } from '../../src/domain/dates.js';
import { backtestSummary } from '../../src/ops/strategy/backtest.js';
import { riskReport } from '../../src/ops/strategy/risk.js';
import { tradingBrief } from '../../src/ops/ai/brief.js';
import { forecastDays } from '../../src/ops/forecast/forecast-days.js';
import { bessPlanAhead, strategyPlanAhead } from '../../src/ops/strategy/plan-ahead.js';
import { dayKeys } from '../../src/ops/forecast/forecast-day.js';
import { QUANTILE_LEVELS } from '../../src/engines/forecast/index.js';
import { fitKey } from '../../src/ops/forecast/forecast-fit.js';
import { MAX_HISTORY_DAYS, onForecastPrices } from '../../src/ops/strategy/plan-on.js';
import { planBess } from '../../src/engines/bess.js';
import { planSpread } from '../../src/engines/strategy.js';
import { settleBess, settleSpread } from '../../src/engines/settle.js';
import { bessPlan, strategyPlan } from '../../src/ops/strategy/plan.js';
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

/** A plan's hours and volumes (its money fields are rounded to the output precision by invoke). */
const hoursOf = (p: { trades: { buyHour: number; sellHour: number; volumeMwh: number }[] }) => p.trades.map((t) => [t.buyHour, t.sellHour, t.volumeMwh]);
const cyclesOf = (p: { cycles: { chargeHour: number; dischargeHour: number; chargeMwh: number }[] }) => p.cycles.map((c) => [c.chargeHour, c.dischargeHour, Math.round(c.chargeMwh * 1000) / 1000]);

describe('planOn forecast', { timeout: 300_000 }, () => {
  const date = '15.12.2024';
  const history = slice('01.08.2024', '14.12.2024');
  const prices = realBook().book[date]!;

  it('plans the day on the expected prices of its forecast (p50 is the engine p50) and settles at the actual prices, beside perfect foresight', async () => {
    const onForecast = await call(strategyPlan, ctx, { tradeDate: date, prices, settings: trading, planOn: 'forecast', history });
    const onActual = await call(strategyPlan, ctx, { tradeDate: date, prices, settings: trading });
    const s = onForecast.settlement!;
    const engine = await call(forecastDays, ctx, { priceBook: { ...history, [date]: prices }, from: date, to: date });
    expect(s.forecastP50).toEqual(engine.days[0]!.points.map((p) => p.p50));
    expect(s.perfectForesightPnlUah).toBe(onActual.plan.netPnlUah);
    expect(s.realisedPnlUah).toBeLessThanOrEqual(s.perfectForesightPnlUah);
    expect(s.captureRatio).toBeCloseTo(s.realisedPnlUah / s.perfectForesightPnlUah, 3);
    // Chosen on the mean of the scenarios, not on p50; the plan's own PnL is at those prices, not what it realises.
    expect(onForecast.forecast!.plannedOn).toBe('mean');
    expect(s.plannedPrices).toEqual(onForecast.forecast!.hours.map((h) => h.mean));
    expect(s.plannedPrices).not.toEqual(s.forecastP50);
    expect(hoursOf(onForecast.plan)).toEqual(hoursOf(planSpread(s.plannedPrices, trading)));
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

  it('plans a day without prices (tomorrow) on the forecast: the forecast beside the schedule, its PnL distribution and break-even bids', async () => {
    const ahead = await call(bessPlanAhead, ctx, { tradeDate: date, settings: bess, history });
    const replanned = await call(bessPlan, ctx, { tradeDate: date, prices, settings: bess, planOn: 'forecast', history });
    // The same forecast, schedule and bids whether or not the day's prices are known yet.
    expect(ahead.forecast).toEqual(replanned.forecast);
    expect(ahead.plan).toEqual(replanned.plan);
    expect(ahead.bids).toEqual(replanned.bids);
    expect(ahead).toMatchObject({ tradeDate: date, source: 'request', lastDataDay: '14.12.2024', humanApprovalRequired: true });
    const mean = ahead.forecast.hours.map((h) => h.mean);
    for (const h of ahead.forecast.hours) expect(h.p10 <= h.p50 && h.p50 <= h.p90 && h.minCap > 0 && h.mean >= h.minCap).toBe(true);
    // The predictive distribution of every hour: the eleven levels p05…p95, non-crossing, inside the caps, p10/p50/p90 among them.
    expect(ahead.forecast.quantileLevels).toEqual([...QUANTILE_LEVELS]);
    for (const h of ahead.forecast.hours) {
      expect(h.quantiles).toHaveLength(QUANTILE_LEVELS.length);
      for (let k = 1; k < h.quantiles.length; k++) expect(h.quantiles[k]).toBeGreaterThanOrEqual(h.quantiles[k - 1] as number);
      expect(h.quantiles[0]).toBeGreaterThanOrEqual(h.minCap);
      if (h.maxCap !== null) expect(h.quantiles.at(-1)).toBeLessThanOrEqual(h.maxCap);
      expect([h.quantiles[1], h.quantiles[5], h.quantiles[9]]).toEqual([h.p10, h.p50, h.p90]);
    }
    expect(cyclesOf(ahead.plan)).toEqual(cyclesOf(planBess(mean, bess)));
    // Settling is linear in prices: the expected PnL over the scenarios is the plan's PnL at their mean (up to the 0.01 rounding of the mean).
    const pnl = ahead.pnl!;
    expect(pnl.scenarios).toBe(ahead.forecast.scenarioDays);
    expect(pnl.scenarios).toBeGreaterThanOrEqual(14);
    expect(Math.abs(pnl.expectedUah - ahead.plan.netProfitUah)).toBeLessThan(0.05);
    expect(pnl.p10Uah).toBeLessThanOrEqual(pnl.p90Uah);
    // The band is calibrated on the plans of the 56 days before, each on its own forecast (engines/pnl-band.ts).
    expect(pnl.band).toBe('conformal');
    expect(pnl.calibrationDays).toBeGreaterThanOrEqual(14);
    expect(pnl.calibrationDays).toBeLessThanOrEqual(56);
    expect(ahead.pnl).toEqual(replanned.pnl);
    expect(pnl.probabilityOfLoss).toBeGreaterThanOrEqual(0);
    expect(pnl.probabilityOfLoss).toBeLessThanOrEqual(1);
    // The bids carry the schedule exactly, and each limit is where its hour stops paying (or the cap).
    const sum = (side: 'buy' | 'sell') => ahead.bids.filter((b) => b.side === side).reduce((a, b) => a + b.volumeMwh, 0);
    expect(sum('buy')).toBeCloseTo(ahead.plan.chargedMwh, 6);
    expect(sum('sell')).toBeCloseTo(ahead.plan.dischargedMwh, 6);
    const exact = planBess(mean, bess); // unrounded volumes (the output's are rounded to 0.001 MWh, its limits to 0.01 UAH/MWh)
    for (const b of ahead.bids) {
      const cycles = exact.cycles.filter((c) => (b.side === 'buy' ? c.chargeHour : c.dischargeHour) === b.hour);
      const at = mean.slice();
      at[b.hour] = b.limitPriceUahMwh;
      const hourPnl = cycles.reduce((a, c) => a + settleBess({ ...exact, cycles: [c] }, at, bess), 0);
      const hour = ahead.forecast.hours[b.hour]!;
      const capped = b.limitPriceUahMwh === hour.maxCap || b.limitPriceUahMwh === hour.minCap;
      if (!capped) expect(Math.abs(hourPnl)).toBeLessThan(0.02);
      else expect(hourPnl).toBeGreaterThanOrEqual(-0.02);
    }

    const spread = await call(strategyPlanAhead, ctx, { tradeDate: date, settings: trading, history });
    expect(hoursOf(spread.plan)).toEqual(hoursOf(planSpread(mean, trading)));
    for (const b of spread.bids) {
      const t = spread.plan.trades.find((x) => x.buyHour === b.hour || x.sellHour === b.hour)!;
      const at = mean.slice();
      at[b.hour] = b.limitPriceUahMwh;
      const hourPnl = settleSpread({ ...spread.plan, trades: [t] }, at, trading);
      const hour = spread.forecast.hours[b.hour]!;
      if (b.limitPriceUahMwh === hour.maxCap || b.limitPriceUahMwh === hour.minCap) expect(hourPnl).toBeGreaterThanOrEqual(-0.02);
      else expect(Math.abs(hourPnl)).toBeLessThan(0.02);
    }
  });

  it('with a history too short for 14 scenario days: planned on p50, the PnL band from the scenarios alone', async () => {
    const short = await call(bessPlanAhead, ctx, { tradeDate: date, settings: bess, history: slice('10.10.2024', '14.12.2024') });
    expect(short.forecast.plannedOn).toBe('p50');
    expect(short.pnl!.scenarios).toBeGreaterThan(0);
    expect(short.pnl!.scenarios).toBeLessThan(14);
    expect(short.pnl).toMatchObject({ band: 'scenarios', calibrationDays: 0 });
  });

  it('plan-ahead refuses a history that does not reach the day before, or is longer than a forecast reads', async () => {
    const short = await call(bessPlanAhead, ctx, { tradeDate: '17.12.2024', settings: bess, history }).catch((x: unknown) => x);
    expect(short).toMatchObject({ code: 'validation_error', reason: 'insufficient_history' });
    expect(String((short as Error).message)).toContain('needs the prices of 16.12.2024');
    const long: PriceBook = {};
    for (let i = 1; i <= MAX_HISTORY_DAYS + 1; i++) long[addDays(date, -i)] = prices;
    const e = await call(bessPlanAhead, ctx, { tradeDate: date, settings: bess, history: long }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'validation_error' });
    expect(JSON.stringify((e as { issues: unknown }).issues)).toContain('history');
  });

  it('keys a fit by the history it reads: days after the day before, or older than the window, do not change it', () => {
    const book = realBook().book;
    const key = dayKeys(history)(date);
    expect(dayKeys({ ...history, [date]: prices, '16.12.2024': prices })(date)).toBe(key);
    expect(dayKeys(book)('15.12.2024')).toBe(dayKeys({ ...slice('01.01.2020', '20.12.2024') })('15.12.2024'));
    const changed = { ...history, '10.12.2024': history['10.12.2024']!.map((p) => ({ ...p, priceUahMwh: p.priceUahMwh + 1 })) };
    expect(dayKeys(changed)(date)).not.toBe(key);
    // GET /api/forecast's month fits likewise: days after the range do not change the key, a day inside does.
    const req = { book: history, from: '01.12.2024', to: '14.12.2024', metricsFrom: '17.11.2024' };
    expect(fitKey({ ...req, book: { ...history, [date]: prices } })).toBe(fitKey(req));
    expect(fitKey({ ...req, book: changed })).not.toBe(fitKey(req));
  });

  it('an engine error on forecast prices says so and names the day', () => {
    const e = (() => {
      try {
        return onForecastPrices('03.10.2025', () => planBess([Number.NaN, ...new Array<number>(23).fill(100)], bess));
      } catch (x) {
        return x;
      }
    })();
    expect(e).toMatchObject({ code: 'validation_error', reason: 'forecast_prices' });
    expect(String((e as Error).message)).toMatch(/^forecast prices for 03\.10\.2025 could not be planned: /);
  });

  it("a backtest's realised total is the sum over days of each day's plans settled at the actual prices", async () => {
    const book = slice('09.12.2024', '16.12.2024');
    const before = slice('10.10.2024', '08.12.2024');
    const body = await call(backtestSummary, ctx, { priceBook: book, strategySettings: trading, bessSettings: bess, planOn: 'forecast', history: before });
    const fp = body.forecastPlans!;
    expect(fp.failedDays).toEqual([]);
    let sum = 0;
    const all = { ...before, ...book };
    for (const d of Object.keys(book)) {
      if (fp.skippedDays.includes(d)) continue;
      const h = Object.fromEntries(Object.entries(all).filter(([k]) => compareTradeDates(k, d) < 0));
      const a = await call(strategyPlan, ctx, { tradeDate: d, prices: book[d], settings: trading, planOn: 'forecast', history: h });
      const b = await call(bessPlan, ctx, { tradeDate: d, prices: book[d], settings: bess, planOn: 'forecast', history: h });
      sum += a.settlement!.realisedPnlUah + b.settlement!.realisedPnlUah;
    }
    expect(fp.monthly.find((m) => m.month === 'all')!.realisedPnlUah).toBeCloseTo(sum, 1);
  });

  it('risk and brief on forecast prices: the data checks say forecast, one verdict between them, the brief says so in uk and en', async () => {
    const ahead = await call(bessPlanAhead, ctx, { tradeDate: date, settings: bess, history });
    const onForecast = ahead.forecast.hours.map((h) => ({ hour: h.hour, priceUahMwh: h.mean }));
    const forecast = { model: ahead.forecast.model, rmaeVsNaive: ahead.forecast.skill.rmaeVsNaive, days: ahead.forecast.skill.days };
    const risk = await call(riskReport, ctx, { tradeDate: date, prices: onForecast, strategySettings: trading, bessSettings: DEFAULT_BESS_SETTINGS, forecast });
    expect(risk.report.checks.filter((c) => c.status === 'forecast').map((c) => c.id)).toEqual(['dataSource', 'dataCoverage']);
    expect(risk.report.overallStatus).not.toBe('ready');
    const plain = await call(riskReport, ctx, { tradeDate: date, prices: onForecast, strategySettings: trading, bessSettings: DEFAULT_BESS_SETTINGS });
    expect(plain.report.checks.some((c) => c.status === 'forecast')).toBe(false);
    expect(risk.report.reviewCount).toBe(plain.report.reviewCount + 2);
    for (const [locale, word] of [['uk', 'прогноз'], ['en', 'forecast']] as const) {
      const b = await call(tradingBrief, ctx, { tradeDate: date, prices: onForecast, settings: trading, locale, forecast });
      const fact = (key: string) => b.brief.auditTrail.facts.find((f) => f.key === key)?.value;
      expect({ status: fact('riskStatus'), score: fact('riskScore') }).toEqual({ status: risk.report.overallStatus, score: risk.report.score });
      expect(b.brief.actionGate.status).not.toBe('ready');
      expect(b.brief.summary).toContain(word);
      expect(b.brief.summary).toContain('LEAR ensemble');
      expect(b.brief.summary).toContain(`rMAE ${forecast.rmaeVsNaive!.toFixed(2)}`);
    }
  });
});
