/**
 * Exogenous inputs of a day-ahead forecast of delivery day D, each used only as it is available at
 * the Ukrainian DAM gate closure, 11:00 Kyiv time on D−1 (docs/forecast.md, "Exogenous inputs").
 * Pure: the caller hands in the series (providers/fixtures), this module decides what of them a
 * forecast of D may read. Every datum has a publication moment (`availableAt`, minutes of the Kyiv
 * local clock since 01.01.1970 00:00); the builder reads a datum only when that moment is at or
 * before the cutoff, so changing a datum published later cannot change a feature
 * (test/engines/forecast/exogenous.property.test.ts).
 *
 * | series | datum | published (Kyiv) | a forecast of D reads |
 * |---|---|---|---|
 * | EU base (HU, PL, RO, SK) | base of UTC day X | X−1 14:00 (SDAC results) | X ≤ D−1 |
 * | NBU UAH/EUR | rate set for X | X−1 16:00 (set the business day before) | X ≤ D−1 |
 * | caps | caps in force on D | by law before D (a resolution) | D |
 * | calendar | holidays | always | D |
 * | RES actual | hour h of day X | X (h+1+lag):00 | hours ending ≤ 11:00 − lag on D−1, else D−2 |
 * | RES projected | projection for X | X−1 10:00 (assumed; not documented) | D (optimistic mode only) |
 */
import { H, dayOfWeek, type DayCaps, type ExtraColumns } from './series.js';

/** Minutes in a day; moments are Kyiv wall-clock minutes since 01.01.1970 00:00. */
export const MIN_PER_DAY = 1440;
/** The DAM gate closure for delivery day D: 11:00 Kyiv on D−1. */
export const GATE_HOUR = 11;
export const cutoffOf = (target: number): number => (target - 1) * MIN_PER_DAY + GATE_HOUR * 60;

/** How RES output enters: not at all, the last known actuals (honest), or the projection for D (optimistic). */
export type ResUse = 'none' | 'lagged' | 'projected';

export interface ExogOptions {
  res: ResUse;
  /** Hours between the end of a metered hour and its publication (lagged RES). */
  resLagHours: number;
  /** Days to look back for the latest published value when the expected day is missing. */
  lookbackDays: number;
}

export const DEFAULT_EXOG: ExogOptions = { res: 'lagged', resLagHours: 1, lookbackDays: 7 };

/** The input series by day number (days since 01.01.1970). */
export interface ExogData {
  /** UTC day → zone → EUR/MWh (daily base). */
  euBase: ReadonlyMap<number, Readonly<Record<string, number>>>;
  /** Rate date → UAH per EUR. */
  uahPerEur: ReadonlyMap<number, number>;
  /** Kyiv day → 24 hourly MW values (hour 0..23). */
  solarActual: ReadonlyMap<number, ArrayLike<number>>;
  solarProjected: ReadonlyMap<number, ArrayLike<number>>;
  windActual: ReadonlyMap<number, ArrayLike<number>>;
  windProjected: ReadonlyMap<number, ArrayLike<number>>;
  /** Caps in force on a day (a static, published table), or null. */
  caps?: (day: number) => DayCaps | null;
}

/** Publication moments (Kyiv minutes) of each kind of datum. */
export const availableAt = {
  euBase: (utcDay: number): number => (utcDay - 1) * MIN_PER_DAY + 14 * 60,
  rate: (rateDay: number): number => (rateDay - 1) * MIN_PER_DAY + 16 * 60,
  resActual: (day: number, hour: number, lagHours: number): number => day * MIN_PER_DAY + (hour + 1 + lagHours) * 60,
  resProjected: (day: number): number => (day - 1) * MIN_PER_DAY + 10 * 60,
};

/** The column names, in design order: hourly (24 columns each), then daily (one column each). */
export function exogColumnNames(o: ExogOptions): { hourly: string[]; daily: string[] } {
  const res = o.res === 'none' ? [] : [`solar_${o.res}`];
  const wind = o.res === 'none' ? [] : [`wind_${o.res}_mean`];
  return { hourly: res, daily: ['eu_base_uah_d1', 'uah_per_eur', 'cap_max_mean', 'cap_min_mean', 'holiday', ...wind] };
}

