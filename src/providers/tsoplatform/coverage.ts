/**
 * What hourly flows lack over a range of Kyiv trade days: the days with no value at all and, on the
 * days with some, the hours without a net flow (no value, or only one leg). The expected hours come
 * from the Kyiv calendar (time.ts: 23, 24 or 25 a day), so a clock-change day is not a gap.
 */
import { kyivDayStartUtc, kyivPeriods, kyivSlot, tradeDatesBetween } from './time.js';

const HOUR = 3_600_000;

export interface SlotOfDay {
  tradeDate: string;
  hour: number;
  period: number;
  utcStart: string;
}

export interface FlowGapReport {
  from: string;
  to: string;
  complete: boolean;
  calendarDays: number;
  daysWithData: number;
  missingDays: number;
  missing: string[];
  expectedHours: number;
  hoursWithNet: number;
  missingHours: SlotOfDay[];
}

/** Every hour of a Kyiv trade day, in order (23 on the spring clock change, 25 on the autumn one). */
export function slotsOfDay(tradeDate: string): SlotOfDay[] {
  const start = kyivDayStartUtc(tradeDate);
  return Array.from({ length: kyivPeriods(tradeDate) }, (_, k) => {
    const at = start + k * HOUR;
    const { hour, period } = kyivSlot(at);
    return { tradeDate, hour, period, utcStart: new Date(at).toISOString() };
  });
}

/** The gaps of hourly flow records over from..to: `hours` are the rows a read returned (any order). */
export function flowGaps(hours: readonly { tradeDate: string; utcStart: string; netFlowMw: number | null }[], from: string, to: string): FlowGapReport {
  const dates = tradeDatesBetween(from, to);
  const byStart = new Map(hours.map((h) => [h.utcStart, h]));
  const withData = new Set(hours.map((h) => h.tradeDate));
  const missing: string[] = [];
  const missingHours: SlotOfDay[] = [];
  let expectedHours = 0;
  let hoursWithNet = 0;
  for (const date of dates) {
    const slots = slotsOfDay(date);
    expectedHours += slots.length;
    if (!withData.has(date)) {
      missing.push(date);
      continue;
    }
    for (const slot of slots) {
      const row = byStart.get(slot.utcStart);
      if (row && row.netFlowMw !== null) hoursWithNet += 1;
      else missingHours.push(slot);
    }
  }
  return {
    from,
    to,
    complete: missing.length === 0 && missingHours.length === 0,
    calendarDays: dates.length,
    daysWithData: dates.length - missing.length,
    missingDays: missing.length,
    missing,
    expectedHours,
    hoursWithNet,
    missingHours,
  };
}
