/** POST /api/backtest/summary: both engines over every day of a price book. */
import { z } from 'zod';
import { BookGaps, PriceBook } from '../../domain/prices.js';
import { TradingSettings, BessSettings } from '../../domain/settings.js';
import { BacktestSummary } from '../../domain/plans.js';
import { TradeDate } from '../../domain/common.js';
import { defineOperation } from '../types.js';
import { backtestCost } from '../cost.js';
import { GeneratedAt } from './settings-as-sent.js';
import { compareTradeDates } from '../../domain/dates.js';
import { aggregateSettlements } from '../../engines/settle.js';
import { ForecastPlansSummary, PlanHistory, PlanOn } from './plan-on.js';
import { onPoolOrInline } from '../pool.js';
import { backtestOnActual, settleOnForecasts, type ActualTask, type SettleTask } from './backtest-run.js';
import { backtestCli, settingsInForce } from './backtest-views.js';

/** The pool's worker of this operation (backtest-worker.ts; built only: from the sources it runs inline). */
const WORKER = new URL('./backtest-worker.js', import.meta.url);

export const BacktestStrategy = z.enum(['both', 'spread', 'bess']);
const Range = z.strictObject({ from: TradeDate.optional(), to: TradeDate.optional() });
export const BacktestRequest = z.strictObject({
  priceBook: PriceBook,
  strategySettings: TradingSettings,
  bessSettings: BessSettings,
  /** svc extension: the range the gap report covers (default: the book's first to last day). */
  range: Range.optional(),
  /** svc extension: `forecast` also plans every day on its forecast's expected prices (from the book's days before it) and settles at the actual prices. */
  planOn: PlanOn.optional(),
  /** svc extension, with planOn forecast: earlier days the forecasts may learn from (never backtested themselves; at most 1,582 days). */
  history: PlanHistory.optional(),
  /** svc extension: also return `analytics.months`, the days grouped by calendar month (the CLI's monthly table). */
  monthly: z.boolean().optional(),
  /** svc extension: also return `analytics.bessCarryOver` (also with `monthly: true`): the battery day by day vs carrying its state of charge across days, per month. */
  carryOver: z.boolean().optional(),
  /** svc extension: which plans run — `both` (the default, the spec's behaviour), `spread` or `bess`; the other contributes nothing. */
  strategy: BacktestStrategy.optional(),
});

const money = z.number();
const nullablePrice = z.number().nullable();
/** svc extension beside the spec's BacktestSummary (docs/backtest.md, "Analytics"). */
export const BacktestAnalytics = z.strictObject({
  maxDrawdown: z.strictObject({ uah: money, peakDate: z.string().nullable(), troughDate: z.string().nullable() }),
  dailyPnl: z.strictObject({ meanUah: money, volatilityUah: money, minUah: money, p5Uah: money, p25Uah: money, medianUah: money, p75Uah: money, p95Uah: money, maxUah: money }),
  histogram: z.array(z.strictObject({ fromUah: money, toUah: money, days: z.number().int() })),
  capture: z.strictObject({
    spreadBuyAvgUahMwh: nullablePrice,
    spreadSellAvgUahMwh: nullablePrice,
    spreadCaptureUahMwh: nullablePrice,
    bessChargeAvgUahMwh: nullablePrice,
    bessDischargeAvgUahMwh: nullablePrice,
    bessCaptureUahMwh: nullablePrice,
  }),
  bestMonth: z.strictObject({ month: z.string(), combinedPnlUah: money }).nullable(),
  worstMonth: z.strictObject({ month: z.string(), combinedPnlUah: money }).nullable(),
  gaps: BookGaps,
  /** Only when the request sets `monthly: true`. */
  months: z
    .array(
      z.strictObject({
        month: z.string(),
        days: z.number().int(),
        profitableDays: z.number().int(),
        hitRate: z.number(),
        strategyPnlUah: money,
        bessPnlUah: money,
        combinedPnlUah: money,
        trades: z.number().int(),
        bessCycles: z.number(),
      }),
    )
    .optional(),
  /** With `carryOver: true` or `monthly: true`: battery cash day by day vs carried across days (rolling D+D+1), per month and `all`. */
  bessCarryOver: z
    .array(z.strictObject({ month: z.string(), days: z.number().int(), dayByDayUah: money, carriedUah: money, carryOverGainUah: money }))
    .optional(),
});
/** svc extension: the settings in force — which plans ran and the settings of each plan that ran. */
export const BacktestSettingsInForce = z.strictObject({ strategy: BacktestStrategy, strategySettings: TradingSettings.optional(), bessSettings: BessSettings.optional() });
export const BacktestResponse = z.strictObject({
  generatedAt: GeneratedAt,
  settings: BacktestSettingsInForce,
  summary: BacktestSummary,
  analytics: BacktestAnalytics,
  forecastPlans: ForecastPlansSummary.optional(),
});

