/**
 * The caps a forecast is held to, hour by hour: every price a forecast hands to an engine, a table
 * or an API lies in [floor, max cap] of the hour it is for (docs/forecast.md, "Caps").
 *
 * The caps table (src/data/caps.ts) reports only what its rows state: a regime that records some
 * bands (R5 from 01.08.2025 records only the 17–23 max) leaves the other hours null. A forecast
 * needs a number for every hour, so here:
 *
 * - an hour the regime in force leaves without a number takes that hour's cap from the regime it
 *   directly follows (the caps in force the day before its first day), and so on back through
 *   contiguous regimes: the regulator changed those bands, not the others (R5's own note says so);
 * - the floor is the minimum cap so found; where none is found (a day no dated regime covers, or
 *   a cap of 0 or below) it is the smallest positive DAM minimum cap of the table (10 UAH/MWh in the
 *   shipped one), so the floor is never zero or below and an engine never receives a negative or
 *   zero "price" from a forecast;
 * - the max cap stays NaN (no ceiling) where no regime gives one.
 */
import { loadCapsTableSync, type CapsTable } from '../../data/caps.js';
import type { OpContext } from '../types.js';
import { addDays } from '../../domain/dates.js';
import { H } from '../../engines/forecast/index.js';

export interface ForecastCaps {
  /** Per hour: the floor (always a finite number > 0). */
  min: number[];
  /** Per hour: the max cap, NaN where none is known. */
  max: number[];
}

/** How many regimes back a missing band is looked for (the shipped table chains at most three). */
const MAX_CHAIN = 8;

/** The smallest positive DAM minimum cap of the table: the floor where nothing else gives one. */
export function fallbackFloor(table: CapsTable | null): number {
  let best = Number.POSITIVE_INFINITY;
  for (const r of table?.rows ?? []) if (r.bound === 'min' && r.markets.includes('DAM') && r.valueUahMwh !== null && r.valueUahMwh > 0) best = Math.min(best, r.valueUahMwh);
  return Number.isFinite(best) ? best : 0.01;
}

/** The caps of `tradeDate` a forecast is held to (see the top of this file). */
export function forecastCapsFor(table: CapsTable | null, tradeDate: string, floor = fallbackFloor(table)): ForecastCaps {
  const min = new Array<number>(H).fill(Number.NaN);
  const max = new Array<number>(H).fill(Number.NaN);
  let day = tradeDate;
  for (let i = 0; i < MAX_CHAIN && table; i++) {
    const caps = table.capsFor(day, 'DAM');
    if (!caps) break;
    for (let h = 0; h < H; h++) {
      const lo = caps.minByHour[h];
      const hi = caps.maxByHour[h];
      if (Number.isNaN(min[h]) && lo !== null && lo !== undefined) min[h] = lo;
      if (Number.isNaN(max[h]) && hi !== null && hi !== undefined) max[h] = hi;
    }
    if (min.every((v) => !Number.isNaN(v)) && max.every((v) => !Number.isNaN(v))) break;
    day = addDays(caps.validFrom, -1);
  }
  for (let h = 0; h < H; h++) {
    if (!((min[h] as number) > 0)) min[h] = floor;
    if (!Number.isNaN(max[h] as number) && (max[h] as number) < (min[h] as number)) max[h] = min[h] as number;
  }
  return { min, max };
}

/** memoised forecastCapsFor over trade dates. */
export function forecastCapsTable(table: CapsTable | null): (tradeDate: string) => ForecastCaps {
  const floor = fallbackFloor(table);
  const memo = new Map<string, ForecastCaps>();
  return (d) => {
    let c = memo.get(d);
    if (!c) {
      c = forecastCapsFor(table, d, floor);
      memo.set(d, c);
    }
    return c;
  };
}

/** v held to [min, max] of hour h. */
export function clampToCaps(v: number, caps: ForecastCaps, h: number): number {
  const hi = caps.max[h] as number;
  const lo = caps.min[h] as number;
  if (!Number.isNaN(hi) && v > hi) v = hi;
  if (v < lo) v = lo;
  return v;
}

let shipped: CapsTable | null | undefined;
/** The caps table an operation uses: the context's (`ctx.caps`), else the shipped one (read once per process). */
export function capsTableOf(ctx: Pick<OpContext, 'caps'> | undefined): CapsTable | null {
  if (ctx?.caps) return ctx.caps();
  shipped ??= loadCapsTableSync();
  return shipped;
}
