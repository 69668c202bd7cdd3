/**
 * GET /api/reports/forecast: the rolling evaluation of the day-ahead forecast over a range, as one
 * HTML page. A range takes seconds to minutes of fits: a heavy operation, admitted by the HTTP
 * door's admission control (docs/security.md) and cancelled at the request's deadline.
 */
import { checkRangeOrder } from '../../domain/range-order.js';
import { z } from 'zod';
import { TradeDate } from '../../domain/common.js';
import { compareTradeDates } from '../../domain/dates.js';
import { SvcError } from '../../domain/errors.js';
import { hourlyPrices, type PriceBook } from '../../domain/prices.js';
import { forecastFigures, renderForecastReport, type ForecastView } from '../../report/forecast.js';
import { PAGE_CSP } from '../../report/page.js';
import { defineOperation } from '../types.js';
import { invoke } from '../invoke.js';
import { forecastEvaluate } from '../forecast/forecast-evaluate.js';
import { mktopHistory } from '../forecast/forecast-history.js';
import { errorsByHour, naiveMae } from './report-figures.js';
import { reportCli } from './report-cli.js';
import { ReportLang, ReportResponse, reportHttp, reportSourceFields } from './report-input.js';

export const ForecastReportRequest = z.strictObject({
  ...reportSourceFields,
  from: TradeDate.describe('First day evaluated (DD.MM.YYYY)'),
  to: TradeDate.describe('Last day evaluated (DD.MM.YYYY)'),
  lang: ReportLang,
});

/** The longest range a report evaluates: the fan draws every hour, and a year of fits takes about half a minute. */
const MAX_DAYS = 366;

export const reportForecast = defineOperation({
  id: 'report.forecast',
  summary: 'Forecast evaluation report: one self-contained HTML page',
  description:
    'Runs `forecast.evaluate` (rolling origin: each day forecast only from the days before it, DAM caps) over `from`..`to` and renders its metrics, the fan (p10–p90, p50) with the actual prices, ' +
    'the mean absolute error by hour of day and by month beside the naive forecast’s (d−1; d−7 on Monday, Saturday, Sunday), the coverage of the band by month, and the data provenance. ' +
    `At most ${MAX_DAYS} days. Without priceBook (over HTTP) the history is the market operator’s DAM prices of the months before \`to\` (as GET /api/forecast reads them). ` +
    'A heavy operation: admitted under the heavy-work limits (429/503 with Retry-After past them) and answered 503 `deadline_exceeded` past SVC_REQUEST_TIMEOUT_MS, its fits cancelled. docs/report.md.',
  tags: ['reports'],
  access: 'key',
  permission: 'decision.plan',
  input: ForecastReportRequest,
  output: ReportResponse,
  cost: 'heavy',
  http: reportHttp('/api/reports/forecast'),
  cli: reportCli('forecast', {
    description: 'rolling evaluation: fan chart with actual prices, errors by hour and month beside the naive, coverage',
    flagHelp: { from: 'first day evaluated', to: 'last day evaluated' },
    progress: 'forecasting',
    examples: ['svc report forecast fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024 --to 07.12.2024 -o forecast.html'],
  }),
  async run(ctx, input) {
    checkRangeOrder(input.from, input.to);
    let book: PriceBook | undefined = input.priceBook;
    let source = input.source ?? 'price book';
    const freshness: string[] = [];
    if (!book) {
      const history = await mktopHistory(ctx, 'DAM', input.to.slice(3));
      if (!history) throw SvcError.validation(`mktop: no DAM prices to ${input.to.slice(3)} in the cache, from the operator or in the shipped fixtures`, [{ path: 'to', message: 'no history' }], 'insufficient_history');
      book = history.book;
      source = history.source;
      for (const u of history.unreadable ?? []) freshness.push(`${u.month}: ${u.reason}`);
    }
    const dates = Object.keys(book).filter((d) => compareTradeDates(d, input.to) <= 0).sort(compareTradeDates);
    const series = { dates, prices: dates.map((d) => hourlyPrices(book[d] ?? [])) };
    const days = dates.filter((d) => compareTradeDates(d, input.from) >= 0).length;
    if (days > MAX_DAYS) throw SvcError.validation(`a forecast report covers at most ${MAX_DAYS} days (${input.from} – ${input.to} has ${days} with prices)`, [{ path: 'from', message: `more than ${MAX_DAYS} days` }]);
    // Unrounded: the report's own figures (naive MAE, errors by hour) are computed from them and rounded once, at its boundary.
    const ev = await invoke(forecastEvaluate, ctx, { series, from: input.from, to: input.to, damCaps: true, daily: true }, { exact: true });
    const unscored = new Set(ev.unscoredDays.map((d) => d.date));
    const hours = ev.daily ?? [];
    const leftOut = new Map((input.leftOut ?? []).map((d) => [d.date, d.reason] as const));
    const num = (v: string | number | undefined): number | undefined => (typeof v === 'number' ? v : undefined);
    const view: ForecastView = {
      lang: input.lang,
      generatedAt: ctx.now().toISOString(),
      range: { from: ev.from, to: ev.to },
      model: ev.model,
      metrics: ev.metrics,
      naiveMaeUah: naiveMae(ev.metrics.mae, ev.metrics.rmaeVsNaive),
      hours,
      byHour: errorsByHour(book, hours, unscored),
      byMonth: ev.monthly.map((m) => ({ month: String(m.month), modelMae: num(m.mae) ?? 0, naiveMae: naiveMae(num(m.mae), num(m.rmaeVsNaive)), coverage: num(m.coverage) ?? null, days: num(m.sampleDays) ?? 0 })),
      settings: { forecast: { model: ev.model, damCaps: true, scoredDays: ev.metrics.sampleDays ?? 0 } },
      provenance: {
        source,
        freshness,
        gaps: [...ev.unscoredDays.map((d) => ({ date: d.date, reason: d.reason === 'no_prices' ? (leftOut.get(d.date) ?? 'absent') : d.reason })), ...ev.skippedDays.map((date) => ({ date, reason: 'history' }))],
        notes: [],
      },
    };
    return { html: renderForecastReport(view), contentSecurityPolicy: PAGE_CSP, figures: forecastFigures(view).map(({ key, value }) => ({ key, value })) };
  },
});
