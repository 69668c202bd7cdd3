/** Market-operator (mktop) and exchange (exch) read-out records. */
import { z } from 'zod';
import { Hour } from './prices.js';
import { Market } from './common.js';

export const OreeIndexPoint = z.strictObject({
  tradeDate: z.string(),
  baseIndexUahMwh: z.number(),
  peakIndexUahMwh: z.number(),
  offPeakIndexUahMwh: z.number(),
  minPriceUahMwh: z.number(),
  maxPriceUahMwh: z.number(),
  weightedAverageUahMwh: z.number(),
});
export const OreeIndexBook = z.record(z.string(), OreeIndexPoint);

export const OreeTradingResultPoint = z.strictObject({
  hour: Hour,
  priceUahMwh: z.number(),
  sellVolumeMwh: z.number(),
  buyVolumeMwh: z.number(),
  declaredSellVolumeMwh: z.number(),
  declaredBuyVolumeMwh: z.number(),
});
export const OreeTradingResultsDay = z.strictObject({
  tradeDate: z.string(),
  market: Market,
  resultId: z.string(),
  totalSellVolumeMwh: z.number(),
  totalBuyVolumeMwh: z.number(),
  declaredSellVolumeMwh: z.number(),
  declaredBuyVolumeMwh: z.number(),
  weightedAveragePriceUahMwh: z.number(),
  hours: z.array(OreeTradingResultPoint).min(1).max(24),
});

export const ExchElectricityIndex = z.strictObject({
  period: z.string(),
  periodType: z.enum(['monthly', 'quarterly', 'halfYear', 'decadal']),
  deliveryKey: z.string().regex(/^\d{4}-\d{2}(-D[1-9]\d*)?$/, 'expected YYYY-MM or YYYY-MM-D<n> (a decade n = 1, 2, 3, ...)'),
  valueUahMwh: z.number(),
});
