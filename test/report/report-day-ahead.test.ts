/**
 * report.day on a forecast day (01.01.2025: the fixture ends on 31.12.2024): the page says it is a
 * forecast in either language and its headline figures are the plan-ahead operations' own. The
 * forecast of the day is fitted once for the file (the fits are cached by the history they read).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPriceBook } from '../../src/data/index.js';
import type { PriceBook } from '../../src/domain/prices.js';
import { historyWindow } from '../../src/ops/forecast/forecast-model.js';
import { bessPlanAhead, strategyPlanAhead } from '../../src/ops/strategy/plan-ahead.js';
import { riskReport } from '../../src/ops/strategy/risk.js';
import { tradingBrief } from '../../src/ops/ai/brief.js';
import { reportDay } from '../../src/ops/report/report.js';
import { call, localCtx } from '../ops/helpers.js';
import { FIXTURE } from '../cli/helpers.js';
import { asAttribute, pageFigures, valueAt } from './figures.js';

const DATE = '01.01.2025';
const SETTINGS = { strategySettings: { volumeMwh: 1, minSpreadUah: 50, maxTradesPerDay: 4, feeUahPerMwh: 10 }, bessSettings: { capacityMwh: 2, powerMw: 1, roundTripEfficiency: 0.88, maxCyclesPerDay: 1, degradationCostUahMwh: 5 } };
const FLAT = { ...SETTINGS.strategySettings, ...SETTINGS.bessSettings };

let book: PriceBook;
const pages: Record<'en' | 'uk', { html: string; figures: { key: string; value: unknown }[] }> = {} as never;
beforeAll(async () => {
  book = (await loadPriceBook(FIXTURE)).book;
  expect(book[DATE]).toBeUndefined();
  // the first page fits the forecast; the second and the plan-ahead calls below reuse it
  for (const lang of ['en', 'uk'] as const) pages[lang] = await call(reportDay, localCtx(), { priceBook: book, source: 'oree-dam-ips-2022-2024.csv', date: DATE, ...FLAT, lang });
}, 180_000);

describe('report.day on a forecast day', () => {
  it('says in either language that the day is planned on a forecast', () => {
    expect(pages.en.html).toContain('Day report (forecast) · 01.01.2025');
    expect(pages.en.html).toContain('FORECAST DAY: no prices are published for this date yet');
    expect(pages.en.html).toContain('This brief is built on a price forecast');
    expect(pages.uk.html).toContain('Звіт за день (прогноз) · 01.01.2025');
    expect(pages.uk.html).toContain('ПРОГНОЗНИЙ ДЕНЬ: ціни на цю дату ще не опубліковано');
    expect(pages.uk.html).toContain('<html lang="uk">');
    for (const lang of ['en', 'uk'] as const) {
      expect(pages[lang].html, lang).toContain('data-chart="prices"');
      expect(pages[lang].html, lang).toContain('class="c-band"');
      expect(pages[lang].html, lang).toContain('(forecast)');
    }
  });

  it('shows the figures the plan-ahead, risk and brief operations return on that forecast, key by key', async () => {
    const ctx = localCtx();
    const history = historyWindow(book, DATE);
    const spread = await call(strategyPlanAhead, ctx, { tradeDate: DATE, settings: SETTINGS.strategySettings, history });
    const bess = await call(bessPlanAhead, ctx, { tradeDate: DATE, settings: SETTINGS.bessSettings, history });
    expect(bess.lastDataDay).toBe('31.12.2024');
    expect(bess.pnl).not.toBeNull();
    const path = bess.forecast.hours.map((h) => ({ hour: h.hour, priceUahMwh: h.mean }));
    const forecast = { model: bess.forecast.model, rmaeVsNaive: bess.forecast.skill.rmaeVsNaive, days: bess.forecast.skill.days };
    const risk = await call(riskReport, ctx, { tradeDate: DATE, prices: path, ...SETTINGS, sourceLabel: 'oree-dam-ips-2022-2024.csv (forecast)', forecast });
    expect(risk.report.checks.some((c) => c.status === 'forecast')).toBe(true);
    for (const lang of ['en', 'uk'] as const) {
      const brief = await call(tradingBrief, ctx, { tradeDate: DATE, prices: path, settings: SETTINGS.strategySettings, locale: lang, context: { market: 'DAM', bessSettings: SETTINGS.bessSettings }, forecast });
      const outputs: Record<string, unknown> = { 'strategy.planAhead': spread, 'bess.planAhead': bess, risk, brief: { actionGate: brief.brief.actionGate } };
      const figures = pageFigures(pages[lang].html);
      const keys = Object.keys(figures);
      expect(keys.filter((k) => k.includes('.planAhead.')).length, lang).toBe(12);
      for (const key of keys) {
        const op = Object.keys(outputs).find((p) => key.startsWith(`${p}.`));
        expect(op, key).toBeDefined();
        expect(figures[key], `${lang} ${key}`).toBe(asAttribute(valueAt(outputs[op as string], key.slice((op as string).length + 1))));
      }
      expect(pages[lang].figures.map((f) => f.key)).toEqual(keys);
    }
    // the risk checks are the forecast's: the data checks say so on the page
    expect(pages.en.html).toContain('st-forecast');
    expect(pages.uk.html).toMatch(/class="st-forecast">прогноз</);
    // the bids of both plans are on the page, one row each
    expect(pages.en.html.match(/<table data-table="bids">[\s\S]*?<\/table>/)?.[0].match(/<tr>/g)?.length).toBe(spread.bids.length + bess.bids.length + 1);
  });

  it('keeps refusing a day without prices when the plans are asked on actual prices', async () => {
    await expect(call(reportDay, localCtx(), { priceBook: book, date: DATE, planOn: 'actual' })).rejects.toMatchObject({ code: 'validation_error', reason: 'insufficient_history' });
  });
});
