/**
 * The exogenous inputs of the forecast (engines/forecast/exogenous.ts) gathered from their
 * providers for a range of days: the NBU rate (providers/rates), the neighbours' day-ahead base
 * (providers/eudam; live through the platform's A44 prices with a token), the guaranteed buyer's
 * solar and wind output (providers/uares), the caps table and the calendar. The shipped fixtures
 * are the offline default; days they do not cover are read through each provider's cache-through
 * read (cache, then live, as SVC_MARKET_DATA allows). Every series reports how many of its days
 * came from the fixture, the cache or live, and how many were missing — what `svc forecast
 * evaluate` prints.
 */
import { readFileSync } from 'node:fs';
import { exogColumns, tradeDateOf, type DailySeries, type DayCaps, type ExogData, type ExogOptions, type ExtraColumns } from '../../engines/forecast/index.js';
import { EU_DAM_FIXTURE, EU_DAM_FIXTURE_NAME, EU_DAM_ZONES, parseDailyBase } from '../../providers/eudam/index.js';
import { parseRatesCsv, RATES_FIXTURE, readOfficialRate } from '../../providers/rates/index.js';
import { fixtureRes, readResDay, UARES_FIXTURE_NAME, type ResGen } from '../../providers/uares/index.js';
import { platformLive } from '../grid/tsoplatform-shared.js';
import type { OpContext } from '../types.js';

/** How the forecast uses exogenous inputs: none, all but RES, RES as last known actuals (honest), RES as the projection for D (optimistic). */
export const EXOG_MODES = ['off', 'base', 'lagged', 'projected'] as const;
export type ExogMode = (typeof EXOG_MODES)[number];

export const exogOptionsOf = (mode: Exclude<ExogMode, 'off'>): ExogOptions => ({ res: mode === 'base' ? 'none' : mode, resLagHours: 1, lookbackDays: 7 });

export interface ExogSourceReport {
  /** The input series. */
  series: 'eu-dam' | 'nbu-rate' | 'ua-res-solar' | 'ua-res-wind' | 'caps' | 'calendar';
  /** Design columns it feeds. */
  columns: string[];
  /** When a forecast of D may read it (docs/forecast.md, "Exogenous inputs"). */
  availability: string;
  /** Days of the series read, by where they came from. */
  fixture: number;
  cache: number;
  live: number;
  missing: number;
  /** The provider id and the shipped file (null: none). */
  provider: string;
  fixtureFile: string | null;
}

export interface LoadedExog {
  data: ExogData;
  sources: ExogSourceReport[];
}

const parsed: { rates?: Map<string, number>; eu?: Map<string, Map<string, number>> } = {};

type Tally = Pick<ExogSourceReport, 'fixture' | 'cache' | 'live' | 'missing'>;
const tally = (): Tally => ({ fixture: 0, cache: 0, live: 0, missing: 0 });

/**
 * Reads day d beyond the fixtures only when the configuration allows the network or a cache, and
 * only from the first day of the range on (`from`): the look-back days before it are read from the
 * fixtures alone.
 */
const canReadBeyond = (ctx: OpContext, d: number, from: number): boolean => ctx.config.marketData.mode !== 'fixture' && d >= from;

type Source = keyof Tally & ('fixture' | 'cache' | 'live');

/** Where one series' days come from: the shipped fixture, else (when allowed) its provider's cache-through read. */
interface DaySource<T> {
  /** The shipped value of the day (undefined: the fixture does not hold it). */
  shipped(date: string): T | undefined;
  /** Whether day d may be read beyond the fixture. */
  beyond(d: number): boolean;
  /** The provider's read of the day (cache, then live); throws when the day is not to be had. */
  read(date: string): Promise<{ value: T; source: Source }>;
}

/** The series' value of each day, counting in `t` where each came from or that it was missing. */
async function gather<T>(days: readonly number[], t: Tally, src: DaySource<T>): Promise<Map<number, T>> {
  const out = new Map<number, T>();
  for (const d of days) {
    const date = tradeDateOf(d);
    const shipped = src.shipped(date);
    if (shipped !== undefined) {
      out.set(d, shipped);
      t.fixture++;
    } else if (!src.beyond(d)) {
      t.missing++;
    } else {
      try {
        const { value, source } = await src.read(date);
        out.set(d, value);
        t[source]++;
      } catch {
        t.missing++;
      }
    }
  }
  return out;
}