export interface ExogFeatures {
  hourly: Float64Array[];
  daily: number[];
  /** Per series, the newest datum read (DD-less day number) or null when none was available. */
  used: Record<'euBase' | 'rate' | 'caps' | 'calendar' | 'solar' | 'wind', number | null>;
}

/** Ukrainian public holidays of a year as day numbers (Orthodox Easter and Trinity included). */
export function ukrainianHolidays(year: number): number[] {
  const d = (m: number, day: number) => Date.UTC(year, m - 1, day) / 86_400_000;
  const easter = orthodoxEaster(year);
  const days = [d(1, 1), d(3, 8), easter, easter + 49, d(5, 1), d(6, 28), d(8, 24), d(12, 25)];
  days.push(year <= 2023 ? d(1, 7) : Number.NaN);
  days.push(year <= 2022 ? d(5, 9) : d(5, 8));
  days.push(year <= 2023 ? d(7, 28) : d(7, 15));
  days.push(year <= 2022 ? d(10, 14) : d(10, 1));
  return days.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
}

/** Orthodox Easter Sunday (Meeus' Julian algorithm + 13 days, valid 1900–2099) as a day number. */
export function orthodoxEaster(year: number): number {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const dd = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - dd + 34) % 7;
  const month = Math.floor((dd + e + 114) / 31);
  const day = ((dd + e + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day) / 86_400_000 + 13;
}

/** 24.02.2022: martial law; public holidays are working days from then on (Law 2136-IX). */
export const MARTIAL_LAW_FROM = Date.UTC(2022, 1, 24) / 86_400_000;

/**
 * 1 when D is a day the prices treat as a holiday: a public holiday on a weekday before martial
 * law, and 1 January in every year (the DAM data show the New Year trough even as a working day,
 * while the other holidays under martial law price like ordinary weekdays: docs/forecast.md).
 */
export function holidayFlag(day: number): number {
  const year = new Date(day * 86_400_000).getUTCFullYear();
  if (day === Date.UTC(year, 0, 1) / 86_400_000) return 1;
  if (day >= MARTIAL_LAW_FROM || dayOfWeek(day) >= 5) return 0;
  return ukrainianHolidays(year).includes(day) ? 1 : 0;
}

/** The latest day ≤ from (back lookback days) whose datum is in the map and published by the cutoff. */
function latest<T>(m: ReadonlyMap<number, T>, from: number, lookback: number, publishedAt: (day: number) => number, cutoff: number): number | null {
  for (let d = from; d >= from - lookback; d--) if (m.has(d) && publishedAt(d) <= cutoff) return d;
  return null;
}

function mean(v: ArrayLike<number>): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const x = v[i] as number;
    if (Number.isFinite(x)) {
      s += x;
      n++;
    }
  }
  return n ? s / n : Number.NaN;
}

/** Per hour, the latest actual value of that hour published by the cutoff (NaN when none). */
function lastKnownProfile(m: ReadonlyMap<number, ArrayLike<number>>, target: number, o: ExogOptions, cutoff: number): { values: Float64Array; newest: number | null } {
  const values = new Float64Array(H).fill(Number.NaN);
  let newest: number | null = null;
  for (let h = 0; h < H; h++) {
    for (let d = target - 1; d >= target - 1 - o.lookbackDays; d--) {
      const row = m.get(d);
      if (!row || availableAt.resActual(d, h, o.resLagHours) > cutoff) continue;
      const v = row[h] as number;
      if (!Number.isFinite(v)) continue;
      values[h] = v;
      if (newest === null || d > newest) newest = d;
      break;
    }
  }
  return { values, newest };
}

