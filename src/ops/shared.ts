/** Request/response pieces shared by several operations. */
import { z } from 'zod';
import { IsoDateTime, TradeDate } from '../domain/common.js';

export const GeneratedAt = IsoDateTime;
export { TradeDate };

/** The spec's TradingSettings, but without defaults applied: lets an op see which keys were sent. */
export const TradingSettingsAsSent = z.strictObject({
  volumeMwh: z.number().gt(0),
  minSpreadUah: z.number().min(0),
  maxTradesPerDay: z.number().int().min(1).max(24),
  feeUahPerMwh: z.number().min(0).optional().describe('Fee per MWh on each leg, UAH/MWh. Default 0; omitting it is reported as not supplied.'),
});
export const BessSettingsAsSent = z.strictObject({
  capacityMwh: z.number().gt(0),
  powerMw: z.number().gt(0),
  roundTripEfficiency: z.number().gt(0).max(1),
  maxCyclesPerDay: z.number().int().min(1).max(12),
  degradationCostUahMwh: z.number().min(0).optional().describe('Wear cost per MWh discharged, UAH/MWh. Default 0; omitting it is reported as not supplied.'),
});
