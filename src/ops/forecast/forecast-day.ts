/**
 * The forecast a plan is chosen on, with the scenarios that price its risk (docs/forecast.md,
 * "Plans on the forecast"). For each delivery day D, from the prices before D only:
 *
 * - p10 / p50 / p90: the engine's forecast (src/engines/forecast), held to the caps of every hour
 *   (forecast-caps.ts);
 * - quantiles: the engine's eleven conformal quantiles p05…p95 of every hour (QUANTILE_LEVELS),
 *   inside the caps, non-crossing (p10, p50, p90 are three of them);
 * - scenarios: whole-day price paths drawn from those quantiles by Ensemble Copula Coupling
 *   (engines/forecast/ecc.ts): one per recent day d (the `bands.days` days before D, 56) that has a
 *   forecast and a price; scenario d at hour h is the day's quantile function at the level of the
 *   rank of e(d)(h) = actual(d) − p50(d) among the days' errors of hour h, all 24 hours of a
 *   scenario from the same day's ranks, held to the caps. So every hour's scenarios follow the
 *   predictive distribution, and a scenario keeps the shape of a past day's errors (a cold evening
 *   lifts 17–22 together);
 * - mean: the hourly mean of those scenarios, the expected price path. The plans' objective is
 *   linear in prices, so the schedule that is optimal on the mean path maximises the expected PnL
 *   over the scenarios; p50 would maximise the PnL of the median path, which is not the median of
 *   the PnL. With fewer than MIN_SCENARIOS such days the plan falls back to p50 (`plannedOn`).
 * - skill: the MAE of those errors and its ratio to the standard EPF naive's over the same days.
 *
 * Fits are cached by the model, the day and the SHA-256 of the history the day's forecast reads
 * (HISTORY_DAYS before it): a longer book, or one that differs only after the day before D, reuses
 * it; in memory, and in the store (dataset `forecast-day`) when the context has one.
 */
import { createHash } from 'node:crypto';
import { addDays, compareTradeDates } from '../../domain/dates.js';
import type { PriceBook } from '../../domain/prices.js';
import { DEFAULT_FORECAST, H, eccScenarios, indexOf, naiveLag, seriesFromPriceBook, tradeDateOf, type DailySeries, type DayForecast, type RollingRun } from '../../engines/forecast/index.js';
import { capsTableOf, clampToCaps, forecastCapsTable } from './forecast-caps.js';
import { rollingForecastParallel } from './forecast-parallel.js';
import { memberCacheOf } from './forecast-member-cache.js';
import { HISTORY_DAYS, MIN_SCENARIOS, MODEL_FINGERPRINT, damCapsOf } from './forecast-model.js';
import type { OpContext } from '../types.js';
import { describeInputs, servedInputs } from './forecast-inputs.js';

export { MIN_SCENARIOS };
/** Days of errors behind the scenarios: the days behind the bands. */
export const SCENARIO_DAYS = DEFAULT_FORECAST.bands.days;
/** The levels of `quantiles` (p05…p95), ascending. */
export const QUANTILE_LEVELS_OF_PLANS: readonly number[] = DEFAULT_FORECAST.bands.quantiles;
/**
 * What a day's record is made of beyond the model (which MODEL_FINGERPRINT keys): part of every
 * cache key, so a record of an earlier shape (scenarios p50 + e(d), no quantiles) is never served.
 */
export const DAY_RECORD_REVISION = 'ecc-1';

export interface DayForecastFor {
  date: string;
  p10: number[];
  p50: number[];
  p90: number[];
  /** Per hour, the quantiles of QUANTILE_LEVELS_OF_PLANS (p05…p95), inside the caps, non-decreasing. */
  quantiles: number[][];
  /** The path the plan is chosen on: the scenarios' mean, or p50 with too few scenarios. */
  mean: number[];
  plannedOn: 'mean' | 'p50';
  minCap: number[];
  /** null where no max cap is known. */
  maxCap: (number | null)[];
  /** Whole-day price scenarios (each 24 prices inside the caps) and the days whose errors made them. */
  scenarios: number[][];
  scenarioDays: string[];
  /** Recent skill over the scenario days: MAE of p50, and its ratio to the standard EPF naive's (null without naive days). */
  skill: { days: number; maeUahMwh: number | null; rmaeVsNaive: number | null };
  /** The exogenous inputs of the forecast and where they came from (forecast-inputs.ts describeInputs). */
  inputs: string;
}

const memory = new Map<string, DayForecastFor>();
const MEMORY_ENTRIES = 4096;

/** Forgets the days kept in this process's memory (tests: a day fitted again, not read back). */
export function clearForecastDayMemory(): void {
  memory.clear();
}

/**
 * The cache keys of days' forecasts from one book: the model, the day, and the SHA-256 of the days
 * of the book a forecast of that day reads (the HISTORY_DAYS before it; each day hashed once).
 */
