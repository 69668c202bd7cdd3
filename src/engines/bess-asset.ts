/**
 * The battery as it operates, resolved from BessSettings once: the usable state-of-charge window,
 * the charge and discharge efficiencies, the standby draw, the hours out of service, the daily
 * discharge cap, the exchange lot and the horizon's start and end rules. Every extension is an
 * optional key; without them the asset is the spec's battery (window 0..E, all losses on the
 * charge side, no standby draw, always available, continuous volumes, empty at the start and the
 * end of the day), which is what keeps a plain request meaning what it meant.
 *
 * Efficiencies: `chargeEfficiency` ηc and `dischargeEfficiency` ηd with ηc·ηd = round trip. With
 * neither, ηc = roundTripEfficiency and ηd = 1 (the spec's model); with one, the other is
 * roundTripEfficiency divided by it (it must stay <= 1); with both, they rule and the round trip
 * is their product.
 */
import { SvcError, type FailingPath } from '../domain/errors.js';
import type { BessSettings } from '../domain/settings.js';
import { checkBessSettings } from './input-guards.js';

export const HOURS_PER_DAY = 24;

export interface BessAsset {
  readonly capacityMwh: number;
  readonly powerMw: number;
  readonly etaC: number;
  readonly etaD: number;
  readonly socMinMwh: number;
  readonly socMaxMwh: number;
  readonly degradationUahMwh: number;
  /** Standby draw from the stored energy in every hour, MWh. */
  readonly auxMwh: number;
  /** Grid MWh that may be discharged in one calendar day (maxCyclesPerDay × E). */
  readonly dailyDischargeCapMwh: number;
  /** Exchange volume step in MWh; 0 = continuous volumes. */
  readonly lotMwh: number;
  /** outHour[h]: hour h of every day is out of service (no charge, no discharge). */
  readonly outHour: readonly boolean[];
  readonly startSocMwh: number;
  /** null: the horizon ends with at least its start energy; else stored energy is worth this price. */
  readonly endValueUahMwh: number | null;
}

/** True when the settings use none of the extensions (the spec's model: planBess answers it). */
export function isPlainBess(s: BessSettings): boolean {
  return (
    s.minSocPct === undefined &&
    s.maxSocPct === undefined &&
    s.chargeEfficiency === undefined &&
    s.dischargeEfficiency === undefined &&
    !s.auxLossMwhPerHour &&
    (s.unavailableHours === undefined || s.unavailableHours.length === 0) &&
    s.lotMwh === undefined &&
    !s.initialSocMwh &&
    s.endSocValueUahMwh === undefined &&
    Number.isInteger(s.maxCyclesPerDay)
  );
}

