/**
 * The zod contract of `prices.stats` (a lean op, prices-stats.ts) for the doors that derive one:
 * the HTTP route and its OpenAPI entry, the MCP and narrator tool. The CLI never loads this file.
 * The same input as the lean validator (prices-stats-input.ts), held to it by
 * test/ops/prices-stats-contract.test.ts.
 */
import { z } from 'zod';
import { BOUNDS, rangeText } from '../../domain/bounds.js';
import { TradeDate, compareTradeDates, parseTradeDate } from '../../domain/common.js';
import { HOURS_PER_DAY } from '../../domain/hourly.js';
import { BookGaps } from '../../domain/prices.js';

const Price = z.number().min(BOUNDS.priceUahMwh.min).max(BOUNDS.priceUahMwh.max, `must be ${rangeText('priceUahMwh')}`);

export const PricesStatsRequest = z
  .strictObject({
    prices: z.record(TradeDate, z.array(Price).length(HOURS_PER_DAY)).describe('hourly prices (UAH/MWh, index = hour 0..23) keyed by trade date DD.MM.YYYY'),
    from: TradeDate.optional().describe('first day (inclusive)'),
    to: TradeDate.optional().describe('last day (inclusive)'),
  })
  .refine((v) => !(v.from && v.to && parseTradeDate(v.from) && parseTradeDate(v.to) && compareTradeDates(v.from, v.to) > 0), { path: ['from'], message: 'after to' });

// UAH/MWh, rounded to 0.01 by the op's outputUnits (present.ts).
const price = (what: string) => z.number().describe(`${what}, UAH/MWh, rounded to 0.01`);
const stats = { base: price('mean of the 24 hours'), peak: price('mean of hours 08:00–20:00'), offPeak: price('mean of the other 12 hours'), min: price('lowest hour'), max: price('highest hour') };

export const PricesStatsResponse = z.strictObject({
  days: z.array(z.strictObject({ tradeDate: z.string(), ...stats })),
  total: z.strictObject({ days: z.number().int(), ...stats }).nullable(),
  gaps: BookGaps,
});

export const pricesStatsContract = { input: PricesStatsRequest, output: PricesStatsResponse };
