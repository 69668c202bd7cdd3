/** POST /api/backtest/summary: both engines over every day of a price book. */
import { z } from 'zod';
import { PriceBook } from '../domain/prices.js';
import { TradingSettings, BessSettings } from '../domain/settings.js';
import { BacktestSummary } from '../domain/plans.js';
import { runBacktest } from '../engines/backtest.js';
import { defineOperation } from './types.js';
import { GeneratedAt } from './shared.js';

export const BacktestRequest = z.strictObject({ priceBook: PriceBook, strategySettings: TradingSettings, bessSettings: BessSettings });
export const BacktestResponse = z.strictObject({ generatedAt: GeneratedAt, summary: BacktestSummary });

export const backtestSummary = defineOperation({
  id: 'backtest.summary',
  summary: 'Multi-day backtest of the spread plan and the battery plan',
  description:
    'A historical run over the supplied prices under the caller’s assumptions; it is not a forecast. Each day runs both exact engines; ' +
    'a profitable day has combinedPnlUah > 0; hitRate = profitableDays / totalDays; best/worst day by combinedPnlUah (earliest date wins a tie); ' +
    'averageDailyPnlUah = combinedNetPnlUah / totalDays. An empty book gives totalDays 0 and null best/worst days.',
  tags: ['decision'],
  access: 'key',
  permission: 'decision.plan',
  input: BacktestRequest,
  output: BacktestResponse,
  http: { method: 'POST', path: '/api/backtest/summary', inputFrom: 'body', successStatus: 200, errors: [400, 401, 413, 429] },
  async run(ctx, input) {
    return { generatedAt: ctx.now().toISOString(), summary: runBacktest(input.priceBook, input.strategySettings, input.bessSettings) };
  },
});
