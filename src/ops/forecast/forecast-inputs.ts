/**
 * The exogenous inputs of the served forecasts (`svc forecast --date/--month`, GET /api/forecast,
 * the plans on the forecast): the mode `svc forecast evaluate` measures by default (SERVED_EXOG),
 * each series read as it is at 11:00 Kyiv on D−1 from its provider (forecast-exog.ts: the shipped
 * fixture, then the cache, then live where SVC_MARKET_DATA allows; the EU prices live only with
 * the platform's token). When a series has no datum within the engine's look-back for a day the
 * fits read, the request is forecast on prices only (the evaluated `off` model), and the report
 * says which series, which days and why — never a silently stale input. docs/forecast.md,
 * "Served forecasts and their inputs".
 */
import { LAG_SPAN } from '../../engines/forecast/lear.js';
import { DEFAULT_FORECAST, exogGaps, fittedRange, indexOf, seriesFromPriceBook, tradeDateOf, type DailySeries, type DayCaps, type ExogGaps } from '../../engines/forecast/index.js';
import { loadExogData, withExogenous, type ExogMode, type ExogSourceReport, type ExogUsed } from './forecast-exog.js';
import type { OpContext } from '../types.js';
import type { FitRequest } from './forecast-compute.js';
import { capsTableOf } from './forecast-caps.js';
import { damCapsOf } from './forecast-model.js';

/** The exogenous mode of every served forecast and the default of `svc forecast evaluate` on OREE books. */
export const SERVED_EXOG: ExogMode = 'base';

/** What a served forecast used: the mode, the one asked for, why it differs, where each series came from. */

/** Offline: the shipped fixtures only (a plan called without a context). */
const FIXTURES_ONLY = { config: { marketData: { mode: 'fixture' }, tsoplatform: {} } } as unknown as OpContext;

const SERIES_NAME: Record<keyof ExogGaps, string> = { euBase: 'eu-dam', rate: 'nbu-rate', caps: 'caps', solar: 'ua-res-solar', wind: 'ua-res-wind' };

/** The first series day any member fit of the rolling run over [a, b] reads exogenous columns of (fit-inputs.ts: t − W + LAG_SPAN). */
function firstReadDay(a: number, b: number): number {
  const [a0] = fittedRange(a, b, DEFAULT_FORECAST);
  const windows = DEFAULT_FORECAST.lear.members.map((m) => m.window);
  let lo = a0;
  for (let t = a0; t <= b; t++) {
    const fitted = windows.filter((w) => t - w >= 0);
    if (fitted.length) lo = Math.min(lo, t - Math.max(...fitted) + LAG_SPAN);
  }
  return Math.max(0, lo);
}

function why(ctx: OpContext, gaps: ExogGaps): string {
  return (Object.entries(gaps) as [keyof ExogGaps, { days: number; first: number; last: number }][])
    .map(([k, g]) => {
      const hint = k === 'euBase' && !ctx.config.tsoplatform?.token ? ' (beyond the shipped fixture the EU prices are read live only with SVC_TSOPLATFORM_TOKEN, not set)' : k === 'rate' && ctx.config.marketData.mode === 'fixture' ? ' (SVC_MARKET_DATA=fixture: the shipped fixture only)' : '';
      return `${SERIES_NAME[k]}: no value within 7 days before ${g.days} of the days read (${tradeDateOf(g.first)} – ${tradeDateOf(g.last)})${hint}`;
    })
    .join('; ');
}

/**
 * The series with the served exogenous columns for a rolling run over series days [a, b], or the
 * series unchanged (prices only) when `requested` is off or an input is missing for a day the fits
 * read; with the report of what was used. `load` reads the series (tests hand in altered ones).
 */
export async function servedInputs(ctx: OpContext | undefined, s: DailySeries, capsOf: (t: number) => DayCaps | null, a: number, b: number, requested: ExogMode = SERVED_EXOG, load: typeof loadExogData = loadExogData): Promise<{ series: DailySeries; exogenous: ExogUsed }> {
  if (requested === 'off' || s.nDays === 0) return { series: s, exogenous: { mode: 'off', requested, fallback: null, series: [] } };
  const c = ctx ?? FIXTURES_ONLY;
  const r = await withExogenous(c, s, requested, capsOf, load);
  if (!r.data || !r.options) return { series: s, exogenous: { mode: 'off', requested, fallback: 'no days', series: [] } };
  const gaps = exogGaps(s.startDay + firstReadDay(a, b), s.startDay + b, r.data, r.options);
  if (Object.keys(gaps).length > 0) return { series: s, exogenous: { mode: 'off', requested, fallback: `forecast on prices only: ${why(c, gaps)}`, series: r.sources } };
  return { series: r.series, exogenous: { mode: requested, requested, fallback: null, series: r.sources } };
}

/** GET /api/forecast's fit request with the served inputs of its book and range (forecast-compute.ts reads `extra`). */
export async function withServedInputs(ctx: OpContext, req: FitRequest): Promise<FitRequest> {
  const s = seriesFromPriceBook(req.book);
  const a = Math.min(indexOf(s, req.from), indexOf(s, req.metricsFrom));
  const { series, exogenous } = await servedInputs(ctx, s, damCapsOf(capsTableOf(ctx), s), a, indexOf(s, req.to));
  const { extra: _old, ...rest } = req;
  return { ...rest, exogenous, ...(series.extra ? { extra: series.extra } : {}) };
}

/** One line naming the inputs of a served forecast (tables, plan outputs). */
type SeriesCount = Pick<ExogSourceReport, 'fixture' | 'cache' | 'live'> & { series: string };
export function describeInputs(e: Omit<ExogUsed, 'series'> & { series: SeriesCount[] }): string {
  if (e.mode === 'off') return e.requested === 'off' ? 'prices only' : `prices only (${e.requested} asked; ${e.fallback ?? ''})`;
  const from = (x: SeriesCount) => (['fixture', 'cache', 'live'] as const).filter((k) => x[k] > 0).map((k) => `${k} ${x[k]} d`).join(', ') || 'built in';
  return `${e.mode}: ${e.series.map((x) => `${x.series} (${from(x)})`).join(', ')}`;
}