function rates(ctx: OpContext, days: number[], from: number, t: Tally): Promise<Map<number, number>> {
  const shipped = (parsed.rates ??= parseRatesCsv(readFileSync(RATES_FIXTURE, 'utf8')));
  return gather(days, t, {
    shipped: (date) => shipped.get(date),
    beyond: (d) => canReadBeyond(ctx, d, from),
    async read(date) {
      const { ratesDeps } = await import('../market/market-data-shared.js');
      const { rate, freshness } = await readOfficialRate(ratesDeps(ctx), date);
      if (rate.rateDate !== date) throw new Error('not the day');
      return { value: rate.uahPerEur, source: freshness.source };
    },
  });
}

function euBase(ctx: OpContext, days: number[], from: number, t: Tally): Promise<Map<number, Record<string, number>>> {
  const shipped = (parsed.eu ??= parseDailyBase(readFileSync(EU_DAM_FIXTURE, 'utf8')));
  return gather(days, t, {
    shipped: (date) => {
      const day = shipped.get(date);
      return day ? Object.fromEntries(day) : undefined;
    },
    // Live only through the platform's A44 prices: when the platform is asked at all (a token, not fixture mode).
    beyond: (d) => platformLive(ctx.config) && d >= from,
    async read(date) {
      // The platform's client (undici) only when a live read happens: not on every command that loads the forecast ops (a cold backtest paid ≈ 60 ms for it).
      const [{ readZoneDailyMeans }, { tsoDeps }] = await Promise.all([import('../../providers/tsoplatform/reads.js'), import('../grid/tsoplatform-shared.js')]);
      const live = await readZoneDailyMeans(tsoDeps(ctx), EU_DAM_ZONES, date);
      const means = Object.fromEntries(Object.entries(live.means).filter(([, v]) => typeof v === 'number')) as Record<string, number>;
      if (Object.keys(means).length === 0) throw new Error('no zone');
      return { value: means, source: live.freshness[0]?.source ?? 'live' };
    },
  });
}

type ResDay = { actual?: Float64Array; projected?: Float64Array };

async function res(ctx: OpContext, days: number[], from: number, gen: ResGen, t: Tally): Promise<{ actual: Map<number, Float64Array>; projected: Map<number, Float64Array> }> {
  const shipped = fixtureRes();
  const row = (v: ArrayLike<number | null>): Float64Array => Float64Array.from({ length: 24 }, (_, h) => (typeof v[h] === 'number' ? (v[h] as number) : Number.NaN));
  const byDay = await gather<ResDay>(days, t, {
    shipped: (date) => {
      const actual = shipped.get(`${gen}_actual`)?.get(date);
      const projected = shipped.get(`${gen}_projected`)?.get(date);
      return actual || projected ? { actual, projected } : undefined;
    },
    beyond: (d) => canReadBeyond(ctx, d, from),
    async read(date) {
      const { uaResDeps } = await import('../market/market-data-shared.js');
      const { day, freshness } = await readResDay(uaResDeps(ctx), date, gen);
      return { value: { actual: row(day.actual), projected: row(day.projected) }, source: freshness.source };
    },
  });
  const actual = new Map<number, Float64Array>();
  const projected = new Map<number, Float64Array>();
  for (const [d, v] of byDay) {
    if (v.actual) actual.set(d, v.actual);
    if (v.projected) projected.set(d, v.projected);
  }
  return { actual, projected };
}

/**
 * The inputs of the days from − 10 … to (day numbers; the look-back of a forecast of `from`), with
 * the report of where each came from. `caps` is the caps table the forecast is clipped to. The
 * look-back days come from the fixtures alone (never the cache or the network): withExogenous passes
 * the series' first day, and those days feed only the features of its first week (days without a
 * d-7 price, never forecast), through a look-back at most — so the shipped book (from 01.01.2022, as
 * the fixtures) is read offline whatever SVC_MARKET_DATA says (`svc forecast evaluate` defaults to
 * `base` on OREE books).
 */
