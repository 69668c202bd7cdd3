/**
 * `prices.profile`: the average day of a price book — for each hour 0..23, the mean, lowest and
 * highest price over the days inside [from, to]. Read-only, on every door: POST
 * /api/prices/profile, the MCP tool `get_hourly_price_profile`, `svc prices profile <book>`.
 */
import { z } from 'zod';
import { compareTradeDates } from '../../domain/dates.js';
import { HOURS_PER_DAY } from '../../domain/hourly.js';
import { PricesStatsRequest } from './prices-stats-contract.js';
import { PRICE_LABELS } from './price-labels.js';
import { defineOperation } from '../types.js';

const HourProfile = z.strictObject({ hour: z.number().int(), meanUahMwh: z.number(), minUahMwh: z.number(), maxUahMwh: z.number() });
export const PricesProfileResponse = z.strictObject({ days: z.number().int(), hours: z.array(HourProfile) });

const money = (key: string, en: string, uk: string) => ({ key, label: { en, uk }, format: 'money' as const });

export const pricesProfile = defineOperation({
  id: 'prices.profile',
  summary: 'The average day: mean, lowest and highest price of each hour over a range of days',
  description: 'Input as prices.stats. One row per hour 0..23 over the days inside [from, to]; no row when there is no day. svc extension.',
  tags: ['prices'],
  access: 'key',
  permission: 'decision.plan',
  input: PricesStatsRequest,
  output: PricesProfileResponse,
  http: { method: 'POST', path: '/api/prices/profile', inputFrom: 'body', successStatus: 200, errors: [400, 401, 403, 429] },
  tool: { name: 'get_hourly_price_profile', title: 'Hourly price profile of a range of days' },
  cli: {
    command: ['prices', 'profile'],
    book: { into: 'prices', shape: 'hourly', range: ['from', 'to'] },
    view: {
      rows: (o) => o.hours,
      columns: [{ key: 'hour', label: PRICE_LABELS.hour, format: 'hour' }, money('meanUahMwh', 'Mean', 'Середня'), money('minUahMwh', 'Min', 'Мін'), money('maxUahMwh', 'Max', 'Макс')],
      note: (o, t) => (t.lang === 'uk' ? `за ${t.count(o.days, 'day')}, грн/МВт·год` : `over ${t.count(o.days, 'day')}, UAH/MWh`),
    },
    examples: ['svc prices profile fixtures/oree-dam-ips-2022-2024.csv --from 01.12.2024 --to 31.12.2024'],
  },
  async run(_ctx, { prices, from, to }) {
    const days = Object.keys(prices).filter((d) => (!from || compareTradeDates(d, from) >= 0) && (!to || compareTradeDates(d, to) <= 0));
    if (days.length === 0) return { days: 0, hours: [] };
    const hours = Array.from({ length: HOURS_PER_DAY }, (_, hour) => {
      const column = days.map((d) => (prices[d] as number[])[hour] as number);
      return { hour, meanUahMwh: column.reduce((a, b) => a + b, 0) / column.length, minUahMwh: Math.min(...column), maxUahMwh: Math.max(...column) };
    });
    return { days: days.length, hours };
  },
});
