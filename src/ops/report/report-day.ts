/** GET /api/reports/day: one trade date's prices, plans, battery schedule, risk checks and brief as one HTML page (a date without prices: on the forecast, report-day-ahead.ts). */
import { z } from 'zod';
import { TradeDate } from '../../domain/common.js';
import { hourlyPrices } from '../../domain/prices.js';
import { SvcError } from '../../domain/errors.js';
import { dayFigures, renderDayReport, type DayView } from '../../report/day.js';
import { PAGE_CSP } from '../../report/page.js';
import { defineOperation } from '../types.js';
import { invoke } from '../invoke.js';
import { bessPlan, strategyPlan } from '../strategy/plan.js';
import { riskReport, defaultCaps } from '../strategy/risk.js';
import { tradingBrief } from '../ai/brief.js';
import { PlanOn } from '../strategy/plan-on.js';
import { socSchedule } from './report-figures.js';
import { forecastDayView } from './report-day-ahead.js';
import { PLAN_ON_FLAG, reportCli } from './report-cli.js';
import { ReportLang, ReportResponse, reportHttp, reportSourceFields, resolvePrices, settingsOf, settingsQueryFields, splitBook } from './report-input.js';

export const DayReportRequest = z.strictObject({
  ...reportSourceFields,
  date: TradeDate.describe('Trade date (DD.MM.YYYY)'),
  ...settingsQueryFields,
  planOn: PlanOn.optional().describe('forecast: both plans made on the p50 forecast from the days before the date, settled at the actual prices'),
  lang: ReportLang,
});

export const reportDay = defineOperation({
  id: 'report.day',
  summary: 'Day report: one self-contained HTML page',
  description:
    'Runs `strategy.plan`, `bess.plan`, `risk.report` and `ai.tradingBrief` (through invoke) for `date` and renders the prices with the regulator’s caps in force, the spread plan’s trades, ' +
    'the battery schedule with its state of charge at the end of each hour, the risk checks and the brief’s text (in `lang`), with the settings and data provenance. ' +
    'With `planOn: "forecast"` the plans are made on the p50 forecast (drawn beside the prices) and their realised PnL is shown against perfect foresight. ' +
    'A date without prices (a forecast day, e.g. tomorrow) is planned ahead unless `planOn` is `actual`: `strategy.planAhead` and `bess.planAhead` give the forecast bands (p10/p50/p90) drawn with the caps, ' +
    'both schedules chosen on the expected path, their PnL distribution (expected, p10/p90, probability of a loss) and the bids; the risk checks and the brief are made on that path, naming the forecast; the page says it is a forecast. ' +
    'Over HTTP the prices are the market operator’s DAM prices of the date’s month. docs/report.md.',
  tags: ['reports'],
  access: 'key',
  permission: 'decision.plan',
  input: DayReportRequest,
  output: ReportResponse,
  cost: 'heavy',
  http: reportHttp('/api/reports/day'),
  cli: reportCli('day', {
    description: 'prices with the caps, spread plan, battery schedule with state of charge, risk checks and the brief',
    flags: PLAN_ON_FLAG,
    flagHelp: { date: 'trade date', planOn: 'forecast: plan on the p50 forecast from the days before, settle at the actual prices' },
    progress: '',
    examples: [
      'svc --lang uk report day fixtures/oree-dam-ips-2022-2024.csv --date 15.12.2024 -o day.html',
      'svc report day fixtures/oree-dam-ips-2022-2024.csv --date 01.01.2025 -o forecast-day.html   # no prices yet: planned on the forecast',
    ],
  }),
  async run(ctx, input) {
    const prices = await resolvePrices(ctx, input, input.date, input.date, input.planOn === 'forecast' ? 3 : 0);
    const day = prices.book[input.date];
    const settings = settingsOf(input);
    if (!day && input.planOn !== 'actual' && !prices.leftOut.has(input.date)) {
      // a forecast day: no prices yet, so everything is planned on the forecast of the date
      const view = await forecastDayView(ctx, input, prices, settings);
      return { html: renderDayReport(view), contentSecurityPolicy: PAGE_CSP, figures: dayFigures(view).map(({ key, value }) => ({ key, value })) };
    }
    if (!day) {
      const why = prices.leftOut.get(input.date);
      throw SvcError.validation(`${input.date}: no prices in ${prices.source}${why === 'dst' ? ' (a clock-change day)' : ''}`, [{ path: 'date', message: 'no prices on the date' }], 'insufficient_history');
    }
    const onForecast = input.planOn === 'forecast' ? { planOn: 'forecast' as const, history: splitBook(prices.book, input.date, input.date).before } : {};
    const base = { tradeDate: input.date, prices: day };
    const spread = await invoke(strategyPlan, ctx, { ...base, settings: settings.strategySettings, ...onForecast });
    const bess = await invoke(bessPlan, ctx, { ...base, settings: settings.bessSettings, ...onForecast });
    // The operator's prices served from svc's shipped copy are fallback data, for the risk checks and the brief alike.
    const fallback = prices.fallbacks?.get(input.date.slice(3));
    const marked = fallback === undefined ? {} : { isFallbackData: true, fallbackReason: fallback };
    const dataSource = prices.fallbacks ? { dataSource: { source: prices.source.slice(0, 200), fallback: fallback !== undefined, ...(fallback === undefined ? {} : { reason: fallback }) } } : {};
    const risk = await invoke(riskReport, ctx, { ...base, ...settings, sourceLabel: prices.source.slice(0, 200), ...marked, locale: input.lang });
    const brief = await invoke(tradingBrief, ctx, { ...base, settings: settings.strategySettings, locale: input.lang, context: { market: 'DAM', bessSettings: settings.bessSettings, ...dataSource } });
    const caps = defaultCaps().capsFor(input.date, 'DAM');
    const b = brief.brief;
    const view: DayView = {
      lang: input.lang,
      generatedAt: spread.generatedAt,
      date: input.date,
      prices: hourlyPrices(day),
      maxCap: caps?.maxByHour ?? Array.from({ length: 24 }, () => null),
      minCap: caps?.minByHour ?? Array.from({ length: 24 }, () => null),
      capRegime: caps ? `${caps.regime} (${caps.decision})` : null,
      forecastP50: spread.settlement?.forecastP50 ?? null,
      spread: spread.plan,
      bess: bess.plan,
      schedule: socSchedule(bess.plan.cycles),
      settlement:
        spread.settlement && bess.settlement
          ? { spreadRealisedUah: spread.settlement.realisedPnlUah, spreadPerfectUah: spread.settlement.perfectForesightPnlUah, bessRealisedUah: bess.settlement.realisedPnlUah, bessPerfectUah: bess.settlement.perfectForesightPnlUah }
          : null,
      risk: risk.report,
      brief: { summary: b.summary, gate: b.actionGate.status, gateLabel: b.actionGate.label, drivers: b.decisionDrivers, marketContext: b.marketContext, checklist: b.traderChecklist, anomalies: b.anomalies, disclaimer: b.disclaimer },
      settings,
      provenance: { source: prices.source, freshness: prices.freshness, gaps: [], notes: [] },
    };
    return { html: renderDayReport(view), contentSecurityPolicy: PAGE_CSP, figures: dayFigures(view).map(({ key, value }) => ({ key, value })) };
  },
});