export function dayKeys(book: PriceBook): (date: string) => string {
  const dates = Object.keys(book).sort(compareTradeDates);
  const digests = dates.map((d) => {
    const h = createHash('sha256').update(d);
    for (const p of book[d] ?? []) h.update(`${p.hour}:${p.priceUahMwh};`);
    return h.digest('hex');
  });
  const firstAtOrAfter = (d: string): number => {
    let lo = 0;
    let hi = dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareTradeDates(dates[mid] as string, d) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return (date) => {
    const h = createHash('sha256');
    const end = firstAtOrAfter(date);
    for (let i = firstAtOrAfter(addDays(date, -HISTORY_DAYS)); i < end; i++) h.update(digests[i] as string);
    return `${MODEL_FINGERPRINT}|${DAY_RECORD_REVISION}|${date}|${h.digest('hex')}`;
  };
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

function dayRecord(s: DailySeries, run: RollingRun, day: DayForecast, capsOn: ReturnType<typeof forecastCapsTable>, inputs: string): DayForecastFor {
  const { t, p10, p50, p90 } = day;
  const date = tradeDateOf(s.startDay + t);
  const caps = capsOn(date);
  const errors: Float64Array[] = [];
  const scenarioDays: string[] = [];
  let absErr = 0;
  let absNaive = 0;
  let naiveDays = 0;
  let absErrScored = 0;
  for (let d = Math.max(run.fittedFrom, t - SCENARIO_DAYS); d < t; d++) {
    const row = run.residuals.subarray((d - run.fittedFrom) * H, (d - run.fittedFrom) * H + H);
    if (row.length < H || !row.every(Number.isFinite)) continue;
    errors.push(row);
    scenarioDays.push(tradeDateOf(s.startDay + d));
    let dayErr = 0;
    for (let h = 0; h < H; h++) dayErr += Math.abs(row[h] as number);
    absErr += dayErr;
    const lag = naiveLag(s, d);
    if (d - lag >= 0 && s.observed[d - lag] === 1) {
      // rMAE over the days the naive has a real price (a clock-change day a week before has none).
      naiveDays++;
      absErrScored += dayErr;
      for (let h = 0; h < H; h++) absNaive += Math.abs((s.price[d * H + h] as number) - (s.price[(d - lag) * H + h] as number));
    }
  }
  const k = errors.length;
  const clamp = (v: Float64Array) => Array.from({ length: H }, (_, h) => round2(clampToCaps(v[h] as number, caps, h)));
  const p50r = clamp(p50);
  const levels = QUANTILE_LEVELS_OF_PLANS;
  // The engine's quantiles are inside the caps and non-crossing; rounding and clamping keep both.
  const quantiles = Array.from({ length: H }, (_, h) => levels.map((_, i) => round2(clampToCaps((day.quantiles[i] as Float64Array)[h] as number, caps, h))));
  const byLevel = levels.map((_, i) => quantiles.map((q) => q[i] as number));
  const scenarios = eccScenarios(levels, byLevel, errors, H).map((sc) => sc.map((v, h) => round2(clampToCaps(v, caps, h))));
  const mean = k >= MIN_SCENARIOS ? Array.from({ length: H }, (_, h) => round2(clampToCaps(scenarios.reduce((a, sc) => a + (sc[h] as number), 0) / k, caps, h))) : p50r;
  return {
    date,
    p10: clamp(p10),
    p50: p50r,
    p90: clamp(p90),
    quantiles,
    mean,
    plannedOn: k >= MIN_SCENARIOS ? 'mean' : 'p50',
    minCap: caps.min.slice(),
    maxCap: caps.max.map((v) => (Number.isNaN(v) ? null : v)),
    scenarios,
    scenarioDays,
    skill: { days: k, maeUahMwh: k ? absErr / (k * H) : null, rmaeVsNaive: naiveDays > 0 && absNaive > 0 ? absErrScored / absNaive : null },
    inputs,
  };
}

/** The book's series with the served exogenous inputs for the span of `dates` (forecast-inputs.ts), and a digest of each day's inputs. */
async function inputsOf(ctx: OpContext | undefined, book: PriceBook, dates: readonly string[]) {
  const s = seriesFromPriceBook(book);
  const table = capsTableOf(ctx);
  const capsOf = damCapsOf(table, s);
  const idx = dates.map((d) => indexOf(s, d)).filter((t) => t >= 0 && t <= s.nDays);
  if (s.nDays === 0 || idx.length === 0) return { s, capsOf, table, idx, inputs: 'prices only', digest: () => 'off' };
  const { series, exogenous } = await servedInputs(ctx, s, capsOf, Math.min(...idx), Math.max(...idx));
  const extra = series.extra;
  // A day's forecast reads the inputs of the HISTORY_DAYS before it and its own: they key its cache entry.
  const digest = (date: string): string => {
    if (!extra) return 'off';
    const t = indexOf(s, date);
    const lo = Math.max(0, t - HISTORY_DAYS);
    const h = createHash('sha256').update(JSON.stringify(extra.names));
    for (const x of extra.daily) h.update(new Uint8Array(x.buffer, x.byteOffset + lo * 8, Math.max(0, t - lo + 1) * 8));
    for (const x of extra.hourly) h.update(new Uint8Array(x.buffer, x.byteOffset + lo * H * 8, Math.max(0, t - lo + 1) * H * 8));
    return h.digest('hex').slice(0, 32);
  };
  return { s: series, capsOf, table, idx, inputs: describeInputs(exogenous), digest };
}

/** Fits the days of `dates` (one rolling run over their span). */
async function fit(ctx: OpContext | undefined, prepared: Awaited<ReturnType<typeof inputsOf>>, dates: readonly string[], onProgress?: (done: number, total: number) => void): Promise<Map<string, DayForecastFor>> {
  const { s, capsOf, table } = prepared;
  const out = new Map<string, DayForecastFor>();
  if (s.nDays === 0 || dates.length === 0) return out;
  const idx = dates.map((d) => indexOf(s, d)).filter((t) => t >= 0 && t <= s.nDays);
  if (idx.length === 0) return out;
  const from = Math.min(...idx);
  const to = Math.max(...idx);
  const wanted = new Set(idx);
  const run = await rollingForecastParallel(s, from, to, { capsOf, cache: memberCacheOf(ctx?.config), onProgress, ...(ctx?.signal ? { signal: ctx.signal } : {}) });
  const capsOn = forecastCapsTable(table);
  const served = servedTurns(ctx?.signal);
  for (const d of run.days) {
    if (wanted.has(d.t)) out.set(tradeDateOf(s.startDay + d.t), dayRecord(s, run, d, capsOn, prepared.inputs));
    await served();
  }
  return out;
}

/** Days between turns of the event loop in the per-day work left on the calling thread. */
const DAYS_PER_TURN = 32;

/**
 * For a served request (a signal), a turn of the event loop every DAYS_PER_TURN calls and a check
 * of the signal: the records and stored copies of a 1,350-day backtest's forecasts (≈ 0.3 ms a
 * day) then never hold the server's event loop for more than a few ms. Without a signal, nothing.
 */
function servedTurns(signal: AbortSignal | undefined): () => Promise<void> {
  let n = 0;
  return async () => {
    if (!signal || ++n % DAYS_PER_TURN !== 0) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
  };
}

async function marketStore(ctx: OpContext | undefined) {
  if (!ctx) return undefined;
  return ctx.stores().then(
    (s) => s.marketData,
    () => undefined,
  );
}

/**
 * The forecasts of `dates`, each from the days of `book` before it; days without enough history
 * are absent. Cached per day (memory, then the context's store): only the days not cached are fitted.
 */
export async function forecastsForPlans(book: PriceBook, dates: readonly string[], o: { ctx?: OpContext; onProgress?: (done: number, total: number) => void } = {}): Promise<Map<string, DayForecastFor>> {
  const out = new Map<string, DayForecastFor>();
  const prepared = await inputsOf(o.ctx, book, dates);
  const priceKey = dayKeys(book);
  const keyOf = (d: string) => `${priceKey(d)}|${prepared.digest(d)}`;
  // A key hashes up to HISTORY_DAYS digests (≈ 0.5 ms): a served backtest's 1,000 days take turns.
  const keyTurns = servedTurns(o.ctx?.signal);
  const keys = new Map<string, string>();
  for (const d of dates) {
    keys.set(d, keyOf(d));
    await keyTurns();
  }
  const store = await marketStore(o.ctx);
  const where = (key: string) => ({ source: 'svc', dataset: 'forecast-day', market: 'DAM', zone: 'IPS', period: key });
  const missing: string[] = [];
  for (const [d, key] of keys) {
    let hit = memory.get(key);
    if (!hit && store) {
      const entry = await store.get(where(key)).catch(() => null);
      if (entry) hit = JSON.parse(entry.document) as DayForecastFor;
    }
    if (hit) out.set(d, hit);
    else missing.push(d);
  }
  if (missing.length === 0) return out;
  const fitted = await fit(o.ctx, prepared, missing, o.onProgress);
  const served = servedTurns(o.ctx?.signal);
  for (const [d, f] of fitted) {
    await served();
    out.set(d, f);
    const key = keys.get(d) as string;
    memory.set(key, f);
    if (store) {
      const document = JSON.stringify(f);
      await store.put({ ...where(key), fetchedAt: (o.ctx as OpContext).now().toISOString(), contentHash: createHash('sha256').update(document).digest('hex'), complete: true, document }).catch(() => undefined);
    }
  }
  while (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
  return out;
}
