/**
 * `prices.stats`: per-day base, peak (hours 08–20), off-peak, min and max of hourly prices, the
 * total over all days, and the calendar days missing inside the range (engines/stats.ts,
 * engines/gaps.ts). A lean operation (types.ts): `svc prices stats` is the CLI's cold-start
 * command (≤ 3× `node -e 0`), so this module loads no schema library and reads no configuration.
 * The figures are not rounded, as the CLI has always printed them: their names carry no unit, so
 * present.ts would pass them unchanged anyway, and `exactOutput` spares the cold command that walk
 * over every figure (test/ops/prices-stats.test.ts holds the two equal).
 */
import { compareTradeDates } from '../domain/dates.js';
import { gapReport, type GapReport } from '../engines/gaps.js';
import { hourlyBookStats, type AggregatePriceStats, type DailyPriceStats } from '../engines/stats.js';
import { PricesStatsInput } from './prices-stats-input.js';
import type { LeanOperation } from './types.js';

export interface PricesStatsOutput {
  /** One row per day with prices inside [from, to], ascending. */
  days: DailyPriceStats[];
  /** Over all hours of all those days; null when there is none. */
  total: AggregatePriceStats | null;
  gaps: GapReport;
}

export const pricesStats: LeanOperation<PricesStatsInput, PricesStatsOutput> = {
  lean: true,
  id: 'prices.stats',
  summary: 'Per-day base, peak, off-peak, min and max of hourly prices, with a total and the missing days',
  description:
    'Input: `prices` (24 hourly prices per trade date, index = hour), optional `from`/`to` (inclusive). Base = mean of the 24 hours, peak = hours 08:00–20:00, off-peak = the other 12 (the market operator\'s index convention); the total is over all hours of all days. Not rounded. CLI only (`svc prices stats`, `svc op run`).',
  tags: ['prices'],
  access: 'key',
  permission: 'decision.plan',
  input: PricesStatsInput,
  exactOutput: true,
  async run(_ctx, input) {
    const { from, to } = input;
    let inRange = input.prices;
    if (from !== undefined || to !== undefined) {
      inRange = {};
      for (const date of Object.keys(input.prices)) {
        if ((from === undefined || compareTradeDates(date, from) >= 0) && (to === undefined || compareTradeDates(date, to) <= 0)) inRange[date] = input.prices[date] as number[];
      }
    }
    const { daily, total } = hourlyBookStats(inRange);
    return { days: daily, total, gaps: gapReport(Object.keys(inRange), { from, to }) };
  },
};