export const backtestSummary = defineOperation({
  id: 'backtest.summary',
  summary: 'Multi-day backtest of the spread plan and the battery plan',
  description:
    'A historical run over the supplied prices under the caller’s assumptions; it is not a forecast. Each day runs both exact engines; ' +
    'a profitable day has combinedPnlUah > 0; hitRate = profitableDays / totalDays; best/worst day by combinedPnlUah (earliest date wins a tie); ' +
    'averageDailyPnlUah = combinedNetPnlUah / totalDays. An empty book gives totalDays 0 and null best/worst days. ' +
    'svc extension `analytics`: maximum drawdown of cumulative PnL, daily PnL percentiles, volatility and histogram, capture prices ' +
    '(volume-weighted sell − buy; discharge − charge), best/worst month, and the calendar days missing inside `range` (default: the book’s first to last day); with `monthly: true`, also the days grouped by calendar month. ' +
    'svc extension `carryOver: true` (also with `monthly: true`): `analytics.bessCarryOver`, the battery’s cash planned day by day vs carrying its state of charge across days (day D planned with D+1 in view, D committed; a gap restarts at initialSocMwh), per month and `all`. ' +
    'svc extension `planOn: "forecast"`: `forecastPlans` — both plans chosen each day on the expected prices of the forecast made from the book’s days before it ' +
    '(and `history`, at most 1,582 days), settled at the actual prices, per month beside the perfect-foresight optimum (captureRatio = realised / optimum; month `all` is the total). ' +
    'The first days of a book, without 56 days before them, are listed in `skippedDays`; a day whose forecast cannot be planned in `failedDays` with the reason (the run goes on); each month also carries `spread` and `bess`, each plan on its own. ' +
    'svc extension `strategy`: `both` (the default, the spec’s behaviour), `spread` or `bess` — only that plan runs and the other contributes 0 (no trades, no cycles), so combined PnL, hit rate and best/worst days are those of the plan that ran. ' +
    'svc extension `settings` in the response: the strategy and the settings of each plan that ran.',
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: BacktestRequest,
  output: BacktestResponse,
  cost: backtestCost,
  http: { method: 'POST', path: '/api/backtest/summary', inputFrom: 'body', successStatus: 200, errors: [400, 401, 413, 429] },
  tool: { name: 'run_backtest', title: 'Backtest spread and battery plans over a price book' },
  cli: backtestCli,
  async run(ctx, input) {
    const strategy = input.strategy ?? 'both';
    const settings = settingsInForce({ ...input, strategy });
    // A heavy backtest served to a caller (a signal: the HTTP door) runs on the shared pool, off the event loop.
    const offLoop = ctx.signal && backtestCost(input) === 'heavy';
    const onPool = <T>(name: string, task: unknown, inline: () => T): Promise<T> =>
      offLoop ? onPoolOrInline(WORKER, name, () => task, inline, { signal: ctx.signal }) : Promise.resolve(inline());
    const task: ActualTask = { book: input.priceBook, strategySettings: input.strategySettings, bessSettings: input.bessSettings, range: input.range ?? {}, strategy, monthly: input.monthly ?? false, carryOver: input.carryOver ?? false };
    const { summary, analytics } = await onPool('actual', task, () => backtestOnActual(task));
    const head = { generatedAt: ctx.now().toISOString(), settings };
    if (input.planOn !== 'forecast') return { ...head, summary, analytics };
    const dates = summary.daily.map((d) => d.tradeDate).sort(compareTradeDates);
    // Loaded here: a backtest on actual prices need not load the forecast, its inputs and their clients (≈ 150 ms of a cold run).
    const { forecastsForPlans } = await import('../forecast/forecast-day.js');
    const forecasts = await forecastsForPlans({ ...(input.history ?? {}), ...input.priceBook }, dates, { ctx, onProgress: (done, total) => ctx.progress?.(done, total, 'forecast days') });
    ctx.signal?.throwIfAborted();
    const settle: SettleTask = {
      forecasts: dates.flatMap((d) => {
        const f = forecasts.get(d);
        return f ? [{ date: f.date, mean: f.mean, p50: f.p50 }] : [];
      }),
      book: input.priceBook,
      strategy,
      strategySettings: input.strategySettings,
      bessSettings: input.bessSettings,
    };
    const { settled, failedDays } = await onPool('settle', settle, () => settleOnForecasts(settle, ctx.signal));
    const forecastPlans = { days: settled.length, skippedDays: dates.filter((d) => !forecasts.has(d)), failedDays, monthly: aggregateSettlements(settled) };
    return { ...head, summary, analytics, forecastPlans };
  },
});
