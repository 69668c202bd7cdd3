/** What the transmission-platform operations share: their provider dependencies and date ranges. */
import { checkRangeOrder } from '../../domain/range-order.js';
import { nextTradeDate } from '../../domain/dates.js';
import { SvcError } from '../../domain/errors.js';
import type { TsoDeps } from '../../providers/tsoplatform/source.js';
import type { FlowGapReport, SlotOfDay } from '../../providers/tsoplatform/coverage.js';
import { notAsked } from '../../providers/contract.js';
import { FIXTURE_FLOW_DAYS, FIXTURE_FLOW_NEWEST, TSO_TOKEN_ENV } from '../../providers/tsoplatform/index.js';
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

export { FIXTURE_FLOW_DAYS, FIXTURE_FLOW_NEWEST };

/** Where a day without data was looked for, said after it: the shipped documents' days, or the platform. */
export const noDataWhere = (source: string): string =>
  source === 'fixture' ? `the shipped hourly flows hold ${FIXTURE_FLOW_DAYS} only` : source === 'cache' ? 'the cached copy holds none' : 'the platform has none';

/** A day, or every day of a range, without flow data: `no flow data for 15.01.2023 (<where>)`. */
export const noFlowData = (from: string, to: string, where: string): string => `no flow data for ${from === to ? from : `any day of ${from}–${to}`} (${where})`;

/**
 * What a flows answer lacks, one phrase each, the only wording of it (stderr, flows' table, the
 * regime's `missing`): every day of the range without data (noFlowData); else the days without
 * data, `no flow data on 2 of 27 days (20.10.2022–21.10.2022)`, and the hours without a net flow
 * on the days with some, `no net flow in 1 of 24 hours (01.11.2022 09)`. None when complete.
 */
export function flowGapPhrases(g: FlowGapReport, source: string): { none?: string; days?: string; hours?: string } {
  if (g.complete) return {};
  if (g.daysWithData === 0) return { none: noFlowData(g.from, g.to, noDataWhere(source)) };
  const n = g.missingHours.length;
  return {
    ...(g.missingDays > 0 ? { days: `no flow data on ${g.missingDays} of ${g.calendarDays} days (${dayRuns(g.missing)})` } : {}),
    ...(n > 0 ? { hours: `no net flow in ${n} of ${g.hoursWithNet + n} hour${g.hoursWithNet + n === 1 ? '' : 's'} (${hourList(g.missingHours)})` } : {}),
  };
}

/**
 * What a flows answer lacks, as stderr warnings (none when complete; none with --format json, whose
 * `gaps` holds it): the days without data, then the hours. The days are left out of the table
 * output, whose body says them (coupling.ts), so a no-data day is said once.
 */
export function flowGapLines(label: string, g: FlowGapReport, source: string): Remark[] {
  const { none, days, hours } = flowGapPhrases(g, source);
  return [
    ...[none, days].filter((p) => p !== undefined).map((p): Remark => ({ warn: `${label}: ${p}`, json: false, table: false })),
    ...(hours === undefined ? [] : [{ warn: `${label}: ${hours}`, json: false } as const]),
  ];
}

/**
 * Why the platform is not asked, in each form a line needs; every phrase saying so comes from here
 * (platformOff).
 */
export interface PlatformOff {
  /** SVC_MARKET_DATA=fixture (token or not), or no SVC_TSOPLATFORM_TOKEN. */
  cause: 'fixture_mode' | 'no_token';
  /** A note's head: `SVC_MARKET_DATA=fixture: the network is never asked`, `No SVC_TSOPLATFORM_TOKEN configured`. */
  note: string;
  /** After what is lacking: `with SVC_MARKET_DATA=fixture (the network is never asked)`, `without SVC_TSOPLATFORM_TOKEN`. */
  clause: string;
  /** What to set for the platform to be asked: the token (its variable named), and out of fixture mode. */
  remedy: string;
}

/** The variable of the platform's token, named wherever one is said to be missing. */
export const TOKEN_ENV = TSO_TOKEN_ENV;

/**
 * Why the platform is not asked, or null when it is: the providers' one rule (providers/contract.ts
 * notAsked: SVC_MARKET_DATA=fixture never asks the network, token or not; otherwise it needs a
 * token), with the clause and the remedy the platform's ops say it in.
 */
export function platformOff(config: SvcConfig): PlatformOff | null {
  const off = notAsked(config.marketData.mode, TOKEN_ENV, Boolean(config.tsoplatform.token));
  if (!off) return null;
  const setToken = `set ${TOKEN_ENV} to an ENTSO-E Transparency Platform security token`;
  if (off.cause === 'fixture_mode') {
    return {
      ...off,
      clause: 'with SVC_MARKET_DATA=fixture (the network is never asked)',
      remedy: config.tsoplatform.token ? 'set SVC_MARKET_DATA=auto (or live)' : `${setToken} and SVC_MARKET_DATA=auto (or live)`,
    };
  }
  return { ...off, clause: `without ${TOKEN_ENV}`, remedy: setToken };
}

/** Whether the platform is asked (a token, and not fixture mode). */
export const platformLive = (config: SvcConfig): boolean => platformOff(config) === null;

export function tsoDeps(ctx: OpContext): TsoDeps {
  const off = platformOff(ctx.config);
  return {
    settings: ctx.config.tsoplatform,
    mode: ctx.config.marketData.mode === 'live' ? 'live' : 'auto',
    ...(off !== null ? { offline: off.note } : {}),
    now: () => ctx.now(),
    cache: async () => (await ctx.stores()).tsoCache,
  };
}

/** Today's Kyiv trade date. */
export const kyivToday = (ctx: OpContext): string => kyivSlot(Math.floor(ctx.now().getTime() / 3_600_000) * 3_600_000).tradeDate;

/**
 * The day read without `date`: today's Kyiv date when the platform is asked (a token, not fixture
 * mode); otherwise `shipped`, the newest day the shipped documents hold for what the command reads
 * (flows: FIXTURE_FLOW_NEWEST; the regime: DAILY_NET_LAST).
 */
export function defaultDay(ctx: OpContext, shipped: string): string {
  return platformLive(ctx.config) ? kyivToday(ctx) : shipped;
}

export const MAX_RANGE_DAYS = 31;

/** The day or range asked for; none: defaultDay, with `shipped` the newest day the command's shipped documents hold. */
export function resolveRange(ctx: OpContext, q: { date?: string | undefined; from?: string | undefined; to?: string | undefined }, shipped: string): { from: string; to: string } {
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
  const day = q.date ?? defaultDay(ctx, shipped);
  return { from: day, to: day };
}
