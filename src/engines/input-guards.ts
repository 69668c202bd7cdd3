/**
 * Cheap guards shared by the spread and battery engines. Every door validates the records with
 * zod through invoke(); these checks exist because engines are also called by other engines
 * (backtests, sweeps, the brief) and by library users, and a NaN or a 30-hour array would
 * otherwise give a silently wrong plan instead of a 400 naming the failing path.
 */
import { SvcError, type FailingPath } from '../domain/errors.js';
import { BOUNDS } from '../domain/bounds.js';
import type { BessSettings, TradingSettings } from '../domain/settings.js';

/** The engines index hours 0..23 in fixed-size scratch buffers. */
export const MAX_HOURS = 24;

/** Returns the number of hours; throws a 400 listing every bad price. */
export function checkPrices(prices: readonly number[], allowNegative: boolean): number {
  const n = prices.length;
  if (n < 1 || n > MAX_HOURS) {
    throw SvcError.validation(`invalid input: prices: expected 1..${MAX_HOURS} hourly prices, got ${n}`, [
      { path: 'prices', message: `expected 1..${MAX_HOURS} hourly prices, got ${n}` },
    ]);
  }
  let issues: FailingPath[] | undefined;
  for (let h = 0; h < n; h++) {
    const p = prices[h] as number;
    if (!Number.isFinite(p) || (!allowNegative && p < 0)) {
      (issues ??= []).push({
        path: `prices.${h}`,
        message: allowNegative ? 'price must be a finite number' : 'price must be a finite number >= 0',
      });
    }
  }
  if (issues) throw SvcError.validation(`invalid input: ${issues[0]?.path}: ${issues[0]?.message}`, issues);
  return n;
}

const pos = (v: number): boolean => Number.isFinite(v) && v > 0;
const nonNeg = (v: number): boolean => Number.isFinite(v) && v >= 0;
const intIn = (v: number, lo: number, hi: number): boolean => Number.isInteger(v) && v >= lo && v <= hi;
const inRange = (v: number, lo: number, hi: number): boolean => Number.isFinite(v) && v >= lo && v <= hi;
// The integer ranges are the schema's (src/domain/bounds.ts); the other guards are looser than the
// schema on purpose (finite and positive is what the arithmetic needs). test/domain/settings-fields.test.ts.
const TRADES = BOUNDS.maxTradesPerDay;
const CYCLES = BOUNDS.maxCyclesPerDay;

const LOT = BOUNDS.lotMwh;
/** Relative tolerance of "a whole number of lots": 1.2 / 0.1 is 11.999999999999998 in doubles. */
const LOT_REL = 1e-9;

/** Whether `volume` is a whole number of `lot`s (lot 0 or absent: any volume). */
export function wholeLots(volume: number, lot: number | undefined): boolean {
  if (lot === undefined || lot === 0) return true;
  const k = volume / lot;
  return Math.abs(k - Math.round(k)) <= LOT_REL * Math.max(1, k);
}

export function checkTradingSettings(s: TradingSettings): void {
  const lot = s.lotMwh;
  const lotOk = lot === undefined || inRange(lot, LOT.min, LOT.max);
  if (pos(s.volumeMwh) && nonNeg(s.minSpreadUah) && intIn(s.maxTradesPerDay, TRADES.min, TRADES.max) && nonNeg(s.feeUahPerMwh) && lotOk && wholeLots(s.volumeMwh, lot)) return;
  const issues = new SettingsIssues()
    .positive('volumeMwh', s.volumeMwh)
    .nonNegative('minSpreadUah', s.minSpreadUah)
    .intInRange('maxTradesPerDay', s.maxTradesPerDay, TRADES.min, TRADES.max)
    .nonNegative('feeUahPerMwh', s.feeUahPerMwh);
  if (lot !== undefined) issues.inRange('lotMwh', lot, LOT.min, LOT.max);
  if (pos(s.volumeMwh) && lotOk && !wholeLots(s.volumeMwh, lot)) {
    const message = `volumeMwh ${s.volumeMwh} must be a whole number of lots (lotMwh ${lot})`;
    issues.add('volumeMwh', message).add('lotMwh', message);
  }
  issues.throwIfAny();
}

/** The optional battery keys (svc extensions) with a numeric bound; checked only when present. */
const BESS_EXTENSIONS = ['minSocPct', 'maxSocPct', 'chargeEfficiency', 'dischargeEfficiency', 'auxLossMwhPerHour', 'lotMwh', 'initialSocMwh', 'endSocValueUahMwh'] as const;

function extensionsOk(s: BessSettings): boolean {
  for (const key of BESS_EXTENSIONS) {
    const v = s[key];
    if (v !== undefined && !inRange(v, BOUNDS[key].min, BOUNDS[key].max)) return false;
  }
  return s.unavailableHours === undefined || s.unavailableHours.every((h) => intIn(h, 0, MAX_HOURS - 1));
}

export function checkBessSettings(s: BessSettings): void {
  const eta = s.roundTripEfficiency;
  const etaOk = Number.isFinite(eta) && eta > 0 && eta <= 1;
  if (pos(s.capacityMwh) && pos(s.powerMw) && etaOk && inRange(s.maxCyclesPerDay, CYCLES.min, CYCLES.max) && nonNeg(s.degradationCostUahMwh) && extensionsOk(s)) return;
  const issues = new SettingsIssues();
  for (const key of BESS_EXTENSIONS) {
    const v = s[key];
    if (v !== undefined) issues.inRange(key, v, BOUNDS[key].min, BOUNDS[key].max);
  }
  (s.unavailableHours ?? []).forEach((h, i) => {
    if (!intIn(h, 0, MAX_HOURS - 1)) issues.intInRange(`unavailableHours.${i}`, h, 0, MAX_HOURS - 1);
  });
  issues
    .positive('capacityMwh', s.capacityMwh)
    .positive('powerMw', s.powerMw)
    .inUnitInterval('roundTripEfficiency', eta)
    .inRange('maxCyclesPerDay', s.maxCyclesPerDay, CYCLES.min, CYCLES.max)
    .nonNegative('degradationCostUahMwh', s.degradationCostUahMwh)
    .throwIfAny();
}

/** Collects settings issues so one 400 names every failing path; only built on the error path. */
class SettingsIssues {
  private readonly issues: FailingPath[] = [];

  positive(name: string, v: number): this {
    if (!pos(v)) this.issues.push({ path: `settings.${name}`, message: 'must be a finite number > 0' });
    return this;
  }

  nonNegative(name: string, v: number): this {
    if (!nonNeg(v)) this.issues.push({ path: `settings.${name}`, message: 'must be a finite number >= 0' });
    return this;
  }

  intInRange(name: string, v: number, lo: number, hi: number): this {
    if (!intIn(v, lo, hi)) {
      this.issues.push({ path: `settings.${name}`, message: `must be an integer ${lo}..${hi}` });
    }
    return this;
  }

  inRange(name: string, v: number, lo: number, hi: number): this {
    if (!inRange(v, lo, hi)) this.issues.push({ path: `settings.${name}`, message: `must be ${lo}..${hi}` });
    return this;
  }

  inUnitInterval(name: string, v: number): this {
    if (!(Number.isFinite(v) && v > 0 && v <= 1)) this.issues.push({ path: `settings.${name}`, message: 'must be > 0 and <= 1' });
    return this;
  }

  add(name: string, message: string): this {
    this.issues.push({ path: `settings.${name}`, message });
    return this;
  }

  throwIfAny(): void {
    const first = this.issues[0];
    if (first) throw SvcError.validation(`invalid input: ${first.path}: ${first.message}`, this.issues);
  }
}