/** The asset a BessSettings record describes; a 400 naming each inconsistent key. */
export function bessAsset(s: BessSettings): BessAsset {
  checkBessSettings(s);
  const issues: FailingPath[] = [];
  // Cross-key issues name their keys in the message; the path is the settings object (each key is within its own bounds).
  const bad = (_key: string, message: string) => issues.push({ path: 'settings', message });
  const E = s.capacityMwh;
  const rte = s.roundTripEfficiency;
  let etaC = rte;
  let etaD = 1;
  if (s.chargeEfficiency !== undefined && s.dischargeEfficiency !== undefined) {
    etaC = s.chargeEfficiency;
    etaD = s.dischargeEfficiency;
  } else if (s.chargeEfficiency !== undefined) {
    etaC = s.chargeEfficiency;
    etaD = rte / etaC;
    if (!(etaD <= 1)) bad('chargeEfficiency', `roundTripEfficiency / chargeEfficiency = ${etaD} > 1: give both efficiencies or a larger chargeEfficiency`);
  } else if (s.dischargeEfficiency !== undefined) {
    etaD = s.dischargeEfficiency;
    etaC = rte / etaD;
    if (!(etaC <= 1)) bad('dischargeEfficiency', `roundTripEfficiency / dischargeEfficiency = ${etaC} > 1: give both efficiencies or a larger dischargeEfficiency`);
  }
  const minPct = s.minSocPct ?? 0;
  const maxPct = s.maxSocPct ?? 100;
  if (!(minPct < maxPct)) bad('minSocPct', `minSocPct ${minPct} must be below maxSocPct ${maxPct}`);
  const socMinMwh = (E * minPct) / 100;
  const socMaxMwh = (E * maxPct) / 100;
  const startSocMwh = s.initialSocMwh ?? socMinMwh;
  const tol = 1e-12 * E;
  if (startSocMwh < socMinMwh - tol || startSocMwh > socMaxMwh + tol) {
    bad('initialSocMwh', `initialSocMwh ${startSocMwh} is outside the usable window ${socMinMwh}..${socMaxMwh} MWh`);
  }
  const outHour = new Array<boolean>(HOURS_PER_DAY).fill(false);
  for (const h of s.unavailableHours ?? []) outHour[h] = true;
  const lot = s.lotMwh ?? 0;
  if (issues.length > 0) throw SvcError.validation(`invalid input: settings: ${issues[0]?.message}`, issues);
  return {
    capacityMwh: E,
    powerMw: s.powerMw,
    etaC,
    etaD,
    socMinMwh,
    socMaxMwh,
    degradationUahMwh: s.degradationCostUahMwh,
    auxMwh: s.auxLossMwhPerHour ?? 0,
    dailyDischargeCapMwh: s.maxCyclesPerDay * E,
    lotMwh: lot,
    outHour,
    startSocMwh: Math.min(socMaxMwh, Math.max(socMinMwh, startSocMwh)),
    endValueUahMwh: s.endSocValueUahMwh ?? null,
  };
}

/** A horizon the asset cannot keep within its window (standby draw while out of service). */
export function infeasibleHorizon(why: string): SvcError {
  return SvcError.validation(`invalid input: settings: ${why}`, [{ path: 'settings', message: why }]);
}

/** One horizon to optimise: consecutive hours (day d holds hours 24d..24d+23), a start and an end rule. */
export interface HorizonProblem {
  readonly prices: readonly number[];
  readonly startSocMwh: number;
  /** The end rule: the last hour ends at or above this level (null with a value rule). */
  readonly endFloorMwh: number | null;
  /** The value rule: stored energy at the end is worth this price relative to `refSocMwh`. */
  readonly endValueUahMwh: number | null;
  readonly refSocMwh: number;
}

/** Grid-side hourly volumes, the state of charge at the end of each hour and the optimum. */
export interface HorizonSchedule {
  readonly chargeMwh: Float64Array;
  readonly dischargeMwh: Float64Array;
  readonly socMwh: Float64Array;
  /** Cash (discharge revenue − charge cost − wear) plus the end value, the quantity maximised. */
  readonly objectiveUah: number;
}

/** The cash and end value of a schedule, recomputed from its volumes (shared by both solvers). */
/** One hour's share of a battery plan's profit: the discharge sold net of the wear cost per MWh discharged, less the charge bought. */
export function hourProfitUah(priceUahMwh: number, degradationUahMwh: number, chargeMwh: number, dischargeMwh: number): number {
  return (priceUahMwh - degradationUahMwh) * dischargeMwh - priceUahMwh * chargeMwh;
}

export function scheduleObjective(asset: BessAsset, problem: HorizonProblem, charge: ArrayLike<number>, discharge: ArrayLike<number>, endSoc: number): number {
  let cash = 0;
  for (let t = 0; t < problem.prices.length; t++) {
    cash += hourProfitUah(problem.prices[t] as number, asset.degradationUahMwh, charge[t] as number, discharge[t] as number);
  }
  return problem.endValueUahMwh === null ? cash : cash + problem.endValueUahMwh * (endSoc - problem.refSocMwh);
}
