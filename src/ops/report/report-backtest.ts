/** GET /api/reports/backtest: the backtest of a range as one self-contained HTML page (src/report/backtest.ts). */
import { checkRangeOrder } from '../../domain/range-order.js';
import { z } from 'zod';
import { TradeDate } from '../../domain/common.js';
import { compareTradeDates } from '../../domain/dates.js';
import { SvcError } from '../../domain/errors.js';
import { backtestFigures, renderBacktestReport, type BacktestView } from '../../report/backtest.js';
import { PAGE_CSP } from '../../report/page.js';
import { defineOperation } from '../types.js';
import { invoke } from '../invoke.js';
import { backtestSummary } from '../strategy/backtest.js';
import { PlanOn } from '../strategy/plan-on.js';
import { equitySeries, heatMatrix } from './report-figures.js';
import { PLAN_ON_FLAG, reportCli } from './report-cli.js';
import { ReportLang, ReportResponse, reportHttp, reportSourceFields, resolvePrices, settingsOf, settingsQueryFields, splitBook } from './report-input.js';

export const BacktestReportRequest = z.strictObject({
  ...reportSourceFields,
  from: TradeDate.optional().describe('First day (DD.MM.YYYY); required without priceBook; default the book’s first day'),
  to: TradeDate.optional().describe('Last day (DD.MM.YYYY); required without priceBook; default the book’s last day'),
  ...settingsQueryFields,
  planOn: PlanOn.optional().describe('forecast: also plan every day on its p50 forecast and show the capture against perfect foresight'),
  lang: ReportLang,
});

/** Months of operator prices read before `from` when plans are made on forecasts (the forecast needs 63 days before a day). */
const FORECAST_LOOKBACK_MONTHS = 3;

export const reportBacktest = defineOperation({
  id: 'report.backtest',
  summary: 'Backtest report: one self-contained HTML page',
  description:
    'Runs `backtest.summary` (through invoke, so the figures are the operation’s own) over `from`..`to` and renders the headline figures, the equity curve with drawdown, PnL by month, ' +
    'capture against perfect foresight (with `planOn: "forecast"`), the day × hour price heat map, the distribution of daily PnL, the settings and the data provenance (source, freshness, days without prices). ' +
    'Inline SVG and CSS only: no script, font, image or request; the page carries its Content-Security-Policy, also sent as a header. Settings are the query fields (defaults as `svc backtest`). ' +
    'Over HTTP the prices are the market operator’s DAM prices (mktop, through the cache). docs/report.md.',
  tags: ['reports'],
  access: 'key',
  permission: 'decision.plan',
  input: BacktestReportRequest,
  output: ReportResponse,
  cost: 'heavy',
  http: reportHttp('/api/reports/backtest'),
  cli: reportCli('backtest', {
    description: 'equity curve and drawdown, PnL by month, price heat map, daily PnL distribution, settings and provenance',
    flags: PLAN_ON_FLAG,
    flagHelp: { from: 'first day (inclusive; required with mktop)', to: 'last day (inclusive; required with mktop)', planOn: 'forecast: also plan every day on its p50 forecast and show the capture against perfect foresight' },
    progress: 'backtesting',
    examples: ['svc report backtest fixtures/oree-dam-ips-2022-2024.csv --capacity 2 --power 1 -o backtest.html'],
  }),
  async run(ctx, input) {
    if (!input.priceBook && (!input.from || !input.to)) throw SvcError.validation('say which days to report, with from and to', [{ path: input.from ? 'to' : 'from', message: 'required without priceBook' }]);
    const prices = await resolvePrices(ctx, input, input.from ?? '', input.to ?? '', input.planOn === 'forecast' ? FORECAST_LOOKBACK_MONTHS : 0);
    const days = Object.keys(prices.book).sort(compareTradeDates);
    const from = input.from ?? days[0];
    const to = input.to ?? days[days.length - 1];
    if (!from || !to) throw SvcError.validation('the price book has no days', [{ path: 'priceBook', message: 'empty' }]);
    checkRangeOrder(from, to);
    const { inRange, before } = splitBook(prices.book, from, to);
    if (Object.keys(inRange).length === 0) throw SvcError.validation(`no prices in ${from} – ${to} (${prices.source})`, [{ path: 'from', message: 'no prices in the range' }], 'insufficient_history');
    const settings = settingsOf(input);
    const onForecast = input.planOn === 'forecast' ? { planOn: 'forecast' as const, history: before } : {};
    const result = await invoke(backtestSummary, ctx, { priceBook: inRange, ...settings, range: { from, to }, monthly: true, ...onForecast });
    const view: BacktestView = {
      lang: input.lang,
      generatedAt: result.generatedAt,
      range: { from, to },
      summary: result.summary,
      analytics: result.analytics,
      ...(result.forecastPlans ? { forecastPlans: result.forecastPlans } : {}),
      equity: equitySeries(result.summary.daily),
      heat: heatMatrix(inRange, from, to),
      settings,
      provenance: {
        source: prices.source,
        freshness: prices.freshness,
        gaps: result.analytics.gaps.missing.map((date) => ({ date, reason: prices.leftOut.get(date) ?? 'absent' })),
        notes: [],
      },
    };
    return { html: renderBacktestReport(view), contentSecurityPolicy: PAGE_CSP, figures: backtestFigures(view).map(({ key, value }) => ({ key, value })) };
  },
});
