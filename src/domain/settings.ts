/** Settings records: the caller's trading and battery assumptions, and saved profiles. */
import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.js';

export const TradingSettings = z.strictObject({
  volumeMwh: z.number().gt(0),
  minSpreadUah: z.number().min(0),
  maxTradesPerDay: z.number().int().min(1).max(24),
  feeUahPerMwh: z.number().min(0).default(0),
});
export type TradingSettings = z.infer<typeof TradingSettings>;
export type TradingSettingsInput = z.input<typeof TradingSettings>;

export const BessSettings = z.strictObject({
  capacityMwh: z.number().gt(0),
  powerMw: z.number().gt(0),
  roundTripEfficiency: z.number().gt(0).max(1),
  maxCyclesPerDay: z.number().int().min(1).max(12),
  degradationCostUahMwh: z.number().min(0).default(0),
});
export type BessSettings = z.infer<typeof BessSettings>;
export type BessSettingsInput = z.input<typeof BessSettings>;

export { DEFAULT_TRADING_SETTINGS, DEFAULT_BESS_SETTINGS } from './defaults.js';

export const StrategyProfile = z.strictObject({
  id: Uuid,
  tenantId: z.string(),
  actorId: z.string(),
  profileKey: z.string(),
  name: z.string(),
  settings: TradingSettings,
  fingerprint: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type StrategyProfile = z.infer<typeof StrategyProfile>;
