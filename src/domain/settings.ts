/** Settings records: the caller's trading and battery assumptions, and saved profiles. */
import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.js';
import { BOUNDS, rangeText, type BoundedKey } from './bounds.js';

/** A number within its documented physical bound (src/domain/bounds.ts), with the range in the message. */
export function bounded(key: BoundedKey): z.ZodNumber {
  const b: { min: number; max: number; integer?: boolean } = BOUNDS[key];
  const message = `must be ${rangeText(key)}`;
  const n = z.number().min(b.min, message).max(b.max, message);
  return b.integer ? n.int(message) : n;
}

export const TradingSettings = z.strictObject({
  volumeMwh: bounded('volumeMwh'),
  minSpreadUah: bounded('minSpreadUah'),
  maxTradesPerDay: bounded('maxTradesPerDay'),
  feeUahPerMwh: bounded('feeUahPerMwh').default(0),
  // svc extension (docs/engines.md "Lots in the spread plan"): absent or 0, volumes are continuous.
  lotMwh: bounded('lotMwh').optional(),
});
export type TradingSettings = z.infer<typeof TradingSettings>;
export type TradingSettingsInput = z.input<typeof TradingSettings>;

export const BessSettings = z.strictObject({
  capacityMwh: bounded('capacityMwh'),
  powerMw: bounded('powerMw'),
  roundTripEfficiency: bounded('roundTripEfficiency'),
  maxCyclesPerDay: bounded('maxCyclesPerDay'),
  degradationCostUahMwh: bounded('degradationCostUahMwh').default(0),
  // svc extensions (docs/engines.md "The battery as it operates"): all optional; absent, the battery is the spec's.
  minSocPct: bounded('minSocPct').optional(),
  maxSocPct: bounded('maxSocPct').optional(),
  chargeEfficiency: bounded('chargeEfficiency').optional(),
  dischargeEfficiency: bounded('dischargeEfficiency').optional(),
  auxLossMwhPerHour: bounded('auxLossMwhPerHour').optional(),
  unavailableHours: z.array(z.number().int().min(0).max(23)).max(24).optional(),
  lotMwh: bounded('lotMwh').optional(),
  initialSocMwh: bounded('initialSocMwh').optional(),
  endSocValueUahMwh: bounded('endSocValueUahMwh').optional(),
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
