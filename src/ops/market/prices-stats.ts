/**
 * `prices.stats`: per-day base, peak (hours 08–20), off-peak, min and max of hourly prices, the
 * total over all days, and the calendar days missing inside the range (engines/stats.ts,
 * engines/gaps.ts). A lean operation (types.ts): `svc prices stats` is the CLI's cold-start
 * command (target ≤ 2× `node -e 0`), so this module loads no schema library and reads no configuration;
 * the HTTP route and the MCP tool get its zod contract (prices-stats-contract.ts, index.ts).
 * The figures are prices in UAH/MWh, rounded to 0.01 at the boundary like every price (README,
 * "Bounds and output precision"): their names carry no unit suffix, so the op names their unit
 * (`outputUnits`) and present.ts, which loads no schema library either, rounds them.
 */
import { compareTradeDates } from '../../domain/dates.js';
import { gapReport, type GapReport } from '../../engines/gaps.js';
import { hourlyBookStats, type AggregatePriceStats, type DailyPriceStats } from '../../engines/stats.js';
import { PricesStatsInput } from './prices-stats-input.js';
import type { LeanOperation } from '../types.js';

export interface PricesStatsOutput {
  /** One row per day with prices inside [from, to], ascending. */
  days: DailyPriceStats[];
  /** Over all hours of all those days; null when there is none. */
  total: AggregatePriceStats | null;
  gaps: GapReport;
}

const money = (key: string, en: string, uk: string) => ({ key, label: { en, uk }, format: 'money' as const });

export const pricesStats: LeanOperation<PricesStatsInput, PricesStatsOutput> = {
  lean: true,
  id: 'prices.stats',
  summary: 'Per-day base, peak, off-peak, min and max of hourly prices, with a total and the missing days',
  description:
    'Input: `prices` (24 hourly prices per trade date, index = hour), optional `from`/`to` (inclusive). Base = mean of the 24 hours, peak = hours 08:00–20:00, off-peak = the other 12 (the market operator\'s index convention); the total is over all hours of all days. base, peak, offPeak, min and max are UAH/MWh, rounded to 0.01 (computed from the unrounded prices). svc extension (`svc prices stats`; the MCP tool `get_price_statistics`).',
  tags: ['prices'],
  access: 'key',
  permission: 'decision.plan',
  input: PricesStatsInput,
  outputUnits: { base: 'uahPerMwh', peak: 'uahPerMwh', offPeak: 'uahPerMwh', min: 'uahPerMwh', max: 'uahPerMwh' },
  http: { method: 'POST', path: '/api/prices/stats', inputFrom: 'body', successStatus: 200, errors: [400, 401, 403, 429] },
  tool: { name: 'get_price_statistics', title: 'Daily base, peak and off-peak price statistics' },
  cli: {
    command: ['prices', 'stats'],
    description: 'per day base, peak (hours 08–20), off-peak, min and max, with a total row',
    book: { into: 'prices', shape: 'hourly', range: ['from', 'to'], gaps: 'gaps' },
    view: {
      rows: (o) => o.days,
      total: (o) => o.total,
      columns: [{ key: 'tradeDate', label: { en: 'Date', uk: 'Дата' } }, money('base', 'Base', 'База'), money('peak', 'Peak', 'Пік'), money('offPeak', 'Off-peak', 'Позапік'), money('min', 'Min', 'Мін'), money('max', 'Max', 'Макс')],
      note: (o, t) =>
        t.lang === 'uk'
          ? `${t.count(o.days.length, 'day')}, грн/МВт·год; пік = години 08:00–20:00, поза піком — інші 12 годин`
          : `${t.count(o.days.length, 'day')}, UAH/MWh; peak = hours 08:00–20:00, off-peak = the other 12 hours`,
    },
    examples: ['svc prices stats fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024 --to 31.12.2024', 'svc prices stats fixtures/oree-dam-ips-2022-2024.csv --format csv > stats.csv'],
  },
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