/** The exogenous features of delivery day `target`, from what is published by 11:00 Kyiv on target − 1. */
export function exogFeatures(target: number, data: ExogData, o: ExogOptions = DEFAULT_EXOG): ExogFeatures {
  const cutoff = cutoffOf(target);
  const used: ExogFeatures['used'] = { euBase: null, rate: null, caps: null, calendar: target, solar: null, wind: null };
  const rateDay = latest(data.uahPerEur, target, o.lookbackDays, availableAt.rate, cutoff);
  const rate = rateDay === null ? Number.NaN : (data.uahPerEur.get(rateDay) as number);
  used.rate = rateDay;
  const euDay = latest(data.euBase, target, o.lookbackDays, availableAt.euBase, cutoff);
  const zones = euDay === null ? [] : Object.values(data.euBase.get(euDay) ?? {}).filter(Number.isFinite);
  used.euBase = euDay;
  const euUah = zones.length ? mean(zones) * rate : Number.NaN;
  const caps = data.caps?.(target) ?? null;
  used.caps = caps ? target : null;
  const daily = [euUah, rate, caps ? mean(caps.max) : Number.NaN, caps ? mean(caps.min) : Number.NaN, holidayFlag(target)];
  const hourly: Float64Array[] = [];
  if (o.res === 'lagged') {
    const solar = lastKnownProfile(data.solarActual, target, o, cutoff);
    const wind = lastKnownProfile(data.windActual, target, o, cutoff);
    hourly.push(solar.values);
    daily.push(mean(wind.values));
    used.solar = solar.newest;
    used.wind = wind.newest;
  } else if (o.res === 'projected') {
    const profile = (m: ReadonlyMap<number, ArrayLike<number>>): Float64Array | null => {
      const row = m.get(target);
      return row && availableAt.resProjected(target) <= cutoff ? Float64Array.from({ length: H }, (_, h) => row[h] as number) : null;
    };
    const solar = profile(data.solarProjected);
    const wind = profile(data.windProjected);
    hourly.push(solar ?? new Float64Array(H).fill(Number.NaN));
    daily.push(wind ? mean(wind) : Number.NaN);
    used.solar = solar ? target : null;
    used.wind = wind ? target : null;
  }
  return { hourly, daily, used };
}

/**
 * The features of every series day 0..nDays (startDay = day number of index 0). A value missing on a
 * day is carried forward from the day before (a value known earlier); before the first value, 0.
 */
export function exogColumns(startDay: number, nDays: number, data: ExogData, o: ExogOptions = DEFAULT_EXOG): ExtraColumns {
  const names = exogColumnNames(o);
  const len = nDays + 1;
  const hourly = names.hourly.map(() => new Float64Array(len * H));
  const daily = names.daily.map(() => new Float64Array(len));
  for (let t = 0; t < len; t++) {
    const f = exogFeatures(startDay + t, data, o);
    f.hourly.forEach((v, k) => {
      const out = hourly[k] as Float64Array;
      for (let h = 0; h < H; h++) out[t * H + h] = Number.isFinite(v[h] as number) ? (v[h] as number) : t > 0 ? (out[(t - 1) * H + h] as number) : 0;
    });
    f.daily.forEach((v, k) => {
      const out = daily[k] as Float64Array;
      out[t] = Number.isFinite(v) ? v : t > 0 ? (out[t - 1] as number) : 0;
    });
  }
  return { names, hourly, daily };
}

/** Per series, the days of [fromDay, toDay] whose feature had no datum published by their cutoff within the look-back (carried forward by exogColumns). */
export type ExogGaps = Partial<Record<'euBase' | 'rate' | 'caps' | 'solar' | 'wind', { days: number; first: number; last: number }>>;

export function exogGaps(fromDay: number, toDay: number, data: ExogData, o: ExogOptions = DEFAULT_EXOG): ExogGaps {
  const gaps: ExogGaps = {};
  const keys: (keyof ExogGaps)[] = o.res === 'none' ? ['euBase', 'rate', 'caps'] : ['euBase', 'rate', 'caps', 'solar', 'wind'];
  for (let d = fromDay; d <= toDay; d++) {
    const { used } = exogFeatures(d, data, o);
    for (const k of keys) {
      if (used[k] !== null) continue;
      const g = gaps[k];
      if (g) {
        g.days++;
        g.last = d;
      } else gaps[k] = { days: 1, first: d, last: d };
    }
  }
  return gaps;
}
