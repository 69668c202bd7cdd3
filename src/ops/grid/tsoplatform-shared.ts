/** What the transmission-platform operations share: their provider dependencies and date ranges. */
import { checkRangeOrder } from '../../domain/range-order.js';
import { nextTradeDate } from '../../domain/dates.js';
import { SvcError } from '../../domain/errors.js';
import type { TsoDeps } from '../../providers/tsoplatform/source.js';
import type { FlowGapReport, SlotOfDay } from '../../providers/tsoplatform/coverage.js';
import { FIXTURE_FLOW_DAYS } from '../../providers/tsoplatform/index.js';
import { kyivPeriods, kyivSlot, tradeDatesBetween } from '../../providers/tsoplatform/time.js';
import type { SvcConfig } from '../../config/config.js';
import type { OpContext, Remark } from '../types.js';

/** The CLI flags of a day or range: the text goes to the op, which says a bad one in its own words. */
export const RANGE_FLAGS = {
  date: { value: 'DD.MM.YYYY', verbatim: true },
  from: { value: 'DD.MM.YYYY', verbatim: true },
  to: { value: 'DD.MM.YYYY', verbatim: true },
} as const;

/** Where the answer came from, on stderr: a warning when it is the shipped fixtures. */
export const sourceRemarks = (r: { source: string; freshness: { note: string } }): Remark[] => [
  r.source === 'fixture' ? { warn: `source: fixture — ${r.freshness.note}` } : { info: `source: ${r.source} — ${r.freshness.note}` },
];

/** Days as runs: `20.10.2022–27.10.2022, 02.11.2022` (ascending dates in). */
export function dayRuns(dates: readonly string[]): string {
  const runs: [string, string][] = [];
  for (const d of dates) {
    const last = runs.at(-1);
    if (last && nextTradeDate(last[1]) === d) last[1] = d;
    else runs.push([d, d]);
  }
  return runs.map(([a, b]) => (a === b ? a : `${a}–${b}`)).join(', ');
}

/** The most hours a list names (hourList); the rest are counted. */
export const HOUR_LIST_MAX = 20;

/**
 * Hours by day: `30.10.2022 03 (period 4), 03 (period 5); 01.11.2022 09` (the period only on a
 * 25-hour day, where an hour occurs twice). At most HOUR_LIST_MAX hours are named, then `… N more`:
 * a 31-day range with one leg absent lacks ~744 hours (the JSON's `gaps` holds every one). Every
 * line that lists hours goes through here.
 */
export function hourList(slots: readonly SlotOfDay[]): string {
  const byDay = new Map<string, SlotOfDay[]>();
  for (const s of slots.slice(0, HOUR_LIST_MAX)) byDay.set(s.tradeDate, [...(byDay.get(s.tradeDate) ?? []), s]);
  const more = slots.length - HOUR_LIST_MAX;
  const named = [...byDay.entries()]
    .map(([day, list]) => {
      const twice = kyivPeriods(day) === 25;
      return `${day} ${list.map((s) => `${String(s.hour).padStart(2, '0')}${twice ? ` (period ${s.period})` : ''}`).join(', ')}`;
    })
    .join('; ');
  return more > 0 ? `${named} … ${more} more` : named;
}

export { FIXTURE_FLOW_DAYS };

/** Where a day without data was looked for, said after it: the shipped documents' days, or the platform. */
export const noDataWhere = (source: string): string =>
  source === 'fixture' ? `the shipped hourly flows hold ${FIXTURE_FLOW_DAYS} only` : source === 'cache' ? 'the cached copy holds none' : 'the platform has none';

/**
 * What a flows answer lacks, as stderr warnings (none when complete; none with --format json, whose
 * `gaps` holds it): the days without data, then the hours. The days are left out of the table
 * output, whose body says them (coupling.ts), so a no-data day is said once.
 */
export function flowGapLines(label: string, g: FlowGapReport, source: string): Remark[] {
  if (g.complete) return [];
  const lines: Remark[] = [];
  if (g.daysWithData === 0) lines.push({ warn: `${label}: no flow data for ${g.from === g.to ? g.from : `any day of ${g.from}–${g.to}`} (${noDataWhere(source)})`, json: false, table: false });
  else if (g.missingDays > 0) lines.push({ warn: `${label}: ${g.missingDays} of ${g.calendarDays} days have no flow data: ${dayRuns(g.missing)}`, json: false, table: false });
  if (g.missingHours.length > 0) {
    const n = g.missingHours.length;
    lines.push({ warn: `${label}: ${n} hour${n === 1 ? '' : 's'} without a net flow: ${hourList(g.missingHours)}`, json: false });
  }
  return lines;
}

/** The newest Kyiv day the shipped fixture documents cover (flows, samples). */
export const FIXTURE_DAY = '01.11.2022';

/**
 * Why the platform is not asked, or null when it is: it needs a token, and SVC_MARKET_DATA=fixture
 * never asks the network, token or not (README, "SVC_MARKET_DATA").
 */
export function platformOff(config: SvcConfig): string | null {
  if (config.marketData.mode === 'fixture') return 'SVC_MARKET_DATA=fixture: the network is never asked';
  return config.tsoplatform.token ? null : 'No SVC_TSOPLATFORM_TOKEN configured';
}

/** Whether the platform is asked (a token, and not fixture mode). */
export const platformLive = (config: SvcConfig): boolean => platformOff(config) === null;

export function tsoDeps(ctx: OpContext): TsoDeps {
  const off = platformOff(ctx.config);
  return {
    settings: ctx.config.tsoplatform,
    mode: ctx.config.marketData.mode === 'live' ? 'live' : 'auto',
    ...(off !== null && ctx.config.tsoplatform.token ? { offline: off } : {}),
    now: () => ctx.now(),
    cache: async () => (await ctx.stores()).tsoCache,
  };
}

/** Today's Kyiv date with a token, the fixture day without one. */
export function defaultDay(ctx: OpContext): string {
  return platformLive(ctx.config) ? kyivSlot(Math.floor(ctx.now().getTime() / 3_600_000) * 3_600_000).tradeDate : FIXTURE_DAY;
}

export const MAX_RANGE_DAYS = 31;

export function resolveRange(ctx: OpContext, q: { date?: string | undefined; from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
  if (q.date !== undefined && (q.from !== undefined || q.to !== undefined)) {
    throw SvcError.validation('give either date or from/to, not both', [{ path: 'date', message: 'not with from/to' }]);
  }
  if ((q.from === undefined) !== (q.to === undefined)) {
    const path = q.from === undefined ? 'from' : 'to';
    throw SvcError.validation('from and to go together', [{ path, message: 'required with the other end of the range' }]);
  }
  if (q.from !== undefined && q.to !== undefined) {
    checkRangeOrder(q.from, q.to);
    if (tradeDatesBetween(q.from, q.to).length > MAX_RANGE_DAYS) {
      throw SvcError.validation(`a range spans at most ${MAX_RANGE_DAYS} days`, [{ path: 'to', message: `at most ${MAX_RANGE_DAYS} days after from` }]);
    }
    return { from: q.from, to: q.to };
  }
  const day = q.date ?? defaultDay(ctx);
  return { from: day, to: day };
}
