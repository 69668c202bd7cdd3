/**
 * The zod contract of `prices.show` (a lean op, prices-show.ts) for the registry and `svc op`:
 * the same input as its lean validator. The CLI never loads this file.
 */
import { z } from 'zod';
import { BOUNDS } from '../../domain/bounds.js';
import { TradeDate } from '../../domain/common.js';

const Point = z.strictObject({ hour: z.number().int().min(0).max(24), priceUahMwh: z.number().min(BOUNDS.priceUahMwh.min).max(BOUNDS.priceUahMwh.max) });

export const PricesShowRequest = z
  .strictObject({
    tradeDate: TradeDate,
    prices: z.array(Point).min(1).max(25).describe('the day\'s { hour, priceUahMwh }: 24 hours 0..23, or a clock-change day\'s periods (hour = period − 1)'),
    clockChange: z.enum(['spring', 'autumn']).optional().describe('the day is a clock-change day'),
  })
  .superRefine((v, ctx) => {
    const most = v.clockChange ? 25 : 24;
    if (!v.clockChange && v.prices.length !== 24) ctx.addIssue({ code: 'custom', path: ['prices'], message: `expected 24 hours, received ${v.prices.length}` });
    const hours = v.prices.map((p) => p.hour);
    if (hours.some((h) => h >= most) || new Set(hours).size !== hours.length) ctx.addIssue({ code: 'custom', path: ['prices'], message: `expected distinct hours 0..${most - 1}` });
  });

const PointOut = z.strictObject({ hour: z.number().int(), priceUahMwh: z.number() });

export const PricesShowResponse = z.union([
  z.strictObject({ tradeDate: z.string(), prices: z.array(PointOut) }),
  z.strictObject({ tradeDate: z.string(), clockChange: z.enum(['spring', 'autumn']), periods: z.number().int(), note: z.string(), prices: z.array(PointOut) }),
]);

export const pricesShowContract = { input: PricesShowRequest, output: PricesShowResponse };