export async function loadExogData(ctx: OpContext, from: number, to: number, mode: Exclude<ExogMode, 'off'>, caps: (day: number) => DayCaps | null): Promise<LoadedExog> {
  const days: number[] = [];
  for (let d = from - 10; d <= to; d++) days.push(d);
  const tr = tally();
  const te = tally();
  const ts = tally();
  const tw = tally();
  const withRes = mode !== 'base';
  const uahPerEur = await rates(ctx, days, from, tr);
  const eu = await euBase(ctx, days, from, te);
  const solar = withRes ? await res(ctx, days, from, 'solar', ts) : { actual: new Map(), projected: new Map() };
  const wind = withRes ? await res(ctx, days, from, 'wind', tw) : { actual: new Map(), projected: new Map() };
  const data: ExogData = { euBase: eu, uahPerEur, solarActual: solar.actual, solarProjected: solar.projected, windActual: wind.actual, windProjected: wind.projected, caps };
  let capDays = 0;
  for (let d = from; d <= to; d++) if (caps(d)) capDays++;
  const resWhen = mode === 'projected' ? 'the projection for D (optimistic: its publication time is not documented)' : 'metered hours published by 11:00 on D−1 (hour h of D−1 if it ended by 10:00, else of D−2)';
  const sources: ExogSourceReport[] = [
    { series: 'eu-dam', columns: ['eu_base_uah_d1'], availability: 'base of D−1 (the auction for D clears after gate closure) × the rate', ...te, provider: 'eudam', fixtureFile: EU_DAM_FIXTURE_NAME },
    { series: 'nbu-rate', columns: ['uah_per_eur', 'eu_base_uah_d1'], availability: 'rate set for D−1 (the rate for D is set on the afternoon of D−1)', ...tr, provider: 'rates', fixtureFile: 'fixtures/rates/uah-per-eur-nbu-2022-2025.csv' },
    { series: 'caps', columns: ['cap_max_mean', 'cap_min_mean'], availability: 'caps in force on D (published regulation)', fixture: capDays, cache: 0, live: 0, missing: to - from + 1 - capDays, provider: 'caps table', fixtureFile: 'fixtures/ua-price-caps.csv' },
    { series: 'calendar', columns: ['holiday'], availability: 'D (known in advance)', fixture: 0, cache: 0, live: 0, missing: 0, provider: 'built in', fixtureFile: null },
  ];
  if (withRes) {
    sources.push(
      { series: 'ua-res-solar', columns: [`solar_${mode}`], availability: resWhen, ...ts, provider: 'uares', fixtureFile: UARES_FIXTURE_NAME },
      { series: 'ua-res-wind', columns: [`wind_${mode}_mean`], availability: resWhen, ...tw, provider: 'uares', fixtureFile: UARES_FIXTURE_NAME },
    );
  }
  return { data, sources };
}

/** The series with its extra design columns for `mode` (the series unchanged for `off`), the inputs read and the options that made the columns. */
export async function withExogenous(ctx: OpContext, s: DailySeries, mode: ExogMode, caps: (t: number) => DayCaps | null, load: typeof loadExogData = loadExogData): Promise<{ series: DailySeries; sources: ExogSourceReport[]; data?: ExogData; options?: ExogOptions }> {
  if (mode === 'off' || s.nDays === 0) return { series: s, sources: [] };
  const capsOfDay = (day: number): DayCaps | null => caps(day - s.startDay);
  const loaded = await load(ctx, s.startDay, s.startDay + s.nDays, mode, capsOfDay);
  const options = exogOptionsOf(mode);
  const extra: ExtraColumns = exogColumns(s.startDay, s.nDays, loaded.data, options);
  return { series: { ...s, extra }, sources: loaded.sources, data: loaded.data, options };
}

/** The exogenous inputs a forecast used: the mode asked for, the one run, and each series' source. */
export interface ExogUsed {
  mode: ExogMode;
  requested: ExogMode;
  /** Why `mode` is `off` although `requested` is not (null: as requested). */
  fallback: string | null;
  series: ExogSourceReport[];
}
